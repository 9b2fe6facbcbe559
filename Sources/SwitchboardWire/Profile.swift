import SwitchboardCore

/// What a user shows others: a nickname, an avatar and app-defined extended data (Tencent `setSelfInfo` /
/// `UserProfile`; ZIM `updateUserName` / `updateUserAvatarUrl` / `updateUserExtendedData`, read with
/// `queryUsersInfo`). The service keeps the last one each user set and tells the people they share a call
/// with, and the user's other sessions, when it changes.
public struct Profile: Hashable, Sendable {
    public var user: UserID
    public var nickname: String?
    public var avatarURL: String?
    /// Free-form data the app attaches to the user (ZIM `ZIMUserFullInfo.extendedData`).
    public var extendedData: String?

    public init(user: UserID, nickname: String? = nil, avatarURL: String? = nil, extendedData: String? = nil) {
        self.user = user
        self.nickname = nickname
        self.avatarURL = avatarURL
        self.extendedData = extendedData
    }

    /// Nicknames and avatar URLs are at most this many UTF-8 bytes.
    public static let maxFieldBytes = 1024
    /// Extended data is at most this many UTF-8 bytes: twice ZIM's default 2 KB, and small enough that a
    /// `profile.query` of the most users it takes stays a modest frame (docs/SERVER.md, "User profiles").
    public static let maxExtendedDataBytes = 4096
}
