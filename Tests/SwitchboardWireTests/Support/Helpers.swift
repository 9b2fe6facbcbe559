import SwitchboardCore
import SwitchboardJSON
import SwitchboardWire
import Testing

// Every helper that encodes a frame records it with FrameLog.shared (a no-op unless
// SWITCHBOARD_FRAME_LOG is set), so that scripts/validate-frames checks every shape the tests produce.

/// Encodes `frame`, records it, decodes the bytes and expects the original back.
@discardableResult
func expectRoundTrip(_ frame: ClientFrame, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
    let bytes = WireCodec.encode(frame)
    FrameLog.shared?.record(frame)
    do {
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
    do {
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

/// The error decoding `text` as a client frame throws, or nil if it decodes.
func clientError(_ text: String) -> SignalingError? {
    do {
        _ = try WireCodec.decodeClientFrame(text)
        return nil
    } catch {
        return error
    }
}

/// The error decoding `text` as a server frame throws, or nil if it decodes.
func serverError(_ text: String) -> SignalingError? {
    do {
        _ = try WireCodec.decodeServerFrame(text)
        return nil
    } catch {
        return error
    }
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
