/// Resource limits for parsing and serializing.
///
/// Depth counts every value on the path from the root down, scalars included, exactly as jansson
/// counts it: `1` and `[]` have depth 1, `[1]` and `[[]]` depth 2, and in `{"a":[1]}` the `1` is at
/// depth 3 (keys do not count). jansson itself stops at 2048 levels (its compile-time
/// `JSON_PARSER_MAX_DEPTH`): it accepts 2048 nested empty arrays and rejects 2049.
public struct JSONLimits: Sendable, Hashable {
    /// The deepest nesting jansson can parse; ``maxDepth`` is clamped to `1...janssonMaxDepth`.
    public static let janssonMaxDepth = 2048

    /// The largest accepted input (parser) or produced output (serializer), in bytes. The parser
    /// checks it before reading anything. Negative values act as 0.
    public var maxBytes: Int

    /// The deepest accepted value; see the type's documentation for how depth is counted. Values
    /// outside `1...2048` are clamped into that range when used.
    public var maxDepth: Int

    public init(maxBytes: Int, maxDepth: Int) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }

    /// Limits for frames received from the network.
    ///
    /// - 1 MiB: signaling frames are small (an SDP offer is a few KB, a frame with a full set of
    ///   ICE candidates or a page of call records tens of KB), so 1 MiB leaves ample headroom
    ///   while bounding what one peer can make the server buffer and turn into a jansson tree
    ///   (a tree costs several times its text).
    /// - Depth 64: frame schemas nest fewer than ten levels; 64 leaves room for free-form
    ///   metadata objects yet rejects pathological nesting before any tree is built, and keeps
    ///   recursion in this module and in frame decoders shallow.
    public static let wire = JSONLimits(maxBytes: 1 << 20, maxDepth: 64)

    /// The most jansson supports: depth 2048 and no size limit. For trusted local data (files,
    /// tests); also the serializer's default, since a value built in process is already in memory.
    public static let maximum = JSONLimits(maxBytes: Int.max, maxDepth: janssonMaxDepth)

    /// ``maxDepth`` clamped to what can be honoured.
    var effectiveMaxDepth: Int {
        min(max(maxDepth, 1), Self.janssonMaxDepth)
    }

    /// ``maxBytes`` with negative values read as 0.
    var effectiveMaxBytes: Int {
        max(maxBytes, 0)
    }
}
