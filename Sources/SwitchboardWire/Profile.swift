import SwitchboardCore

/// What a user shows others: a nickname and an avatar (Tencent `setSelfInfo` / `UserProfile`). The
/// service keeps the last one each user set and tells the people they share a call with when it changes.
public struct Profile: Hashable, Sendable {
    public var user: UserID
    public var nickname: String?
    public var avatarURL: String?

    public init(user: UserID, nickname: String? = nil, avatarURL: String? = nil) {
        self.user = user
        self.nickname = nickname
        self.avatarURL = avatarURL
    }

    /// Nicknames and avatar URLs are at most this many UTF-8 bytes.
    public static let maxFieldBytes = 1024
}
