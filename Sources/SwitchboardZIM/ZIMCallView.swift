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
        users = call.participants.map { participant in
            ZIMCallUser(userID: participant.user.rawValue, state: Self.state(of: participant, in: call),
                        extendedData: participant.answerData ?? "")
        }
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

    /// `ZIMCallUserState` of a participant. A cancelled invitee of an advanced call is `beCancelled`
    /// (the per-user cancel of ZIM 2.16, decision 17) unless the cancel ended the whole invitation.
    static func state(of participant: Participant, in call: Call) -> ZIMCallUserState {
        switch participant.state {
        case .inviting: return .inviting
        case .notYetReceived: return .notYetReceived
        case .received: return .received
        case .accepting, .accepted: return .accepted
        case .rejected: return .rejected
        case .timedOut: return .timeout
        case .quit: return .quit
        case .acceptFailed: return .unknown
        case .cancelled:
            guard call.mode == .advanced else { return .cancelled }
            if let end = call.state.end, end.reason == .cancelled || end.reason == .callerOffline,
               participant.changedAt == end.at {
                return .cancelled
            }
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
    /// The members of a call record. A record keeps each member's state but not when it changed, so a
    /// cancelled member of an advanced call shows as `beCancelled` when the call had connected (a
    /// whole-invitation cancel happens only before anyone accepts).
    static func users(of record: CallRecord) -> [ZIMCallUser] {
        let connected = record.members.contains { member in
            member.user != record.caller && (member.state.isInCall || member.state == .quit)
        }
        return record.members.map { member in
            let state: ZIMCallUserState
            switch member.state {
            case .cancelled where record.mode == .advanced && connected: state = .beCancelled
            case .cancelled: state = .cancelled
            case .inviting: state = .inviting
            case .notYetReceived: state = .notYetReceived
            case .received: state = .received
            case .accepting, .accepted: state = .accepted
            case .rejected: state = .rejected
            case .timedOut: state = .timeout
            case .quit: state = .quit
            case .acceptFailed: state = .unknown
            }
            return ZIMCallUser(userID: member.user.rawValue, state: state, extendedData: member.data ?? "")
        }
    }
}
