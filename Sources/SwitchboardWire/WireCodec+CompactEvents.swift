import SwitchboardCore
import SwitchboardJSON

// The compact form of call events (docs/DECISIONS.md, "Compact call events";
// `Schemas/common/compact-call.schema.json`): `call` holds the id, `state` (and `end`),
// `connectedAt`, `participantCount` and the `participants` that changed, whole.

extension WireCodec {
    /// The indices of `call`'s participants that differ from `base` (the call as the connection last
    /// carried it), or nil when only the full form can say what changed: other fixed facts, or a
    /// participant list that is not `base`'s with entries changed and added at the end (the engine only
    /// ever appends participants).
    static func changedParticipants(from base: Call, to call: Call) -> [Int]? {
        guard call.sharesFacts(with: base), call.participants.count >= base.participants.count else { return nil }
        var changed: [Int] = []
        for index in call.participants.indices {
            guard index < base.participants.count else {
                changed.append(index)
                continue
            }
            let now = call.participants[index], before = base.participants[index]
            guard now.user == before.user else { return nil }
            if now != before { changed.append(index) }
        }
        return changed
    }

    /// The compact body of a call event: the call's changing part, then what the kind carries.
    static func writeCompactBody<W: JSONStreamWriter>(of note: CallNotification, changed: [Int], to object: inout W) {
        object.beginObject()
        object.key("call")
        writeCompactCall(note.call, changed: changed, to: &object)
        writeMembers(of: note.kind, to: &object)
        object.endObject()
    }

    /// The compact form of `call` (`Schemas/common/compact-call.schema.json`).
    static func writeCompactCall<W: JSONStreamWriter>(_ call: Call, changed: [Int], to object: inout W) {
        object.beginObject()
        object.add("id", call.id)
        ModelCoding.writeState(call.state, to: &object)
        object.add("connectedAt", call.connectedAt)
        object.add("participantCount", call.participants.count)
        object.array("participants", changed) { writer, index in
            ModelCoding.write(call.participants[index], includeInternals: false, to: &writer)
        }
        object.endObject()
    }

    /// The frame of a successful response whose reply is a call, with the call compact: what
    /// ``encode(_:)-(ServerFrame)`` writes with the compact call in place of the whole one.
    static func compactCallResponse(
        id: RequestID, call: Call, changed: [Int], skipped: [SkippedUser], echoes: [EventEnvelope]
    ) -> [UInt8] {
        encodedText { object in
            object.beginObject()
            object.add("t", "res")
            object.add("id", id.rawValue)
            object.key("ok")
            object.beginObject()
            object.key("call")
            writeCompactCall(call, changed: changed, to: &object)
            writeSkipped(skipped, to: &object)
            object.endObject()
            writeEchoes(echoes, to: &object)
            object.endObject()
        }
    }

    /// The parts of a successful `res` frame whose reply is a call, nil for any other frame (which
    /// ``serverFrame(_:)`` decodes, with its checks).
    static func callResponse<V: ReadableJSON>(
        _ json: V
    ) throws(SignalingError) -> (id: RequestID, call: JSONReader<V>, skipped: [SkippedUser], frame: JSONReader<V>)? {
        let frame = try JSONReader(json, path: "", code: .invalidFrame)
        guard try frame.string("t") == "res", frame.has("ok"), !frame.has("error") else { return nil }
        let ok = try frame.object("ok")
        guard ok.has("call"), replyKeys.filter(ok.has).count == 1 else { return nil }
        let id = RequestID(rawValue: try frame.int("id", minimum: 0))
        return (id, try ok.object("call"), try skippedUsers(ok), frame)
    }

    /// A call event's envelope and kind, read before its call.
    struct CallEventParts<V: ReadableJSON> {
        var sequence: EventSequence
        var time: Timestamp
        var kind: CallNotification.Kind
        var body: JSONReader<V>
    }

    /// The parts of an `evt` frame of a call event, nil for any other frame (with the checks of
    /// ``serverFrame(_:)`` on the envelope).
    static func callEvent<V: ReadableJSON>(_ json: V) throws(SignalingError) -> CallEventParts<V>? {
        let frame = try JSONReader(json, path: "", code: .invalidFrame)
        guard try frame.string("t") == "evt" else { return nil }
        let name = try frame.string("name")
        guard name.hasPrefix("call."), eventNames.contains(name) else { return nil }
        let sequence = try frame.int("seq", minimum: 1)
        let time = try frame.timestamp("time")
        let body = try frame.object("body")
        return CallEventParts(sequence: sequence, time: time, kind: try notificationKind(named: name, body: body), body: body)
    }

    /// The call of a call event in either form: a full call (it has `caller`) as it is; a compact one
    /// applied to the call as the connection last carried it. Nil when the compact form does not fit:
    /// the connection never carried the call, or the participants do not add up.
    static func compactCall<V>(_ reader: JSONReader<V>, known: KnownCalls) throws(SignalingError) -> Call? {
        if reader.has("caller") {
            return try ModelCoding.call(reader, includeInternals: false)
        }
        let id = CallID(rawValue: try reader.string("id"))
        let state = try ModelCoding.callState(reader)
        let connectedAt = try reader.optionalTimestamp("connectedAt")
        let count = try reader.int("participantCount", minimum: 0)
        let changed = try reader.objects("participants") { (element) throws(SignalingError) in
            try ModelCoding.participant(element, includeInternals: false)
        }
        guard var call = known[id] else { return nil }
        for participant in changed {
            if let index = call.participants.firstIndex(where: { $0.user == participant.user }) {
                call.participants[index] = participant
            } else {
                call.participants.append(participant)
            }
        }
        guard call.participants.count == count else { return nil }
        call.state = state
        call.connectedAt = connectedAt
        return call
    }
}
