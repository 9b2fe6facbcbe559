import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// One kit (`AgoraRtmKit`, `ARtmKit`) as a pure state machine, in the shape of the client's
/// `ConnectionStateMachine`: its connection state, the SDK's per-kit rate limits, the peers it
/// subscribed to and the local user's attributes as last confirmed. Session events return the actions
/// the client carries out (report a connection change, let go of what the session held, rejoin and
/// resubscribe after a replaced session); each API call asks it first whether the SDK refuses it, and
/// with which code, before anything is sent. No I/O and no clock: times come in as arguments.
///
/// Its fields are set by its inputs only (here and in `RTMKitStateMachine+Admission.swift`:
/// `private(set)` would not reach that file); the client reads them.
struct RTMKitStateMachine: Sendable {
    enum Action: Hashable, Sendable {
        /// `connectionStateChanged`.
        case report(RTMCode.ConnectionState, RTMCode.ConnectionChangeReason)
        /// The session ended: invitations, channel memberships and subscriptions die with it; the SDK
        /// releases the invitations (ended, without a callback) and forgets the rest.
        case releaseSessionObjects
        /// Set the local user's attributes again (a replaced session has none).
        case resyncLocalAttributes([Attribute])
        /// Join again the channels the app is in.
        case rejoinChannels
        /// Subscribe again to these peers' presence.
        case resubscribe([UserID])
        /// `peersOnlineStatusChanged`.
        case reportPresence([PresenceStatus])
        /// `rtmKitTokenPrivilegeWillExpire` (Agora).
        case reportTokenWillExpire
        /// `rtmKitTokenDidExpire` (anyRTC's reconnect refused for the token).
        case reportTokenExpired
    }

    /// Whether the kit's SDK has token notices and the connection-change reason 9 (Agora 1.5; anyRTC
    /// has neither: docs/AGORA.md, "Connection states (seed 002)").
    let hasTokenExpiryNotices: Bool
    /// Who the session logs in as (the host's, through `SurfaceState`).
    var user: UserID?
    /// Bumped on every login (the host's, through `SurfaceState`).
    var generation = 0
    var connection: RTMCode.ConnectionState = .disconnected
    var limits: Limits
    /// The peers whose presence the app subscribed to.
    var subscriptions: Set<UserID> = []
    /// The local user's attributes as the service last confirmed them: they live with the login
    /// session, and are set again after the service lost it (docs/AGORA.md, "User attributes").
    var localAttributes: [Attribute] = []

    /// The SDK's per-kit limits on how often each API may be called (docs/AGORA.md, "Vendor timers and
    /// limits").
    struct Limits: Sendable {
        var login = RateLimiter(RTMLimits.loginRate)
        var renew = RateLimiter(RTMLimits.renewTokenRate)
        var message: RateLimiter
        var join = RateLimiter(RTMLimits.joinRate)
        var sameChannelJoin: [String: RateLimiter] = [:]
        var members = RateLimiter(RTMLimits.membersRate)
        var query = RateLimiter(RTMLimits.queryPeersRate)
        var subscribe = RateLimiter(RTMLimits.subscribeRate)
        var subscriptionQuery = RateLimiter(RTMLimits.subscriptionQueryRate)
        var userAttributeUpdate = RateLimiter(RTMLimits.userAttributeUpdateRate)
        var userAttributeQuery = RateLimiter(RTMLimits.userAttributeQueryRate)
        var channelAttributeUpdate = RateLimiter(RTMLimits.channelAttributeUpdateRate)
        var channelAttributeQuery = RateLimiter(RTMLimits.channelAttributeQueryRate)
        var memberCount = RateLimiter(RTMLimits.memberCountRate)
    }

    init(profile: RTMProfile) {
        hasTokenExpiryNotices = profile.hasTokenExpiryNotices
        limits = Limits(message: RateLimiter(profile.messageRate))
    }

    /// Logged in: the APIs that need a login may be used (reconnecting counts; aborted does not).
    var isLoggedIn: Bool { connection == .connected || connection == .reconnecting }

    // MARK: - Login and logout

    /// `login(byToken:user:completion:)`: the SDK limits login calls, refused ones included (2 per
    /// second); then only a disconnected kit with a valid user id logs in. Returns the login's
    /// generation.
    mutating func loginRequested(_ user: String, at now: Timestamp) -> Result<Int, RTMCode.Login> {
        guard limits.login.admit(at: now) else { return .failure(.loginTooOften) }
        guard connection == .disconnected else { return .failure(.alreadyLogin) }
        guard RTMLimits.isValidID(user) else { return .failure(.invalidArgument) }
        self.user = UserID(user)
        generation += 1
        connection = .connecting
        return .success(generation)
    }

    /// `logout(completion:)`: whether there is a login to end (the session's state follows through
    /// ``connectionChanged(_:_:)``).
    var mayLogOut: Bool { connection != .disconnected }

    /// `renewToken(_:completion:)`: not logged in, then the rate limit.
    mutating func renewRequested(at now: Timestamp) -> RTMCode.RenewToken? {
        guard isLoggedIn else { return .notLoggedIn }
        guard limits.renew.admit(at: now) else { return .tooOften }
        return nil
    }

    // MARK: - Session events

    /// The session changed state: the kit's state and reason for it. A session that ended takes its
    /// invitations, channel memberships, subscriptions and attributes with it.
    mutating func connectionChanged(_ newState: SwitchboardClient.ConnectionState, _ reason: ConnectionChangeReason) -> [Action] {
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
        case .tokenExpired: hasTokenExpiryNotices ? .tokenExpired : .loginFailure
        }
        connection = mappedState
        guard mappedState == .disconnected else { return [.report(mappedState, mappedReason)] }
        subscriptions = []
        localAttributes = []
        return [.releaseSessionObjects, .report(mappedState, mappedReason)]
    }

    /// The service lost the session and a fresh login replaced it: the kit rejoins the channels the app
    /// is in, renews the presence subscriptions and sets the local user's attributes again, as the SDK
    /// does after a long outage.
    func sessionReplaced() -> [Action] {
        var actions: [Action] = []
        if !localAttributes.isEmpty { actions.append(.resyncLocalAttributes(localAttributes)) }
        actions.append(.rejoinChannels)
        if !subscriptions.isEmpty { actions.append(.resubscribe(subscriptions.sorted { $0.rawValue < $1.rawValue })) }
        return actions
    }

    /// A subscribed peer's presence changed (others' are not the app's business).
    func presenceChanged(_ status: PresenceStatus) -> [Action] {
        subscriptions.contains(status.user) ? [.reportPresence([status])] : []
    }

    /// The service's notice before the token expires: Agora tells the app; anyRTC has no such callback.
    func tokenWillExpire() -> [Action] {
        hasTokenExpiryNotices ? [.reportTokenWillExpire] : []
    }

    /// A reconnect was refused; one refused for the token is anyRTC's `rtmKitTokenDidExpire`.
    func reconnectRefused(_ error: SignalingError) -> [Action] {
        error.code == .service(.tokenExpired) ? [.reportTokenExpired] : []
    }

    // MARK: - Answers

    /// The service took a change of the presence subscriptions.
    mutating func subscriptionsChanged(_ users: [UserID], subscribing: Bool) {
        if subscribing { subscriptions.formUnion(users) } else { subscriptions.subtract(users) }
    }

    /// The service confirmed the local user's attributes.
    mutating func localAttributesConfirmed(_ attributes: [Attribute]) {
        localAttributes = attributes
    }
}
