import CJansson

// Parsing into a borrowed jansson tree: the typed decoders' way in (see ``JSONNode``).

extension JSONParser {
    /// Parses `bytes` exactly as ``parse(bytes:)-(UnsafeRawBufferPointer)`` does (same limits, same
    /// errors) and calls `body` with the root of jansson's tree, which is released when `body`
    /// returns or throws. A parse error is handed to `parseError`, whose result is thrown, so the
    /// caller deals in one error type.
    ///
    /// The node, and every node reached from it, must not be used after `body` returns.
    public func withTree<R, E: Error>(
        bytes: UnsafeRawBufferPointer,
        parseError: (JSONError) -> E,
        _ body: (JSONNode) throws(E) -> R
    ) throws(E) -> R {
        let tree: UnsafeMutablePointer<json_t>
        do {
            tree = try loadTree(bytes)
        } catch {
            throw parseError(error)
        }
        // The one reference this call owns: released on every path out of body.
        defer { sb_json_decref(tree) }
        return try body(JSONNode(tree))
    }

    /// ``withTree(bytes:parseError:_:)-(UnsafeRawBufferPointer,_,_)`` over an array's bytes.
    public func withTree<R, E: Error>(
        bytes: [UInt8],
        parseError: (JSONError) -> E,
        _ body: (JSONNode) throws(E) -> R
    ) throws(E) -> R {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(E) in try withTree(bytes: raw, parseError: parseError, body) }
        }.get()
    }

    /// ``withTree(bytes:parseError:_:)-(UnsafeRawBufferPointer,_,_)`` over the UTF-8 form of `text`.
    public func withTree<R, E: Error>(
        _ text: String,
        parseError: (JSONError) -> E,
        _ body: (JSONNode) throws(E) -> R
    ) throws(E) -> R {
        try StringBytes.withUTF8(text) { (bytes) throws(E) in
            try withTree(bytes: UnsafeRawBufferPointer(bytes), parseError: parseError, body)
        }
    }
}
