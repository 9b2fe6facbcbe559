/// Writes compact JSON text straight into a byte array, byte for byte as ``JSONSerializer`` (that
/// is, jansson's `json_dumpb` with `JSON_COMPACT`) writes the same value.
///
/// Why not jansson: building a jansson tree to dump it costs an allocation per value and a hash
/// insert per member, several times the cost of writing the text, and the tree is thrown away
/// right after. The format is small and fixed, so it is reproduced here, and the tests compare it
/// with jansson's output byte for byte:
/// - no whitespace; members in the order written;
/// - strings as UTF-8, with `"` and `\` escaped, `\b \f \n \r \t` for those controls and
///   `\u00XX` (upper-case hex) for the other characters below U+0020, U+0000 included; `/` and
///   non-ASCII characters are not escaped;
/// - integers in decimal; `true`, `false`, `null`.
///
/// Nothing is limited or validated beyond assertions: the caller writes a well-formed value.
public struct JSONTextWriter: JSONStreamWriter {
    private var output: [UInt8]
    /// Whether the next value or key must be preceded by a comma.
    private var needsComma = false
    #if DEBUG
    /// Open containers, for assertions only.
    private var depth = 0
    #endif

    /// A writer whose buffer first holds `capacity` bytes (it grows as needed).
    public init(capacity: Int = 256) {
        output = []
        output.reserveCapacity(capacity)
    }

    /// The text written so far.
    public var bytes: [UInt8] { output }

    /// The text written, handing over the buffer without a copy.
    public consuming func finish() -> [UInt8] {
        #if DEBUG
        assert(depth == 0, "JSONTextWriter: \(depth) containers left open")
        #endif
        return output
    }

    public mutating func beginObject() {
        separate()
        output.append(UInt8(ascii: "{"))
        needsComma = false
        #if DEBUG
        depth += 1
        #endif
    }

    public mutating func endObject() {
        output.append(UInt8(ascii: "}"))
        needsComma = true
        #if DEBUG
        depth -= 1
        assert(depth >= 0, "JSONTextWriter: endObject without beginObject")
        #endif
    }

    public mutating func beginArray() {
        separate()
        output.append(UInt8(ascii: "["))
        needsComma = false
        #if DEBUG
        depth += 1
        #endif
    }

    public mutating func endArray() {
        output.append(UInt8(ascii: "]"))
        needsComma = true
        #if DEBUG
        depth -= 1
        assert(depth >= 0, "JSONTextWriter: endArray without beginArray")
        #endif
    }

    public mutating func key(_ key: String) {
        separate()
        StringBytes.withUTF8(key) { bytes in
            precondition(!bytes.contains(0), "JSONTextWriter: an object key must not contain U+0000")
            appendQuoted(bytes)
        }
        output.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separate()
        StringBytes.withUTF8(value) { appendQuoted($0) }
        needsComma = true
    }

    public mutating func int(_ value: Int64) {
        separate()
        if value >= 0, value < 10 {
            output.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
        } else {
            appendDecimal(value)
        }
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        appendLiteral(value ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        appendLiteral("null")
        needsComma = true
    }

    // MARK: Pieces

    @inline(__always)
    private mutating func separate() {
        if needsComma { output.append(UInt8(ascii: ",")) }
    }

    /// `bytes` in quotes, escaped as jansson escapes: runs that need no escape are copied whole.
    private mutating func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        output.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            // Every byte of a multi-byte UTF-8 sequence is ≥ 0x80, so bytes are enough here.
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            appendEscape(byte)
            runStart = index + 1
        }
        if runStart < bytes.count {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
        let short: UInt8? =
            switch byte {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            default: nil
            }
        output.append(UInt8(ascii: "\\"))
        if let short {
            output.append(short)
            return
        }
        // jansson's "\\u%04X": upper-case hex digits.
        appendLiteral("u00")
        output.append(Self.hexDigit(byte >> 4))
        output.append(Self.hexDigit(byte & 0xF))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    private mutating func appendLiteral(_ literal: StaticString) {
        literal.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// jansson's `%lld`.
    private mutating func appendDecimal(_ value: Int64) {
        // 19 digits and a sign at most.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var magnitude = value.magnitude
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }
}
