import SwitchboardCore
import SwitchboardWire

/// Call notifications into ZIM events, following the seed's event table (``ZIMEventRules``) with the
/// state the user was in when it happened (docs/ZIM.md, "The event grid: which events reach a user in
/// each state").
extension ZIMInstanceStateMachine {
    /// A call notification of `generation`: the events it means to this instance, and what is kept as
    /// shown.
    mutating func callNotified(_ note: CallNotification, generation: Int) -> [Action] {
        guard self.generation == generation, let me = user else { return [] }
        let call = note.call
        let view = ZIMCallView(call)
        guard let mine = view.user(me) else { return [] }
        let shown = calls[call.id]
        var before = shown?.users[me.rawValue]?.state ?? Self.assumedState(before: note.kind, now: mine.state)
        var presented = shown?.presented ?? false
        if case .invited = note.kind, !before.isRinging, mine.state.isRinging {
            // Invited again after their part ended (quit, rejected ...): a new invitation.
            before = mine.state
            presented = false
        }
        var events: [ZIMEvent] = []
        // Whether an event about this user's own invitation already told them their new state.
        var toldOwnChange = false

        switch note.kind {
        case .created:
            events.append(.callInvitationCreated(view))
        case .invited(let inviter):
            if !presented, ZIMEventRules.receives(.callInvitationReceived, in: before), mine.state.isRinging {
                presented = true
                events.append(.callInvitationReceived(view, inviter: inviter.rawValue))
            }
        case .cancelled(let inviter, let data):
            if ZIMEventRules.receives(.callInvitationCancelled, in: before) {
                toldOwnChange = true
                events.append(.callInvitationCancelled(callID: view.id, inviter: inviter.rawValue, mode: view.mode,
                                                       extendedData: data ?? ""))
            }
        case .timedOut:
            if ZIMEventRules.receives(.callInvitationTimeout, in: before) {
                toldOwnChange = true
                events.append(.callInvitationTimeout(callID: view.id, mode: view.mode))
            }
        case .participantsChanged, .acceptConfirmed, .acceptFailed, .answeredElsewhere, .ended, .synced:
            break
        }

        let changed = view.users.filter { shown?.users[$0.userID] != $0 }
        // A cancelled or timed-out invitee has been told; the rest of the call is no longer theirs.
        if !toldOwnChange, !changed.isEmpty, ZIMEventRules.receives(.callUserStateChanged, in: before) {
            events.append(.callUserStateChanged(callID: view.id, users: changed))
        }
        events += Self.legacyEvents(for: changed, of: call, inviter: me, shown: shown)

        if case .ended = note.kind, let end = call.state.end, Self.announcesEnd(end, mode: call.mode),
           ZIMEventRules.receives(.callInvitationEnded, in: before) {
            events.append(.callInvitationEnded(view, operatedUserID: end.by?.rawValue ?? "", extendedData: end.data ?? ""))
        }

        // Keep what was shown while this device still hears about the call: the call goes on, the
        // user's state still gets events, and no other device acts for the user (a caller's other
        // devices see the call created, then nothing).
        let stillHears: Bool = {
            if view.isEnded { return false }
            if case .answeredElsewhere = note.kind { return false }
            if let acting = call.participant(me)?.device, acting != device { return false }
            return ZIMEventRules.receives(.callUserStateChanged, in: mine.state)
        }()
        if stillHears {
            var updated = ShownCall(presented: presented)
            for user in view.users { updated.users[user.userID] = user }
            calls[call.id] = updated
        } else {
            calls[call.id] = nil
        }
        return events.map { .emit($0) }
    }

    /// The user's state before a notification about a call this instance has not shown yet.
    private static func assumedState(before kind: CallNotification.Kind, now: ZIMCallUserState) -> ZIMCallUserState {
        switch kind {
        case .cancelled, .timedOut: .received
        default: now
        }
    }

    /// Whether the end of a call is announced with `callInvitationEnded`: `callEnd` in advanced mode, and
    /// the server's admin end in either mode; a general call that ends because everyone answered says
    /// nothing more (docs/ZIM.md, "End of a general-mode call").
    private static func announcesEnd(_ end: CallEnd, mode: CallMode) -> Bool {
        switch end.reason {
        case .endedByServer: true
        case .hungUp: mode == .advanced
        default: false
        }
    }

    /// The events deprecated in ZIM 2.9 that a 2.18 build still dispatches, to the user who invited
    /// each changed member: accepted, rejected, and the invitees that timed out together.
    private static func legacyEvents(for changed: [ZIMCallUser], of call: Call, inviter me: UserID, shown: ShownCall?) -> [ZIMEvent] {
        var events: [ZIMEvent] = []
        var timedOut: [String] = []
        for user in changed where user.userID != me.rawValue {
            guard call.participant(UserID(user.userID))?.invitedBy == me else { continue }
            switch user.state {
            case .accepted where shown?.users[user.userID]?.state != .accepted:
                events.append(.callInvitationAccepted(callID: call.id.rawValue, invitee: user.userID,
                                                      extendedData: user.extendedData))
            case .rejected:
                events.append(.callInvitationRejected(callID: call.id.rawValue, invitee: user.userID,
                                                      extendedData: user.extendedData))
            case .timeout:
                timedOut.append(user.userID)
            default:
                break
            }
        }
        if !timedOut.isEmpty {
            events.append(.callInviteesAnsweredTimeout(callID: call.id.rawValue, invitees: timedOut))
        }
        return events
    }
}

extension ZIMCallUserState {
    /// Invited and not answered yet.
    var isRinging: Bool {
        self == .inviting || self == .notYetReceived || self == .received
    }
}
