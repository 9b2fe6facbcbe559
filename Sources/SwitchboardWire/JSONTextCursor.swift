#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A position in a frame's JSON text, and the few readings ``ServerFrameScanner`` makes of it in place.
///
/// What it reads (keys and the strings, integers, objects and arrays asked for) it checks as jansson
/// does: a string with an escape, a control character or invalid UTF-8 in it, an integer with a
/// leading zero, a fraction or an exponent, is not read (nil or false). What it steps over
/// (``skipValue()``) it only delimits: brackets counted, strings stepped over whole, nothing checked.
struct JSONTextCursor {
    let bytes: UnsafeRawBufferPointer
    var at = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether only whitespace is left.
    var atEnd: Bool {
        var copy = self
        copy.skipSpace()
        return copy.at == bytes.count
    }

    mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    /// Where the next value starts.
    mutating func valueStart() -> Int {
        skipSpace()
        return at
    }

    /// A string with no escape in it, valid UTF-8: the range of its content. Nil for anything else.
    mutating func string() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = at
        var ascii = true
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                at += 1
                let content = start..<(at - 1)
                // ASCII needs no check; anything else is checked as jansson checks it.
                guard ascii || String(validating: UnsafeRawBufferPointer(rebasing: bytes[content]), as: UTF8.self) != nil else {
                    return nil
                }
                return content
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            at += 1
        }
        return nil
    }

    /// An integer: no fraction, no exponent, no leading zero, at most 18 digits (so it cannot overflow).
    mutating func integer() -> Int64? {
        skipSpace()
        var negative = false
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") {
            negative = true
            at += 1
        }
        let first = at
        var value: Int64 = 0
        var digits = 0
        while at < bytes.count, (0x30...0x39).contains(bytes[at]), digits < 18 {
            value = value * 10 + Int64(bytes[at] - 0x30)
            digits += 1
            at += 1
        }
        guard digits > 0, digits == 1 || bytes[first] != UInt8(ascii: "0") else { return nil }
        if at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), 0x30...0x39: return nil
            default: break
            }
        }
        return negative ? -value : value
    }

    /// Steps over one value of any kind: a string or a scalar whole, an object or an array by counting
    /// brackets to the one that closes it (strings stepped over whole), so it is delimited, not checked.
    mutating func skipValue() -> Bool {
        skipSpace()
        guard at < bytes.count else { return false }
        switch bytes[at] {
        case UInt8(ascii: "\""):
            return skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    at += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    at += 1
                    if depth == 0 { return true }
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                default:
                    at += 1
                }
            }
            return false
        default:
            let start = at
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09:
                    return at > start
                default: at += 1
                }
            }
            return at > start
        }
    }

    /// Steps over a string (escapes included), the cursor at its opening quote: to the first quote
    /// after it (`memchr`) not escaped by an odd run of backslashes.
    private mutating func skipString() -> Bool {
        at += 1
        let base = bytes.baseAddress!
        while at < bytes.count {
            guard let found = memchr(base + at, Int32(UInt8(ascii: "\"")), bytes.count - at) else { return false }
            let quote = base.distance(to: UnsafeRawPointer(found))
            var backslashes = 0
            while quote - backslashes - 1 >= at, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            at = quote + 1
            if backslashes % 2 == 0 { return true }
        }
        return false
    }

    /// An object: `field` is given each key (a string as ``string()`` reads it, else the object is not
    /// read) with the cursor at its value, which it must consume; false from it stops the reading.
    mutating func fields(_ field: (inout JSONTextCursor, Range<Int>) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")), field(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// One field's value, read with `read` (``string()``, ``integer()``, ``valueStart()``) into `slot`, which
    /// must still be empty: false for a key seen twice in the object or a value `read` does not take, so a
    /// ``fields(_:)`` closure can return it. A frame that names a field twice is not one the scanner is sure of.
    mutating func readOnce<Value>(into slot: inout Value?, _ read: (inout JSONTextCursor) -> Value?) -> Bool {
        guard slot == nil else { return false }
        slot = read(&self)
        return slot != nil
    }

    /// An array: `element` consumes each element; false from it stops the reading.
    mutating func elements(_ element: (inout JSONTextCursor) -> Bool) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        if take(UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]"))
    }

    func matches(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        range.count == literal.utf8CodeUnitCount
            && memcmp(bytes.baseAddress! + range.lowerBound, literal.utf8Start, range.count) == 0
    }

    func matches(_ range: Range<Int>, _ other: [UInt8]) -> Bool {
        guard !other.isEmpty else { return range.isEmpty }
        return range.count == other.count && other.withUnsafeBytes { other in
            memcmp(bytes.baseAddress! + range.lowerBound, other.baseAddress!, range.count) == 0
        }
    }

    func bytes(_ range: Range<Int>) -> [UInt8] {
        Array(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
