import SwitchboardCore
import SwitchboardJSON

/// Frames to JSON and back. Every wire frame goes through ``/SwitchboardJSON`` (jansson): one compact
/// JSON object per frame, shaped as `Schemas/frames/<t>.schema.json` documents.
///
/// ## Encoding
/// Builds jansson's tree straight from the frame and has jansson write it out (``/SwitchboardJSON/JanssonTreeWriter``:
/// no Codable, no Foundation, no intermediate ``/SwitchboardJSON/JSONValue``), byte for byte what serializing
/// ``json(_:)-(ClientFrame)`` with ``/SwitchboardJSON/JSONSerializer`` gives. Optional values are left out when nil,
/// never written as `null`; unknown fields are never produced. Encoding does not fail: every value the frame types can
/// hold has a JSON form (an object key containing U+0000, which jansson cannot store, is written with U+FFFD in its
/// place). Encoding does not check ``limits``: the receiver does.
///
/// ## Decoding
/// Bytes and text are parsed by jansson (``/SwitchboardJSON/JSONParser``) and the frame is read straight from jansson's
/// tree (``/SwitchboardJSON/JSONNode``) without converting it into a ``/SwitchboardJSON/JSONValue`` first. The decoders
/// that take a `JSONValue` run the same code over it and give the same frames and errors; a server decodes with
/// ``decodeClientFrameWithRequestID(_:limits:)-([UInt8],_)``, which also reads the request id of a bad frame from the
/// same parse. Errors are ``SignalingError``s whose message starts with the JSON-Pointer path of the offending value
/// (`/body/invitees/2: expected a string, got an integer`):
/// - ``ServiceErrorCode/frameTooLarge``: more bytes than `limits.maxBytes`.
/// - ``ServiceErrorCode/invalidFrame``: not JSON (the message carries the parser's line, column and
///   byte), nested deeper than `limits.maxDepth`, not an object, a missing or unknown `t`, or a wrong
///   field in the envelope (`id`, `op`, `seq`, the hello's fields...). Anything wrong in a *server*
///   frame is `invalidFrame`, including an unknown event name or reply shape.
/// - ``ServiceErrorCode/unknownOperation``: a request whose `op` is a string this build does not know.
/// - ``ServiceErrorCode/invalidRequest``: a request's `body` is missing, not an object, or does not fit
///   its operation (a missing or mistyped field, an unknown enum value, a limit out of range...).
///
/// Unknown extra members are ignored everywhere (forward compatibility); `null` is not accepted in
/// place of any value. The codec checks shapes (types, required members, enum values), that times,
/// durations, counts and sequence numbers are not negative, that call ids are not empty and that a
/// `call.records` limit is in ``RecordQuery/limitRange``. It does not judge content: user and device ids,
/// invitee lists and policy bounds are the service's and the engine's business (`invalid_user_id`,
/// `invalid_invitees`, `invalid_policy`), so that such a request gets the same answer whether it came as
/// JSON or as a value through the in-process transport.
public enum WireCodec {
    /// The limits frames from clients are parsed with: the service's protection against its clients.
    public static var limits: JSONLimits { .wire }

    /// The limits frames from the service are parsed with. Larger: a client trusts its service more,
    /// and a call notification carries the whole call (bounded by ``/SwitchboardCore/CallPolicy/Bounds``, but JSON
    /// escaping can grow strings up to six times).
    public static var serverFrameLimits: JSONLimits { JSONLimits(maxBytes: 8 * 1024 * 1024, maxDepth: JSONLimits.wire.maxDepth) }

    // MARK: Encoding

    public static func encode(_ frame: ClientFrame) -> [UInt8] {
        encodedText { write(frame, to: &$0) }
    }

    /// An event whose body is shared (``EventEnvelope/shared``) gets the body's tree, built once for all
    /// its sessions, in its envelope's tree: the same text as encoding the whole frame.
    public static func encode(_ frame: ServerFrame) -> [UInt8] {
        if case .event(let envelope) = frame, let shared = envelope.shared {
            return eventFrame(envelope, body: shared.body)
        }
        return encodedText { write(frame, to: &$0) }
    }

    /// The frame as JSON text (a WebSocket text message).
    public static func encodeText(_ frame: ClientFrame) -> String {
        String(decoding: encode(frame), as: UTF8.self)
    }

    /// The frame as JSON text (a WebSocket text message).
    public static func encodeText(_ frame: ServerFrame) -> String {
        String(decoding: encode(frame), as: UTF8.self)
    }

    // MARK: Decoding

    public static func decodeClientFrame(_ bytes: [UInt8], limits: JSONLimits = WireCodec.limits) throws(SignalingError) -> ClientFrame {
        try JSONParser(limits: limits).withTree(bytes: bytes, parseError: frameError) { (root) throws(SignalingError) in
            try clientFrame(root)
        }
    }

    public static func decodeClientFrame(_ text: String, limits: JSONLimits = WireCodec.limits) throws(SignalingError) -> ClientFrame {
        try JSONParser(limits: limits).withTree(text, parseError: frameError) { (root) throws(SignalingError) in
            try clientFrame(root)
        }
    }

    public static func decodeServerFrame(_ bytes: [UInt8], limits: JSONLimits = WireCodec.serverFrameLimits) throws(SignalingError) -> ServerFrame {
        try JSONParser(limits: limits).withTree(bytes: bytes, parseError: frameError) { (root) throws(SignalingError) in
            try serverFrame(root)
        }
    }

    public static func decodeServerFrame(_ text: String, limits: JSONLimits = WireCodec.serverFrameLimits) throws(SignalingError) -> ServerFrame {
        try JSONParser(limits: limits).withTree(text, parseError: frameError) { (root) throws(SignalingError) in
            try serverFrame(root)
        }
    }

    /// Parses a frame's text: ``ServiceErrorCode/frameTooLarge`` or ``ServiceErrorCode/invalidFrame`` on
    /// failure.
    public static func parse(_ bytes: [UInt8], limits: JSONLimits = WireCodec.limits) throws(SignalingError) -> JSONValue {
        do {
            return try JSONParser(limits: limits).parse(bytes: bytes)
        } catch {
            throw frameError(error)
        }
    }

    public static func parse(_ text: String, limits: JSONLimits = WireCodec.limits) throws(SignalingError) -> JSONValue {
        do {
            return try JSONParser(limits: limits).parse(text)
        } catch {
            throw frameError(error)
        }
    }

    static func frameError(_ error: JSONError) -> SignalingError {
        if error.code == .tooLarge {
            return SignalingError(.frameTooLarge, "the frame is too large: \(error.message)")
        }
        return SignalingError(.invalidFrame, "the frame is not valid JSON: \(error.description)")
    }

    /// The request id of what looks like a request frame, even one that failed to decode, so that the
    /// service can answer an `invalid_request` or `unknown_operation` to the right request.
    public static func requestID(in json: JSONValue) -> RequestID? {
        guard json["t"]?.stringValue == "req", let id = json["id"]?.intValue, id >= 0 else { return nil }
        return RequestID(rawValue: id)
    }

    static func requestID(in root: JSONNode) -> RequestID? {
        guard root["t"]?.isString("req") == true, let id = root["id"]?.intValue, id >= 0 else { return nil }
        return RequestID(rawValue: id)
    }

    /// The request id of a frame's text when it parses as JSON and looks like a request (see
    /// ``requestID(in:)-(JSONValue)``), or when its only fault is a duplicate key or an integer past
    /// `Int64` and a lenient parse reads it, as ``decodeClientFrameWithRequestID(_:limits:)-([UInt8],_)``
    /// does; nil otherwise.
    public static func requestID(in bytes: [UInt8], limits: JSONLimits = WireCodec.limits) -> RequestID? {
        do {
            return try JSONParser(limits: limits).withTree(bytes: bytes, parseError: { $0 }) { (root) throws(JSONError) in
                requestID(in: root)
            }
        } catch where leavesRequestIDReadable(error) {
            let found = try? JSONParser(limits: limits).lenient.withTree(bytes: bytes, parseError: { $0 }, lenientRequestID(in:))
            return found ?? nil
        } catch {
            return nil
        }
    }

    // MARK: Names

    /// Every `t` of a client frame.
    public static let clientFrameTypes = ["hello", "req", "ack", "ping"]
    /// Every `t` of a server frame.
    public static let serverFrameTypes = ["welcome", "refused", "res", "evt", "pong", "bye"]
}

extension RecordQuery {
    /// The page sizes a `call.records` request may ask for.
    public static let limitRange: ClosedRange<Int> = 1...100
}
