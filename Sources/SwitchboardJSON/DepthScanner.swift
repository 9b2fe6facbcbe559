import CJansson

/// A cheap byte pre-scan that enforces a nesting limit below jansson's fixed 2048.
///
/// jansson's depth limit is a compile-time constant, so a smaller ``JSONLimits/maxDepth`` has to
/// be checked before jansson builds a tree. The scan follows the JSON grammar structurally
/// (containers, keys versus values, strings with their escapes, token boundaries) without
/// validating token contents, and counts depth exactly as jansson does: every value, scalars
/// included, is one level deeper than its container; keys do not count.
///
/// It reports the first value deeper than the limit, with the location jansson would report if
/// its own limit were that low: just past the offending token. It stops, reporting nothing, at
/// anything structurally wrong or at the end of the first top-level value: jansson then reports
/// that error itself, and a document whose nesting is broken before its deepest point never gets
/// deep in a way the limit has to catch.
enum DepthScanner {
    /// A value nested deeper than the limit: its first byte and the byte just past its token.
    struct Violation: Equatable {
        var tokenStart: Int
        var tokenEnd: Int
    }

    private enum Expect {
        case value
        case valueOrClose  // just after '['
        case keyOrClose  // just after '{'
        case key  // after ',' in an object
        case colon
        case commaOrClose
    }

    /// The first value deeper than `limit` (1...2048) in the first top-level value of `bytes`.
    static func firstViolation(in bytes: UnsafeRawBufferPointer, limit: Int) -> Violation? {
        precondition((1...JSONLimits.janssonMaxDepth).contains(limit))
        // One bit per open container (set for objects), so a ',' or a closing bracket can be
        // matched against what it closes; never more than `limit` containers are open.
        let words = limit / 64 + 1
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { stack in
            stack.initialize(repeating: 0)
            return scan(bytes, limit: limit, stack: stack)
        }
    }

    private static func scan(_ bytes: UnsafeRawBufferPointer, limit: Int, stack: UnsafeMutableBufferPointer<UInt64>) -> Violation? {
        let count = bytes.count
        var depth = 0  // open containers
        var expect = Expect.value
        var i = 0

        func isObject(_ level: Int) -> Bool {
            stack[level >> 6] & (1 << UInt64(level & 63)) != 0
        }

        while true {
            while i < count, isWhitespace(bytes[i]) { i += 1 }
            guard i < count else { return nil }
            let byte = bytes[i]

            switch expect {
            case .colon:
                guard byte == UInt8(ascii: ":") else { return nil }
                i += 1
                expect = .value
                continue
            case .keyOrClose, .key:
                if byte == UInt8(ascii: "}"), expect == .keyOrClose {
                    break  // closed below
                }
                guard byte == UInt8(ascii: "\"") else { return nil }
                i = stringEnd(bytes, from: i)
                expect = .colon
                continue
            case .commaOrClose:
                if byte == UInt8(ascii: ",") {
                    i += 1
                    expect = isObject(depth - 1) ? .key : .value
                    continue
                }
                guard byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") else { return nil }
            case .valueOrClose:
                if byte == UInt8(ascii: "]") { break }
                fallthrough
            case .value:
                let valueDepth = depth + 1
                switch byte {
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    if valueDepth > limit { return Violation(tokenStart: i, tokenEnd: i + 1) }
                    let level = depth
                    if byte == UInt8(ascii: "{") {
                        stack[level >> 6] |= 1 << UInt64(level & 63)
                    } else {
                        stack[level >> 6] &= ~(1 << UInt64(level & 63))
                    }
                    depth += 1
                    i += 1
                    expect = byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
                    continue
                case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"):
                    return nil
                default:
                    let end = byte == UInt8(ascii: "\"") ? stringEnd(bytes, from: i) : scalarEnd(bytes, from: i)
                    if valueDepth > limit { return Violation(tokenStart: i, tokenEnd: end) }
                    if depth == 0 { return nil }
                    i = end
                    expect = .commaOrClose
                    continue
                }
            }

            // A closing bracket; it must match the innermost open container.
            guard depth > 0, isObject(depth - 1) == (byte == UInt8(ascii: "}")) else { return nil }
            depth -= 1
            i += 1
            if depth == 0 { return nil }
            expect = .commaOrClose
        }
    }

    /// The offset just past the string starting at `start` (a `"`), or the end of the input.
    /// Jumps from quote to quote with memchr; a quote preceded by an odd number of backslashes
    /// is escaped.
    private static func stringEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        var i = start + 1
        while i < bytes.count {
            let found = sb_find_byte(base + i, bytes.count - i, UInt8(ascii: "\""))
            guard found >= 0 else { return bytes.count }
            let quote = i + found
            var backslashes = 0
            while quote - backslashes - 1 > start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") {
                backslashes += 1
            }
            if backslashes % 2 == 0 { return quote + 1 }
            i = quote + 1
        }
        return bytes.count
    }

    /// The offset just past the non-string scalar token starting at `start`, following jansson's
    /// lexer: the longest valid number prefix, a run of ASCII letters, or else one character.
    private static func scalarEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        let count = bytes.count
        func isDigit(_ i: Int) -> Bool { i < count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) }
        func isLetter(_ i: Int) -> Bool {
            i < count && ((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[i] | 0x20))
        }

        var i = start
        let first = bytes[i]
        if first == UInt8(ascii: "-") || isDigit(i) {
            if first == UInt8(ascii: "-") { i += 1 }
            if i < count, bytes[i] == UInt8(ascii: "0") {
                i += 1
                if isDigit(i) { return i }
            } else if isDigit(i) {
                while isDigit(i) { i += 1 }
            } else {
                return i
            }
            if i < count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard isDigit(i) else { return i }
                while isDigit(i) { i += 1 }
            }
            if i < count, bytes[i] | 0x20 == UInt8(ascii: "e") {
                i += 1
                if i < count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard isDigit(i) else { return i }
                while isDigit(i) { i += 1 }
            }
            return i
        }
        if isLetter(i) {
            while isLetter(i) { i += 1 }
            return i
        }
        return min(start + max(utf8SequenceLength(first), 1), count)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    /// The length of the UTF-8 sequence a byte starts, or 0 for bytes that cannot start one
    /// (jansson's `utf8_check_first`).
    static func utf8SequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0x00..<0x80: return 1
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 0
        }
    }

    /// jansson's line and column after consuming `bytes[0..<offset]`: lines start at 1, a newline
    /// resets the column to 0, and every byte that can start a UTF-8 sequence adds one column.
    static func location(in bytes: UnsafeRawBufferPointer, at offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 0
        for i in 0..<min(offset, bytes.count) {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 0
            } else if utf8SequenceLength(byte) != 0 {
                column += 1
            }
        }
        return (line, column)
    }
}
