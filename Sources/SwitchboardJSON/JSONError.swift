/// Why parsing or serializing failed, and where.
///
/// ## Location
/// For parse errors the location is where the parser stopped, as jansson reports it:
/// - ``line``: 1-based line.
/// - ``column``: 1-based column, counted in characters (Unicode scalars), of the last character
///   the parser consumed; 0 when it consumed none on that line. For most errors that is the last
///   character of the offending token (`1 2` → column 3, the `2`).
/// - ``position``: 0-based byte offset at which the parser stopped, which is the number of bytes
///   consumed: just past the offending token (`1 2` → 3), or at the offending byte itself for
///   bytes that are never consumed (invalid UTF-8, control characters and NUL bytes: `"\u{1}"`
///   → 1).
///
/// Errors not tied to a place in the text (``Code/tooLarge``, every serializer error) have line,
/// column and position 0; serializer errors name the offending value with a JSON-Pointer-style
/// ``path`` instead (`/calls/3/duration`), which is also in the message.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong. The raw values are stable and may be logged or sent to peers.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The input is longer than ``JSONLimits/maxBytes`` (or the output, when serializing).
        case tooLarge
        /// A value is nested deeper than ``JSONLimits/maxDepth``.
        case tooDeep
        /// The input is empty or only whitespace.
        case emptyInput
        /// The input ends inside a value (`[1,`, `{"a"`, `"abc`).
        case prematureEnd
        /// Something follows the value (`1 2`, `{} x`).
        case trailingData
        /// The input is not valid UTF-8 (stray continuation or 0xFF bytes, overlong forms,
        /// truncated sequences, encoded surrogates, code points beyond U+10FFFF).
        case invalidUTF8
        /// A raw NUL byte in the input. Strings may contain U+0000 only as the escape `\u0000`.
        case nulCharacter
        /// A raw control character (U+0000–U+001F, including a newline) inside a string; JSON
        /// requires them to be escaped.
        case controlCharacter
        /// An unknown escape (`\x`) or a malformed `\u` escape (`\u12`).
        case invalidEscape
        /// A `\u` escape that does not form a Unicode scalar: a lone or reversed UTF-16
        /// surrogate (`"\ud800"`, `"\udc00\ud800"`).
        case invalidUnicodeEscape
        /// A token that is not a JSON literal or number (`tru`, `01`, `1.`, `+1`, `'a'`).
        case invalidToken
        /// `NaN` or `Infinity` in the input, or a non-finite `Double` given to the serializer.
        case nonFiniteNumber
        /// An integer literal outside `Int64`. Never silently read as a `Double`.
        case integerOutOfRange
        /// A real literal whose magnitude does not fit a `Double` (`1e400`). Underflow is not an
        /// error: `1e-400` reads as 0.0, as IEEE 754 rounding (and JavaScript) would have it.
        case numberOutOfRange
        /// An object has the same key twice (compared byte for byte).
        case duplicateKey
        /// An object key contains U+0000: rejected when parsing (jansson cannot store it) and
        /// when serializing (so that everything serialized can be parsed back).
        case nulInObjectKey
        /// Any other structural error: a missing `,` `:` `]` `}`, an unexpected token.
        case invalidSyntax
        /// jansson could not allocate memory.
        case outOfMemory
        /// jansson reported an error this layer never expects from the calls it makes (its
        /// pack/unpack and file codes); the message carries jansson's text.
        case `internal`
    }

    public var code: Code
    /// A human-readable explanation, including the offending token where there is one.
    public var message: String
    public var line: Int
    public var column: Int
    public var position: Int
    /// For serializer errors, the JSON-Pointer-style path (RFC 6901 escaping) of the offending
    /// value; `""` is the root. nil for parse errors.
    public var path: String?

    public init(code: Code, message: String, line: Int = 0, column: Int = 0, position: Int = 0, path: String? = nil) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.position = position
        self.path = path
    }

    public var description: String {
        if line > 0 || position > 0 {
            return "\(code.rawValue) at line \(line), column \(column) (byte \(position)): \(message)"
        }
        return "\(code.rawValue): \(message)"
    }
}
