import SwitchboardJSON

/// A client frame that could not be decoded, with the id of the request it seems to be, so that the
/// service can answer the error to that request.
public struct InvalidClientFrame: Error, Hashable, Sendable {
    /// Why the frame was refused, as ``WireCodec/decodeClientFrame(_:limits:)-([UInt8],_)`` throws it.
    public var error: SignalingError
    /// The request id, read from the same parse, when the text is JSON and looks like a request (see
    /// ``WireCodec/requestID(in:)-(JSONValue)``); nil otherwise.
    public var requestID: RequestID?

    public init(error: SignalingError, requestID: RequestID?) {
        self.error = error
        self.requestID = requestID
    }
}

extension WireCodec {
    /// Decodes a client frame as ``decodeClientFrame(_:limits:)-([UInt8],_)`` does, in one parse that
    /// also serves to find the request id when the frame does not decode: what a server needs for each
    /// message, without going through ``parse(_:limits:)-([UInt8],_)`` and a ``/SwitchboardJSON/JSONValue``.
    ///
    /// A frame that is JSON in all but a duplicate key or an integer past `Int64` is still refused,
    /// but a second, lenient parse reads its request id, so the request gets its error rather than no
    /// answer (docs/SECURITY.md, "Log and metric hygiene").
    public static func decodeClientFrameWithRequestID(
        _ bytes: [UInt8], limits: JSONLimits = WireCodec.limits
    ) throws(InvalidClientFrame) -> ClientFrame {
        try JSONParser(limits: limits).withTree(bytes: bytes, parseError: { error in
            invalidFrame(error) {
                try? JSONParser(limits: limits).lenient.withTree(bytes: bytes, parseError: { $0 }, lenientRequestID(in:))
            }
        }, clientFrameWithRequestID)
    }

    /// ``decodeClientFrameWithRequestID(_:limits:)-([UInt8],_)`` for a frame's text.
    public static func decodeClientFrameWithRequestID(
        _ text: String, limits: JSONLimits = WireCodec.limits
    ) throws(InvalidClientFrame) -> ClientFrame {
        try JSONParser(limits: limits).withTree(text, parseError: { error in
            invalidFrame(error) {
                try? JSONParser(limits: limits).lenient.withTree(text, parseError: { $0 }, lenientRequestID(in:))
            }
        }, clientFrameWithRequestID)
    }

    /// The refusal of a frame that does not parse. Only a duplicate key or an integer past `Int64`
    /// leaves a document whose id can be read (leniently).
    private static func invalidFrame(_ error: JSONError, id: () -> RequestID??) -> InvalidClientFrame {
        InvalidClientFrame(error: frameError(error), requestID: leavesRequestIDReadable(error) ? (id() ?? nil) : nil)
    }

    /// Whether a frame that failed to parse with `error` may still have a readable request id.
    static func leavesRequestIDReadable(_ error: JSONError) -> Bool {
        [.duplicateKey, .integerOutOfRange].contains(error.code)
    }

    /// ``requestID(in:)-(JSONNode)`` in a lenient tree, where every number is a `Double`.
    static func lenientRequestID(in root: JSONNode) throws(JSONError) -> RequestID? {
        guard root["t"]?.isString("req") == true, let id = root["id"]?.doubleValue,
              id >= 0, id <= 9_007_199_254_740_991, id.rounded() == id
        else { return nil }
        return RequestID(rawValue: Int64(id))
    }

    private static func clientFrameWithRequestID(_ root: JSONNode) throws(InvalidClientFrame) -> ClientFrame {
        do {
            return try clientFrame(root)
        } catch {
            throw InvalidClientFrame(error: error, requestID: requestID(in: root))
        }
    }
}
