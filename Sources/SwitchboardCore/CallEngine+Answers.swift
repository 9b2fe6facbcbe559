extension CallEngine {
    /// A device of the invitee has the invitation. Idempotent while ringing or in the call, so that
    /// several devices of one user may all acknowledge.
    mutating func acknowledgeDelivery(from sender: Endpoint, at now: Timestamp) throws(CallError) -> Outcome {
        try requireNotEnded()
        let index = try requireParticipant(sender.user)
        switch call.participants[index].state {
        case .inviting, .notYetReceived:
            break
        case .received, .accepting, .accepted:
            return Outcome()
        case .rejected, .cancelled, .timedOut, .acceptFailed, .quit:
            throw CallError.notRinging(call.participants[index])
        }
        var effects = Effects(engine: self)
        call.participants[index].enter(.received, at: now)
        call.participants[index].deliveryDeadline = nil
        call.participants[index].notReceivedDeadline = nil
        if call.policy.ringTimeoutStart == .atDelivery {
            call.participants[index].ringDeadline = now + call.policy.ringTimeout
        }
        notifyChanged([sender.user], into: &effects)
        return Outcome(effects: effects.finish(self))
    }

    /// Accepts a ringing invitation from one device. The device becomes the participant's acting
    /// device; the user's other devices are told it was answered elsewhere. Under three-way accept the
    /// participant waits in ``ParticipantState/accepting`` for the inviter's confirmation, and fails at
    /// once if the inviter is offline.
    mutating func accept(data: String?, from sender: Endpoint, at now: Timestamp) throws(CallError) -> Outcome {
        try Self.checkSize(data, limit: call.policy.maxAnswerBytes, what: "answer data")
        try requireNotEnded()
        let index = try requireParticipant(sender.user)
        guard call.participants[index].state.isRinging else { throw CallError.notRinging(call.participants[index]) }

        var effects = Effects(engine: self)
        let inviter = inviter(of: call.participants[index])
        call.participants[index].answerData = data
        call.participants[index].device = sender.device
        call.participants[index].clearDeadlines()
        if let confirmation = call.policy.acceptConfirmation {
            let inviterOnline = call.index(of: inviter).map { call.participants[$0].isOnline } ?? false
            if !inviterOnline {
                call.participants[index].enter(.acceptFailed(.callerOffline), at: now)
                effects.notify(.device(sender), .acceptFailed(.callerOffline), call)
                notifyAnsweredElsewhere(sender, into: &effects)
                notifyChanged([sender.user], into: &effects)
                recordParticipant(sender.user, at: now, into: &effects)
                settle(at: now, trigger: .answered(by: sender.user), into: &effects)
                return Outcome(effects: effects.finish(self))
            }
            call.participants[index].enter(.accepting, at: now)
            call.participants[index].confirmDeadline = now + confirmation
        } else {
            enterCall(index, at: now)
        }
        notifyChanged([sender.user], into: &effects)
        notifyAnsweredElsewhere(sender, into: &effects)
        settle(at: now, trigger: .answered(by: sender.user), into: &effects)
        return Outcome(effects: effects.finish(self))
    }

    /// Rejects a ringing invitation (declined, or "I'm busy").
    mutating func reject(
        data: String?,
        reason: RejectionReason,
        from sender: Endpoint,
        at now: Timestamp
    ) throws(CallError) -> Outcome {
        try Self.checkSize(data, limit: call.policy.maxAnswerBytes, what: "answer data")
        try requireNotEnded()
        let index = try requireParticipant(sender.user)
        let participant = call.participants[index]
        guard participant.state.isRinging else { throw CallError.notRinging(participant) }

        var effects = Effects(engine: self)
        call.participants[index].answerData = data
        call.participants[index].device = sender.device
        call.participants[index].enter(.rejected(reason), at: now)
        notifyChanged([sender.user], alsoTo: [.device(sender)], into: &effects)
        notifyAnsweredElsewhere(sender, into: &effects)
        recordParticipant(sender.user, at: now, into: &effects)
        settle(at: now, trigger: .answered(by: sender.user), into: &effects)
        return Outcome(effects: effects.finish(self))
    }

    /// The inviter's client confirms it has an acceptance (three-way accept, step three).
    mutating func confirmAccept(
        of invitee: UserID,
        from sender: Endpoint,
        at now: Timestamp
    ) throws(CallError) -> Outcome {
        try requireNotEnded()
        _ = try requireParticipant(sender.user)
        let index = try requireParticipant(invitee)
        if call.participants[index].invitedBy != sender.user {
            throw CallError(.notInviter, "\(sender.user) did not invite \(invitee)")
        }
        let state = call.participants[index].state
        if state != .accepting {
            throw CallError(.nothingToConfirm, "\(invitee) has no acceptance waiting (\(state))")
        }

        var effects = Effects(engine: self)
        enterCall(index, at: now)
        // The invitee hears it once, as `acceptConfirmed`, which carries the same call: not also as a
        // participant change (docs/DECISIONS.md, "Echoes in the reply").
        notifyChanged([invitee], excluding: [invitee], into: &effects)
        effects.notify(recipient(call.participants[index]), .acceptConfirmed, call)
        settle(at: now, trigger: .answered(by: invitee), into: &effects)
        return Outcome(effects: effects.finish(self))
    }

    /// Moves a participant into the call, connecting the call if they are the first.
    mutating func enterCall(_ index: Int, at now: Timestamp) {
        call.participants[index].enter(.accepted, at: now)
        call.participants[index].clearDeadlines()
        call.participants[index].answeredAt = now
        call.participants[index].leftAt = nil
        if call.state == .ringing {
            call.state = .connected
            call.connectedAt = now
        }
    }
}
