extension CallEngine {
    /// Puts invitees into the call (new entries, or earlier participants invited again) in the state the
    /// policy gives them, and arms their deadlines. Returns them in order.
    mutating func addInvitees(
        _ invitees: [UserID],
        by inviter: UserID,
        status: [UserID: InviteeStatus],
        at now: Timestamp
    ) -> [UserID] {
        let policy = call.policy
        for user in invitees {
            let status = status[user] ?? .onlineIdle
            var participant = Participant(
                user: user, role: .invitee, invitedBy: inviter, state: .inviting, at: now,
                isOnline: status.isOnline)
            if status.losesGlare {
                participant.enter(.rejected(.glare), at: now)
            } else if status.isBusy && (policy.busyInvitees == .reject || status.answersBusyWhileBusy) {
                participant.enter(.rejected(.busy), at: now)
            } else if !status.isOnline && !status.isReachableByPush && policy.offlineInvitees == .fail {
                participant.enter(.timedOut(.offline), at: now)
            } else {
                if policy.ringTimeoutStart == .atInvitation {
                    participant.ringDeadline = now + policy.ringTimeout
                }
                if let delivery = policy.deliveryTimeout {
                    participant.deliveryDeadline = now + delivery
                }
                if let check = policy.notReceivedCheck {
                    participant.notReceivedDeadline = now + check
                }
            }
            if let index = call.index(of: user) {
                // Invited again after leaving: a fresh stint, keeping the original role and the time
                // connected before.
                let earlier = call.participants[index]
                participant.role = earlier.role == .caller ? .caller : .invitee
                participant.earlierConnectedTime = earlier.earlierConnectedTime + completedStint(of: earlier)
                call.participants[index] = participant
            } else {
                call.participants.append(participant)
            }
        }
        return invitees
    }

    /// Delivers the invitations of freshly added invitees, then reports those that failed at once (busy,
    /// offline) to everyone active, and records them.
    mutating func announce(_ invitees: [UserID], by inviter: UserID, at now: Timestamp, into effects: inout Effects) {
        var failed: [UserID] = []
        for user in invitees {
            guard let index = call.index(of: user) else { continue }
            if call.participants[index].state.isRinging {
                effects.notify(.user(user), .invited(by: inviter), call)
            } else {
                failed.append(user)
            }
        }
        notifyChanged(failed, into: &effects)
        for user in failed {
            recordParticipant(user, at: now, into: &effects)
        }
    }

    /// Invite-more (ZIM `callingInvite`, Tencent `invite`): an accepted participant of an advanced call
    /// invites more users, with the call's original ring timeout. Users already ringing or in the call
    /// are skipped; users who left may be invited again. The participant limit counts everyone ringing
    /// or in the call.
    mutating func inviteMore(
        _ invitees: [UserID],
        status: [UserID: InviteeStatus],
        from sender: Endpoint,
        at now: Timestamp
    ) throws(CallError) -> Outcome {
        try Self.checkInvitees(invitees, sender: sender.user, policy: call.policy)
        try requireNotEnded()
        try requireAdvanced("invite-more")
        try requireAccepted(try requireParticipant(sender.user))

        var skipped: [UserID: CallError] = [:]
        var fresh: [UserID] = []
        var firstError: CallError?
        for user in invitees {
            if let participant = call.participant(user), participant.state.isActive {
                let error = CallError(.alreadyInCall, "\(user) is already \(participant.state) in the call")
                skipped[user] = error
                firstError = firstError ?? error
            } else {
                fresh.append(user)
            }
        }
        if fresh.isEmpty, let firstError {
            throw firstError
        }
        let active = call.participants.filter { $0.state.isActive }.count
        if active + fresh.count > call.policy.maxParticipants {
            throw CallError(.callFull,
                            "\(active) of \(call.policy.maxParticipants) places are taken; cannot add \(fresh.count)")
        }

        var effects = Effects(engine: self)
        let invited = addInvitees(fresh, by: sender.user, status: status, at: now)
        let ringing = invited.filter { call.participant($0)?.state.isRinging == true }
        for user in ringing {
            effects.notify(.user(user), .invited(by: sender.user), call)
        }
        notifyChanged(invited, excluding: ringing, into: &effects)
        for user in invited where !ringing.contains(user) {
            recordParticipant(user, at: now, into: &effects)
        }
        settle(at: now, trigger: .answered(by: nil), into: &effects)
        return Outcome(effects: effects.finish(self), skipped: skipped)
    }

    /// Cancels unanswered invitations the sender made: the named invitees, or all of them. A call left
    /// with nobody ringing or in it besides the caller before anyone accepted ends as cancelled.
    mutating func cancel(
        _ invitees: [UserID]?,
        data: String?,
        from sender: Endpoint,
        at now: Timestamp
    ) throws(CallError) -> Outcome {
        try Self.checkSize(data, limit: call.policy.maxAnswerBytes, what: "cancel data")
        if let invitees {
            if invitees.isEmpty {
                throw CallError(.invalidInvitees, "no invitees to cancel")
            }
            if Set(invitees).count != invitees.count {
                throw CallError(.invalidInvitees, "an invitee is named twice")
            }
        }
        try requireNotEnded()
        let senderIndex = try requireParticipant(sender.user)
        if !call.participants[senderIndex].state.isInCall {
            throw CallError(.notInCall, "\(sender.user) is not in the call (\(call.participants[senderIndex].state))")
        }

        var targets: [UserID] = []
        var skipped: [UserID: CallError] = [:]
        var firstError: CallError?
        if let invitees {
            for user in invitees {
                let error: CallError?
                if let participant = call.participant(user) {
                    if participant.invitedBy != sender.user {
                        error = CallError(.notInviter, "\(sender.user) did not invite \(user)")
                    } else if !participant.state.isRinging {
                        error = CallError.notRinging(participant)
                    } else {
                        error = nil
                    }
                } else {
                    error = CallError(.notParticipant, "\(user) is not a participant of call \(call.id)")
                }
                if let error {
                    skipped[user] = error
                    firstError = firstError ?? error
                } else {
                    targets.append(user)
                }
            }
        } else {
            let mine = call.participants.filter { $0.invitedBy == sender.user }
            targets = mine.filter { $0.state.isRinging }.map(\.user)
            if targets.isEmpty {
                firstError = mine.first.map(CallError.notRinging)
                    ?? CallError(.notInviter, "\(sender.user) has no invitations to cancel")
            }
        }
        if targets.isEmpty, let firstError {
            throw firstError
        }

        var effects = Effects(engine: self)
        for user in targets {
            guard let index = call.index(of: user) else { continue }
            call.participants[index].enter(.cancelled, at: now)
        }
        for user in targets {
            guard let participant = call.participant(user) else { continue }
            effects.notify(recipient(participant), .cancelled(by: sender.user, data: data), call)
        }
        notifyChanged(targets, into: &effects)
        for user in targets {
            recordParticipant(user, at: now, into: &effects)
        }
        settle(at: now, trigger: .cancelled(by: sender.user), into: &effects)
        return Outcome(effects: effects.finish(self), skipped: skipped)
    }
}
