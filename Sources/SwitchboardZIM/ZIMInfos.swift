import Foundation

// Swift mirrors of the ZIM call-invitation result and event info classes from `ZIMDefines.h`
// (late 2.x: docs/ZIM.md, "The mirrored version"). The SDK creates these and hands them to callbacks
// and events. Each is a plain `NSObject` subclass whose properties start at the Objective-C zero
// values: empty strings and arrays, 0, and for enums the case with raw value 0 (`.general`,
// `.inviting`), except `ZIMCallState`, which has no 0 and starts at `.unknown`.

// MARK: - Call members

/// ZIMCallUserInfo: one call member and their state.
open class ZIMCallUserInfo: NSObject {
    /// ZIMCallUserInfo.userID (NSString *): the member's user ID.
    public var userID: String = ""
    /// ZIMCallUserInfo.state (ZIMCallUserState): the member's state.
    public var state: ZIMCallUserState = .inviting
    /// ZIMCallUserInfo.extendedData (NSString *): the extended data the member sent with their last accept, reject or quit.
    public var extendedData: String = ""

    /// -init.
    public override init() {
        super.init()
    }

    /// "userID:state" with the state's raw value, e.g. "bob:1".
    open override var description: String {
        "\(userID):\(state.rawValue)"
    }
}

/// ZIMErrorUserInfo: a user for whom an invitation or a `queryUsersInfo` failed.
open class ZIMErrorUserInfo: NSObject {
    /// ZIMErrorUserInfo.userID (NSString *): the user ID.
    public var userID: String = ""
    /// ZIMErrorUserInfo.reason (unsigned int): the `ZIMErrorCode` raw value explaining the failure, e.g. 6000283 for a user already in the
    /// call, 6000011 for a queried user that does not exist (project convention: docs/ZIM.md, "Per-user failure reasons"); every code
    /// fits in `UInt32`.
    public var reason: UInt32 = 0

    /// -init.
    public override init() {
        super.init()
    }
}

// MARK: - Results of the call methods

/// ZIMCallInvitationSentInfo: the result of `callInvite(with:config:callback:)`.
open class ZIMCallInvitationSentInfo: NSObject {
    /// ZIMCallInvitationSentInfo.timeout (unsigned int): the effective timeout in seconds.
    public var timeout: UInt32 = 0
    /// ZIMCallInvitationSentInfo.errorUserList (NSArray<ZIMErrorUserInfo *> *): the invitees the invitation could not reach.
    public var errorUserList: [ZIMErrorUserInfo] = []
    /// ZIMCallInvitationSentInfo.errorInvitees (NSArray<ZIMCallUserInfo *> *): deprecated since 2.9.0, removed in 3.0.0; use `errorUserList`.
    @available(*, deprecated, message: "Deprecated since ZIM 2.9.0, please use errorList instead.")
    public var errorInvitees: [ZIMCallUserInfo] = []

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallingInvitationSentInfo (2.9): the result of `callingInvite(with:callID:config:callback:)`.
open class ZIMCallingInvitationSentInfo: NSObject {
    /// ZIMCallingInvitationSentInfo.errorUserList (NSArray<ZIMErrorUserInfo *> *): the invitees the invitation could not reach.
    public var errorUserList: [ZIMErrorUserInfo] = []

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallJoinSentInfo (2.12): the result of `callJoin(by:config:callback:)`.
open class ZIMCallJoinSentInfo: NSObject {
    /// ZIMCallJoinSentInfo.extendedData (NSString *): the call's extended data.
    public var extendedData: String = ""
    /// ZIMCallJoinSentInfo.createTime (long long): when the call was created, in ms.
    public var createTime: Int64 = 0
    /// ZIMCallJoinSentInfo.joinTime (long long): when this user joined, in ms.
    public var joinTime: Int64 = 0
    /// ZIMCallJoinSentInfo.callUserList (NSArray<ZIMCallUserInfo *> *): the call's members.
    public var callUserList: [ZIMCallUserInfo] = []

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallQuitSentInfo (2.9): the result of `callQuit(by:config:callback:)`.
open class ZIMCallQuitSentInfo: NSObject {
    /// ZIMCallQuitSentInfo.createTime (long long): when the call was created, in ms.
    public var createTime: Int64 = 0
    /// ZIMCallQuitSentInfo.acceptTime (long long): when this user accepted, in ms.
    public var acceptTime: Int64 = 0
    /// ZIMCallQuitSentInfo.quitTime (long long): when this user quit, in ms.
    public var quitTime: Int64 = 0

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallEndedSentInfo (2.9): the result of `callEnd(by:config:callback:)`.
open class ZIMCallEndedSentInfo: NSObject {
    /// ZIMCallEndedSentInfo.createTime (long long): when the call was created, in ms.
    public var createTime: Int64 = 0
    /// ZIMCallEndedSentInfo.acceptTime (long long): when this user accepted, in ms.
    public var acceptTime: Int64 = 0
    /// ZIMCallEndedSentInfo.endTime (long long): when the call ended, in ms.
    public var endTime: Int64 = 0

    /// -init.
    public override init() {
        super.init()
    }
}

// MARK: - Event infos

/// ZIMCallInvitationCreatedInfo (2.13): the payload of `zim(_:callInvitationCreated:callID:)`, sent to the inviter's online devices.
open class ZIMCallInvitationCreatedInfo: NSObject {
    /// ZIMCallInvitationCreatedInfo.mode (ZIMCallInvitationMode): the call's mode.
    public var mode: ZIMCallInvitationMode = .general
    /// ZIMCallInvitationCreatedInfo.caller (NSString *): the call's creator.
    public var caller: String = ""
    /// ZIMCallInvitationCreatedInfo.extendedData (NSString *): the extended data of the invitation.
    public var extendedData: String = ""
    /// ZIMCallInvitationCreatedInfo.timeout (unsigned int): the invitation timeout in seconds.
    public var timeout: UInt32 = 0
    /// ZIMCallInvitationCreatedInfo.createTime (long long): when the call was created, server time in ms.
    public var createTime: Int64 = 0
    /// ZIMCallInvitationCreatedInfo.callUserList (NSArray<ZIMCallUserInfo *> *): the call's members.
    public var callUserList: [ZIMCallUserInfo] = []

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallInvitationReceivedInfo: the payload of `zim(_:callInvitationReceived:callID:)`.
open class ZIMCallInvitationReceivedInfo: NSObject {
    /// ZIMCallInvitationReceivedInfo.mode (ZIMCallInvitationMode): the call's mode.
    public var mode: ZIMCallInvitationMode = .general
    /// ZIMCallInvitationReceivedInfo.timeout (unsigned int): the invitation timeout in seconds.
    public var timeout: UInt32 = 0
    /// ZIMCallInvitationReceivedInfo.caller (NSString *): the call's creator.
    public var caller: String = ""
    /// ZIMCallInvitationReceivedInfo.inviter (NSString *): who invited this user; differs from `caller` after `callingInvite`.
    public var inviter: String = ""
    /// ZIMCallInvitationReceivedInfo.createTime (long long): when the call was created, in ms.
    public var createTime: Int64 = 0
    /// ZIMCallInvitationReceivedInfo.callUserList (NSArray<ZIMCallUserInfo *> *): the call's members.
    public var callUserList: [ZIMCallUserInfo] = []
    /// ZIMCallInvitationReceivedInfo.extendedData (NSString *): the extended data of the invitation.
    public var extendedData: String = ""

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallInvitationCancelledInfo: the payload of `zim(_:callInvitationCancelled:callID:)`.
open class ZIMCallInvitationCancelledInfo: NSObject {
    /// ZIMCallInvitationCancelledInfo.inviter (NSString *): who cancelled the invitation.
    public var inviter: String = ""
    /// ZIMCallInvitationCancelledInfo.mode (ZIMCallInvitationMode): the call's mode.
    public var mode: ZIMCallInvitationMode = .general
    /// ZIMCallInvitationCancelledInfo.extendedData (NSString *): the extended data of the cancel.
    public var extendedData: String = ""

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallInvitationEndedInfo (2.9): the payload of `zim(_:callInvitationEnded:callID:)` (advanced mode, after `callEnd`).
open class ZIMCallInvitationEndedInfo: NSObject {
    /// ZIMCallInvitationEndedInfo.caller (NSString *): the call's creator.
    public var caller: String = ""
    /// ZIMCallInvitationEndedInfo.operatedUserID (NSString *): who ended the call.
    public var operatedUserID: String = ""
    /// ZIMCallInvitationEndedInfo.extendedData (NSString *): the extended data of the end.
    public var extendedData: String = ""
    /// ZIMCallInvitationEndedInfo.mode (ZIMCallInvitationMode): the call's mode.
    public var mode: ZIMCallInvitationMode = .general
    /// ZIMCallInvitationEndedInfo.endTime (long long): when the call ended, UTC in ms.
    public var endTime: Int64 = 0

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallInvitationTimeoutInfo (2.9): the payload of `zim(_:callInvitationTimeout:callID:)`, sent to an invitee who did not answer.
open class ZIMCallInvitationTimeoutInfo: NSObject {
    /// ZIMCallInvitationTimeoutInfo.mode (ZIMCallInvitationMode): the call's mode.
    public var mode: ZIMCallInvitationMode = .general

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallUserStateChangeInfo (2.9): the payload of `zim(_:callUserStateChanged:callID:)`.
open class ZIMCallUserStateChangeInfo: NSObject {
    /// ZIMCallUserStateChangeInfo.callUserList (NSArray<ZIMCallUserInfo *> *): the members whose state changed.
    public var callUserList: [ZIMCallUserInfo] = []

    /// -init.
    public override init() {
        super.init()
    }
}

// MARK: - Query

/// ZIMCallInfo (2.9): one call in the result of `queryCallInvitationList(with:callback:)`.
open class ZIMCallInfo: NSObject {
    /// ZIMCallInfo.callID (NSString *): the call's ID.
    public var callID: String = ""
    /// ZIMCallInfo.caller (NSString *): the call's creator.
    public var caller: String = ""
    /// ZIMCallInfo.inviter (NSString *): who invited the querying user.
    public var inviter: String = ""
    /// ZIMCallInfo.createTime (long long): when the call was created, in ms.
    public var createTime: Int64 = 0
    /// ZIMCallInfo.endTime (long long): when the call ended, in ms; 0 while it is ongoing.
    public var endTime: Int64 = 0
    /// ZIMCallInfo.state (ZIMCallState): started or ended (no 0 case, so the default is `.unknown`).
    public var state: ZIMCallState = .unknown
    /// ZIMCallInfo.mode (ZIMCallInvitationMode): the call's mode.
    public var mode: ZIMCallInvitationMode = .general
    /// ZIMCallInfo.extendedData (NSString *): the extended data of the invitation.
    public var extendedData: String = ""
    /// ZIMCallInfo.callUserList (NSArray<ZIMCallUserInfo *> *): the call's members.
    public var callUserList: [ZIMCallUserInfo] = []

    /// -init.
    public override init() {
        super.init()
    }
}

// MARK: - Legacy event infos

/// ZIMCallInvitationAcceptedInfo: the payload of the legacy `zim(_:callInvitationAccepted:callID:)` event only
/// (deprecated since ZIM 2.9.0, removed in 3.0.0). The class itself is not marked deprecated so the engine can build it without warnings.
open class ZIMCallInvitationAcceptedInfo: NSObject {
    /// ZIMCallInvitationAcceptedInfo.invitee (NSString *): the invitee who accepted.
    public var invitee: String = ""
    /// ZIMCallInvitationAcceptedInfo.extendedData (NSString *): the extended data of the accept.
    public var extendedData: String = ""

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallInvitationRejectedInfo: the payload of the legacy `zim(_:callInvitationRejected:callID:)` event only
/// (deprecated since ZIM 2.9.0, removed in 3.0.0). The class itself is not marked deprecated so the engine can build it without warnings.
open class ZIMCallInvitationRejectedInfo: NSObject {
    /// ZIMCallInvitationRejectedInfo.invitee (NSString *): the invitee who rejected.
    public var invitee: String = ""
    /// ZIMCallInvitationRejectedInfo.extendedData (NSString *): the extended data of the reject.
    public var extendedData: String = ""

    /// -init.
    public override init() {
        super.init()
    }
}
