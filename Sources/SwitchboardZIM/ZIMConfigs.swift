import Foundation

// Swift mirrors of the ZIM login and call-invitation config classes from `ZIMDefines.h` (late 2.x,
// plus the additive 3.x fields `ZIMLoginConfig.customStatusDuration` and `ZIMPushConfig.threadID`:
// docs/ZIM.md, "The mirrored version"). Each is a plain `NSObject` subclass whose properties start at
// the Objective-C zero values: empty strings, 0, NO, nil for nullable objects, and for enums the case
// with raw value 0 (`.general`), except `ZIMCXHandleType`, which has no 0 and starts at its documented
// `.generic`. The 2 KB `extendedData` limit, the `timeout` range and the 5 s delivery check are
// docs/ZIM.md's "extendedData limit", "Invitation timeout" and "Delivery check".

// MARK: - Instance and login

/// ZIMAppConfig: the app credentials passed to `ZIM.create(with:)`.
open class ZIMAppConfig: NSObject {
    /// ZIMAppConfig.appID (unsigned int): the app ID from the ZEGO console.
    public var appID: UInt32 = 0
    /// ZIMAppConfig.appSign (NSString *): the app sign from the ZEGO console.
    public var appSign: String = ""

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMUserInfo: a user, as passed to the legacy `login(with:…)` methods.
open class ZIMUserInfo: NSObject {
    /// ZIMUserInfo.userID (NSString *): at most 32 bytes from a restricted ASCII set.
    public var userID: String = ""
    /// ZIMUserInfo.userName (NSString *): the display name, at most 256 bytes; a login's non-empty name becomes the user's name.
    public var userName: String = ""
    /// ZIMUserInfo.userAvatarUrl (NSString *, 2.13): the avatar URL, at most 500 bytes.
    public var userAvatarUrl: String = ""

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMLoginConfig (2.13): the options of `login(withUserID:config:callback:)`.
open class ZIMLoginConfig: NSObject {
    /// ZIMLoginConfig.userName (NSString *): the display name, at most 256 bytes; when not empty it becomes the user's name
    /// (docs/ZIM.md, "User information").
    public var userName: String = ""
    /// ZIMLoginConfig.token (NSString *): the login token; empty when AppSign authentication is used.
    public var token: String = ""
    /// ZIMLoginConfig.isOfflineLogin (BOOL): an offline login; default NO.
    public var isOfflineLogin: Bool = false
    /// ZIMLoginConfig.customStatus (NSString *): the user's custom status.
    public var customStatus: String = ""
    /// ZIMLoginConfig.customStatusDuration (long long, 3.x): how long `customStatus` lasts.
    public var customStatusDuration: Int64 = 0

    /// -init.
    public override init() {
        super.init()
    }
}

// MARK: - Offline push

/// ZIMVoIPConfig: the iOS VoIP (CallKit) part of an offline push.
open class ZIMVoIPConfig: NSObject {
    /// ZIMVoIPConfig.iOSVoIPHandleType (ZIMCXHandleType): the CallKit handle type; defaults to generic.
    public var iOSVoIPHandleType: ZIMCXHandleType = .generic
    /// ZIMVoIPConfig.iOSVoIPHandleValue (NSString *): the CallKit handle value.
    public var iOSVoIPHandleValue: String = ""
    /// ZIMVoIPConfig.iOSVoIPHasVideo (BOOL): whether the VoIP call is a video call.
    public var iOSVoIPHasVideo: Bool = false

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMPushConfig (2.5): the offline push sent with a call operation. `privateMessageTemplate` (3.x) is not mirrored.
open class ZIMPushConfig: NSObject {
    /// ZIMPushConfig.title (NSString *): the push title.
    public var title: String = ""
    /// ZIMPushConfig.content (NSString *): the push body.
    public var content: String = ""
    /// ZIMPushConfig.payload (NSString *): extra data delivered with the push (replaced `extendedData` in 2.5.0).
    public var payload: String = ""
    /// ZIMPushConfig.resourcesID (NSString *): the offline-push resource ID.
    public var resourcesID: String = ""
    /// ZIMPushConfig.enableBadge (BOOL): whether the push changes the app badge.
    public var enableBadge: Bool = false
    /// ZIMPushConfig.badgeIncrement (int): how much the badge grows when `enableBadge` is set.
    public var badgeIncrement: Int32 = 0
    // H-DEF declares it non-null, so SDK code reads and writes through it directly
    // (`pushConfig.voIPConfig.iOSVoIPHasVideo = true`). It starts as a default `ZIMVoIPConfig` so that
    // code works; implicitly unwrapped so that code assigning nil (as ObjC allows) still compiles.
    /// ZIMPushConfig.voIPConfig (ZIMVoIPConfig *): the iOS VoIP options.
    public var voIPConfig: ZIMVoIPConfig! = ZIMVoIPConfig()
    /// ZIMPushConfig.threadID (NSString *, 3.x): the push's thread ID.
    public var threadID: String = ""

    /// -init.
    public override init() {
        super.init()
    }
}

// MARK: - Call invitation

/// ZIMCallInviteConfig: the options of `callInvite(with:config:callback:)`.
open class ZIMCallInviteConfig: NSObject {
    /// ZIMCallInviteConfig.timeout (unsigned int): seconds before unanswered invitees time out; 0 means the 90 s default, otherwise 1...600.
    public var timeout: UInt32 = 0
    /// ZIMCallInviteConfig.mode (ZIMCallInvitationMode): general (the default) or advanced.
    public var mode: ZIMCallInvitationMode = .general
    /// ZIMCallInviteConfig.extendedData (NSString *): passed through to the invitees; at most 2 KB.
    public var extendedData: String = ""
    /// ZIMCallInviteConfig.enableNotReceivedCheck (BOOL, 2.15): report invitees who have not received the invite within 5 s as `.notYetReceived`.
    public var enableNotReceivedCheck: Bool = false
    /// ZIMCallInviteConfig.pushConfig (nullable ZIMPushConfig *, 2.5): the offline push for invitees who are offline.
    public var pushConfig: ZIMPushConfig? = nil

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallCancelConfig: the options of `callCancel(with:callID:config:callback:)`.
open class ZIMCallCancelConfig: NSObject {
    /// ZIMCallCancelConfig.extendedData (NSString *): passed through to the cancelled invitees; at most 2 KB.
    public var extendedData: String = ""
    /// ZIMCallCancelConfig.pushConfig (nullable ZIMPushConfig *): the offline push for cancelled invitees who are offline.
    public var pushConfig: ZIMPushConfig? = nil

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallAcceptConfig: the options of `callAccept(with:config:callback:)`.
open class ZIMCallAcceptConfig: NSObject {
    /// ZIMCallAcceptConfig.extendedData (NSString *): passed through to the other members; at most 2 KB.
    public var extendedData: String = ""

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallRejectConfig: the options of `callReject(with:config:callback:)`.
open class ZIMCallRejectConfig: NSObject {
    /// ZIMCallRejectConfig.extendedData (NSString *): passed through to the other members; at most 2 KB.
    public var extendedData: String = ""

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallingInviteConfig (2.9): the options of `callingInvite(with:callID:config:callback:)`.
open class ZIMCallingInviteConfig: NSObject {
    /// ZIMCallingInviteConfig.pushConfig (nullable ZIMPushConfig *): the offline push for new invitees who are offline.
    public var pushConfig: ZIMPushConfig? = nil

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallJoinConfig (2.12): the options of `callJoin(by:config:callback:)`.
open class ZIMCallJoinConfig: NSObject {
    /// ZIMCallJoinConfig.extendedData (NSString *): passed through to the other members; at most 2 KB.
    public var extendedData: String = ""

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallQuitConfig (2.9): the options of `callQuit(by:config:callback:)`.
open class ZIMCallQuitConfig: NSObject {
    /// ZIMCallQuitConfig.extendedData (NSString *): passed through to the other members; at most 2 KB.
    public var extendedData: String = ""
    /// ZIMCallQuitConfig.pushConfig (nullable ZIMPushConfig *): the offline push for members who are offline.
    public var pushConfig: ZIMPushConfig? = nil

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallEndConfig (2.9): the options of `callEnd(by:config:callback:)`.
open class ZIMCallEndConfig: NSObject {
    /// ZIMCallEndConfig.extendedData (NSString *): passed through to the other members; at most 2 KB.
    public var extendedData: String = ""
    /// ZIMCallEndConfig.pushConfig (nullable ZIMPushConfig *): the offline push for members who are offline.
    public var pushConfig: ZIMPushConfig? = nil

    /// -init.
    public override init() {
        super.init()
    }
}

/// ZIMCallInvitationQueryConfig (2.9): the options of `queryCallInvitationList(with:callback:)`.
open class ZIMCallInvitationQueryConfig: NSObject {
    /// ZIMCallInvitationQueryConfig.count (unsigned int): the page size; at most 100 (a larger count is treated as 100).
    public var count: UInt32 = 0
    /// ZIMCallInvitationQueryConfig.nextFlag (long long): 0 for the first (newest) page, then the `nextFlag` of the previous callback.
    public var nextFlag: Int64 = 0

    /// -init.
    public override init() {
        super.init()
    }
}
