/// Writes one JSON value piece by piece, in document order: `beginObject()`, then `key(_:)` and a
/// value for each member, then `endObject()`; arrays alike. Encoders written once against this
/// protocol build either jansson's tree directly and dump it (``JanssonTreeWriter``, the wire path: no
/// intermediate value) or a ``JSONValue`` (``JSONValueBuilder``, for logs and callers that want a value).
///
/// The caller must make the calls in a valid order: exactly one root value, a key before every
/// member value, every container closed. Writers check this only with assertions.
///
/// There is no call for reals on purpose: jansson writes every real of a document with one
/// precision chosen from the whole document (see ``JSONSerializer``), which a writer that streams
/// cannot know in advance. Values holding reals go through ``JSONSerializer``.
public protocol JSONStreamWriter {
    mutating func beginObject()
    mutating func endObject()
    mutating func beginArray()
    mutating func endArray()
    /// The key of the next member of the innermost object. It must not contain U+0000, which
    /// jansson cannot read back in a key.
    mutating func key(_ key: String)
    mutating func string(_ value: String)
    mutating func int(_ value: Int64)
    mutating func bool(_ value: Bool)
    mutating func null()
}
