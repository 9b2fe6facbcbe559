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
        let inCall = call.participants.filter { $0.state.isInCall }
        let ringing = call.participants.contains { $0.state.isRinging }
        let answersPending = call.participants.contains { $0.role != .caller && ($0.state.isRinging || $0.state == .accepting) }
        let over: Bool
        switch call.mode {
        case .general:
            over = !answersPending
        case .advanced:
            over = (inCall.isEmpty && !call.policy.keepsEmptyCall)
                || (call.connectedAt == nil && !answersPending)
                || (call.policy.endWhenAlone && !ringing && inCall.count <= 1)
        }
        guard over else { return }
        let reason = endReason(for: trigger)
        var extra: [Recipient] = []
        if let user = trigger.user, let participant = call.participant(user), participant.state.isTerminal {
            extra.append(recipient(participant))
        }
        finish(CallEnd(reason: reason, by: trigger.user, at: now), alsoTo: extra, into: &effects)
    }

    /// Why a call that is over ended. A call someone was in ends as answered (general) or hung up
    /// (advanced); one nobody answered is summarised from the invitees' outcomes, in this order:
    /// cancelled by the trigger, acceptance failed, declined, busy, cancelled, all offline, no answer.
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
        let outcomes = call.participants.filter { $0.role != .caller }.map(\.state)
        if outcomes.contains(where: { if case .acceptFailed = $0 { true } else { false } }) { return .acceptFailed }
        if outcomes.contains(.rejected(.declined)) { return .declined }
        if outcomes.contains(.rejected(.busy)) { return .busy }
        if outcomes.contains(.cancelled) { return .cancelled }
        if !outcomes.isEmpty && outcomes.allSatisfy({ $0 == .timedOut(.offline) }) { return .offline }
        return .noAnswer
    }

    /// Ends the call: everyone active (and `extra`) is told, and everyone not yet recorded is recorded.
    /// Participants keep their states.
    mutating func finish(_ end: CallEnd, alsoTo extra: [Recipient] = [], into effects: inout Effects) {
        call.state = .ended(end)
        for index in call.participants.indices {
            call.participants[index].clearDeadlines()
        }
        var recipients = call.participants.filter { $0.state.isActive }.map(recipient)
        for candidate in extra where !recipients.contains(candidate) {
            recipients.append(candidate)
        }
        for recipient in recipients {
            effects.notify(recipient, .ended, call)
        }
        for participant in call.participants where !participant.isRecorded {
            recordParticipant(participant.user, at: end.at, into: &effects)
        }
        // Those who left earlier keep their record (same time, reason and duration), now showing how
        // the call ended.
        for participant in call.participants where participant.isRecorded && !effects.hasRecord(of: participant.user) {
            effects.record(makeRecord(participant, reason: nil, at: participant.leftAt ?? participant.changedAt))
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
        effects.record(makeRecord(call.participants[index], reason: reason, at: now))
    }

    func makeRecord(_ participant: Participant, reason: CallEndReason?, at now: Timestamp) -> CallRecord {
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
            participants: call.participants.map(\.user), mode: call.mode, mediaType: call.mediaType,
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
