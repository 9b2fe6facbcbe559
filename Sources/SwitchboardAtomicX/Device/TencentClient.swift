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
/// login generations are its ``SurfaceHost``'s (ARCHITECTURE.md, "Surfaces"). What the device decides
/// (busy, glare, the login under way, the call shown, the duration tick) is its
/// ``TencentDeviceStateMachine``'s, kept under the host's lock; the client feeds it each input and
/// carries out the actions it returns (`TencentClient+Actions.swift`).
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
        /// The device's call and login state: every decision about them is the machine's; the client
        /// carries out its actions (`TencentClient+Actions.swift`).
        var device: TencentDeviceStateMachine<Done>
        /// The running tick of `activeCall.duration`, started and stopped as the machine says.
        var durationTick: Task<Void, Never>?

        var user: UserID? {
            get { device.user }
            set { device.user = newValue }
        }

        var generation: Int {
            get { device.generation }
            set { device.generation = newValue }
        }

        var isLoggedIn: Bool { device.isLoggedIn }
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
        super.init(environment: environment, devicePrefix: "tencent") { device in
            State(device: TencentDeviceStateMachine(device: device))
        }
    }

    deinit {
        state.withLock { $0.durationTick }?.cancel()
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

    func notifyObservers(_ body: @escaping @Sendable (any TUICallObserver) -> Void) {
        post { [self] in
            for observer in observers.withLock({ $0.compactMap(\.value) }) {
                body(observer)
            }
        }
    }

    // MARK: - Login and logout

    /// `LoginStore.login(sdkAppID:userID:userSig:completion:)` and `TUICallEngine.init`: the IM SDK's
    /// checks of the arguments, then the device's machine.
    func login(sdkAppID: Int32, user: String, userSig: String, completion: Done?) {
        guard sdkAppID > 0 else {
            return complete(completion, .failure(TencentErrorMapping.info(ERROR_PARAM_INVALID, "sdkAppID must be positive, not \(sdkAppID)")))
        }
        let userID = UserID(user)
        guard userID.isValid else {
            return complete(completion, .failure(TencentErrorMapping.info(
                ERROR_PARAM_INVALID, "userID must be 1 to \(UserID.maximumLength) bytes of printable ASCII")))
        }
        let now = now
        perform { $0.loginRequested(user: userID, sdkAppID: sdkAppID, userSig: userSig, completion: completion, at: now) }
    }

    /// `LoginStore.logout(completion:)`: a call in progress is hung up first (and ends here with
    /// `hangup`), then the session logs out.
    func logout(completion: Done?) {
        let now = now
        perform { $0.logoutRequested(completion: completion, at: now) }
    }

    /// Logs out and lets the session go (the instance is released).
    func shutdown() {
        let requests = endSession { state in
            carryOut(state.device.released(), in: &state)
        }
        for request in requests { request() }
    }

    /// The session configuration of a login.
    func configuration(_ start: TencentDeviceStateMachine<Done>.SessionStart) -> ClientConfiguration {
        ClientConfiguration(
            app: String(start.sdkAppID), user: start.user, device: device, token: start.userSig, loginPolicy: .latestDevice,
            surface: TencentLimits.surface, timing: TencentLimits.timing, tokenWarningLead: TencentLimits.tokenWarningLead)
    }

    /// Ends a session for good: leaves its call first (as at logout) while it can still send, then logs
    /// out and lets it go.
    static func retire(_ session: ClientSession, leaving: ServiceOperation?) async {
        if let leaving {
            _ = try? await session.request(leaving, timeout: TencentLimits.timing.logoutTimeout, waitWhileReconnecting: false)
        }
        try? await session.logout()
        await session.shutdown()
    }

    // MARK: - Events from the session

    /// Called on the session's executor, in order, for the current session only.
    override func sessionEvent(_ event: ClientEvent, generation: Int) {
        let now = now
        switch event {
        case .connection(let connectionState, let reason):
            // Logged out by the service (another login replaced the session, the UserSig expired): the
            // app hears `kickedOffline` or `loginExpired`.
            guard connectionState == .disconnected || connectionState == .aborted else { return }
            switch reason {
            case .remoteLogin, .bannedByServer: perform { $0.forcedOut(.kickedOffline, generation: generation, at: now) }
            case .tokenExpired: perform { $0.forcedOut(.loginExpired, generation: generation, at: now) }
            default: break
            }
        case .server(.call(let note)):
            perform { $0.callNotified(note, generation: generation, at: now) }
        case .server(.profileChanged(let profile)):
            perform { $0.profileChanged(profile, generation: generation) }
        case .server(.tokenWillExpire), .server(.message), .server(.presenceChanged), .server(.channelMemberJoined),
             .server(.channelMemberLeft), .server(.channelMessage), .server(.channelAttributesChanged):
            break
        case .sessionReplaced:
            perform { $0.sessionReplaced(generation: generation) }
        case .reconnectRefused(let error):
            perform { $0.reconnectRefused(error, generation: generation, at: now) }
        }
    }
}
