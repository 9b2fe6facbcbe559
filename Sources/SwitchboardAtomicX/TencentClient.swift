import Dispatch
import Foundation
import Synchronization
import SwitchboardClient
import SwitchboardCore
#if Embedded
import SwitchboardEmbedded
#endif
import SwitchboardPublishers
import SwitchboardWire

/// The engine behind one set of Tencent stores (`CallStore`, `LoginStore`, `DeviceStore` and
/// `TUICallEngine` of one ``AtomicXInstance``): one logged-in session at a time, the call the device
/// shows, the local devices, and what the app hears. The session, the job queue, the callback queue
/// (the main queue unless the environment names another: docs/TENCENT.md, "Main-queue delivery") and the
/// login generations are its ``SurfaceHost``'s (ARCHITECTURE.md, "Surfaces").
///
/// Each block on the callback queue publishes the new state first, then runs the completion or sends
/// the events, so a subscriber reading `state.value` inside `onCallEnded` sees the call as it ended, and
/// a completion precedes the events its request caused.
final class TencentClient: SurfaceHost<TencentClient.State>, @unchecked Sendable {
    // @unchecked: as the host, whose state is behind its lock; the rest are `let`s of Sendable types.
    let callState = StatePublisher(initialState: CallState())
    let loginState = StatePublisher(initialState: LoginState())
    let deviceState = StatePublisher(initialState: DeviceState())
    let callEvents = PassthroughSubject<CallEvent, Never>()
    let loginEvents = PassthroughSubject<LoginEvent, Never>()
    let observers = Mutex<[WeakObserver]>([])
    let experimental = Mutex(ExperimentalSettings())

    struct State: SurfaceState {
        var session: ClientSession?
        var user: UserID?
        var sdkAppID: Int32 = 0
        /// Bumped on every login and logout; events of an older session are ignored.
        var generation = 0
        var isLoggedIn = false
        /// `enableMultiDeviceAbility`: kept across logins and sent after each.
        var multiDevice = false
        /// The call `activeCall` shows (nil before the first); `ending` set once it is over here.
        var view: TencentCallView?
        /// The view `CallStore.state` last showed (set on the callback queue): a publish that is not a
        /// change of the call (a duration tick, a profile, a device) shows it again rather than
        /// ``view``, which may be ahead of the changes still queued for the app.
        var publishedView: TencentCallView?
        /// A `calls` or `join` is on its way: the device is busy although no call shows yet.
        var isStartingCall = false
        /// The one user a `calls` on its way invites (nil for a group call or a join): an invitation
        /// from them meanwhile is glare, not busy (docs/TENCENT.md, "Glare").
        var startingCallee: UserID?
        /// That invitation, as last heard of, kept until the `calls` is answered.
        var heldGlare: CallNotification?
        /// The tick of `activeCall.duration`: the call and the instant it counts from.
        var durationTimer: (callID: String, since: Timestamp, task: Task<Void, Never>)?
        /// The completion of a login still under way (answered when it ends, or failed when a later
        /// login or a logout supersedes it).
        var pendingLogin: (generation: Int, completion: Done?)?
        /// Profiles being read, so that one is not asked for twice.
        var profilesInFlight: Set<String> = []
        /// The local devices (`DeviceStore.state`), as the client last set them.
        var devices = DeviceState()
        /// Devices the app simulates as failing (Linux has no capture devices; DeviceStore docs).
        var failingDevices: [DeviceType: DeviceError] = [:]
        /// Profiles of the people the device shows, by user id.
        var profiles: [String: Profile] = [:]
        var selfProfile = UserProfile()

        var isInCall: Bool { isStartingCall || (view != nil && view?.ending == nil) }

        mutating func stopDurationTimer() {
            durationTimer?.task.cancel()
            durationTimer = nil
        }

        /// The pending login's completion, if it is the one of `generation`.
        mutating func takePendingLogin(_ generation: Int) -> Done?? {
            guard let pending = pendingLogin, pending.generation == generation else { return nil }
            pendingLogin = nil
            return .some(pending.completion)
        }

        /// Any pending login's completion (a logout or a later login supersedes it).
        mutating func takeAnyPendingLogin() -> Done? {
            defer { pendingLogin = nil }
            return pendingLogin?.completion
        }

        /// The session this state belongs to is going: a call in progress ends here (hung up, as at
        /// logout) and the duration stops. Returns the call as it ended here, and how to leave it in
        /// the service while the session can still send.
        mutating func endCallWithSession(at now: Timestamp) -> (ended: TencentCallView?, leaving: ServiceOperation?) {
            stopDurationTimer()
            isStartingCall = false
            startingCallee = nil
            heldGlare = nil
            guard let view, view.ending == nil else { return (nil, nil) }
            let ended = view.endedLocally(at: now)
            self.view = ended
            return (ended, TencentClient.leaveOperation(for: view))
        }
    }

    /// An API completion, made `@Sendable` at the public surface (the vendor's `CompletionClosure` is
    /// not); it runs once, on the callback queue.
    typealias Done = @Sendable (Result<Void, ErrorInfo>) -> Void

    /// A weakly held `TUICallObserver`. @unchecked: observers are only called on the callback queue;
    /// the list itself is behind a Mutex.
    struct WeakObserver: @unchecked Sendable {
        weak var value: (any TUICallObserver)?
        let id: ObjectIdentifier
    }

    init(environment: ClientEnvironment) {
        // The trait that carries the embedded service (Package.swift): without it the process must be
        // pointed at a server.
        #if Embedded
        EmbeddedService.provideAsProcessService()
        #endif
        super.init(environment: environment, devicePrefix: "tencent", state: State())
    }

    deinit {
        state.withLock { $0.durationTimer }?.task.cancel()
    }

    /// Answers an API call on the callback queue.
    func complete(_ completion: Done?, _ result: Result<Void, ErrorInfo>) {
        guard let completion else { return }
        post { completion(result) }
    }

    /// As the host's, and an answer that arrives after the login it was sent under ended (logout,
    /// another user) is a `notLoggedIn` failure: it must not touch the state of the login that followed.
    override func submit(
        _ operation: ServiceOperation, timeout: Duration? = nil, waitWhileReconnecting: Bool = true,
        completion: @escaping ClientSession.Completion<Reply>
    ) {
        let generation = state.withLock { $0.generation }
        let this = WeakReference(self)
        super.submit(operation, timeout: timeout, waitWhileReconnecting: waitWhileReconnecting) { result in
            guard this.value?.isCurrent(generation) == true else {
                return completion(.failure(SignalingError(.notLoggedIn, "the login ended before the answer")))
            }
            completion(result)
        }
    }

    /// Sends `operation` and forgets it (protocol duties: busy answers, media reports).
    func fire(_ operation: ServiceOperation) {
        submit(operation) { _ in }
    }

    func notifyObservers(_ body: @escaping @Sendable (any TUICallObserver) -> Void) {
        post { [self] in
            for observer in observers.withLock({ $0.compactMap(\.value) }) {
                body(observer)
            }
        }
    }

    // MARK: - Login and logout

    /// `LoginStore.login(sdkAppID:userID:userSig:completion:)` and `TUICallEngine.init`.
    func login(sdkAppID: Int32, user: String, userSig: String, completion: Done?) {
        guard sdkAppID > 0 else {
            return complete(completion, .failure(TencentErrorMapping.info(ERROR_PARAM_INVALID, "sdkAppID must be positive, not \(sdkAppID)")))
        }
        let userID = UserID(user)
        guard userID.isValid else {
            return complete(completion, .failure(TencentErrorMapping.info(
                ERROR_PARAM_INVALID, "userID must be 1 to \(UserID.maximumLength) bytes of printable ASCII")))
        }
        typealias Switch = (session: ClientSession, previous: ClientSession?, generation: Int,
                            leaving: ServiceOperation?, ended: TencentCallView?, superseded: Done?)
        let outcome: Switch? = state.withLock { state in
            if state.isLoggedIn, state.user == userID, state.sdkAppID == sdkAppID { return nil }
            let session = makeSession(ClientConfiguration(
                app: String(sdkAppID), user: userID, device: device, token: userSig, loginPolicy: .latestDevice,
                surface: TencentLimits.surface, timing: TencentLimits.timing,
                tokenWarningLead: TencentLimits.tokenWarningLead))
            // A call in progress ends with the session it belongs to: hung up, as at logout.
            let (ended, leaving) = state.endCallWithSession(at: now)
            if state.user != userID {
                state.profiles = [:]
            }
            let previous = state.begin(session, as: userID)
            state.sdkAppID = sdkAppID
            state.isLoggedIn = false
            let superseded = state.takeAnyPendingLogin()
            state.pendingLogin = (state.generation, completion)
            return (session, previous, state.generation, leaving, ended, superseded)
        }
        guard let (session, previous, generation, leaving, ended, superseded) = outcome else {
            // Already logged in as this user: the IM SDK answers success.
            return complete(completion, .success(()))
        }
        complete(superseded, .failure(TencentErrorMapping.info(ERROR_INIT_FAIL, "superseded by a later login")))
        if let ended {
            showEndedHere(ended)
        }
        startLogin(session, generation: generation, retiring: {
            if let previous { await Self.retire(previous, leaving: leaving) }
        }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success:
                loggedIn(session, generation: generation)
            case .failure(let error):
                let pending: Done?? = state.withLock { state in
                    guard state.generation == generation else { return nil }
                    state.session = nil
                    state.user = nil
                    return state.takePendingLogin(generation)
                }
                if let pending { complete(pending, .failure(TencentErrorMapping.loginError(error))) }
            }
        }
    }

    /// The session is welcomed: turn multi-device on if asked, read the user's profile, then publish
    /// `logined` and answer.
    private func loggedIn(_ session: ClientSession, generation: Int) {
        let (user, multiDevice) = state.withLock { state -> (UserID?, Bool) in
            guard state.generation == generation else { return (nil, false) }
            state.isLoggedIn = true
            return (state.user, state.multiDevice)
        }
        guard let user else { return }
        if multiDevice {
            enqueue { await session.submit(.setMultiDevice(true)) { _ in } }
        }
        let this = WeakReference(self)
        enqueue {
            await session.submit(.queryProfiles([user])) { result in
                this.value?.finishLogin(result, user: user, generation: generation)
            }
        }
    }

    private func finishLogin(_ result: Result<Reply, SignalingError>, user: UserID, generation: Int) {
        var profile = UserProfile(userID: user.rawValue)
        if case .success(.profiles(let profiles, _)) = result, let mine = profiles.first {
            profile.nickname = mine.nickname
            profile.avatarURL = mine.avatarURL
        }
        let pending: Done?? = state.withLock { state in
            guard state.generation == generation else { return nil }
            state.selfProfile = profile
            return state.takePendingLogin(generation)
        }
        guard let pending else { return }
        let completion = pending
        let shown = profile
        post { [self] in
            loginState.update { state in
                state.loginStatus = .logined
                state.loginUserInfo = shown
            }
            publishCall()
        }
        complete(completion, .success(()))
    }

    /// `LoginStore.logout(completion:)`: a call in progress is hung up first (and ends here with
    /// `hangup`), then the session logs out.
    func logout(completion: Done?) {
        let outcome: (ClientSession, ServiceOperation?, TencentCallView?, Done?)? = state.withLock { state in
            guard let session = state.session else { return nil }
            let (ended, leaving) = state.endCallWithSession(at: now)
            let pending = state.takeAnyPendingLogin()
            state.session = nil
            state.isLoggedIn = false
            state.generation += 1
            return (session, leaving, ended, pending)
        }
        guard let (session, leaving, ended, pending) = outcome else {
            return complete(completion, .success(()))
        }
        complete(pending, .failure(TencentErrorMapping.info(ERROR_INIT_FAIL, "logged out before the login completed")))
        if let ended {
            showEndedHere(ended)
        }
        post { [self] in
            loginState.update { state in
                state.loginStatus = .unlogin
                state.loginUserInfo = nil
            }
        }
        enqueue { [self] in
            await Self.retire(session, leaving: leaving)
            complete(completion, .success(()))
        }
    }

    /// Logged out by the service (another login replaced the session, the UserSig expired): the state
    /// says so, and the app hears `kickedOffline` or `loginExpired` on both APIs. The service has
    /// ended the session, and with it this device's part in its call (`leavesWithDevice`); the call
    /// ends here.
    private func forcedOut(_ event: LoginEvent, generation: Int) {
        let current: (Bool, TencentCallView?, Done?) = state.withLock { state in
            guard state.generation == generation else { return (false, nil, nil) }
            state.generation += 1
            state.isLoggedIn = false
            state.session = nil
            let ended = state.endCallWithSession(at: now).ended
            return (true, ended, state.takeAnyPendingLogin())
        }
        guard current.0 else { return }
        complete(current.2, .failure(TencentErrorMapping.info(ERROR_INIT_FAIL, "logged out by the service: \(event)")))
        if let ended = current.1 {
            showEndedHere(ended)
        }
        post { [self] in
            loginState.update { state in
                state.loginStatus = .unlogin
                state.loginUserInfo = nil
            }
            loginEvents.send(event)
        }
        switch event {
        case .kickedOffline: notifyObservers { $0.onKickedOffline() }
        case .loginExpired: notifyObservers { $0.onUserSigExpired() }
        }
    }

    /// Logs out and lets the session go (the instance is released).
    func shutdown() {
        let pending = endSession { state in
            state.isLoggedIn = false
            state.stopDurationTimer()
            return state.takeAnyPendingLogin()
        }
        complete(pending, .failure(TencentErrorMapping.info(ERROR_INIT_FAIL, "the instance was released")))
    }

    /// Ends a session for good: leaves its call first (as at logout) while it can still send, then logs
    /// out and lets it go.
    private static func retire(_ session: ClientSession, leaving: ServiceOperation?) async {
        if let leaving {
            _ = try? await session.request(leaving, timeout: TencentLimits.timing.logoutTimeout, waitWhileReconnecting: false)
        }
        try? await session.logout()
        await session.shutdown()
    }

    // MARK: - Events from the session

    /// Called on the session's executor, in order, for the current session only.
    override func sessionEvent(_ event: ClientEvent, generation: Int) {
        switch event {
        case .connection(let connectionState, let reason):
            guard connectionState == .disconnected || connectionState == .aborted else { return }
            switch reason {
            case .remoteLogin, .bannedByServer: forcedOut(.kickedOffline, generation: generation)
            case .tokenExpired: forcedOut(.loginExpired, generation: generation)
            default: break
            }
        case .server(let serverEvent):
            handle(serverEvent, generation: generation)
        case .sessionReplaced:
            sessionReplaced(generation: generation)
        case .reconnectRefused(let error):
            // A UserSig that ran out (or was revoked) while the link was down: the IM SDK's
            // `onUserSigExpired`; the session stops retrying with it.
            guard error.code == .service(.tokenExpired) || error.code == .service(.invalidToken),
                  let session = state.withLock({ $0.session }) else { return }
            forcedOut(.loginExpired, generation: generation)
            enqueue { await session.shutdown() }
        }
    }

    /// The session was lost and replaced by a fresh login (the link was down past the service's grace
    /// period, or the server restarted). The shown call goes on only if the service still has this
    /// device in it (a restarted server resumes its calls; a lost session takes the device out of its
    /// call, `leavesWithDevice`): the service's list of active calls decides, and a call missing from it
    /// ends here. The session's settings are sent again.
    private func sessionReplaced(generation: Int) {
        let (callID, multiDevice): (String?, Bool) = state.withLock { state in
            guard state.generation == generation else { return (nil, false) }
            return (state.view?.ending == nil ? state.view?.callID : nil, state.multiDevice)
        }
        if multiDevice { fire(.setMultiDevice(true)) }
        guard let callID else { return }
        submitActiveCalls { [weak self] result in
            guard let self else { return }
            let me = state.withLock { $0.user }
            if case .success(let calls) = result, let me,
               let call = calls.first(where: { $0.id.rawValue == callID }),
               let view = TencentCallView(call: call, me: me, device: device), view.ending == nil {
                return show(view, generation: generation)
            }
            let ended: TencentCallView? = state.withLock { state in
                guard state.generation == generation, state.view?.callID == callID else { return nil }
                return state.endCallWithSession(at: now).ended
            }
            if let ended { showEndedHere(ended) }
        }
    }

    private func handle(_ event: ServerEvent, generation: Int) {
        switch event {
        case .call(let note):
            handleCall(note, generation: generation)
        case .profileChanged(let profile):
            profileChanged(profile, generation: generation)
        case .tokenWillExpire, .message, .presenceChanged, .channelMemberJoined, .channelMemberLeft, .channelMessage,
             .channelAttributesChanged:
            break
        }
    }

    private func profileChanged(_ profile: Profile, generation: Int) {
        let isSelf: Bool? = state.withLock { state in
            guard state.generation == generation else { return nil }
            state.profiles[profile.user.rawValue] = profile
            guard profile.user == state.user else { return false }
            state.selfProfile.nickname = profile.nickname
            state.selfProfile.avatarURL = profile.avatarURL
            return true
        }
        guard let isSelf else { return }
        post { [self] in
            if isSelf {
                loginState.update { state in
                    state.loginUserInfo?.nickname = profile.nickname
                    state.loginUserInfo?.avatarURL = profile.avatarURL
                }
            }
            publishCall()
        }
    }
}
