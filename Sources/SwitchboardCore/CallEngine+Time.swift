extension CallEngine {
    /// Carries out every deadline due at `now`, earliest first, each at its own instant; deadlines that
    /// fall on the same instant are handled together (one change event for all of them).
    public mutating func expire(at now: Timestamp) -> [CallEffect] {
        var effects = Effects(engine: self)
        while !call.state.isEnded, let due = call.nextDeadline, due <= now {
            expireDeadlines(at: due, into: &effects)
        }
        return effects.finish(self)
    }

    private mutating func expireDeadlines(at instant: Timestamp, into effects: inout Effects) {
        var changed: [UserID] = []
        var failed: [UserID] = []
        for index in call.participants.indices {
            var participant = call.participants[index]
            if participant.notReceivedDeadline == instant {
                participant.notReceivedDeadline = nil
                if participant.state == .inviting {
                    participant.enter(.notYetReceived, at: instant)
                    changed.append(participant.user)
                }
            }
            if participant.confirmDeadline == instant {
                participant.confirmDeadline = nil
                if participant.state == .accepting {
                    participant.enter(.acceptFailed(.notConfirmed), at: instant)
                    changed.append(participant.user)
                    failed.append(participant.user)
                }
            }
            if participant.deliveryDeadline == instant {
                participant.deliveryDeadline = nil
                if participant.state == .inviting || participant.state == .notYetReceived {
                    participant.enter(.timedOut(participant.isOnline ? .noAcknowledgement : .offline), at: instant)
                    if !changed.contains(participant.user) { changed.append(participant.user) }
                    failed.append(participant.user)
                }
            }
            if participant.ringDeadline == instant {
                participant.ringDeadline = nil
                if participant.state.isRinging {
                    participant.enter(.timedOut(.noAnswer), at: instant)
                    if !changed.contains(participant.user) { changed.append(participant.user) }
                    failed.append(participant.user)
                }
            }
            call.participants[index] = participant
        }
        for user in failed {
            guard let participant = call.participant(user) else { continue }
            switch participant.state {
            case .timedOut(let cause):
                effects.notify(recipient(participant), .timedOut(cause), call)
            case .acceptFailed(let failure):
                effects.notify(recipient(participant), .acceptFailed(failure), call)
            default:
                break
            }
        }
        notifyChanged(changed, into: &effects)
        for user in failed {
            recordParticipant(user, at: instant, into: &effects)
        }
        if !failed.isEmpty {
            settle(at: instant, trigger: .expired, into: &effects)
        }
    }

    /// The service tells the engine that a participant came online (logged in, or back after the grace
    /// period) or went offline. Coming online delivers a kept invitation again, or a catch-up snapshot to
    /// someone in the call; the caller going offline cancels an unanswered call when the policy says so.
    public mutating func presenceChanged(of user: UserID, isOnline: Bool, at now: Timestamp) -> [CallEffect] {
        guard !call.state.isEnded, let index = call.index(of: user), call.participants[index].isOnline != isOnline else {
            return []
        }
        var effects = Effects(engine: self)
        call.participants[index].isOnline = isOnline
        let participant = call.participants[index]
        if isOnline {
            switch participant.state {
            case .inviting, .notYetReceived:
                effects.notify(.user(user), .invited(by: inviter(of: participant)), call)
            case .received, .accepting, .accepted:
                effects.notify(recipient(participant), .synced, call)
            default:
                break
            }
        } else if user == call.caller, call.policy.cancelWhenCallerOffline, call.state == .ringing {
            let ringing = call.participants.filter { $0.invitedBy == user && $0.state.isRinging }.map(\.user)
            for target in ringing {
                guard let targetIndex = call.index(of: target) else { continue }
                call.participants[targetIndex].enter(.cancelled, at: now)
                effects.notify(recipient(call.participants[targetIndex]), .cancelled(by: user, data: nil), call)
            }
            notifyChanged(ringing, into: &effects)
            for target in ringing {
                recordParticipant(target, at: now, reason: .callerOffline, into: &effects)
            }
            if !call.participants.contains(where: { $0.role != .caller && $0.state.isActive }) {
                finish(CallEnd(reason: .callerOffline, by: user, at: now), into: &effects)
            }
        }
        return effects.finish(self)
    }
}
