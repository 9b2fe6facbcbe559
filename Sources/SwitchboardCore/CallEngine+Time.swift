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

    /// The service tells the engine that a participant came online (their first session) or went
    /// offline (their last session ended). The flag decides how a delivery timeout fails (offline or
    /// no acknowledgement) and whether a three-way accept can reach the inviter; when the policy says
    /// so, the caller going offline cancels a call nobody accepted yet. What a device that comes
    /// online should be shown is ``catchUp(for:)``.
    public mutating func presenceChanged(of user: UserID, isOnline: Bool, at now: Timestamp) -> [CallEffect] {
        guard !call.state.isEnded, let index = call.index(of: user), call.participants[index].isOnline != isOnline else {
            return []
        }
        var effects = Effects(engine: self)
        call.participants[index].isOnline = isOnline
        if isOnline {
            return effects.finish(self)
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
            settle(at: now, trigger: .callerOffline(user), into: &effects)
        }
        return effects.finish(self)
    }

    /// The session of `endpoint` ended for good. Under ``CallPolicy/leavesWithDevice`` a participant
    /// acting from that device leaves: a caller nobody answered yet cancels, anyone else in an advanced
    /// call quits. Anything else changes nothing.
    public mutating func deviceGone(_ endpoint: Endpoint, at now: Timestamp) -> [CallEffect] {
        guard call.policy.leavesWithDevice, !call.state.isEnded, let participant = call.participant(endpoint.user),
              participant.device == endpoint.device, participant.state.isInCall else {
            return []
        }
        let command: CallCommand
        if participant.role == .caller && call.connectedAt == nil {
            command = .cancel(invitees: nil, data: nil)
        } else if call.mode == .advanced && participant.state == .accepted {
            command = .quit(data: nil)
        } else {
            return []
        }
        return (try? handle(command, from: endpoint, at: now).effects) ?? []
    }

    /// What a device that just came online should be told about this call: the invitation, while the
    /// user rings and has not answered on another device (an invitation kept for an offline user,
    /// or a second device joining the ringing); a snapshot when the user is in the call on this
    /// device (or has no acting device yet).
    public func catchUp(for endpoint: Endpoint) -> [CallNotification] {
        guard !call.state.isEnded, let participant = call.participant(endpoint.user) else { return [] }
        if participant.state.isRinging {
            return [CallNotification(kind: .invited(by: inviter(of: participant)), call: call)]
        }
        if participant.state.isInCall, participant.device == nil || participant.device == endpoint.device {
            return [CallNotification(kind: .synced, call: call)]
        }
        return []
    }
}
