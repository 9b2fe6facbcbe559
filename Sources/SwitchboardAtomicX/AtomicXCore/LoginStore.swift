import SwitchboardPublishers

/// AtomicXCore `LoginStore` (DocC `loginstore.json`): login with a UserSig, logout, the
/// user's profile, and the login state.
///
/// On a server with the app's secret key configured, the UserSig is verified (TLSSigAPIv2): a forged
/// or foreign sig fails with 70003, an expired one with 70001 (the IM SDK's codes). In development mode
/// (the embedded default) any sig is accepted, with a warning in the service's log.
public final class LoginStore: Sendable {
    let client: TencentClient

    init(client: TencentClient) {
        self.client = client
    }

    /// AtomicXCore `LoginStore.shared`: the process's store (``AtomicXInstance/shared``).
    public static var shared: LoginStore { AtomicXInstance.shared.loginStore }

    /// AtomicXCore `LoginStore.state`: `loginStatus` and `loginUserInfo` (nil when logged out).
    public var state: StatePublisher<LoginState> { client.loginState }

    /// AtomicXCore `LoginStore.loginEventPublisher`: `kickedOffline` (another login replaced this one)
    /// and `loginExpired` (the UserSig ran out; log in again).
    public var loginEventPublisher: PassthroughSubject<LoginEvent, Never> { client.loginEvents }

    /// AtomicXCore `LoginStore.sdkAppID`: the SDKAppID of the last login (0 before).
    public var sdkAppID: Int32 { client.state.withLock { $0.device.sdkAppID } }

    /// AtomicXCore `login(sdkAppID:userID:userSig:completion:)`. Logging in again as the logged-in
    /// user succeeds at once; as another user, the current one is logged out first.
    public func login(sdkAppID: Int32, userID: String, userSig: String, completion: CompletionClosure?) {
        client.login(sdkAppID: sdkAppID, user: userID, userSig: userSig, completion: sendable(completion))
    }

    /// `login` with an `Int` SDKAppID: GUIDE-IOS's quick start declares `let sdkAppID: Int`.
    /// Values outside `Int32` fail with -1202.
    public func login(sdkAppID: Int, userID: String, userSig: String, completion: CompletionClosure?) {
        guard let appID = Int32(exactly: sdkAppID) else {
            client.complete(sendable(completion), .failure(TencentErrorMapping.info(ERROR_PARAM_INVALID, "sdkAppID \(sdkAppID) is outside Int32")))
            return
        }
        login(sdkAppID: appID, userID: userID, userSig: userSig, completion: completion)
    }

    /// AtomicXCore `logout(completion:)`: hangs up a call in progress, then logs out.
    public func logout(completion: CompletionClosure?) {
        client.logout(completion: sendable(completion))
    }

    /// AtomicXCore `setSelfInfo(userProfile:completion:)`: the nickname and avatar everyone who shows
    /// the user sees (nil fields stay as they were). `userID` is "" or the logged-in user (-1202 else).
    public func setSelfInfo(userProfile: UserProfile, completion: CompletionClosure?) {
        client.setSelfInfo(nickname: userProfile.nickname, avatarURL: userProfile.avatarURL, userID: userProfile.userID,
                           completion: sendable(completion))
    }
}
