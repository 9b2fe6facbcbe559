import SwitchboardCore

/// One call as a Tencent device shows it: a pure function of the call snapshot the service sent, the
/// local user and device, and the kind of notification. ``TencentCallView/changes(from:to:)`` turns two
/// consecutive views into the events the app hears; the client only carries them out.
///
/// The names here are Tencent's where they exist (`CallParticipantStatus`, `CallEndReason`); the call
/// model's own are written `SwitchboardCore.` to keep them apart.
struct TencentCallView: Equatable {
    var callID: String
    var roomID: String
    var inviterID: String
    var inviteeIDs: [String]
    var groupID: String
    var mediaType: CallMediaType
    var userData: String
    var isEphemeral: Bool
    var isCaller: Bool
    /// When the call was created, in seconds since 1970 (`CallInfo.startTime`).
    var startTime: Timestamp
    /// Everyone who has been part of the call, in the call's order, the local user included.
    var members: [Member]
    /// When the local user's connected time counts from (the caller: from the first answer), while
    /// connected.
    var connectedSince: Timestamp?
    /// The local user's part is over, and why; nil while ringing or connected.
    var ending: Ending?
    /// Someone answered the call (it is connected for its caller).
    var isAnswered: Bool
    /// The service no longer keeps the call although the local user is still in it: a call created on
    /// a surface whose calls end once everyone answered (Agora, ZIM general mode). Hanging up ends it
    /// here only.
    var isSignalingOver: Bool
    /// The local user answered a three-way invitation (an Agora caller's) that its caller has not
    /// confirmed yet: connected as the app sees it, though the service takes no leave until the
    /// confirmation (docs/CALL-MODEL.md, "The state-by-command table": `accepting`).
    var isAwaitingConfirmation: Bool

    struct Member: Equatable {
        var id: String
        var state: MemberState
        var microphone: Bool
        var camera: Bool

        /// Whether `allParticipants` lists the member.
        var isListed: Bool { state == .waiting || state == .accepted }

        var status: CallParticipantStatus {
            switch state {
            case .waiting: .waiting
            case .accepted: .accept
            default: .none
            }
        }
    }

    enum MemberState: Equatable {
        case waiting, accepted, rejected, lineBusy, noResponse, offline, cancelled, left
    }

    struct Ending: Equatable {
        var reason: CallEndReason
        /// Who triggered the end (`onCallEnded`'s `userId`).
        var userID: String
        var at: Timestamp
    }

    /// The local user's status (`selfInfo.status`): the caller waits until someone answers.
    var selfStatus: CallParticipantStatus {
        if ending != nil { return .none }
        if connectedSince != nil { return .accept }
        return .waiting
    }

    var selfMember: Member? { members.first { $0.id == localUser } }
    private(set) var localUser: String

    /// A member's `CallParticipantStatus` (`allParticipants`): the caller is calling, so waiting, until
    /// someone answers, as its own `selfInfo.status` says.
    func status(of member: Member) -> CallParticipantStatus {
        if member.id == inviterID, member.state == .accepted, !isAnswered { return .waiting }
        return member.status
    }

    // MARK: - Building

    /// The view of `call` for `me` on `device`, or nil when `me` is not in it.
    init?(call: Call, me: UserID, device: DeviceID) {
        guard let mine = call.participant(me) else { return nil }
        localUser = me.rawValue
        callID = call.id.rawValue
        roomID = call.roomID ?? ""
        inviterID = call.caller.rawValue
        inviteeIDs = call.participants.filter { $0.role == .invitee }.map(\.user.rawValue)
        groupID = call.groupID ?? ""
        // KIT4 reads a missing media type as video (`mediaType?.rawValue ?? 2`).
        mediaType = call.mediaType == .audio ? .audio : .video
        userData = call.payload ?? ""
        isEphemeral = call.policy.ephemeral
        isCaller = mine.role == .caller && call.caller == me
        startTime = call.createdAt
        members = call.participants.map { participant in
            Member(id: participant.user.rawValue, state: Self.memberState(participant.state),
                   microphone: participant.media.microphone, camera: participant.media.camera)
        }
        isSignalingOver = false
        isAwaitingConfirmation = mine.state == .accepting && mine.device == device
        isAnswered = call.connectedAt != nil
        connectedSince = nil
        ending = nil

        let end = call.state.end
        if let acting = mine.device, acting != device {
            // Another device of the user answered, joined or placed the call.
            let reason: CallEndReason = if case .rejected = mine.state { .otherDeviceReject } else { .otherDeviceAccepted }
            ending = Ending(reason: reason, userID: me.rawValue, at: mine.changedAt)
            return
        }
        if mine.state.isInCall {
            let since = isCaller ? call.connectedAt : (mine.answeredAt ?? mine.changedAt)
            if let end, end.reason == .allAnswered {
                // The call ended as a signaling exchange once everyone answered; the local user talks on.
                isSignalingOver = true
                connectedSince = since ?? end.at
                return
            }
            if let end {
                connectedSince = since
                ending = Self.ending(of: call, end: end, me: me)
                return
            }
            connectedSince = since
            return
        }
        if mine.state.isRinging {
            if let end {
                ending = Self.ending(of: call, end: end, me: me)
            }
            return
        }
        // The local user's part ended while the call may go on.
        if mine.state == .quit, let answered = mine.answeredAt {
            connectedSince = isCaller ? call.connectedAt.map { max($0, answered) } : answered
        }
        ending = Self.ownEnding(mine, of: call, me: me, end: end)
    }

    private static func memberState(_ state: ParticipantState) -> MemberState {
        switch state {
        case .inviting, .notYetReceived, .received: .waiting
        case .accepting, .accepted: .accepted
        case .rejected(.declined): .rejected
        case .rejected(.busy), .rejected(.glare): .lineBusy
        case .timedOut(.offline): .offline
        case .timedOut: .noResponse
        case .cancelled: .cancelled
        case .acceptFailed, .quit: .left
        }
    }

    /// How the call's end looks to a participant who was still ringing or in it.
    private static func ending(of call: Call, end: CallEnd, me: UserID) -> Ending {
        let by = end.by?.rawValue
        func firstInvitee(_ matches: (ParticipantState) -> Bool) -> String {
            call.participants.first { $0.role != .caller && matches($0.state) }?.user.rawValue ?? ""
        }
        switch end.reason {
        case .endedByServer:
            return Ending(reason: .endByServer, userID: "", at: end.at)
        case .cancelled, .callerOffline:
            return Ending(reason: .canceled, userID: by ?? call.caller.rawValue, at: end.at)
        case .declined:
            return Ending(reason: .reject, userID: by ?? firstInvitee { $0 == .rejected(.declined) }, at: end.at)
        case .busy:
            return Ending(reason: .lineBusy, userID: by ?? firstInvitee { $0 == .rejected(.busy) }, at: end.at)
        case .glare:
            // The callee is calling this user in a call that survives: Tencent's closest word is a
            // busy line (docs/TENCENT.md, "Glare").
            return Ending(reason: .lineBusy, userID: by ?? firstInvitee { $0 == .rejected(.glare) }, at: end.at)
        case .offline:
            return Ending(reason: .offline, userID: by ?? firstInvitee { $0 == .timedOut(.offline) }, at: end.at)
        case .noAnswer:
            let user = by ?? firstInvitee { if case .timedOut = $0 { true } else { false } }
            return Ending(reason: .noResponse, userID: user, at: end.at)
        case .hungUp, .allAnswered:
            return Ending(reason: .hangup, userID: by ?? me.rawValue, at: end.at)
        case .acceptFailed:
            return Ending(reason: .unknown, userID: by ?? "", at: end.at)
        }
    }

    /// How the local user's own part ended (rejected, cancelled, timed out, left).
    private static func ownEnding(_ mine: Participant, of call: Call, me: UserID, end: CallEnd?) -> Ending {
        let at = mine.changedAt
        switch mine.state {
        case .rejected(.busy), .rejected(.glare):
            return Ending(reason: .lineBusy, userID: me.rawValue, at: at)
        case .rejected(.declined):
            return Ending(reason: .reject, userID: me.rawValue, at: at)
        case .cancelled:
            let by = (mine.invitedBy ?? call.caller).rawValue
            return Ending(reason: .canceled, userID: by, at: at)
        case .timedOut(.offline):
            return Ending(reason: .offline, userID: me.rawValue, at: at)
        case .timedOut:
            return Ending(reason: .noResponse, userID: me.rawValue, at: at)
        case .quit:
            return Ending(reason: .hangup, userID: me.rawValue, at: mine.leftAt ?? at)
        case .acceptFailed:
            return Ending(reason: .unknown, userID: me.rawValue, at: at)
        case .inviting, .notYetReceived, .received, .accepting, .accepted:
            // Not reached: active states are handled by the caller of this function.
            return end.map { ending(of: call, end: $0, me: me) } ?? Ending(reason: .unknown, userID: "", at: at)
        }
    }

    /// The local user hung up a call the service no longer keeps (``isSignalingOver``).
    func endedLocally(at now: Timestamp) -> TencentCallView {
        var view = self
        view.ending = Ending(reason: .hangup, userID: localUser, at: now)
        if let index = view.members.firstIndex(where: { $0.id == localUser }) {
            view.members[index].state = .left
        }
        return view
    }

    // MARK: - Reading

    /// `CallState.activeCall` for this view, with `duration` whole seconds.
    func callInfo(duration: Int) -> CallInfo {
        var info = CallInfo()
        info.callId = callID
        info.roomId = roomID
        info.inviterId = inviterID
        info.inviteeIds = inviteeIDs
        info.chatGroupId = groupID
        info.mediaType = mediaType
        info.result = direction
        info.startTime = Double(startTime.millisecondsSince1970) / 1000
        info.duration = duration
        return info
    }

    /// The call's direction for the local user: outgoing for the caller; incoming once answered;
    /// missed when it ended without the local user answering.
    var direction: CallDirection {
        if isCaller { return .outgoing }
        if connectedSince != nil { return .incoming }
        if let ending, ending.reason != .otherDeviceAccepted, ending.reason != .reject,
           ending.reason != .otherDeviceReject {
            return .missed
        }
        return .incoming
    }

    /// Whole seconds connected by `now` (or by the end).
    func duration(at now: Timestamp) -> Int {
        guard let since = connectedSince else { return 0 }
        let until = ending?.at ?? now
        guard since < until else { return 0 }
        return Int(since.duration(to: until).components.seconds)
    }
}
