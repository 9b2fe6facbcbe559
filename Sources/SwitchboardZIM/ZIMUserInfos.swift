import Foundation

// Swift mirrors of the user-information classes of `ZIMDefines.h` (late 2.x). `ZIMUserInfo` and
// `ZIMErrorUserInfo` are beside the login and call classes (`ZIMConfigs.swift`, `ZIMInfos.swift`). The
// limits of each field are docs/ZIM.md's "User information".

/// ZIMUserFullInfo: everything `queryUsersInfo(by:config:callback:)` answers about one user, and what
/// `zim(_:userInfoUpdated:)` reports.
open class ZIMUserFullInfo: NSObject {
    /// ZIMUserFullInfo.baseInfo (ZIMUserInfo *): the user's ID, name and avatar URL.
    public var baseInfo: ZIMUserInfo = ZIMUserInfo()
    /// ZIMUserFullInfo.userAvatarUrl (NSString *): the avatar URL again; the header calls it deprecated
    /// since 2.13 in favour of `baseInfo.userAvatarUrl`, without a deprecation attribute.
    public var userAvatarUrl: String = ""
    /// ZIMUserFullInfo.extendedData (NSString *): the user's extended data (`updateUserExtendedData`).
    public var extendedData: String = ""

    /// -init.
    public override init() {
        super.init()
    }

    /// "userID name=… avatar=… data=…".
    open override var description: String {
        "\(baseInfo.userID) name=\(baseInfo.userName) avatar=\(baseInfo.userAvatarUrl) data=\(extendedData)"
    }
}

/// ZIMUsersInfoQueryConfig: the options of `queryUsersInfo(by:config:callback:)`.
open class ZIMUsersInfoQueryConfig: NSObject {
    /// ZIMUsersInfoQueryConfig.isQueryFromServer (BOOL): ask the server even for users this instance
    /// already knows; default NO (known users are answered locally, without counting against the limit).
    public var isQueryFromServer: Bool = false

    /// -init.
    public override init() {
        super.init()
    }
}
