import CZlib

// The two encodings inside a TLSSigAPIv2 UserSig: base64 (the standard alphabet for `TLS.sig`,
// Tencent's substituted one for the outer string) and a zlib stream (RFC 1950) around the JSON.

extension UserSig {
    /// A base64 alphabet: 64 symbols and the padding symbol.
    struct Base64Alphabet {
        let symbols: [UInt8]
        let pad: UInt8
        /// The value of every byte: 0...63 for a symbol, 0xFF otherwise.
        let values: [UInt8]

        init(_ symbols: String, pad: Character) {
            self.symbols = Array(symbols.utf8)
            self.pad = pad.asciiValue!
            var values = [UInt8](repeating: 0xFF, count: 256)
            for (value, symbol) in self.symbols.enumerated() { values[Int(symbol)] = UInt8(value) }
            self.values = values
        }

        /// RFC 4648 base64, for `TLS.sig` (and `TLS.userbuf`).
        static let standard = Base64Alphabet(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", pad: "=")
        /// TLSSigAPIv2's `base64url`, for the whole UserSig: the standard alphabet with `+`→`*`,
        /// `/`→`-` and the padding `=`→`_` (padding kept).
        static let userSig = Base64Alphabet(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-", pad: "_")
    }

    /// `bytes` in base64 with `alphabet`, padded.
    static func base64(_ bytes: [UInt8], _ alphabet: Base64Alphabet) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group: UInt32 = 0
            for offset in 0..<3 {
                group = group << 8 | (offset < count ? UInt32(bytes[index + offset]) : 0)
            }
            for position in 0..<4 {
                let value = Int(group >> (18 - 6 * position) & 0x3F)
                text.append(position <= count ? alphabet.symbols[value] : alphabet.pad)
            }
            index += count
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes `text` encodes in base64 with `alphabet`, or nil. Strict, so that every byte
    /// string has one encoding only: a whole number of four-symbol groups, padding only to end
    /// the last one, unused low bits zero, no whitespace or other symbols.
    static func unbase64(_ text: String, _ alphabet: Base64Alphabet) -> [UInt8]? {
        let symbols = Array(text.utf8)
        guard symbols.count % 4 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(symbols.count / 4 * 3)
        for start in stride(from: 0, to: symbols.count, by: 4) {
            let isLast = start + 4 == symbols.count
            var group: UInt32 = 0
            var padding = 0
            for position in 0..<4 {
                let symbol = symbols[start + position]
                if symbol == alphabet.pad, isLast, position >= 2 {
                    padding += 1
                    group <<= 6
                    continue
                }
                let value = alphabet.values[Int(symbol)]
                guard padding == 0, value != 0xFF else { return nil }
                group = group << 6 | UInt32(value)
            }
            // One padding symbol leaves 8 unused bits, two leave 16; both must be zero.
            guard group & ((1 << (8 * padding)) - 1) == 0 else { return nil }
            for position in 0..<(3 - padding) {
                bytes.append(UInt8(truncatingIfNeeded: group >> (16 - 8 * position)))
            }
        }
        return bytes
    }

    /// `bytes` as a zlib stream (RFC 1950, `0x78` header) at zlib's default level (6), as the Go
    /// and Python TLSSigAPIv2 libraries write it.
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                compress2(
                    destination.baseAddress, &length, source.baseAddress, uLong(source.count), Z_DEFAULT_COMPRESSION)
            }
        }
        // compress2 fails only when out of memory or given a bad level, and the buffer has
        // compressBound's size.
        precondition(status == Z_OK, "zlib compress2 failed with \(status)")
        output.removeSubrange(Int(length)...)
        return output
    }

    /// The bytes in the zlib stream `bytes`, or nil when `bytes` is not exactly one complete,
    /// valid stream (truncated, corrupt, raw deflate without the header, or followed by more
    /// bytes) or when it would inflate to more than `limit` bytes. Never allocates more than
    /// `limit` bytes of output, whatever the input claims.
    static func inflate(_ bytes: [UInt8], limit: Int = maxDocumentBytes) -> [UInt8]? {
        guard !bytes.isEmpty, limit > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: limit)
        var outputLength = uLong(limit)
        var inputLength = uLong(bytes.count)
        // uncompress2 answers Z_BUF_ERROR when the output does not fit, Z_DATA_ERROR when the
        // input is corrupt or incomplete, and reports in inputLength how much input it used.
        let status = bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                uncompress2(destination.baseAddress, &outputLength, source.baseAddress, &inputLength)
            }
        }
        guard status == Z_OK, inputLength == uLong(bytes.count) else { return nil }
        output.removeSubrange(Int(outputLength)...)
        return output
    }
}
