import SwitchboardCore

// The call in a frame (`ok.call` of a response, `body.call` of an event) as ServerFrameScanner reads it,
// in either form (docs/DECISIONS.md, "Compact call events"). Every member it reads is read once: a second
// one (a duplicate key, which jansson refuses) leaves the frame unread.

extension ServerFrameScanner {
    /// A successful response's `ok`, the cursor at it.
    mutating func response(_ id: Int64, echoes echoesAt: Int?, in cursor: inout JSONTextCursor) -> ScannedFrame? {
        var fields: CallFields?
        var sawCall = false
        let read = cursor.fields { cursor, key in
            guard cursor.matches(key, "call") else { return cursor.skipValue() }
            guard !sawCall else { return false }
            sawCall = true
            fields = Self.callFields(&cursor)
            return fields != nil
        }
        guard read else { return nil }
        guard let fields else { return echoesAt == nil ? .success(id: id, callID: nil) : nil }
        // A call reply counts as the call's carrying, as an event does: the next frame of the call may be
        // compact.
        guard let (callID, call, phase) = resolve(fields, in: cursor) else { return nil }
        var echoes: [ScannedEcho] = []
        if let echoesAt {
            cursor.at = echoesAt
            guard let read = Self.echoes(of: call, id: callID, phase: phase, in: &cursor) else { return nil }
            echoes = read
        }
        remember(call, for: callID, phase: phase)
        return .success(id: id, callID: callID, echoes: echoes)
    }

    /// A response's `echoes` (docs/DECISIONS.md, "Echoes in the reply"), the cursor at the array: each
    /// entry's sequence and kind, about the reply's call. Nil when an entry is not one the scan reads.
    private static func echoes(
        of call: ScannedCall, id: CallID, phase: ScannedCallEvent.Phase, in cursor: inout JSONTextCursor
    ) -> [ScannedEcho]? {
        var echoes: [ScannedEcho] = []
        let read = cursor.elements { cursor in
            var sequence: Int64?
            var name: Range<Int>?
            var bodyAt: Int?
            let entry = cursor.fields { cursor, key in
                if cursor.matches(key, "seq") {
                    return cursor.readOnce(into: &sequence) { $0.integer() }
                } else if cursor.matches(key, "name") {
                    return cursor.readOnce(into: &name) { $0.string() }
                } else if cursor.matches(key, "body") {
                    guard cursor.readOnce(into: &bodyAt, { $0.valueStart() }) else { return false }
                }
                return cursor.skipValue()
            }
            guard entry, let sequence, sequence >= 1, let name, let bodyAt,
                  let eventName = kind(named: name, in: cursor) else { return false }
            let end = cursor.at
            cursor.at = bodyAt
            guard let (kind, _) = body(of: eventName, withCall: false, in: &cursor) else { return false }
            cursor.at = end
            echoes.append(ScannedEcho(sequence: sequence, event: call.event(kind, id: id, phase: phase)))
            return true
        }
        return read ? echoes : nil
    }

    /// A call event's `body`, the cursor at it.
    mutating func event(_ name: EventName, at sequence: EventSequence, in cursor: inout JSONTextCursor) -> ScannedFrame? {
        guard let (kind, fields) = Self.body(of: name, withCall: true, in: &cursor), let fields,
              let (callID, call, phase) = resolve(fields, in: cursor) else { return nil }
        remember(call, for: callID, phase: phase)
        return .callEvent(sequence: sequence, call.event(kind, id: callID, phase: phase))
    }

    /// A call event's `body`, the cursor at it: its kind, with the kind's detail (`cause` of a timed-out
    /// invitation, `failure` of a failed accept), and, `withCall`, its call; an echo's body has no call (the
    /// reply's is the echo's), and a `call` in it is stepped over. Any other kind's members, these names
    /// included, are stepped over, as WireCodec ignores them. Nil when the body is not one the scan reads.
    private static func body(
        of name: EventName, withCall: Bool, in cursor: inout JSONTextCursor
    ) -> (kind: ScannedCallEvent.Kind, call: CallFields?)? {
        var fields: CallFields?
        var sawCall = false
        var detail: Range<Int>?
        let detailKey: StaticString? = switch name {
        case .plain: nil
        case .timedOut: "cause"
        case .acceptFailed: "failure"
        }
        let read = cursor.fields { cursor, key in
            if let detailKey, cursor.matches(key, detailKey) {
                return cursor.readOnce(into: &detail) { $0.string() }
            }
            guard withCall, cursor.matches(key, "call") else { return cursor.skipValue() }
            guard !sawCall else { return false }
            sawCall = true
            fields = callFields(&cursor)
            return fields != nil
        }
        guard read else { return nil }
        switch name {
        case .plain(let plain):
            return (plain, fields)
        case .timedOut:
            guard let detail, let cause = TimeoutCause(rawValue: cursor.text(detail)) else { return nil }
            return (.timedOut(cause), fields)
        case .acceptFailed:
            guard let detail, let failure = AcceptFailure(rawValue: cursor.text(detail)) else { return nil }
            return (.acceptFailed(failure), fields)
        }
    }

    /// One participant's members, as the scan found them.
    struct ParticipantFields {
        var user: Range<Int>?
        var invitedBy: Range<Int>?
        var state: Range<Int>?
        var reason: Range<Int>?
    }

    /// A call object's members as the scan found them: the full form has `caller`, the compact one
    /// `participantCount` instead.
    struct CallFields {
        var id: Range<Int>
        var caller: Range<Int>?
        var state: Range<Int>
        var hasEnd: Bool
        var endReason: Range<Int>?
        var participantCount: Int64?
        var participants: [ParticipantFields]
    }

    /// Reads the call object at the cursor; nil when it is not one the scan is sure of.
    static func callFields(_ cursor: inout JSONTextCursor) -> CallFields? {
        var callID: Range<Int>?
        var callCaller: Range<Int>?
        var state: Range<Int>?
        var hasEnd = false
        var endReason: Range<Int>?
        var participantCount: Int64?
        var participants: [ParticipantFields]?
        let read = cursor.fields { cursor, key in
            if cursor.matches(key, "id") {
                return cursor.readOnce(into: &callID) { $0.string() }
            } else if cursor.matches(key, "caller") {
                return cursor.readOnce(into: &callCaller) { $0.string() }
            } else if cursor.matches(key, "state") {
                return cursor.readOnce(into: &state) { $0.string() }
            } else if cursor.matches(key, "end") {
                guard !hasEnd else { return false }
                hasEnd = true
                return cursor.fields { cursor, key in
                    guard cursor.matches(key, "reason") else { return cursor.skipValue() }
                    return cursor.readOnce(into: &endReason) { $0.string() }
                }
            } else if cursor.matches(key, "participantCount") {
                return cursor.readOnce(into: &participantCount) { $0.integer() }
            } else if cursor.matches(key, "participants") {
                guard participants == nil else { return false }
                var list: [ParticipantFields] = []
                let read = cursor.elements { cursor in
                    guard let participant = participantFields(&cursor) else { return false }
                    list.append(participant)
                    return true
                }
                participants = list
                return read
            }
            return cursor.skipValue()
        }
        guard read, let callID, let state, let participants, (callCaller == nil) != (participantCount == nil) else { return nil }
        return CallFields(id: callID, caller: callCaller, state: state, hasEnd: hasEnd, endReason: endReason,
                          participantCount: participantCount, participants: participants)
    }

    private static func participantFields(_ cursor: inout JSONTextCursor) -> ParticipantFields? {
        var participant = ParticipantFields()
        let read = cursor.fields { cursor, key in
            if cursor.matches(key, "user") {
                return cursor.readOnce(into: &participant.user) { $0.string() }
            } else if cursor.matches(key, "invitedBy") {
                return cursor.readOnce(into: &participant.invitedBy) { $0.string() }
            } else if cursor.matches(key, "state") {
                return cursor.readOnce(into: &participant.state) { $0.string() }
            } else if cursor.matches(key, "reason") {
                return cursor.readOnce(into: &participant.reason) { $0.string() }
            }
            return cursor.skipValue()
        }
        guard read, participant.user != nil, participant.state != nil else { return nil }
        return participant
    }

    /// The call a call object stands for, as the connection holds it after this frame: the full form names
    /// the caller and every participant; the compact one only the participants that changed since the call
    /// was last carried, applied to the call as ``calls`` holds it (`CompactEventDecoder`'s rule). Nil when
    /// the scan is not sure of it, or the compact form does not fit.
    func resolve(_ fields: CallFields, in cursor: JSONTextCursor) -> (CallID, ScannedCall, ScannedCallEvent.Phase)? {
        let state = fields.state
        let phase: ScannedCallEvent.Phase
        if cursor.matches(state, "ringing"), !fields.hasEnd {
            phase = .ringing
        } else if cursor.matches(state, "connected"), !fields.hasEnd {
            phase = .connected
        } else if cursor.matches(state, "ended"), let endReason = fields.endReason,
                  let reason = CallEndReason(rawValue: cursor.text(endReason)) {
            phase = .ended(reason)
        } else {
            return nil
        }
        let id = CallID(cursor.text(fields.id))
        var call: ScannedCall
        if let callCaller = fields.caller {
            call = ScannedCall(isFromCaller: cursor.matches(callCaller, caller), callerIsViewer: cursor.matches(callCaller, viewer),
                               participants: [])
            call.participants.reserveCapacity(fields.participants.count)
        } else {
            guard compactEvents, let held = calls[id] else { return nil }
            call = held
        }
        for participant in fields.participants {
            guard let user = participant.user, let stateName = participant.state,
                  let participantState = Self.participantState(stateName, reason: participant.reason, in: cursor) else { return nil }
            let invitedByViewer = participant.invitedBy.map { cursor.matches($0, viewer) } ?? call.callerIsViewer
            let scanned = ScannedCall.Participant(user: cursor.bytes(user), isCallee: cursor.matches(user, callee),
                                                  invitedByViewer: invitedByViewer, state: participantState)
            if fields.caller == nil, let index = call.participants.firstIndex(where: { $0.user == scanned.user }) {
                call.participants[index] = scanned
            } else {
                call.participants.append(scanned)
            }
        }
        if let count = fields.participantCount, Int64(call.participants.count) != count { return nil }
        return (id, call, phase)
    }

    /// `ModelCoding.participantState`: a reason for rejected, timedOut and acceptFailed, none otherwise.
    static func participantState(_ name: Range<Int>, reason: Range<Int>?, in cursor: JSONTextCursor) -> ParticipantState? {
        let plain: ParticipantState? =
            if cursor.matches(name, "inviting") { .inviting }
            else if cursor.matches(name, "notYetReceived") { .notYetReceived }
            else if cursor.matches(name, "received") { .received }
            else if cursor.matches(name, "accepting") { .accepting }
            else if cursor.matches(name, "accepted") { .accepted }
            else if cursor.matches(name, "cancelled") { .cancelled }
            else if cursor.matches(name, "quit") { .quit }
            else { nil }
        if let plain { return reason == nil ? plain : nil }
        guard let reason else { return nil }
        let text = cursor.text(reason)
        if cursor.matches(name, "rejected") { return RejectionReason(rawValue: text).map { .rejected($0) } }
        if cursor.matches(name, "timedOut") { return TimeoutCause(rawValue: text).map { .timedOut($0) } }
        if cursor.matches(name, "acceptFailed") { return AcceptFailure(rawValue: text).map { .acceptFailed($0) } }
        return nil
    }
}
