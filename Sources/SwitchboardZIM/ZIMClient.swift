import Dispatch
import Synchronization
import SwitchboardClient
import SwitchboardCore
#if Embedded
import SwitchboardEmbedded
#endif
import SwitchboardWire

/// The engine behind one `ZIM` instance: one logged-in session at a time, the instance's connection
/// state and what it last showed of each call. The session, the job queue, the callback queue and the
/// login generations are its ``SurfaceHost``'s (ARCHITECTURE.md, "Surfaces").
final class ZIMClient: SurfaceHost<ZIMClient.State>, @unchecked Sendable {
    // @unchecked: as the host, whose state is behind its lock; the rest are `let`s of Sendable types.
    /// The service's app id: ZIM's numeric `appID` as text.
    let app: String
    private let sink = Mutex<(@Sendable (ZIMEvent) -> Void)?>(nil)

    struct State: SurfaceState {
        var session: ClientSession?
        var user: UserID?
        var generation = 0
        var connection: ZIMConnectionState = .disconnected
        /// What this instance last showed of each call it takes part in.
        var calls: [CallID: ShownCall] = [:]
        /// `nextFlag` values handed out by `queryCallInvitationList`, oldest first.
        var queryPositions: [(flag: Int64, position: QueryPosition)] = []
        var lastQueryFlag: Int64 = 0
        /// The users this instance knows (ZIM's local user cache): those `queryUsersInfo` found, and its own
        /// user as last set. Kept across logins of the same user.
        var knownUsers: [String: ZIMKnownUser] = [:]
        /// When `queryUsersInfo` asked the server, and for how many users (the last 10 s).
        var serverUserQueries: [(at: Timestamp, count: Int)] = []

        var isLoggedIn: Bool { connection == .connected || connection == .reconnecting }
    }

    /// A call as this instance last showed it: every member's state, and whether the invitation was
    /// presented (`callInvitationReceived` comes once per instance).
    struct ShownCall {
        var users: [String: ZIMCallUser] = [:]
        var presented = false
    }

    /// Each instance is one device of its user (ZIM logs in several devices at once).
    init(app: String, environment: ClientEnvironment, callbackQueue: DispatchQueue) {
        // The trait that carries the embedded service (Package.swift): without it the process must be
        // pointed at a server.
        #if Embedded
        EmbeddedService.provideAsProcessService()
        #endif
        self.app = app
        super.init(environment: environment, devicePrefix: "zim", callbackQueue: callbackQueue, state: State())
    }

    func setEventSink(_ handler: (@Sendable (ZIMEvent) -> Void)?) {
        sink.withLock { $0 = handler }
    }

    func emit(_ event: ZIMEvent) {
        post { [self] in sink.withLock { $0 }?(event) }
    }

    /// Sends `operation` on the current session, in order, with its refusal as `api` reports it.
    /// `completion` runs on the session's executor, in order with the events, so it must `post` what
    /// the app sees.
    func submit(
        _ operation: ServiceOperation, api: ZIMCallAPI,
        completion: @escaping @Sendable (Result<Reply, ZIMFailure>) -> Void
    ) {
        submit(operation) { result in
            completion(result.mapError { ZIMErrorMapping.error($0, in: api) })
        }
    }

    // MARK: - Login, logout, token

    /// `login(withUserID:config:callback:)`; `token` nil for AppSign authentication. A non-empty
    /// `userName` becomes the user's stored name before the login is reported (an empty one leaves it).
    func login(user: String, token: String?, userName: String, completion: @escaping @Sendable (ZIMFailure?) -> Void) {
        guard ZIMLimits.isValidUserID(user) else {
            return post { completion(.invalid("userID must be 1 to 32 bytes of letters, digits and !#$%&()+-:;<=.>?@[]^_{}|~")) }
        }
        guard userName.utf8.count <= ZIMLimits.userNameBytes else {
            return post { completion(.invalid("userName is \(userName.utf8.count) bytes; at most \(ZIMLimits.userNameBytes)")) }
        }
        let outcome: (ClientSession, ClientSession?, Int)? = state.withLock { state in
            guard state.connection == .disconnected else { return nil }
            let session = makeSession(ClientConfiguration(
                app: app, user: UserID(user), device: device, token: token, loginPolicy: .multiDevice,
                surface: "zim", timing: ZIMLimits.timing, tokenWarningLead: ZIMLimits.tokenWillExpireNotice))
            if state.user != UserID(user) {
                state.calls = [:]
                state.queryPositions = []
                state.knownUsers = [:]
                state.serverUserQueries = []
            }
            let previous = state.begin(session, as: UserID(user))
            state.connection = .connecting
            return (session, previous, state.generation)
        }
        guard let (session, previous, generation) = outcome else {
            return post {
                completion(ZIMFailure(.ZIMErrorCodeNetworkModuleUserHasAlreadyLogged, "already logged in"))
            }
        }
        let this = WeakReference(self)
        startLogin(session, generation: generation, retiring: { await previous?.shutdown() }) { result in
            switch result {
            case .success where !userName.isEmpty:
                this.value?.storeName(userName, on: session) { this.value?.post { completion(nil) } }
            case .success:
                this.value?.post { completion(nil) }
            case .failure(let error):
                this.value?.post { completion(ZIMErrorMapping.sessionError(error)) }
            }
        }
    }

    /// The name a login gave (ZIM: "an empty userName leaves the name as it is"), stored before the login
    /// is reported. The login stands if storing it fails; the name is then the one stored before.
    private func storeName(_ userName: String, on session: ClientSession, then done: @escaping @Sendable () -> Void) {
        let this = WeakReference(self)
        enqueue {
            await session.submit(.setProfile(nickname: userName, avatarURL: nil, extendedData: nil)) { result in
                if case .success(.profiles(let profiles, _)) = result, let mine = profiles.first {
                    this.value?.remember(mine)
                }
                done()
            }
        }
    }

    /// `logout()`: no callback. The instance is logged out at once (a `login` right after it starts a
    /// new session); `connectionStateChanged(.disconnected, .success)` follows, and the old session
    /// tells the service on the job queue, before anything the new one sends.
    func logout() {
        let session: ClientSession? = state.withLock { state in
            guard state.connection != .disconnected, let session = state.session else { return nil }
            state.generation += 1
            state.connection = .disconnected
            state.calls = [:]
            return session
        }
        guard let session else { return }
        emit(.connectionStateChanged(.disconnected, .success))
        enqueue { try? await session.logout() }
    }

    /// `renewToken(_:callback:)`.
    func renewToken(_ token: String, completion: @escaping @Sendable (ZIMFailure?) -> Void) {
        guard !token.isEmpty else {
            return post { completion(ZIMFailure(.ZIMErrorCodeNetworkModuleTokenInvalid, "the token is empty")) }
        }
        guard let session = state.withLock({ $0.isLoggedIn ? $0.session : nil }) else {
            return post { completion(.notLoggedIn) }
        }
        // Not on the job queue: a renewal is ordered with nothing, and waiting for it must not hold up
        // the calls behind it.
        renewToken(token, on: session, queued: false) { error in
            completion(error.map(ZIMErrorMapping.sessionError))
        }
    }

    /// Logs out and lets the session go (`destroy()`).
    func shutdown() {
        endSession { state in
            state.connection = .disconnected
            state.calls = [:]
        }
    }

    // MARK: - Events from the session

    /// Called on the session's executor, in order, for the current session only.
    override func sessionEvent(_ event: ClientEvent, generation: Int) {
        switch event {
        case .connection(let connectionState, let reason):
            connectionChanged(connectionState, reason, generation: generation)
        case .server(let serverEvent):
            handle(serverEvent, generation: generation)
        case .reconnectRefused(let error) where error.code == .service(.tokenExpired):
            tokenExpiredWhileAway(generation: generation)
        case .sessionReplaced, .reconnectRefused:
            break
        }
    }

    /// The token ran out while the link was down (the service ended the session at the expiry): ZIM
    /// stops reconnecting and reports `disconnected` with `tokenExpired`, as when it runs out while
    /// connected (docs/ZIM.md, "Tokens").
    private func tokenExpiredWhileAway(generation: Int) {
        let session: ClientSession? = state.withLock { state in
            guard state.generation == generation, let session = state.session else { return nil }
            state.generation += 1
            state.connection = .disconnected
            state.calls = [:]
            return session
        }
        guard let session else { return }
        emit(.connectionStateChanged(.disconnected, .tokenExpired))
        enqueue { await session.shutdown() }
    }

    private func connectionChanged(
        _ newState: SwitchboardClient.ConnectionState, _ reason: ConnectionChangeReason, generation: Int
    ) {
        let mapped: ZIMConnectionState = switch newState {
        case .disconnected, .aborted: .disconnected
        case .connecting: .connecting
        case .connected: .connected
        case .reconnecting: .reconnecting
        }
        let zimEvent: ZIMConnectionEvent = switch reason {
        case .login: .activeLogin
        case .loginSuccess, .logout: .success
        case .loginFailure, .interrupted: .loginInterrupted
        case .loginTimeout: .loginTimeout
        case .bannedByServer, .remoteLogin: .kickedOut
        case .tokenExpired: .tokenExpired
        }
        let current: Bool = state.withLock { state in
            // Checked again under the lock: a logout or destroy may have retired this session since.
            guard state.generation == generation else { return false }
            if mapped == .disconnected {
                // What was shown belongs to the session; a later login catches up afresh.
                state.calls = [:]
            }
            state.connection = mapped
            return true
        }
        if current {
            emit(.connectionStateChanged(mapped, zimEvent))
        }
    }

    private func handle(_ event: ServerEvent, generation: Int) {
        switch event {
        case .call(let note):
            handleCall(note, generation: generation)
        case .tokenWillExpire(let expiresAt):
            let remaining = now.duration(to: expiresAt)
            let seconds = max(0, remaining.components.seconds + (remaining.components.attoseconds > 0 ? 1 : 0))
            emit(.tokenWillExpire(seconds: UInt32(clamping: seconds)))
        case .profileChanged(let profile):
            profileChanged(profile, generation: generation)
        case .message, .presenceChanged, .channelMemberJoined, .channelMemberLeft, .channelMessage,
             .channelAttributesChanged:
            break
        }
    }
}
