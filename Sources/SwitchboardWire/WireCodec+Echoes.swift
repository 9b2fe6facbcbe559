import SwitchboardCore
import SwitchboardJSON

// Echoes in the reply (docs/DECISIONS.md, "Echoes in the reply"): the call events a request made for the
// session that sent it ride in its response, each without its call, which is the reply's.

extension WireCodec {
    /// The response's `echoes` member, when it has any: each entry is an `evt` frame's `seq`, `time`,
    /// `name` and `body`, the body without its `call` (`Schemas/frames/server/res.schema.json`).
    static func writeEchoes<W: JSONStreamWriter>(_ echoes: [EventEnvelope], to object: inout W) {
        guard !echoes.isEmpty else { return }
        object.array("echoes", echoes) { writer, envelope in
            writer.beginObject()
            writer.add("seq", envelope.sequence)
            writer.add("time", envelope.time)
            writer.add("name", envelope.event.name)
            writer.key("body")
            writer.beginObject()
            if case .call(let note) = envelope.event { writeMembers(of: note.kind, to: &writer) }
            writer.endObject()
            writer.endObject()
        }
    }

    /// The echoes of a `res` frame, each given `call`, the reply's call; none when the frame has no
    /// `echoes`. Echoes with anything but a call reply are an error, as is an entry that is not a call event.
    static func echoes<V>(_ frame: JSONReader<V>, call: Call?) throws(SignalingError) -> [EventEnvelope] {
        guard frame.has("echoes") else { return [] }
        guard let call else {
            throw frame.error("echoes", "echoes come only with a successful reply whose reply is a call")
        }
        return try frame.objects("echoes") { (entry) throws(SignalingError) in
            let sequence = try entry.int("seq", minimum: 1)
            let time = try entry.timestamp("time")
            let name = try entry.string("name")
            guard name.hasPrefix("call."), eventNames.contains(name) else {
                throw entry.error("name", "an echo is a call event, not \(quoted(name))")
            }
            let kind = try notificationKind(named: name, body: try entry.object("body"))
            return EventEnvelope(sequence: sequence, time: time, event: .call(CallNotification(kind: kind, call: call)))
        }
    }
}

extension Call {
    /// Whether a client sees `other` as this call: everything the wire carries is the same (the fixed
    /// facts, the state and times, each participant's public members), whatever differs in the service's
    /// bookkeeping (deadlines, records written, pushes, presence), which the wire leaves out. An echo is
    /// folded into a reply only when its call and the reply's are alike so.
    public func looksTheSameToClients(as other: Call) -> Bool {
        guard sharesFacts(with: other), state == other.state, connectedAt == other.connectedAt,
              participants.count == other.participants.count else { return false }
        return zip(participants, other.participants).allSatisfy { mine, theirs in
            mine.user == theirs.user && mine.role == theirs.role && mine.invitedBy == theirs.invitedBy
                && mine.state == theirs.state && mine.answerData == theirs.answerData
                && mine.changedAt == theirs.changedAt && mine.invitedAt == theirs.invitedAt
                && mine.answeredAt == theirs.answeredAt && mine.leftAt == theirs.leftAt
                && mine.device == theirs.device && mine.media == theirs.media
        }
    }
}
