import CJansson

extension JSONError {
    /// Translates a jansson parse error. jansson's own codes are coarse (one `invalid_syntax`
    /// covers bad escapes, lone surrogates, control characters and NaN), so the code is refined
    /// from jansson's message, whose wording is fixed in its load.c; the location is kept as is.
    init(jansson error: json_error_t, input: UnsafeRawBufferPointer) {
        var error = error
        let rawCode = withUnsafePointer(to: &error) { sb_json_error_code($0) }
        let text = withUnsafeBytes(of: &error.text) { raw -> String in
            let length = raw.firstIndex(of: 0) ?? raw.count
            return String(decoding: raw.prefix(length), as: UTF8.self)
        }
        let line = Int(error.line)
        let column = Int(error.column)
        let position = Int(error.position)

        var code: Code
        var message = text
        switch json_error_code(rawValue: UInt32(truncatingIfNeeded: rawCode)) {
        case json_error_out_of_memory:
            code = .outOfMemory
        case json_error_stack_overflow:
            code = .tooDeep
            message = Self.tooDeepMessage(limit: JSONLimits.janssonMaxDepth, near: Self.nearToken(in: text))
        case json_error_invalid_utf8:
            code = .invalidUTF8
        case json_error_premature_end_of_input:
            if position == input.count, input.allSatisfy(DepthScanner.isWhitespace) {
                code = .emptyInput
                message = "no JSON value: the input is empty or whitespace"
            } else {
                code = .prematureEnd
            }
        case json_error_end_of_input_expected:
            code = .trailingData
        case json_error_invalid_syntax:
            (code, message) = Self.refineSyntaxError(text: text, input: input, position: position)
        case json_error_null_character:
            code = .nulCharacter
        case json_error_null_byte_in_key:
            code = .nulInObjectKey
        case json_error_duplicate_key:
            code = .duplicateKey
        case json_error_numeric_overflow:
            code = text.hasPrefix("real number overflow") ? .numberOutOfRange : .integerOutOfRange
        default:
            // json_error_unknown, cannot_open_file, invalid_argument, invalid_format, wrong_type,
            // null_value, item_not_found, index_out_of_range: file, pack/unpack and argument
            // errors that json_loadb on a valid buffer does not produce.
            code = .internal
        }
        self.init(code: code, message: message, line: line, column: column, position: position)
    }

    private static func refineSyntaxError(text: String, input: UnsafeRawBufferPointer, position: Int) -> (Code, String) {
        if text.hasPrefix("invalid token") {
            if let literal = nonFiniteLiteral(near: nearToken(in: text), input: input, position: position) {
                return (.nonFiniteNumber, "\(literal) is not a JSON number: JSON has no NaN or infinities")
            }
            return (.invalidToken, text)
        }
        if text.hasPrefix("invalid escape") { return (.invalidEscape, text) }
        if text.hasPrefix("invalid Unicode") { return (.invalidUnicodeEscape, text) }
        if text.hasPrefix("control character") || text.hasPrefix("unexpected newline") {
            return (.controlCharacter, text)
        }
        return (.invalidSyntax, text)
    }

    /// The spelling of NaN/Infinity the input has at the failing token, if any. jansson lexes
    /// `NaN` and `Infinity` as one (invalid) word, but stops a signed form after the sign, so for
    /// `-` and `+` the bytes after the sign are checked.
    private static func nonFiniteLiteral(near token: String?, input: UnsafeRawBufferPointer, position: Int) -> String? {
        guard let token else { return nil }
        if token == "NaN" || token == "Infinity" { return token }
        guard token == "-" || token == "+", position <= input.count else { return nil }
        let rest = input[position...]
        for word in ["Infinity", "NaN"] where rest.starts(with: word.utf8) {
            return token + word
        }
        return nil
    }

    /// The token jansson quotes as `near '...'` (jansson omits it for long tokens).
    static func nearToken(in text: String) -> String? {
        guard let start = text.firstRange(of: "near '")?.upperBound,
            let end = text[start...].lastIndex(of: "'")
        else { return nil }
        return String(text[start..<end])
    }

    static func tooDeepMessage(limit: Int, near token: String?) -> String {
        let base = "value nested deeper than the limit of \(limit) levels"
        guard let token else { return base }
        return "\(base) near '\(token)'"
    }
}
