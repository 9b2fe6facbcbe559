/// Standard base64 (RFC 4648 section 4, `+` and `/`, with `=` padding) for raw message bodies. Written
/// here to keep Foundation out of the codec.
enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// 0...63 for alphabet bytes, 0xFF otherwise.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    static func encode(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "" }
        let outputCount = (bytes.count + 2) / 3 * 4
        return String(unsafeUninitializedCapacity: outputCount) { output in
            alphabet.withUnsafeBufferPointer { alphabet in
                var out = 0
                var index = 0
                while index + 3 <= bytes.count {
                    let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                    output[out] = alphabet[Int(chunk >> 18 & 63)]
                    output[out + 1] = alphabet[Int(chunk >> 12 & 63)]
                    output[out + 2] = alphabet[Int(chunk >> 6 & 63)]
                    output[out + 3] = alphabet[Int(chunk & 63)]
                    out += 4
                    index += 3
                }
                let rest = bytes.count - index
                if rest > 0 {
                    let chunk = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                    output[out] = alphabet[Int(chunk >> 18 & 63)]
                    output[out + 1] = alphabet[Int(chunk >> 12 & 63)]
                    output[out + 2] = rest == 2 ? alphabet[Int(chunk >> 6 & 63)] : UInt8(ascii: "=")
                    output[out + 3] = UInt8(ascii: "=")
                    out += 4
                }
                return out
            }
        }
    }

    /// The bytes of a padded base64 string, or nil when it is not one (wrong length, a byte outside the
    /// alphabet, misplaced padding, or non-zero bits in the last symbol before the padding).
    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { input -> [UInt8]? in
            guard input.count % 4 == 0 else { return nil }
            if input.isEmpty { return [] }
            var padding = 0
            if input[input.count - 1] == UInt8(ascii: "=") {
                padding = input[input.count - 2] == UInt8(ascii: "=") ? 2 : 1
            }
            var output: [UInt8] = []
            output.reserveCapacity(input.count / 4 * 3)
            var index = 0
            while index < input.count {
                let isLast = index + 4 == input.count
                var chunk: UInt32 = 0
                for offset in 0..<4 {
                    let byte = input[index + offset]
                    if isLast && offset >= 4 - padding {
                        chunk <<= 6
                        continue
                    }
                    let value = values[Int(byte)]
                    guard value != 0xFF else { return nil }
                    chunk = chunk << 6 | UInt32(value)
                }
                output.append(UInt8(chunk >> 16 & 0xFF))
                if !isLast || padding < 2 { output.append(UInt8(chunk >> 8 & 0xFF)) }
                if !isLast || padding < 1 { output.append(UInt8(chunk & 0xFF)) }
                if isLast {
                    // Canonical form: the bits the padding hides must be zero.
                    if padding == 1 && chunk & 0xFF != 0 { return nil }
                    if padding == 2 && chunk & 0xFFFF != 0 { return nil }
                }
                index += 4
            }
            return output
        }
    }
}
