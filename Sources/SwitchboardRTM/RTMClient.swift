import Dispatch
import Synchronization
import SwitchboardClient
import SwitchboardCore
#if Embedded
import SwitchboardEmbedded
#endif
import SwitchboardWire

/// The engine behind one `AgoraRtmKit` / `ARtmKit`: one logged-in session at a time, the kit's
/// connection state, its invitations and channels. The session, the job queue, the callback queue and
/// the login generations are its ``SurfaceHost``'s (ARCHITECTURE.md, "Surfaces"); the kit's state and
/// the SDK's refusals are its `RTMKitStateMachine`'s, kept under the host's lock, whose actions the
/// client carries out.
public final class RTMClient: SurfaceHost<RTMClient.State>, @unchecked Sendable {
    // @unchecked: as the host, whose state is behind its lock; the rest are `let`s of Sendable types.
    public let appID: String
    public let profile: RTMProfile
    private let sink = Mutex<(@Sendable (RTMEvent) -> Void)?>(nil)

    /// The kit's state, under the host's lock.
    public struct State: SurfaceState {
        public var session: ClientSession?
        /// The kit's own state and the SDK's rules: every decision about them is the machine's.
        var kit: RTMKitStateMachine
        /// The objects the session's events are about: the invitations in their life cycle, by call, and
        /// the channels the app created, by id.
        var outgoing: [CallID: RTMLocalInvitation] = [:]
        var incoming: [CallID: RTMRemoteInvitation] = [:]
        var channels: [String: RTMChannel] = [:]

        public var user: UserID? {
            get { kit.user }
            set { kit.user = newValue }
        }

        public var generation: Int {
            get { kit.generation }
            set { kit.generation = newValue }
        }

        /// Logged in: the APIs that need a login may be used (reconnecting counts; aborted does not).
        public var isLoggedIn: Bool { kit.isLoggedIn }
    }

    /// Nil when `appID` is not 32 characters (docs/AGORA.md, "Initializers and the 32-character app id").
    public init?(appID: String, profile: RTMProfile, environment: ClientEnvironment = .current) {
        guard appID.count == 32 else { return nil }
        // The trait that carries the embedded service (Package.swift): without it the process must be
        // pointed at a server.
        #if Embedded
        EmbeddedService.provideAsProcessService()
        #endif
        self.appID = appID
        self.profile = profile
        super.init(environment: environment, devicePrefix: profile.surface, state: State(kit: RTMKitStateMachine(profile: profile)))
    }

    /// Sets where the engine's events go; called once by the surface.
    public func setEventHandler(_ handler: @escaping @Sendable (RTMEvent) -> Void) {
        sink.withLock { $0 = handler }
    }

    public var connectionState: RTMCode.ConnectionState { decide { $0.connection } }

    /// Delivers `event` on the callback queue, then runs `afterwards` there (to let go of objects the
    /// event still needed).
    func emit(_ event: RTMEvent, afterwards: (@Sendable () -> Void)? = nil) {
        post { [self] in
            sink.withLock { $0 }?(event)
            afterwards?()
        }
    }

    /// Runs `input` on the kit's machine under the host's lock and carries out the actions it returns,
    /// in order: what must keep the machine's order (callbacks posted, the session's objects let go)
    /// under the same lock, requests after it.
    func perform(_ input: (inout RTMKitStateMachine) -> [RTMKitStateMachine.Action]) {
        let requests = state.withLock { state in
            var later: [() -> Void] = []
            for action in input(&state.kit) {
                switch action {
                case .report(let connection, let reason):
                    emit(.connectionStateChanged(connection, reason))
                case .releaseSessionObjects:
                    for invitation in state.outgoing.values { invitation.abandon() }
                    for invitation in state.incoming.values { invitation.abandon() }
                    state.outgoing = [:]
                    state.incoming = [:]
                    for channel in state.channels.values { channel.sessionEnded() }
                case .resyncLocalAttributes(let attributes):
                    later.append { [self] in resyncLocalAttributes(attributes) }
                case .rejoinChannels:
                    let channels = state.channels.values.filter(\.isJoined)
                    later.append { [self] in rejoin(channels) }
                case .resubscribe(let users):
                    later.append { [self] in resubscribe(users) }
                case .reportPresence(let statuses):
                    emit(.peersOnlineStatusChanged(statuses.map { RTMPeerStatus($0) }))
                case .reportTokenWillExpire:
                    emit(.tokenPrivilegeWillExpire)
                case .reportTokenExpired:
                    emit(.tokenDidExpire)
                }
            }
            return later
        }
        for request in requests { request() }
    }

    /// A decision of the kit's machine (whether the SDK refuses a call, and how), under the host's lock.
    func decide<Value>(_ input: (inout RTMKitStateMachine) -> Value) -> Value {
        state.withLock { input(&$0.kit) }
    }

    // MARK: - Login, logout, token

    /// `login(byToken:user:completion:)`.
    public func login(token: String?, user: String, completion: @escaping @Sendable (RTMCode.Login) -> Void) {
        let now = now
        let outcome: Result<(ClientSession, Int), RTMCode.Login> = state.withLock { state in
            state.kit.loginRequested(user, at: now).map { generation in
                let session = makeSession(ClientConfiguration(
                    app: appID, user: UserID(user), device: device, token: token, loginPolicy: .singleDevice,
                    surface: profile.surface, timing: profile.timing,
                    // No lead: ask the service for no notice rather than its default.
                    tokenWarningLead: profile.tokenWarningLead ?? .zero,
                    // Agora 1.5 ends the login with reason 9; a kit without it (anyRTC) reconnects and hears
                    // `rtmKitTokenDidExpire` (docs/AGORA.md, "Connection states (seed 002)").
                    tokenExpiry: profile.hasTokenExpiryNotices ? .endsSession : .reconnects))
                state.session = session
                return (session, generation)
            }
        }
        switch outcome {
        case .failure(let code):
            post { completion(code) }
        case .success(let (session, generation)):
            startLogin(session, generation: generation) { [weak self] result in
                let code: RTMCode.Login = switch result {
                case .success: .ok
                case .failure(let error): RTMClient.loginCode(for: error)
                }
                self?.post { completion(code) }
            }
        }
    }

    static func loginCode(for error: SignalingError) -> RTMCode.Login {
        switch error.code {
        case .service(.invalidToken): .invalidToken
        case .service(.tokenExpired): .tokenExpired
        case .service(.unknownApp): .invalidAppId
        case .service(.invalidUserID), .service(.invalidDeviceID): .invalidArgument
        case .service(.timeout): .timeout
        case .service(.alreadyLoggedIn): .alreadyLogin
        case .service(.rateLimited), .service(.tooManySessions): .rejected
        default: .unknown
        }
    }

    /// `logout(completion:)`.
    public func logout(completion: @escaping @Sendable (RTMCode.Logout) -> Void) {
        let session: ClientSession? = state.withLock { state in state.kit.mayLogOut ? state.session : nil }
        guard let session else {
            return post { completion(.notLoggedIn) }
        }
        enqueue { [weak self] in
            let code: RTMCode.Logout
            do throws(SignalingError) {
                try await session.logout()
                code = .ok
            } catch {
                // A second logout that raced the first one finds the session already disconnected.
                code = error.code == .service(.notLoggedIn) ? .notLoggedIn : .ok
            }
            self?.post { completion(code) }
        }
    }

    /// `renewToken(_:completion:)`.
    public func renewToken(_ token: String, completion: @escaping @Sendable (String?, RTMCode.RenewToken) -> Void) {
        let now = now
        let session: Result<ClientSession, RTMCode.RenewToken> = state.withLock { state in
            if let refusal = state.kit.renewRequested(at: now) { return .failure(refusal) }
            guard let session = state.session else { return .failure(.notLoggedIn) }
            return .success(session)
        }
        switch session {
        case .failure(let code):
            post { completion(token, code) }
        case .success(let session):
            guard !token.isEmpty else { return post { completion(token, .invalidArgument) } }
            renewToken(token, on: session, queued: true) { error in
                let code: RTMCode.RenewToken = switch error?.code {
                case nil: .ok
                case .service(.invalidToken): .invalidToken
                case .service(.tokenExpired): .tokenExpired
                case .service(.notLoggedIn): .notLoggedIn
                case .service(.rateLimited): .tooOften
                default: .failure
                }
                completion(token, code)
            }
        }
    }

    // MARK: - Events from the session

    /// Called on the session's executor, in order, for the current session only.
    override public func sessionEvent(_ event: ClientEvent, generation: Int) {
        switch event {
        case .connection(let connectionState, let reason):
            perform { $0.connectionChanged(connectionState, reason) }
        case .server(let serverEvent):
            handle(serverEvent)
        case .sessionReplaced:
            perform { $0.sessionReplaced() }
        case .reconnectRefused(let error):
            perform { $0.reconnectRefused(error) }
        }
    }

    private func handle(_ event: ServerEvent) {
        switch event {
        case .call(let note):
            handleCall(note)
        case .message(let message):
            emit(.messageReceived(RTMMessage(message.content, sentAt: message.sentAt, isOffline: message.isOffline),
                                  fromPeer: message.from.rawValue))
        case .presenceChanged(let status):
            perform { $0.presenceChanged(status) }
        case .channelMemberJoined(let channel, let user):
            channelNamed(channel)?.memberJoined(user)
        case .channelMemberLeft(let channel, let user):
            channelNamed(channel)?.memberLeft(user)
        case .channelMessage(let message):
            channelNamed(message.channel)?.messageReceived(message)
        case .channelAttributesChanged(let channel, let attributes):
            channelNamed(channel)?.attributesChanged(attributes)
        case .profileChanged:
            // Agora and anyRTC show no profiles of call peers.
            break
        case .tokenWillExpire:
            perform { $0.tokenWillExpire() }
        }
    }

    /// Joins again the channels the app was in before the service lost the session; a channel the
    /// service no longer lets the kit into is left.
    private func rejoin(_ channels: [RTMChannel]) {
        for channel in channels {
            submit(.joinChannel(channel.id), timeout: RTMLimits.joinTimeout) { result in
                switch result {
                case .success(let reply): channel.joined(reply)
                // The service no longer has the kit in the channel: stop pretending it does.
                case .failure: channel.sessionEnded()
                }
            }
        }
    }

    /// Subscribes again to `users`' presence; their states follow at once.
    private func resubscribe(_ users: [UserID]) {
        submit(.subscribePresence(users)) { [weak self] result in
            if case .success(.presence(let statuses)) = result, !statuses.isEmpty {
                self?.emit(.peersOnlineStatusChanged(statuses.map { RTMPeerStatus($0) }))
            }
        }
    }

    /// The channel this instance has under `id`, if any.
    public func channelNamed(_ id: String) -> RTMChannel? {
        state.withLock { $0.channels[id] }
    }
}
