import SwitchboardCore
import SwitchboardJSON
import SwitchboardWire
import Testing

// Every helper that encodes a frame records it with FrameLog.shared (a no-op unless
// SWITCHBOARD_FRAME_LOG is set), so that scripts/validate-frames checks every shape the tests produce.

// The codec writes text straight from the frame and reads frames straight from jansson's tree; it
// also builds and reads `JSONValue`s (the frame log, the server's parse-once path). The helpers check
// on every frame and every error that both paths agree: the same bytes as serializing the JSONValue,
// the same frame or the same error from the JSONValue as from the text.

/// Expects the text the codec writes to be byte for byte the serialization of the frame's JSONValue.
func expectSameText(_ bytes: [UInt8], as json: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let serialized = try JSONSerializer().serializeBytes(json)
        #expect(
            bytes == serialized, "\(String(decoding: bytes, as: UTF8.self)) != \(String(decoding: serialized, as: UTF8.self))",
            sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(error) serializing \(json)", sourceLocation: sourceLocation)
    }
}

/// Encodes `frame`, records it, decodes the bytes and expects the original back.
@discardableResult
func expectRoundTrip(_ frame: ClientFrame, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
    let bytes = WireCodec.encode(frame)
    FrameLog.shared?.record(frame)
    expectSameText(bytes, as: WireCodec.json(frame), sourceLocation: sourceLocation)
    do {
        #expect(try WireCodec.decodeClientFrame(json: WireCodec.json(frame)) == frame, sourceLocation: sourceLocation)
        let decoded = try WireCodec.decodeClientFrame(bytes)
        #expect(decoded == frame, "\(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        let fromText = try WireCodec.decodeClientFrame(WireCodec.encodeText(frame))
        #expect(fromText == frame, sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(error) decoding \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
    }
    return bytes
}

/// Encodes `frame`, records it (with the op a `res` answers), decodes the bytes and expects `expected`
/// (by default the frame itself) back.
@discardableResult
func expectRoundTrip(
    _ frame: ServerFrame, answering op: String? = nil, expected: ServerFrame? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [UInt8] {
    let bytes = WireCodec.encode(frame)
    FrameLog.shared?.record(frame, answering: op)
    expectSameText(bytes, as: WireCodec.json(frame), sourceLocation: sourceLocation)
    do {
        #expect(try WireCodec.decodeServerFrame(json: WireCodec.json(frame)) == (expected ?? frame), sourceLocation: sourceLocation)
        let decoded = try WireCodec.decodeServerFrame(bytes)
        #expect(decoded == (expected ?? frame), "\(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        let fromText = try WireCodec.decodeServerFrame(WireCodec.encodeText(frame))
        #expect(fromText == (expected ?? frame), sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(error) decoding \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
    }
    return bytes
}

/// The compact JSON text of a client frame (recorded in the frame log).
func text(_ frame: ClientFrame) -> String {
    FrameLog.shared?.record(frame)
    return WireCodec.encodeText(frame)
}

/// The compact JSON text of a server frame (recorded in the frame log).
func text(_ frame: ServerFrame, answering op: String? = nil) -> String {
    FrameLog.shared?.record(frame, answering: op)
    return WireCodec.encodeText(frame)
}

/// The error decoding `text` as a client frame throws, or nil if it decodes; expects the same outcome
/// from the bytes, and from the parsed JSONValue.
func clientError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> SignalingError? {
    let fromText = Result { () throws(SignalingError) in try WireCodec.decodeClientFrame(text) }
    let fromBytes = Result { () throws(SignalingError) in try WireCodec.decodeClientFrame(Array(text.utf8)) }
    let fromValue = Result { () throws(SignalingError) in try WireCodec.decodeClientFrame(json: try WireCodec.parse(text)) }
    #expect(fromBytes == fromText && fromValue == fromText, "\(text)", sourceLocation: sourceLocation)
    // The server's one-parse path: the same frame, or the same error with the request id read apart.
    let withID = Result { () throws(InvalidClientFrame) in try WireCodec.decodeClientFrameWithRequestID(text) }
    let expected = fromText.mapError { InvalidClientFrame(error: $0, requestID: WireCodec.requestID(in: Array(text.utf8))) }
    #expect(withID == expected, "\(text)", sourceLocation: sourceLocation)
    if case .failure(let error) = fromText { return error }
    return nil
}

/// The error decoding `text` as a server frame throws, or nil if it decodes; expects the same outcome
/// from the bytes, and from the parsed JSONValue.
func serverError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> SignalingError? {
    let limits = WireCodec.serverFrameLimits
    let fromText = Result { () throws(SignalingError) in try WireCodec.decodeServerFrame(text) }
    let fromBytes = Result { () throws(SignalingError) in try WireCodec.decodeServerFrame(Array(text.utf8)) }
    let fromValue = Result { () throws(SignalingError) in
        try WireCodec.decodeServerFrame(json: try WireCodec.parse(text, limits: limits))
    }
    #expect(fromBytes == fromText && fromValue == fromText, "\(text)", sourceLocation: sourceLocation)
    if case .failure(let error) = fromText { return error }
    return nil
}

/// Expects decoding to fail with `code` and a message containing every string of `fragments`.
func expectError(
    _ error: SignalingError?, _ code: ServiceErrorCode, _ fragments: String...,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error else {
        Issue.record("expected \(code.rawValue), but it decoded", sourceLocation: sourceLocation)
        return
    }
    #expect(error.code == .service(code), "\(error)", sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(error.message.contains(fragment), "\(error) should mention \(fragment.debugDescription)", sourceLocation: sourceLocation)
    }
}

/// Whether any value inside `value` is null.
func containsNull(_ value: JSONValue) -> Bool {
    switch value {
    case .null: true
    case .array(let elements): elements.contains(where: containsNull)
    case .object(let object): object.values.contains(where: containsNull)
    default: false
    }
}
