/// The state machine of one call: pure and deterministic.
///
/// Every transition takes the current instant from the caller and returns the effects the service must
/// carry out (notifications, records, deadlines). An illegal command throws a ``CallError`` and leaves
/// the call exactly as it was: every method validates first and mutates only after that.
///
/// Time only moves forward: before applying a command, a presence change or ``endByServer(at:)`` at
/// some instant, the caller must ``expire(at:)`` every deadline at or before that instant (the service
/// does), or the deadline would be handled after a later event.
///
/// Validation order, the same for every command (the state-by-command table test pins it):
/// 1. arguments that need no state (payload sizes, invitee lists);
/// 2. the call has not ended (``CallError/Code/callEnded``);
/// 3. the command exists in the call's mode (``CallError/Code/notAdvancedMode``);
/// 4. the sender (and any named participant) is in the call;
/// 5. their states allow the command.
public struct CallEngine: Hashable, Sendable {
    public internal(set) var call: Call

    /// Resumes the engine over a call restored from storage.
    public init(call: Call) {
        self.call = call
    }

    /// What a command did: its effects, and the users it named but could not act on (a partial cancel
    /// or invite-more goes ahead for the others).
    public struct Outcome: Hashable, Sendable {
        public var effects: [CallEffect]
        public var skipped: [UserID: CallError]

        public init(effects: [CallEffect] = [], skipped: [UserID: CallError] = [:]) {
            self.effects = effects
            self.skipped = skipped
        }
    }

    // MARK: - Creating a call

    /// Creates a call from an invitation: the caller in the call, each invitee ringing (or failed at
    /// once as busy or offline, as the policy says).
    public static func start(
        _ invitation: Invitation,
        at now: Timestamp,
        bounds: CallPolicy.Bounds = .standard
    ) throws(CallError) -> (engine: CallEngine, outcome: Outcome) {
        let policy = invitation.policy
        if let violation = policy.violation(of: bounds) {
            throw CallError(.invalidPolicy, violation)
        }
        try checkSize(invitation.payload, limit: policy.maxPayloadBytes, what: "payload")
        try checkFields(invitation, bounds: bounds)
        // A valid policy leaves room for the caller: no single invitation can overflow the call.
        try checkInvitees(invitation.invitees, sender: invitation.from.user, policy: policy)

        // Room for everyone from the start: the invitees are appended next.
        var participants: [Participant] = []
        participants.reserveCapacity(1 + invitation.invitees.count)
        participants.append(Participant(
            user: invitation.from.user, role: .caller, invitedBy: nil, state: .accepted, at: now,
            device: invitation.from.device, isOnline: true))
        // Handed over with `consume`, so that the engine's list stays uniquely referenced and the
        // invitees are appended into the room reserved above instead of into a copy.
        var engine = CallEngine(call: Call(
            id: invitation.callID, caller: invitation.from.user, mode: invitation.mode, policy: policy,
            mediaType: invitation.mediaType, roomID: invitation.roomID, groupID: invitation.groupID,
            payload: invitation.payload, attachments: invitation.attachments, participants: consume participants,
            createdAt: now, placedThrough: invitation.placedThrough))
        var effects = Effects(engine: engine)
        let invited = engine.addInvitees(invitation.invitees, by: invitation.from.user,
                                         status: invitation.inviteeStatus, at: now)
        effects.notify(.user(invitation.from.user), .created, engine.call)
        engine.announce(invited, by: invitation.from.user, at: now, into: &effects)
        engine.settle(at: now, trigger: .created, into: &effects)
        return (engine, Outcome(effects: effects.finish(engine)))
    }

    // MARK: - Commands

    /// Applies a command sent from `sender`'s device.
    public mutating func handle(
        _ command: CallCommand,
        from sender: Endpoint,
        at now: Timestamp
    ) throws(CallError) -> Outcome {
        switch command {
        case .cancel(let invitees, let data):
            return try cancel(invitees, data: data, from: sender, at: now)
        case .accept(let data):
            return try accept(data: data, from: sender, at: now)
        case .reject(let data, let reason):
            return try reject(data: data, reason: reason, from: sender, at: now)
        case .acknowledgeDelivery:
            return try acknowledgeDelivery(from: sender, at: now)
        case .confirmAccept(let invitee):
            return try confirmAccept(of: invitee, from: sender, at: now)
        case .inviteMore(let invitees, let status):
            return try inviteMore(invitees, status: status, from: sender, at: now)
        case .join(let data):
            return try join(data: data, from: sender, at: now)
        case .quit(let data):
            return try quit(data: data, from: sender, at: now)
        case .end(let data):
            return try end(data: data, from: sender, at: now)
        case .setMedia(let media):
            return try setMedia(media, from: sender)
        }
    }

    /// The service's admin operation: ends the call for everyone ("ended by server").
    public mutating func endByServer(at now: Timestamp) throws(CallError) -> Outcome {
        try requireNotEnded()
        var effects = Effects(engine: self)
        finish(CallEnd(reason: .endedByServer, by: nil, at: now), into: &effects)
        return Outcome(effects: effects.finish(self))
    }

    /// The service's glare rule, when this ringing call is the one that loses (docs/CALL-MODEL.md,
    /// "Glare"): `invitee`, who is calling this call's caller in a call that survives, is rejected as
    /// ``RejectionReason/glare`` on no device of theirs (an automatic answer, like a busy rejection).
    /// Their devices are told the invitation is over.
    public mutating func loseGlare(to invitee: UserID, at now: Timestamp) throws(CallError) -> Outcome {
        try requireNotEnded()
        let index = try requireParticipant(invitee)
        let participant = call.participants[index]
        guard participant.state.isRinging else { throw CallError.notRinging(participant) }
        var effects = Effects(engine: self)
        call.participants[index].clearDeadlines()
        call.participants[index].enter(.rejected(.glare), at: now)
        notifyChanged([invitee], alsoTo: [.user(invitee)], into: &effects)
        recordParticipant(invitee, at: now, into: &effects)
        settle(at: now, trigger: .answered(by: invitee), into: &effects)
        return Outcome(effects: effects.finish(self))
    }

    // MARK: - Validation shared by the commands

    static func checkSize(_ text: String?, limit: Int, what: String) throws(CallError) {
        if let text, text.utf8.count > limit {
            throw CallError(.payloadTooLarge, "\(what) is \(text.utf8.count) bytes; at most \(limit) allowed")
        }
    }

    /// The call's other free-form fields: room and group ids, and the attachments.
    static func checkFields(_ invitation: Invitation, bounds: CallPolicy.Bounds) throws(CallError) {
        func checkID(_ name: String, _ value: String?) throws(CallError) {
            if let value, value.utf8.count > bounds.maxRoomIDBytes {
                throw CallError(.invalidArgument, "\(name) is \(value.utf8.count) bytes; at most \(bounds.maxRoomIDBytes) allowed")
            }
        }
        try checkID("roomID", invitation.roomID)
        try checkID("groupID", invitation.groupID)
        let attachments = invitation.attachments
        if attachments.count > bounds.maxAttachments {
            throw CallError(.invalidArgument, "\(attachments.count) attachments; at most \(bounds.maxAttachments) allowed")
        }
        var total = 0
        for (key, value) in attachments {
            if key.isEmpty || key.utf8.count > 64 {
                throw CallError(.invalidArgument, "attachment key \(String(reflecting: key)) must be 1 to 64 bytes")
            }
            total += key.utf8.count + value.utf8.count
        }
        if total > bounds.maxAttachmentBytes {
            throw CallError(.payloadTooLarge, "attachments are \(total) bytes; at most \(bounds.maxAttachmentBytes) allowed")
        }
    }

    static func checkInvitees(_ invitees: [UserID], sender: UserID, policy: CallPolicy) throws(CallError) {
        if invitees.isEmpty {
            throw CallError(.invalidInvitees, "no invitees")
        }
        if invitees.count > policy.maxInviteesPerInvitation {
            throw CallError(.tooManyInvitees,
                            "\(invitees.count) invitees; at most \(policy.maxInviteesPerInvitation) per invitation")
        }
        // The policy allows a few invitees per invitation (checked above, and bounded by the call's
        // participant limit), so a scan of the earlier ones finds a repeat without building a set.
        for (position, invitee) in invitees.enumerated() {
            if !invitee.isValid {
                throw CallError(.invalidInvitees, "invalid user id \(String(reflecting: invitee.rawValue))")
            }
            if invitee == sender {
                throw CallError(.invalidInvitees, "\(sender) cannot invite themselves")
            }
            if invitees[..<position].contains(invitee) {
                throw CallError(.invalidInvitees, "\(invitee) is named twice")
            }
        }
    }

    func requireNotEnded() throws(CallError) {
        if call.state.isEnded {
            throw CallError(.callEnded, "call \(call.id) has ended")
        }
    }

    func requireAdvanced(_ command: String) throws(CallError) {
        if call.mode != .advanced {
            throw CallError(.notAdvancedMode, "\(command) needs an advanced-mode call")
        }
    }

    func requireParticipant(_ user: UserID) throws(CallError) -> Int {
        guard let index = call.index(of: user) else {
            throw CallError(.notParticipant, "\(user) is not a participant of call \(call.id)")
        }
        return index
    }

    func requireAccepted(_ index: Int) throws(CallError) {
        let participant = call.participants[index]
        if participant.state != .accepted {
            throw CallError(.notInCall, "\(participant.user) is not in the call (\(participant.state))")
        }
    }

    /// Who may cancel or confirm a participant's invitation.
    func inviter(of participant: Participant) -> UserID {
        participant.invitedBy ?? call.caller
    }

    /// Where events for a participant go: their acting device once there is one, else all their devices.
    func recipient(_ participant: Participant) -> Recipient {
        if let device = participant.device {
            return .device(Endpoint(user: participant.user, device: device))
        }
        return .user(participant.user)
    }
}
