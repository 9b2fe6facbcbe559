extension CallEngine {
    /// Joins an advanced call from a device (ZIM `callJoin`, Tencent `join(callId:)`).
    ///
    /// - An outsider, or a participant who left, comes in (the participant limit applies).
    /// - A ringing invitee joining is an accept.
    /// - A participant already in the call moves the call to this device (ZIM's primary device); doing
    ///   so from the device that already acts for them is ``CallError/Code/alreadyInCall``.
    mutating func join(data: String?, from sender: Endpoint, at now: Timestamp) throws(CallError) -> Outcome {
        try Self.checkSize(data, limit: call.policy.maxAnswerBytes, what: "join data")
        try requireNotEnded()
        try requireAdvanced("join")

        var effects = Effects(engine: self)
        if let index = call.index(of: sender.user) {
            let participant = call.participants[index]
            switch participant.state {
            case .accepted, .accepting:
                if participant.device == sender.device {
                    throw CallError(.alreadyInCall, "\(sender) is already in the call")
                }
                call.participants[index].device = sender.device
                if let previous = participant.device {
                    effects.notify(.device(Endpoint(user: sender.user, device: previous)),
                                   .answeredElsewhere(device: sender.device), call)
                }
                effects.notify(.device(sender), .synced, call)
                return Outcome(effects: effects.finish(self))
            case .inviting, .notYetReceived, .received:
                call.participants[index].answerData = data
                call.participants[index].device = sender.device
                enterCall(index, at: now)
                notifyChanged([sender.user], into: &effects)
                notifyAnsweredElsewhere(sender, into: &effects)
                return Outcome(effects: effects.finish(self))
            case .rejected, .cancelled, .timedOut, .acceptFailed, .quit:
                try requireRoomForOneMore()
                var rejoining = participant
                rejoining.earlierConnectedTime += completedStint(of: participant)
                rejoining.isRecorded = false
                rejoining.isOnline = true
                rejoining.answerData = data
                rejoining.device = sender.device
                rejoining.invitedAt = now
                call.participants[index] = rejoining
                enterCall(index, at: now)
            }
        } else {
            try requireRoomForOneMore()
            var joiner = Participant(user: sender.user, role: .joiner, invitedBy: nil, state: .accepted, at: now,
                                     device: sender.device, isOnline: true)
            joiner.answerData = data
            call.participants.append(joiner)
            enterCall(call.participants.count - 1, at: now)
        }
        notifyChanged([sender.user], into: &effects)
        return Outcome(effects: effects.finish(self))
    }

    private func requireRoomForOneMore() throws(CallError) {
        let active = call.participants.filter { $0.state.isActive }.count
        if active + 1 > call.policy.maxParticipants {
            throw CallError(.callFull, "call \(call.id) already holds \(call.policy.maxParticipants) participants")
        }
    }

    /// Leaves an advanced call (ZIM `callQuit`, Tencent hang-up in a call that goes on).
    mutating func quit(data: String?, from sender: Endpoint, at now: Timestamp) throws(CallError) -> Outcome {
        try Self.checkSize(data, limit: call.policy.maxAnswerBytes, what: "quit data")
        try requireNotEnded()
        try requireAdvanced("quit")
        let index = try requireParticipant(sender.user)
        try requireAccepted(index)

        var effects = Effects(engine: self)
        let leaving = recipient(call.participants[index])
        call.participants[index].answerData = data
        call.participants[index].enter(.quit, at: now)
        call.participants[index].leftAt = now
        notifyChanged([sender.user], alsoTo: [leaving], into: &effects)
        recordParticipant(sender.user, at: now, into: &effects)
        settle(at: now, trigger: .quit(by: sender.user), into: &effects)
        return Outcome(effects: effects.finish(self))
    }

    /// Ends an advanced call for everyone (ZIM `callEnd`). Participants keep their states; the call
    /// becomes ended.
    mutating func end(data: String?, from sender: Endpoint, at now: Timestamp) throws(CallError) -> Outcome {
        try Self.checkSize(data, limit: call.policy.maxAnswerBytes, what: "end data")
        try requireNotEnded()
        try requireAdvanced("end")
        let index = try requireParticipant(sender.user)
        try requireAccepted(index)

        var effects = Effects(engine: self)
        finish(CallEnd(reason: .hungUp, by: sender.user, at: now, data: data), into: &effects)
        return Outcome(effects: effects.finish(self))
    }

    /// Records the sender's microphone and camera (Tencent: every participant sees the others'). Allowed
    /// while ringing or in the call, from the device that acts for the participant (any of the user's
    /// devices while none does yet); an unchanged report changes nothing and notifies no one.
    mutating func setMedia(_ media: ParticipantMedia, from sender: Endpoint) throws(CallError) -> Outcome {
        try requireNotEnded()
        let index = try requireParticipant(sender.user)
        let participant = call.participants[index]
        guard participant.state.isActive else {
            throw CallError(.notInCall, "\(sender.user) is not in the call (\(participant.state))")
        }
        if let device = participant.device, device != sender.device {
            throw CallError(.notInCall, "\(sender.user) takes part in call \(call.id) from another device")
        }
        guard participant.media != media else { return Outcome() }
        var effects = Effects(engine: self)
        call.participants[index].media = media
        notifyChanged([sender.user], into: &effects)
        return Outcome(effects: effects.finish(self))
    }
}
