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
    /// message, without going through ``parse(_:limits:)-([UInt8],_)`` and a ``JSONValue``.
    public static func decodeClientFrameWithRequestID(
        _ bytes: [UInt8], limits: JSONLimits = WireCodec.limits
    ) throws(InvalidClientFrame) -> ClientFrame {
        try JSONParser(limits: limits).withTree(bytes: bytes, parseError: invalidFrame, clientFrameWithRequestID)
    }

    /// ``decodeClientFrameWithRequestID(_:limits:)-([UInt8],_)`` for a frame's text.
    public static func decodeClientFrameWithRequestID(
        _ text: String, limits: JSONLimits = WireCodec.limits
    ) throws(InvalidClientFrame) -> ClientFrame {
        try JSONParser(limits: limits).withTree(text, parseError: invalidFrame, clientFrameWithRequestID)
    }

    private static func invalidFrame(_ error: JSONError) -> InvalidClientFrame {
        InvalidClientFrame(error: frameError(error), requestID: nil)
    }

    private static func clientFrameWithRequestID(_ root: JSONNode) throws(InvalidClientFrame) -> ClientFrame {
        do {
            return try clientFrame(root)
        } catch {
            throw InvalidClientFrame(error: error, requestID: requestID(in: root))
        }
    }
}
