import SwitchboardCore

/// One member of a call as ZIM shows it (`ZIMCallUserInfo`), as a value that can cross to the callback
/// queue.
struct ZIMCallUser: Hashable, Sendable {
    var userID: String
    var state: ZIMCallUserState
    var extendedData: String
}

/// A call as the ZIM surface shows it: the values every info object and event is built from.
struct ZIMCallView: Hashable, Sendable {
    var id: String
    var mode: ZIMCallInvitationMode
    var caller: String
    var extendedData: String
    var timeout: UInt32
    var createTime: Int64
    var endTime: Int64
    var isEnded: Bool
    var users: [ZIMCallUser]

    init(_ call: Call) {
        id = call.id.rawValue
        mode = Self.mode(call.mode)
        caller = call.caller.rawValue
        extendedData = call.payload ?? ""
        timeout = UInt32(call.policy.ringTimeout.components.seconds)
        createTime = call.createdAt.millisecondsSince1970
        endTime = call.state.end?.at.millisecondsSince1970 ?? 0
        isEnded = call.state.isEnded
        users = Self.users(of: call)
    }

    func user(_ id: UserID) -> ZIMCallUser? {
        users.first { $0.userID == id.rawValue }
    }

    static func mode(_ mode: CallMode) -> ZIMCallInvitationMode {
        switch mode {
        case .general: .general
        case .advanced: .advanced
        }
    }

    /// `ZIMCallUserState` of every participant of a live call.
    static func users(of call: Call) -> [ZIMCallUser] {
        let invitationEnd = invitationCancelledAt(call)
        return call.participants.map { participant in
            ZIMCallUser(
                userID: participant.user.rawValue,
                state: state(participant.state, mode: call.mode, changedAt: participant.changedAt,
                             invitationCancelledAt: invitationEnd),
                extendedData: participant.answerData ?? "")
        }
    }

    /// When a cancel ended the whole invitation: the call's end, if it ended cancelled; or, in a
    /// snapshot taken during the cancel that is ending it (nobody answered and nobody rings any more),
    /// the time of that cancel.
    private static func invitationCancelledAt(_ call: Call) -> Timestamp? {
        if let end = call.state.end {
            return end.reason == .cancelled || end.reason == .callerOffline ? end.at : nil
        }
        let endingNow = call.connectedAt == nil
            && !call.participants.contains { $0.role != .caller && $0.state.isActive }
        return endingNow ? call.participants.map(\.changedAt).max() : nil
    }

    /// The one rule for a participant state as ZIM shows it, for live calls and records alike. A
    /// cancelled invitee of an advanced call is `beCancelled` (the per-user cancel of ZIM 2.16:
    /// docs/ZIM.md, "Per-user cancel in advanced mode") unless their cancel ended the whole invitation.
    static func state(
        _ state: ParticipantState, mode: CallMode, changedAt: Timestamp?, invitationCancelledAt: Timestamp?
    ) -> ZIMCallUserState {
        switch state {
        case .inviting: return .inviting
        case .notYetReceived: return .notYetReceived
        case .received: return .received
        case .accepting, .accepted: return .accepted
        case .rejected: return .rejected
        case .timedOut: return .timeout
        case .quit: return .quit
        case .acceptFailed: return .unknown
        case .cancelled:
            guard mode == .advanced else { return .cancelled }
            if let changedAt, changedAt == invitationCancelledAt { return .cancelled }
            return .beCancelled
        }
    }
}

/// The seed's second table: which call events reach a user in which state (rows the seed omits are
/// derived in docs/ZIM.md: `notYetReceived` is an invitee not reached yet, like `inviting`;
/// `beCancelled` ends the user's part like `cancelled`; `ended` is the call's end, after which nothing
/// more comes).
///
/// One cell differs from the seed's table: `received` × `callInvitationTimeout` is allowed. The table
/// says no, while the same guide's timeout flow, the API reference and the issue all say the invitee who
/// did not answer gets `callInvitationTimeout`, and apps (ZEGO's own UIKit) dismiss the ringing screen on
/// it; docs/ZIM.md explains the choice.
enum ZIMEventRules {
    enum Event: CaseIterable {
        case callInvitationReceived
        case callInvitationTimeout
        case callInvitationCancelled
        case callInvitationEnded
        case callUserStateChanged
    }

    static func receives(_ event: Event, in state: ZIMCallUserState) -> Bool {
        switch state {
        case .inviting, .notYetReceived:
            return true
        case .received:
            return event != .callInvitationReceived
        case .accepted:
            return event == .callInvitationEnded || event == .callUserStateChanged
        case .quit:
            return event == .callUserStateChanged
        default:
            return false
        }
    }
}

extension ZIMCallView {
    /// The members of a call record, by the same rule as a live call (a record shows the call as its
    /// last transition left it).
    static func users(of record: CallRecord) -> [ZIMCallUser] {
        let cancelled = record.callEndReason == .cancelled || record.callEndReason == .callerOffline
        let invitationCancelledAt = cancelled ? record.endedAt : nil
        return record.members.map { member in
            ZIMCallUser(
                userID: member.user.rawValue,
                state: state(member.state, mode: record.mode, changedAt: member.changedAt,
                             invitationCancelledAt: invitationCancelledAt),
                extendedData: member.data ?? "")
        }
    }
}
