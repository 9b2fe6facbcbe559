import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// One `ZIM` instance (one device of its user) as a pure state machine, in the shape of the client's
/// `ConnectionStateMachine`: its connection state, what it last showed of each call, the `nextFlag`s
/// it handed out and the users it knows. Inputs that the service or the session bring (a connection
/// change, a call notification, a token running out) return the actions the client carries out; the
/// app's requests ask it for a decision (may this login start, where does this page begin, may these
/// users be asked of the server). No I/O and no clock: times come in as arguments.
///
/// Its fields are set by its inputs only (here and in `ZIMInstanceStateMachine+Calls.swift`,
/// `+Queries.swift`: `private(set)` would not reach those files); the client reads them.
struct ZIMInstanceStateMachine: Sendable {
    /// A call as this instance last showed it: every member's state, and whether the invitation was
    /// presented (`callInvitationReceived` comes once per instance).
    struct ShownCall: Hashable, Sendable {
        var users: [String: ZIMCallUser] = [:]
        var presented = false
    }

    enum Action: Hashable, Sendable {
        /// Tell the app, on the callback queue, in order.
        case emit(ZIMEvent)
        /// Log the current session out on the job queue (the next login lets it go).
        case logOutSession
        /// Shut the current session down on the job queue.
        case shutDownSession
        /// Send a push token's registration on the current session (`push.register`); the answer goes to
        /// ``pushRegisterAnswered(_:error:generation:)``.
        case registerPush(PushTokenRequest)
        /// Remove the device's push tokens on the current session (`push.unregister`, every platform).
        case unregisterPush
    }

    /// This instance's device: whose part of a call snapshot the instance acts for.
    let device: DeviceID
    /// Who the session logs in as (the host's, through `SurfaceState`).
    var user: UserID?
    /// Bumped on every login and logout (the host's, through `SurfaceState`).
    var generation = 0
    var connection: ZIMConnectionState = .disconnected
    /// What this instance last showed of each call it takes part in.
    var calls: [CallID: ShownCall] = [:]
    /// `nextFlag` values handed out by `queryCallInvitationList`, oldest first.
    var queryMarks: [QueryMark] = []
    var lastQueryFlag: Int64 = 0
    /// The users this instance knows (ZIM's local user cache): those `queryUsersInfo` found, and its own
    /// user as last set. Kept across logins of the same user.
    var knownUsers: [String: ZIMKnownUser] = [:]
    /// When `queryUsersInfo` asked the server, and for how many users (the last 10 s).
    var serverUserQueries: [ServerQuery] = []
    /// What the instance's `ZPNs` holds (`ZIMInstanceStateMachine+Push.swift`).
    var push = ZPNsSetup()
    /// Each token's registration as this login last sent it (or found it could not be sent), so that a
    /// token set again with the same value is not sent twice. Cleared whenever the login ends.
    var pushSent: [PushPlatform: Result<PushTokenRequest, ZPNsFailure>] = [:]

    init(device: DeviceID) {
        self.device = device
    }

    var isLoggedIn: Bool { connection == .connected || connection == .reconnecting }

    // MARK: - Login, logout, connection

    /// `login`: refused unless the instance is disconnected (ZIM: already logged in). A login of another
    /// user forgets what the instance knew of the last one. Returns the login's generation.
    mutating func loginRequested(_ user: UserID) throws(ZIMFailure) -> Int {
        guard connection == .disconnected else {
            throw ZIMFailure(.ZIMErrorCodeNetworkModuleUserHasAlreadyLogged, "already logged in")
        }
        if self.user != user {
            calls = [:]
            queryMarks = []
            knownUsers = [:]
            serverUserQueries = []
        }
        self.user = user
        generation += 1
        connection = .connecting
        pushSent = [:]
        return generation
    }

    /// `logout()`: the instance is logged out at once (a `login` right after it starts a new session);
    /// `connectionStateChanged(.disconnected, .success)` follows, and the old session tells the service on
    /// the job queue, before anything the new one sends.
    mutating func logoutRequested() -> [Action] {
        guard connection != .disconnected else { return [] }
        generation += 1
        connection = .disconnected
        calls = [:]
        pushSent = [:]
        return [.emit(.connectionStateChanged(.disconnected, .success)), .logOutSession]
    }

    /// `destroy()` (the host ends the session and bumps the generation).
    mutating func released() {
        connection = .disconnected
        calls = [:]
        pushSent = [:]
    }

    /// A reconnect of `generation` was refused. A token that ran out while the link was down (the
    /// service ended the session at the expiry): ZIM stops reconnecting and reports `disconnected` with
    /// `tokenExpired`, as when it runs out while connected (docs/ZIM.md, "Tokens").
    mutating func reconnectRefused(_ error: SignalingError, generation: Int) -> [Action] {
        guard error.code == .service(.tokenExpired), self.generation == generation else { return [] }
        self.generation += 1
        connection = .disconnected
        calls = [:]
        pushSent = [:]
        return [.emit(.connectionStateChanged(.disconnected, .tokenExpired)), .shutDownSession]
    }

    /// The session of `generation` changed state: ZIM's state and event for it.
    mutating func connectionChanged(
        _ newState: SwitchboardClient.ConnectionState, _ reason: ConnectionChangeReason, generation: Int
    ) -> [Action] {
        let mapped: ZIMConnectionState = switch newState {
        case .disconnected, .aborted: .disconnected
        case .connecting: .connecting
        case .connected: .connected
        case .reconnecting: .reconnecting
        }
        let event: ZIMConnectionEvent = switch reason {
        case .login: .activeLogin
        case .loginSuccess, .logout: .success
        case .loginFailure, .interrupted: .loginInterrupted
        case .loginTimeout: .loginTimeout
        case .bannedByServer, .remoteLogin: .kickedOut
        case .tokenExpired: .tokenExpired
        }
        // A logout or destroy may have retired this session since.
        guard self.generation == generation else { return [] }
        if mapped == .disconnected {
            // What was shown belongs to the session; a later login catches up afresh.
            calls = [:]
            pushSent = [:]
        }
        connection = mapped
        let changed: [Action] = [.emit(.connectionStateChanged(mapped, event))]
        // ZEGO binds the ZPNs tokens to the user at login (docs/ZIM.md, "Push tokens").
        return mapped == .connected ? changed + registerPush() : changed
    }

    /// The service's notice that the token expires at `expiresAt`: `tokenWillExpire` with the seconds
    /// left, rounded up.
    func tokenWillExpire(at expiresAt: Timestamp, now: Timestamp) -> [Action] {
        let remaining = now.duration(to: expiresAt)
        let seconds = max(0, remaining.components.seconds + (remaining.components.attoseconds > 0 ? 1 : 0))
        return [.emit(.tokenWillExpire(seconds: UInt32(clamping: seconds)))]
    }
}
