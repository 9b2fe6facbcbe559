import CJansson

/// Builds a jansson tree piece by piece (``JSONStreamWriter``) and writes it out with jansson
/// (`json_dumpb`, compact): how typed wire frames become JSON text. The typed encoders write straight
/// into jansson's tree, without an intermediate ``JSONValue``, and jansson does the writing, escaping
/// and number formatting, as for every other document of the JSON layer.
///
/// A class, so that the tree is released (`json_decref`) whatever happens to the writer.
public final class JanssonTreeWriter: JSONStreamWriter {
    /// The open containers, innermost last, and whether each is an object.
    private var open: [(container: UnsafeMutablePointer<json_t>, isObject: Bool)] = []
    /// The key of the next member of the innermost object.
    private var pendingKey: String?
    private var root: UnsafeMutablePointer<json_t>?
    /// A guess at the text's size, for the first output buffer.
    private var estimatedBytes = 16

    public init() {
        open.reserveCapacity(8)
    }

    deinit {
        if let root { sb_json_decref(root) }
    }

    public func beginObject() {
        let object = created(json_object())
        add(object)
        open.append((object, true))
    }

    public func endObject() {
        assert(open.last?.isObject == true, "JanssonTreeWriter: endObject without beginObject")
        open.removeLast()
    }

    public func beginArray() {
        let array = created(json_array())
        add(array)
        open.append((array, false))
    }

    public func endArray() {
        assert(open.last?.isObject == false, "JanssonTreeWriter: endArray without beginArray")
        open.removeLast()
    }

    public func key(_ key: String) {
        assert(open.last?.isObject == true && pendingKey == nil, "JanssonTreeWriter: a key outside an object")
        pendingKey = key
    }

    public func string(_ value: String) {
        StringBytes.withUTF8(value) { bytes in
            estimatedBytes += bytes.count + 2
            // _nocheck: Swift strings are valid UTF-8 already; the length-aware call keeps U+0000.
            add(created(Self.withCString(bytes) { json_stringn_nocheck($0, $1) }))
        }
    }

    public func int(_ value: Int64) {
        estimatedBytes += 20
        add(created(json_integer(json_int_t(value))))
    }

    public func bool(_ value: Bool) {
        estimatedBytes += 5
        add(created(value ? json_true() : json_false()))
    }

    public func null() {
        estimatedBytes += 4
        add(created(json_null()))
    }

    /// Adds a value built once for several documents (``JanssonSubtree``): this tree takes a reference
    /// to it, and jansson dumps it with the rest.
    public func add(_ subtree: JanssonSubtree) {
        add(created(sb_json_incref(subtree.value)))
        estimatedBytes += subtree.estimatedBytes
    }

    /// The value written, with the writer's reference to it (every container must be closed).
    func takeRoot() -> UnsafeMutablePointer<json_t> {
        precondition(open.isEmpty, "JanssonTreeWriter: \(open.count) containers left open")
        guard let value = root else { preconditionFailure("JanssonTreeWriter: nothing was written") }
        root = nil
        return value
    }

    /// The writer's guess at the text's size so far.
    var estimate: Int { estimatedBytes }

    /// The compact JSON text of the value written (every container must be closed).
    public func finish() -> [UInt8] {
        precondition(open.isEmpty, "JanssonTreeWriter: \(open.count) containers left open")
        guard let root else { preconditionFailure("JanssonTreeWriter: nothing was written") }
        let flags = Int(JSON_COMPACT | JSON_ENCODE_ANY)
        var capacity = estimatedBytes
        while true {
            var needed = 0
            let text = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                needed = buffer.withMemoryRebound(to: CChar.self) { json_dumpb(root, $0.baseAddress, $0.count, flags) }
                initialized = needed <= capacity ? needed : 0
            }
            // 0 is jansson's failure: only an allocation failure can cause it for a tree built here.
            precondition(needed > 0, "jansson could not write a wire frame")
            if needed <= capacity { return text }
            capacity = needed
        }
    }

    // MARK: Pieces

    /// `bytes` as jansson's (pointer, length) pair; an empty buffer may have no address, jansson needs one.
    private static func withCString<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafePointer<CChar>, Int) -> Result
    ) -> Result {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            return withUnsafePointer(to: CChar(0)) { body($0, 0) }
        }
        return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { body($0, bytes.count) }
    }

    /// jansson returns NULL only when it cannot allocate; nothing sensible can follow.
    private func created(_ value: UnsafeMutablePointer<json_t>?) -> UnsafeMutablePointer<json_t> {
        guard let value else { fatalError("jansson could not allocate a value") }
        return value
    }

    /// Hands `value`'s reference to the innermost container (or makes it the root).
    private func add(_ value: UnsafeMutablePointer<json_t>) {
        guard let parent = open.last else {
            precondition(root == nil, "JanssonTreeWriter: a second root value")
            root = value
            return
        }
        if parent.isObject {
            guard let key = pendingKey else { preconditionFailure("JanssonTreeWriter: an object member without a key") }
            pendingKey = nil
            estimatedBytes += key.utf8.count + 4
            let status = StringBytes.withUTF8(key) { bytes in
                Self.withCString(bytes) { json_object_setn_new_nocheck(parent.container, $0, $1, value) }
            }
            // On failure jansson has released `value`, which may be a container just pushed on `open`.
            guard status == 0 else { fatalError("jansson could not add a member (out of memory)") }
        } else {
            estimatedBytes += 1
            guard json_array_append_new(parent.container, value) == 0 else {
                fatalError("jansson could not add an element (out of memory)")
            }
        }
    }
}
