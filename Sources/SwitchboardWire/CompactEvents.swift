import SwitchboardCore
import SwitchboardJSON

/// The service's end of compact call events on one connection (docs/DECISIONS.md, "Compact call
/// events"): encodes the frames the connection sends, in order. Once a welcome says the connection is
/// compact, a call event, and a successful response whose reply is a call, carries the call's fixed
/// facts only when the connection has not carried them (the call's first event or response on it, or
/// after the call was dropped from `KnownCalls`), and otherwise the call's id, state and times and the
/// participants that changed since the connection last carried the call. Every other frame is encoded
/// as ``WireCodec/encode(_:)-(ServerFrame)`` does.
///
/// The connection owns it: the state is per connection, not per session, so a resumed session starts
/// afresh on its new connection and its replayed events carry the facts again.
public struct CompactEventEncoder {
    public private(set) var isOn = false
    private var known = KnownCalls()

    public init() {}

    public mutating func encode(_ frame: ServerFrame) -> [UInt8] {
        switch frame {
        case .welcome(let welcome):
            isOn = welcome.compactEvents
            known.removeAll()
        case .event(let envelope) where isOn:
            if case .call(let note) = envelope.event {
                return WireCodec.eventFrame(envelope, body: body(of: note, shared: envelope.shared))
            }
        case .response(let response) where isOn:
            // A response's call follows the events' rule (docs/DECISIONS.md, "Compact call events").
            if case .success(.call(let call, let skipped)) = response.result {
                defer { known.remember(call) }
                if let base = known[call.id], let changed = WireCodec.changedParticipants(from: base, to: call) {
                    return WireCodec.compactCallResponse(
                        id: response.id, call: call, changed: changed, skipped: skipped, echoes: response.echoes)
                }
            }
        default:
            break
        }
        return WireCodec.encode(frame)
    }

    private mutating func body(of note: CallNotification, shared: SharedEventBody?) -> JanssonSubtree {
        let call = note.call
        defer { known.remember(call) }
        guard let base = known[call.id], let changed = WireCodec.changedParticipants(from: base, to: call) else {
            return shared?.body ?? JanssonSubtree { writer in
                var writer = writer
                WireCodec.writeBody(of: .call(note), to: &writer)
            }
        }
        let build = {
            JanssonSubtree { writer in
                var writer = writer
                WireCodec.writeCompactBody(of: note, changed: changed, to: &writer)
            }
        }
        return shared?.compactBody(since: base.participants, build) ?? build()
    }
}

/// The client's end of compact call events on one connection: decodes the frames the connection
/// receives, in order, and gives every call event and every call reply its whole call again, so that
/// what the client session sees does not depend on the form (docs/DECISIONS.md, "Compact call events").
///
/// A compact call for a call the connection has not carried, or whose participants do not add up,
/// is an error, and ``isOutOfStep`` is set: the transport drops the connection, and the session
/// resumes on a new one, which carries the facts of every call again.
public struct CompactEventDecoder {
    public private(set) var isOn = false
    /// A compact event did not fit the calls this connection carried.
    public private(set) var isOutOfStep = false
    private var known = KnownCalls()

    public init() {}

    public mutating func decode(_ bytes: [UInt8], limits: JSONLimits = WireCodec.serverFrameLimits) throws(SignalingError) -> ServerFrame {
        try JSONParser(limits: limits).withTree(bytes: bytes, parseError: WireCodec.frameError) { (root) throws(SignalingError) in
            try frame(root)
        }
    }

    public mutating func decode(_ text: String, limits: JSONLimits = WireCodec.serverFrameLimits) throws(SignalingError) -> ServerFrame {
        try JSONParser(limits: limits).withTree(text, parseError: WireCodec.frameError) { (root) throws(SignalingError) in
            try frame(root)
        }
    }

    public mutating func decode(json: JSONValue) throws(SignalingError) -> ServerFrame {
        try frame(json)
    }

    private mutating func frame<V: ReadableJSON>(_ json: V) throws(SignalingError) -> ServerFrame {
        if isOn, let response = try WireCodec.callResponse(json) {
            guard let call = try WireCodec.compactCall(response.call, known: known) else {
                isOutOfStep = true
                throw SignalingError(.invalidFrame, "/ok/call: a compact call that does not fit the calls this connection carried")
            }
            known.remember(call)
            return .response(Response(id: response.id, result: .success(.call(call, skipped: response.skipped)),
                                      echoes: try WireCodec.echoes(response.frame, call: call)))
        }
        guard isOn, let event = try WireCodec.callEvent(json) else {
            let frame = try WireCodec.serverFrame(json)
            if case .welcome(let welcome) = frame {
                isOn = welcome.compactEvents
                known.removeAll()
            }
            return frame
        }
        guard let call = try WireCodec.compactCall(try event.body.object("call"), known: known) else {
            isOutOfStep = true
            throw SignalingError(.invalidFrame, "/body/call: a compact call event that does not fit the calls this connection carried")
        }
        known.remember(call)
        return .event(EventEnvelope(
            sequence: event.sequence, time: event.time, event: .call(CallNotification(kind: event.kind, call: call))))
    }
}
