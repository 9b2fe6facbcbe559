/// What just happened to a call, as far as deciding whether (and why) it ends.
enum SettleTrigger {
    case created
    case answered(by: UserID?)
    case cancelled(by: UserID)
    case quit(by: UserID)
    case expired
    case callerOffline(UserID)

    var user: UserID? {
        switch self {
        case .answered(let user): user
        case .cancelled(let user), .quit(let user), .callerOffline(let user): user
        case .created, .expired: nil
        }
    }
}

extension CallEngine {
    /// Ends the call if its mode says it is over:
    /// - general: no invitee is ringing or waiting for confirmation;
    /// - advanced: as general until the call connects (ZIM: the two modes do not differ in cancel,
    ///   accept, reject and timeout); after that, when nobody is in the call (unless the policy keeps
    ///   empty calls), or (end-when-alone) when nobody rings and at most one is in it.
    mutating func settle(at now: Timestamp, trigger: SettleTrigger, into effects: inout Effects) {
        guard !call.state.isEnded else { return }
        var inCall = 0
        var ringing = false
        var answersPending = false
        for index in call.participants.indices {
            let state = call.participants[index].state
            if state.isInCall { inCall += 1 }
            if state.isRinging { ringing = true }
            if call.participants[index].role != .caller && (state.isRinging || state == .accepting) {
                answersPending = true
            }
        }
        let over: Bool
        switch call.mode {
        case .general:
            over = !answersPending
        case .advanced:
            over = (inCall == 0 && !call.policy.keepsEmptyCall)
                || (call.connectedAt == nil && !answersPending)
                || (call.policy.endWhenAlone && !ringing && inCall <= 1)
        }
        guard over else { return }
        let reason = endReason(for: trigger)
        var extra: [Recipient] = []
        if let user = trigger.user, let index = call.index(of: user), call.participants[index].state.isTerminal {
            extra.append(recipient(call.participants[index]))
        }
        finish(CallEnd(reason: reason, by: trigger.user, at: now), alsoTo: extra, into: &effects)
    }

    /// Why a call that is over ended. A call someone was in ends as answered (general) or hung up
    /// (advanced); one nobody answered is summarised from the invitees' outcomes, in this order:
    /// cancelled by the trigger, acceptance failed, declined, busy, glare, cancelled, all offline, no answer.
    func endReason(for trigger: SettleTrigger) -> CallEndReason {
        switch trigger {
        case .quit: return .hungUp
        case .callerOffline: return .callerOffline
        case .cancelled where call.connectedAt == nil: return .cancelled
        default: break
        }
        if call.connectedAt != nil {
            return call.mode == .general ? .allAnswered : .hungUp
        }
        let outcomes = call.participants.lazy.filter { $0.role != .caller }.map(\.state)
        if outcomes.contains(where: { if case .acceptFailed = $0 { true } else { false } }) { return .acceptFailed }
        if outcomes.contains(.rejected(.declined)) { return .declined }
        if outcomes.contains(.rejected(.busy)) { return .busy }
        if outcomes.contains(.rejected(.glare)) { return .glare }
        if outcomes.contains(.cancelled) { return .cancelled }
        if !outcomes.isEmpty && outcomes.allSatisfy({ $0 == .timedOut(.offline) }) { return .offline }
        return .noAnswer
    }

    /// Ends the call: everyone active (and `extra`) is told, and everyone not yet recorded is recorded.
    /// Participants keep their states.
    mutating func finish(_ end: CallEnd, alsoTo extra: [Recipient] = [], into effects: inout Effects) {
        call.state = .ended(end)
        for index in call.participants.indices where call.participants[index].hasDeadline {
            call.participants[index].clearDeadlines()
        }
        for index in call.participants.indices where call.participants[index].state.isActive {
            effects.notify(recipient(call.participants[index]), .ended, call)
        }
        // Each extra recipient once, unless an active participant above already got the news there.
        for (position, candidate) in extra.enumerated()
        where !extra[..<position].contains(candidate)
            && !call.participants.contains(where: { $0.state.isActive && recipient($0) == candidate }) {
            effects.notify(candidate, .ended, call)
        }
        for index in call.participants.indices where !call.participants[index].isRecorded {
            recordParticipant(call.participants[index].user, at: end.at, into: &effects)
        }
        // Those who left earlier keep their record (same time, reason and duration), now showing how
        // the call ended.
        for index in call.participants.indices
        where call.participants[index].isRecorded && !effects.hasRecord(of: call.participants[index].user) {
            let participant = call.participants[index]
            let record = makeRecord(participant, reason: nil, at: participant.leftAt ?? participant.changedAt,
                                    users: effects.users(of: call.participants))
            effects.record(record)
        }
    }

    /// Writes the participant's record for their current stint, once. Ephemeral calls leave none.
    mutating func recordParticipant(
        _ user: UserID,
        at now: Timestamp,
        reason: CallEndReason? = nil,
        into effects: inout Effects
    ) {
        guard !call.policy.ephemeral, let index = call.index(of: user), !call.participants[index].isRecorded else {
            return
        }
        call.participants[index].isRecorded = true
        effects.record(makeRecord(call.participants[index], reason: reason, at: now, users: effects.users(of: call.participants)))
    }

    /// The participant's record; `users` is everyone in the call, in call order (``Effects/users(of:)``).
    func makeRecord(_ participant: Participant, reason: CallEndReason?, at now: Timestamp, users: [UserID]) -> CallRecord {
        let isCaller = participant.role == .caller && participant.user == call.caller
        // A rejection the user made (on a device) is an answer; an automatic busy rejection is not.
        let answered: Bool
        switch participant.state {
        case .rejected: answered = participant.device != nil
        case .acceptFailed: answered = true
        default: answered = participant.answeredAt != nil
        }
        // Someone connected in an earlier stint took part in the call, even if they missed a later
        // invitation into it.
        let tookPart = answered || participant.earlierConnectedTime > .zero
        let direction: CallDirection = isCaller ? .outgoing : (tookPart ? .incoming : .missed)
        let until = participant.leftAt ?? call.state.end?.at ?? now

        let endReason: CallEndReason
        if let reason {
            endReason = reason
        } else {
            switch participant.state {
            case .rejected(.busy): endReason = .busy
            case .rejected(.glare): endReason = .glare
            case .rejected(.declined): endReason = .declined
            case .cancelled: endReason = .cancelled
            case .timedOut(.offline): endReason = .offline
            case .timedOut: endReason = .noAnswer
            case .acceptFailed: endReason = .acceptFailed
            case .quit: endReason = .hungUp
            case .inviting, .notYetReceived, .received, .accepting, .accepted:
                endReason = call.state.end?.reason ?? .hungUp
            }
        }

        let duration = participant.earlierConnectedTime + connectedTime(of: participant, until: until)
        return CallRecord(
            callID: call.id, owner: participant.user, caller: call.caller,
            participants: users, mode: call.mode, mediaType: call.mediaType,
            roomID: call.roomID, groupID: call.groupID, direction: direction, outcome: participant.state,
            endReason: endReason, answeredOn: isCaller || !answered ? nil : participant.device,
            startedAt: call.createdAt, duration: duration, recordedAt: now,
            payload: call.payload, inviter: participant.invitedBy)
        // `members` and `endedAt` are filled in by `Effects.finish`, with the call as the whole
        // transition leaves it.
    }

    /// How long a participant's current (or last) stint in the call has been connected, up to `until`:
    /// from when they entered, or for the caller from when someone else first answered.
    func connectedTime(of participant: Participant, until: Timestamp) -> Duration {
        guard var since = participant.answeredAt else { return .zero }
        if participant.role == .caller && participant.user == call.caller {
            guard let connected = call.connectedAt else { return .zero }
            since = max(since, connected)
        }
        return since < until ? since.duration(to: until) : .zero
    }

    /// The connected time of a stint that has ended (the participant left), folded into
    /// ``Participant/earlierConnectedTime`` when they come back.
    func completedStint(of participant: Participant) -> Duration {
        guard let left = participant.leftAt else { return .zero }
        return connectedTime(of: participant, until: left)
    }
}
