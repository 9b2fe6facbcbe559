import Foundation

// Swift mirrors of the AtomicXCore LoginStore types (DocC `loginstate.json`, `userprofile.json` and the
// enum pages). DocC lists enum cases alphabetically and gives no raw values; the module infers them from
// the V2TIM order (docs/TENCENT.md, "LoginStore raw values"). The vendor's `fromV2TIM*` converters are not
// mirrored: there are no V2TIM types here. The vendor's internal `JSONCodable` is not mirrored either.

/// AtomicXCore `LoginStatus: Int` (DocC `loginstatus.json`): whether the local user is logged in.
public enum LoginStatus: Int, Sendable, CaseIterable {
    /// AtomicXCore `LoginStatus.unlogin` (0): not logged in.
    case unlogin = 0
    /// AtomicXCore `LoginStatus.logined` (1): logged in.
    case logined = 1
}

/// AtomicXCore `LoginEvent` (DocC `loginevent.json`, no raw type): a one-shot login event on `LoginStore.shared.loginEventPublisher`.
public enum LoginEvent: Sendable, CaseIterable {
    /// AtomicXCore `LoginEvent.kickedOffline`: the same user logged in elsewhere and this session was logged out.
    case kickedOffline
    /// AtomicXCore `LoginEvent.loginExpired`: the UserSig expired; log in again with a new one.
    case loginExpired
}

/// AtomicXCore `Gender: Int` (DocC `gender.json`): a user's gender.
public enum Gender: Int, Sendable, CaseIterable {
    /// AtomicXCore `Gender.unknown` (0): not set.
    case unknown = 0
    /// AtomicXCore `Gender.male` (1): male.
    case male = 1
    /// AtomicXCore `Gender.female` (2): female.
    case female = 2
}

/// AtomicXCore `AllowType: Int` (DocC `allowtype.json`): how the user accepts friend requests.
public enum AllowType: Int, Sendable, CaseIterable {
    /// AtomicXCore `AllowType.allowAny` (0): accept anyone.
    case allowAny = 0
    /// AtomicXCore `AllowType.needConfirm` (1): requests need confirmation.
    case needConfirm = 1
    /// AtomicXCore `AllowType.denyAny` (2): refuse everyone.
    case denyAny = 2
}

/// AtomicXCore `LoginState` (DocC `loginstate.json`): `LoginStore.shared.state.value`. DocC declares no public initializer; the store builds it.
public struct LoginState: Sendable {
    /// AtomicXCore `LoginState.loginUserInfo`: the logged-in user's profile, nil when logged out.
    public var loginUserInfo: UserProfile? = nil
    /// AtomicXCore `LoginState.loginStatus`: `.unlogin` or `.logined`.
    public var loginStatus: LoginStatus = .unlogin
}

/// AtomicXCore `UserProfile` (DocC `userprofile.json`): a user's profile, for `LoginState.loginUserInfo` and `LoginStore.setSelfInfo(userProfile:completion:)`.
public struct UserProfile: Sendable {
    /// AtomicXCore `UserProfile.init(userID:nickname:avatarURL:)`: the other fields are nil.
    public init(userID: String, nickname: String? = nil, avatarURL: String? = nil) {
        self.userID = userID
        self.nickname = nickname
        self.avatarURL = avatarURL
    }

    /// `UserProfile.init()`: added by the project (userID ""); DocC declares none, but seed 004 writes `var userProfile = UserProfile()`.
    public init() {
        self.init(userID: "")
    }

    /// AtomicXCore `UserProfile.userID`: the user id.
    public var userID: String
    /// AtomicXCore `UserProfile.nickname`: the nickname.
    public var nickname: String?
    /// AtomicXCore `UserProfile.avatarURL`: the avatar URL.
    public var avatarURL: String?
    /// AtomicXCore `UserProfile.selfSignature`: the personal signature.
    public var selfSignature: String? = nil
    /// AtomicXCore `UserProfile.gender`: the gender.
    public var gender: Gender? = nil
    /// AtomicXCore `UserProfile.role`: the user's role (app-defined).
    public var role: UInt32? = nil
    /// AtomicXCore `UserProfile.level`: the user's level (app-defined).
    public var level: UInt32? = nil
    /// AtomicXCore `UserProfile.birthday`: the birthday (app-defined encoding, e.g. 19900101).
    public var birthday: UInt32? = nil
    /// AtomicXCore `UserProfile.allowType`: the friend-request policy.
    public var allowType: AllowType? = nil
    /// AtomicXCore `UserProfile.customInfo`: custom profile fields, key → raw bytes.
    public var customInfo: [String: Data]? = nil
}
