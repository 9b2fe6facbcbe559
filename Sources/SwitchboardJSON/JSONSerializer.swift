import CJansson

/// Writes a ``JSONValue`` as compact JSON text with jansson.
///
/// - Object members keep their order unless ``sortedKeys`` is set, in which case they are
///   sorted by their UTF-8 bytes (Unicode code point order), at every level.
/// - Strings are written as UTF-8; `"`, `\` and control characters are escaped (U+0000 as
///   `\u0000`, so NUL in string values round-trips). `/` is not escaped.
/// - Errors, each with the JSON-Pointer path of the offending value: a non-finite `Double`
///   (``JSONError/Code/nonFiniteNumber``), an object key containing U+0000
///   (``JSONError/Code/nulInObjectKey``: jansson's parser cannot read such a key back), nesting
///   deeper than ``JSONLimits/maxDepth`` (``JSONError/Code/tooDeep``: jansson's writer recurses
///   without a limit, and a deeper document could not be parsed back), and output longer than
///   ``JSONLimits/maxBytes`` (``JSONError/Code/tooLarge``, no path).
///
/// ## Reals
/// jansson prints every real with one fixed `%.<precision>g` format per document (default 17,
/// which writes 0.1 as `0.10000000000000001`). The precision used is the largest number of
/// significant digits, over all reals in the document, of Swift's shortest round-trip spelling
/// (`Double.description`; digits counted without leading zeros or trailing zeros after the
/// point, so `0.1` has 1 and `150.0` has 3). Hence:
/// - `0.1` is written `0.1`, `150.0` is `150.0`, `1e-5` is `1e-5`, `1e16` is `1e16`: the same
///   digits `description` shows, in jansson's spelling (no `+` or leading zeros in exponents).
/// - Every value reads back exactly. Printing the correctly rounded value to at least as many
///   digits as the shortest round-trip spelling always reads back, except possibly next to a
///   power of two, where the rounding interval is lopsided; for those reals the precision is
///   checked and raised if needed (17 digits always read back).
/// - `%g` drops trailing zeros, so a higher document precision costs nothing for most values
///   (`[0.1, 1/3]` writes `0.1` and `0.3333333333333333`); only values whose expansion at that
///   precision is not short get longer: `[0.1, 0.30000000000000004]` writes
///   `0.10000000000000001`, since the second value needs 17 digits.
///
/// A `.double` always keeps a `.` or an exponent (jansson appends `.0` to integral values:
/// `1.0`, `1e300`), so it parses back as a `.double`, never an `.int`. `-0.0` is written `-0.0`
/// and parses back with its sign.
public struct JSONSerializer: Sendable {
    /// Sort object members by key bytes instead of keeping their order. Default false.
    public var sortedKeys: Bool
    /// Depth and output-size limits. The default, ``JSONLimits/maximum``, accepts anything the
    /// parser can read back with the same limits.
    public var limits: JSONLimits

    public init(sortedKeys: Bool = false, limits: JSONLimits = .maximum) {
        self.sortedKeys = sortedKeys
        self.limits = limits
    }

    /// The compact JSON text for `value`.
    public func serialize(_ value: JSONValue) throws(JSONError) -> String {
        try dump(value) { tree, flags, capacity, needed in
            String(unsafeUninitializedCapacity: capacity) { buffer in
                needed = Self.dump(tree, into: buffer, flags: flags)
                return needed <= capacity ? needed : 0
            }
        }
    }

    /// The compact JSON text for `value`, as UTF-8 bytes.
    public func serializeBytes(_ value: JSONValue) throws(JSONError) -> [UInt8] {
        try dump(value) { tree, flags, capacity, needed in
            [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                needed = Self.dump(tree, into: buffer, flags: flags)
                initialized = needed <= capacity ? needed : 0
            }
        }
    }

    /// Builds the jansson tree, then dumps it into an output made by `write(tree, flags,
    /// capacity, &needed)`, which must report jansson's full output size in `needed`. The first
    /// try uses the size estimated while building; a second, exact one is needed only when the
    /// estimate was short (strings full of escapes).
    private func dump<Output>(
        _ value: JSONValue,
        _ write: (UnsafeMutablePointer<json_t>, Int, Int, inout Int) -> Output
    ) throws(JSONError) -> Output {
        var builder = TreeBuilder(maxDepth: limits.effectiveMaxDepth)
        let tree: UnsafeMutablePointer<json_t>
        do {
            tree = try builder.build(value)
        } catch {
            throw Self.error(for: error)
        }
        defer { sb_json_decref(tree) }

        var flags = Int(JSON_COMPACT | JSON_ENCODE_ANY) | sb_json_real_precision(Int32(builder.realPrecision))
        if sortedKeys { flags |= Int(JSON_SORT_KEYS) }

        var capacity = max(builder.estimatedBytes, 16)
        var needed = 0
        var output = write(tree, flags, capacity, &needed)
        if needed > capacity {
            capacity = needed
            output = write(tree, flags, capacity, &needed)
        }
        guard needed > 0, needed <= capacity else {
            // Every JSON text has at least one byte; 0 is jansson's failure (allocation while
            // sorting keys, or invalid UTF-8, which Swift strings cannot hold).
            throw JSONError(code: .internal, message: "jansson could not write the value")
        }
        guard needed <= limits.effectiveMaxBytes else {
            throw JSONError(code: .tooLarge, message: "output is \(needed) bytes, more than the limit of \(limits.effectiveMaxBytes)")
        }
        return output
    }

    private static func dump(_ tree: UnsafeMutablePointer<json_t>, into buffer: UnsafeMutableBufferPointer<UInt8>, flags: Int) -> Int {
        buffer.withMemoryRebound(to: CChar.self) { chars in
            json_dumpb(tree, chars.baseAddress, chars.count, flags)
        }
    }

    private static func error(for failure: TreeBuilder.Failure) -> JSONError {
        let path = failure.reversedPath.reversed().map { "/" + escapePointerComponent($0) }.joined()
        let shownPath = path.isEmpty ? "the root" : path.replacing("\u{0}", with: "\\u0000")
        return JSONError(code: failure.code, message: "\(failure.message) (at \(shownPath))", path: path)
    }

    /// RFC 6901: `~` becomes `~0` and `/` becomes `~1`.
    private static func escapePointerComponent(_ component: String) -> String {
        guard component.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return component
        }
        return component.replacing("~", with: "~0").replacing("/", with: "~1")
    }
}
