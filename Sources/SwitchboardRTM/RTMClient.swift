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
/// the login generations are its ``SurfaceHost``'s (ARCHITECTURE.md, "Surfaces").
public final class RTMClient: SurfaceHost<RTMClient.State>, @unchecked Sendable {
    // @unchecked: as the host, whose state is behind its lock; the rest are `let`s of Sendable types.
    public let appID: String
    public let profile: RTMProfile
    private let sink = Mutex<(@Sendable (RTMEvent) -> Void)?>(nil)

    /// The kit's state, under the host's lock.
    public struct State: SurfaceState {
        public var session: ClientSession?
        public var user: UserID?
        public var generation = 0
        var connection: RTMCode.ConnectionState = .disconnected
        var outgoing: [CallID: RTMLocalInvitation] = [:]
        var incoming: [CallID: RTMRemoteInvitation] = [:]
        var channels: [String: RTMChannel] = [:]
        var subscriptions: Set<UserID> = []
        var loginRate = RateLimiter(RTMLimits.loginRate)
        var renewRate = RateLimiter(RTMLimits.renewTokenRate)
        var messageRate: RateLimiter
        var joinRate = RateLimiter(RTMLimits.joinRate)
        var sameChannelJoinRate: [String: RateLimiter] = [:]
        var membersRate = RateLimiter(RTMLimits.membersRate)
        var queryRate = RateLimiter(RTMLimits.queryPeersRate)
        var subscribeRate = RateLimiter(RTMLimits.subscribeRate)
        var subscriptionQueryRate = RateLimiter(RTMLimits.subscriptionQueryRate)
        var userAttributeUpdateRate = RateLimiter(RTMLimits.userAttributeUpdateRate)
        var userAttributeQueryRate = RateLimiter(RTMLimits.userAttributeQueryRate)
        var channelAttributeUpdateRate = RateLimiter(RTMLimits.channelAttributeUpdateRate)
        var channelAttributeQueryRate = RateLimiter(RTMLimits.channelAttributeQueryRate)
        var memberCountRate = RateLimiter(RTMLimits.memberCountRate)
        /// The local user's attributes as the service last confirmed them: they live with the login
        /// session, and are set again after the service lost it (docs/AGORA.md, "User attributes").
        var localAttributes: [Attribute] = []

        /// Logged in: the APIs that need a login may be used (reconnecting counts; aborted does not).
        public var isLoggedIn: Bool { connection == .connected || connection == .reconnecting }
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
        super.init(environment: environment, devicePrefix: profile.surface,
                   state: State(messageRate: RateLimiter(profile.messageRate)))
    }

    /// Sets where the engine's events go; called once by the surface.
    public func setEventHandler(_ handler: @escaping @Sendable (RTMEvent) -> Void) {
        sink.withLock { $0 = handler }
    }

    public var connectionState: RTMCode.ConnectionState { state.withLock { $0.connection } }

    /// Delivers `event` on the callback queue, then runs `afterwards` there (to let go of objects the
    /// event still needed).
    func emit(_ event: RTMEvent, afterwards: (@Sendable () -> Void)? = nil) {
        post { [self] in
            sink.withLock { $0 }?(event)
            afterwards?()
        }
    }

    // MARK: - Login, logout, token

    /// `login(byToken:user:completion:)`.
    public func login(token: String?, user: String, completion: @escaping @Sendable (RTMCode.Login) -> Void) {
        let now = now
        let outcome: Result<(ClientSession, Int), RTMCode.Login> = state.withLock { state in
            // The SDK limits login calls, refused ones included (2 per second).
            guard state.loginRate.admit(at: now) else { return .failure(.loginTooOften) }
            guard state.connection == .disconnected else { return .failure(.alreadyLogin) }
            guard RTMLimits.isValidID(user) else { return .failure(.invalidArgument) }
            let session = makeSession(ClientConfiguration(
                app: appID, user: UserID(user), device: device, token: token, loginPolicy: .singleDevice,
                surface: profile.surface, timing: profile.timing,
                // No lead: ask the service for no notice rather than its default.
                tokenWarningLead: profile.tokenWarningLead ?? .zero,
                // Agora 1.5 ends the login with reason 9; a kit without it (anyRTC) reconnects and hears
                // `rtmKitTokenDidExpire` (docs/AGORA.md, "Connection states (seed 002)").
                tokenExpiry: profile.hasTokenExpiryNotices ? .endsSession : .reconnects))
            state.begin(session, as: UserID(user))
            state.connection = .connecting
            return .success((session, state.generation))
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
        let session: ClientSession? = state.withLock { state in
            guard state.connection != .disconnected, let session = state.session else { return nil }
            return session
        }
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
            guard let session = state.session, state.isLoggedIn else { return .failure(.notLoggedIn) }
            guard state.renewRate.admit(at: now) else { return .failure(.tooOften) }
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
            connectionChanged(connectionState, reason)
        case .server(let serverEvent):
            handle(serverEvent)
        case .sessionReplaced:
            sessionReplaced()
        case .reconnectRefused(let error):
            if error.code == .service(.tokenExpired) {
                emit(.tokenDidExpire)
            }
        }
    }

    private func connectionChanged(_ newState: SwitchboardClient.ConnectionState, _ reason: ConnectionChangeReason) {
        let mappedState: RTMCode.ConnectionState = switch newState {
        case .disconnected: .disconnected
        case .connecting: .connecting
        case .connected: .connected
        case .reconnecting: .reconnecting
        case .aborted: .aborted
        }
        let mappedReason: RTMCode.ConnectionChangeReason = switch reason {
        case .login: .login
        case .loginSuccess: .loginSuccess
        case .loginFailure: .loginFailure
        case .loginTimeout: .loginTimeout
        case .interrupted: .interrupted
        case .logout: .logout
        case .bannedByServer: .bannedByServer
        case .remoteLogin: .remoteLogin
        case .tokenExpired: profile.hasTokenExpiryNotices ? .tokenExpired : .loginFailure
        }
        state.withLock { state in
            state.connection = mappedState
            if mappedState == .disconnected {
                // Invitations, channel memberships and subscriptions die with the session: the SDK
                // releases the invitations (ended, without a callback) and forgets the rest.
                for invitation in state.outgoing.values { invitation.abandon() }
                for invitation in state.incoming.values { invitation.abandon() }
                state.outgoing = [:]
                state.incoming = [:]
                state.subscriptions = []
                state.localAttributes = []
                for channel in state.channels.values { channel.sessionEnded() }
            }
        }
        emit(.connectionStateChanged(mappedState, mappedReason))
    }

    private func handle(_ event: ServerEvent) {
        switch event {
        case .call(let note):
            handleCall(note)
        case .message(let message):
            emit(.messageReceived(RTMMessage(message.content, sentAt: message.sentAt, isOffline: message.isOffline),
                                  fromPeer: message.from.rawValue))
        case .presenceChanged(let status):
            if state.withLock({ $0.subscriptions.contains(status.user) }) {
                emit(.peersOnlineStatusChanged([RTMPeerStatus(status)]))
            }
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
            if profile.hasTokenExpiryNotices {
                emit(.tokenPrivilegeWillExpire)
            }
        }
    }

    /// The service lost the session and a fresh login replaced it: rejoin the channels the app is in,
    /// renew the presence subscriptions and set the local user's attributes again, as the SDK does after
    /// a long outage.
    private func sessionReplaced() {
        let (channels, subscriptions, attributes) = state.withLock { state in
            (state.channels.values.filter(\.isJoined), state.subscriptions, state.localAttributes)
        }
        if !attributes.isEmpty {
            resyncLocalAttributes(attributes)
        }
        for channel in channels {
            submit(.joinChannel(channel.id), timeout: RTMLimits.joinTimeout) { result in
                switch result {
                case .success(let reply): channel.joined(reply)
                // The service no longer has the kit in the channel: stop pretending it does.
                case .failure: channel.sessionEnded()
                }
            }
        }
        if !subscriptions.isEmpty {
            submit(.subscribePresence(subscriptions.sorted { $0.rawValue < $1.rawValue })) { [weak self] result in
                if case .success(.presence(let statuses)) = result, !statuses.isEmpty {
                    self?.emit(.peersOnlineStatusChanged(statuses.map { RTMPeerStatus($0) }))
                }
            }
        }
    }

    /// The channel this instance has under `id`, if any.
    public func channelNamed(_ id: String) -> RTMChannel? {
        state.withLock { $0.channels[id] }
    }
}
