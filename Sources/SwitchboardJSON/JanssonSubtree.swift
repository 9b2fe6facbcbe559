import CJansson

/// A jansson value built once and placed by reference in the trees of several documents: an event's body
/// sent to several sessions, written into each session's envelope (``JanssonTreeWriter/add(_:)``) and
/// dumped by jansson with it, so the body's tree is built once however many frames carry it.
///
/// Immutable once made. jansson counts references atomically (`JSON_HAVE_ATOMIC_BUILTINS`) and its dump
/// only reads a tree (2.14 keeps its loop check per call), so the documents holding it may be built,
/// dumped and released on different threads at once.
public final class JanssonSubtree: @unchecked Sendable {
    // @unchecked: the value is never changed after init; jansson's reference count is atomic.
    let value: UnsafeMutablePointer<json_t>
    /// The writer's guess at the value's text size, for the first output buffer of documents holding it.
    let estimatedBytes: Int

    /// Builds the value with a writer (one root value).
    public init(_ write: (JanssonTreeWriter) -> Void) {
        let writer = JanssonTreeWriter()
        write(writer)
        estimatedBytes = writer.estimate
        value = writer.takeRoot()
    }

    deinit {
        sb_json_decref(value)
    }
}
