import CJansson

/// Parses JSON text into a ``JSONValue`` with jansson.
///
/// Strict RFC 8259 JSON with these decisions:
/// - Any value may be the root (`JSON_DECODE_ANY`): `"x"`, `1`, `null` are documents.
/// - Duplicate keys (byte for byte) are an error, ``JSONError/Code/duplicateKey``, located at
///   the second occurrence (`JSON_REJECT_DUPLICATES`).
/// - Integers must fit `Int64`; anything larger is ``JSONError/Code/integerOutOfRange``, never a
///   silently rounded `Double`. A real too large for `Double` (`1e400`) is
///   ``JSONError/Code/numberOutOfRange``; a real too small underflows to 0 or a subnormal.
/// - `-0` is the integer 0: JSON integers are `Int64`, which has no negative zero. `-0.0` (or
///   `-0e0`) is the `Double` -0.0 with its sign, and the serializer writes it back as `-0.0`.
/// - `NaN`, `Infinity`, `-Infinity` are ``JSONError/Code/nonFiniteNumber``.
/// - Strings may contain U+0000 written as `\u0000` (`JSON_ALLOW_NUL`); object keys may not
///   (``JSONError/Code/nulInObjectKey``). A raw NUL byte anywhere is
///   ``JSONError/Code/nulCharacter`` (jansson alone would read it as the end of the input).
/// - `\u` escapes must form Unicode scalars: a lone surrogate is
///   ``JSONError/Code/invalidUnicodeEscape``. Raw bytes must be valid UTF-8. A byte order mark
///   is not skipped (``JSONError/Code/invalidToken``).
/// - Limits (``JSONLimits``): the size is checked before any byte is read; a depth limit below
///   jansson's fixed 2048 is enforced by a pre-scan (see ``JSONLimits`` for how depth counts).
///
/// When a document has several problems, the one reported is the first in document order, as a
/// streaming parser would meet them: a syntax error before the point where nesting gets too
/// deep is reported as that syntax error. A depth limit below 2048 behaves as jansson's own limit
/// does: the token that first exceeds it is read before its depth is checked, so a token that
/// cannot be read (invalid UTF-8, a bad string, a number out of range, also in the character
/// just after a number or word) fails as that; a token that reads but is no value (`tru`) is
/// ``JSONError/Code/tooDeep``.
public struct JSONParser: Sendable {
    public var limits: JSONLimits

    /// Tests set this to run the depth pre-scan at 2048 too, to check that it locates errors
    /// exactly where jansson's own limit does.
    var alwaysScanDepth = false

    /// Reads what strict parsing refuses for its meaning, not its form: duplicate keys keep the last
    /// value, integers past `Int64` become `Double`. Only for finding out what a refused document was
    /// (the id of a request to answer with the strict parse's error), never for accepting it.
    public var isLenient = false

    public init(limits: JSONLimits = .wire) {
        self.limits = limits
    }

    /// A lenient parser with the same limits (``isLenient``).
    public var lenient: JSONParser {
        var parser = self
        parser.isLenient = true
        return parser
    }

    /// Parses the UTF-8 form of `text`.
    public func parse(_ text: String) throws(JSONError) -> JSONValue {
        try StringBytes.withUTF8(text) { (bytes) throws(JSONError) in
            try parse(bytes: UnsafeRawBufferPointer(bytes))
        }
    }

    /// Parses UTF-8 bytes.
    public func parse(bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(JSONError) in try parse(bytes: raw) }
        }.get()
    }

    /// Parses UTF-8 bytes in place; nothing is retained after the call.
    public func parse(bytes: UnsafeRawBufferPointer) throws(JSONError) -> JSONValue {
        let tree = try loadTree(bytes)
        defer { sb_json_decref(tree) }
        return JanssonTree.value(of: tree)
    }

    private static let strictFlags = Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL)
    private static let lenientFlags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_DECODE_INT_AS_REAL)
    private var flags: Int { isLenient ? Self.lenientFlags : Self.strictFlags }

    /// Parses `bytes` with every check above and returns jansson's tree: a new reference the caller
    /// must release. Shared by ``parse(bytes:)-(UnsafeRawBufferPointer)`` and the borrowed-tree
    /// readers (``withTree(bytes:parseError:_:)-(UnsafeRawBufferPointer,_,_)``), so both accept and
    /// reject exactly the same documents with exactly the same errors.
    func loadTree(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> UnsafeMutablePointer<json_t> {
        let maxBytes = limits.effectiveMaxBytes
        guard bytes.count <= maxBytes else {
            throw JSONError(code: .tooLarge, message: "input is \(bytes.count) bytes, more than the limit of \(maxBytes)")
        }
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            // An empty buffer may have no address, which jansson rejects as a bad argument; give
            // it a real zero-length buffer so the empty input error comes from jansson as usual.
            var byte: UInt8 = 0
            return try withUnsafeMutablePointer(to: &byte) { pointer in
                Result { () throws(JSONError) in
                    try loadChecked(UnsafeRawBufferPointer(start: pointer, count: 0), base: pointer)
                }
            }.get()
        }
        return try loadChecked(bytes, base: base)
    }

    private func loadChecked(_ bytes: UnsafeRawBufferPointer, base: UnsafeRawPointer) throws(JSONError) -> UnsafeMutablePointer<json_t> {
        let nulOffset = sb_find_byte(base, bytes.count, 0)
        let depthLimit = limits.effectiveMaxDepth
        var violation: DepthScanner.Violation?
        // jansson enforces 2048 itself, identically. And every level but the innermost opens with
        // a bracket while the innermost takes at least a byte, so depth never exceeds length:
        // short inputs need no scan. An input with a NUL is scanned at 2048 too: the error is then
        // found on the text before the NUL, where jansson's own depth error cannot be told apart from
        // the artefact of a cut (see firstProblem), so the scan must say whether the depth comes first.
        if alwaysScanDepth || (bytes.count > depthLimit && (depthLimit < JSONLimits.janssonMaxDepth || nulOffset >= 0)) {
            violation = DepthScanner.firstViolation(in: bytes, limit: depthLimit)
        }
        if nulOffset >= 0 || violation != nil {
            throw firstProblem(in: bytes, base: base, nulOffset: nulOffset, violation: violation, depthLimit: depthLimit)
        }

        var error = json_error_t()
        guard let tree = json_loadb(base.assumingMemoryBound(to: CChar.self), bytes.count, flags, &error) else {
            throw JSONError(jansson: error, input: bytes)
        }
        return tree
    }

    /// The error to report for an input with a raw NUL byte or a too-deep value: an earlier
    /// error if jansson finds one in the text before it, else the NUL or depth error itself.
    private func firstProblem(
        in bytes: UnsafeRawBufferPointer, base: UnsafeRawPointer, nulOffset: Int,
        violation: DepthScanner.Violation?, depthLimit: Int
    ) -> JSONError {
        // A NUL inside the offending token is met while jansson reads that token, so it comes
        // before the depth.
        let nulFirst = nulOffset >= 0 && (violation.map { nulOffset < $0.tokenEnd } ?? true)
        let cut = nulFirst ? nulOffset : violation!.tokenStart

        // Cut just before the problem, the prefix either ends early (no error of its own), parses
        // completely (a whole value followed by a NUL), or holds an earlier error.
        if let prefixError = earlierError(in: bytes, base: base, cut: min(cut, violation?.tokenStart ?? cut)) {
            return prefixError
        }
        // Then the offending token itself, unless a NUL comes before it: read as jansson reads it
        // before checking its depth, up to a NUL inside or after it.
        if let violation, !(nulFirst && nulOffset <= violation.tokenStart),
            let readError = readingError(of: violation, in: bytes, end: nulOffset >= 0 ? nulOffset : bytes.count, depthLimit: depthLimit)
        {
            return readError
        }

        if nulFirst {
            // Like other bytes jansson refuses (control characters, invalid UTF-8), the NUL is
            // not consumed: the location is the byte itself.
            let (line, column) = DepthScanner.location(in: bytes, at: nulOffset)
            return JSONError(
                code: .nulCharacter,
                message: "raw NUL byte in the input; inside a string U+0000 must be escaped as \\u0000",
                line: line, column: column, position: nulOffset)
        }
        let violation = violation!
        let (line, column) = DepthScanner.location(in: bytes, at: violation.tokenEnd)
        let tokenLength = violation.tokenEnd - violation.tokenStart
        // jansson quotes tokens of up to 20 bytes; stay alike.
        let token = tokenLength <= 20 ? String(decoding: bytes[violation.tokenStart..<violation.tokenEnd], as: UTF8.self) : nil
        return JSONError(
            code: .tooDeep,
            message: JSONError.tooDeepMessage(limit: depthLimit, near: token),
            line: line, column: column, position: violation.tokenEnd)
    }

    /// jansson's error in `bytes[0..<cut]`, unless it only says that the text ended early (or,
    /// at jansson's own limit, that the next value would be too deep: the violation itself).
    private func earlierError(in bytes: UnsafeRawBufferPointer, base: UnsafeRawPointer, cut: Int) -> JSONError? {
        var error = json_error_t()
        if let prefixTree = json_loadb(base.assumingMemoryBound(to: CChar.self), cut, flags, &error) {
            sb_json_decref(prefixTree)
            return nil
        }
        let prefixError = JSONError(jansson: error, input: UnsafeRawBufferPointer(rebasing: bytes[0..<cut]))
        // jansson checks depth before it looks at the token, so a prefix ending where a value
        // at depth 2049 would start fails as too deep rather than as ended early.
        return [.prematureEnd, .emptyInput, .tooDeep].contains(prefixError.code) ? nil : prefixError
    }

    /// The error jansson meets reading the token that first exceeds the depth limit, if any.
    ///
    /// jansson lexes a token (and, after a number or a word, the character past it) before it
    /// checks the depth of the value the token starts, and keeps the first error it meets. To get
    /// exactly its verdict at a lower limit, the offending value is lifted to jansson's own limit:
    /// `2048 - limit` brackets go in before it, jansson reads `bytes[0..<end]` so changed, and the
    /// error found past the brackets is moved back by as many bytes (and columns, on their line).
    /// An error path only: it copies the input once.
    private func readingError(of violation: DepthScanner.Violation, in bytes: UnsafeRawBufferPointer, end: Int, depthLimit: Int) -> JSONError? {
        let lift = JSONLimits.janssonMaxDepth - depthLimit
        var lifted: [UInt8] = []
        lifted.reserveCapacity(end + lift)
        lifted.append(contentsOf: bytes[0..<violation.tokenStart])
        lifted.append(contentsOf: repeatElement(UInt8(ascii: "["), count: lift))
        lifted.append(contentsOf: bytes[violation.tokenStart..<end])
        let flags = flags
        guard var error = lifted.withUnsafeBytes({ (raw) -> JSONError? in
            var error = json_error_t()
            if let tree = json_loadb(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count, flags, &error) {
                sb_json_decref(tree)  // unreachable: the value is at depth 2049
                return nil
            }
            return JSONError(jansson: error, input: raw)
        }) else { return nil }
        // Too deep: the token reads. Ended early before a NUL: the NUL cut the token and is the
        // error. (Ended early at the end of the input is the token's own error: an open string.)
        let cutByNUL = end < bytes.count && error.code == .prematureEnd
        if error.code == .tooDeep || cutByNUL {
            return nil
        }
        let tokenLine = DepthScanner.location(in: bytes, at: violation.tokenStart).line
        error.position -= lift
        if error.line == tokenLine { error.column -= lift }
        return error
    }
}
