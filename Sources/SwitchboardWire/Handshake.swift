import SwitchboardCore

/// The protocol version this build speaks. A service refuses a `hello` with another version
/// (``ServiceErrorCode/unsupportedVersion``).
public let wireProtocolVersion = 1

/// How a new login treats the user's other sessions (DECISIONS.md "Login policy and devices").
public enum LoginPolicy: String, Hashable, Sendable, CaseIterable {
    /// A new login ends every other session of the user (Agora/anyRTC `remoteLogin`, ZIM `kickedOut`).
    case singleDevice
    /// Sessions on other devices stay; all of them receive call invitations.
    case multiDevice
    /// Sessions on other devices stay, but new invitations ring only the user's latest login, unless a
    /// session turns on ``ServiceOperation/setMultiDevice(_:)`` (Tencent: "only the most recently
    /// logged-in device receives calls" until `enableMultiDeviceAbility(true)`).
    case latestDevice
}

/// The first frame of a connection: a login, or the resumption of a session after a dropped link.
public struct Hello: Hashable, Sendable {
    public var version: Int
    /// The vendor app id as the surface knows it (Agora `appId`, ZIM `appID`, Tencent `sdkAppID`).
    public var app: String
    public var user: UserID
    public var device: DeviceID
    /// The login token; in development mode any token (or none) is accepted.
    public var token: String?
    public var loginPolicy: LoginPolicy
    /// Which surface logs in ("agora", "artm", "zim", "tencent", "cli"...), for logs and token rules.
    public var surface: String?
    /// Set to resume a session instead of logging in afresh.
    public var resume: Resume?
    /// How long before its token expires the session is told (`session.tokenWillExpire`): each surface
    /// names its vendor's lead (ZIM and Agora 1.5: 30 s), and zero asks for no such notice (anyRTC,
    /// Tencent). Nil: ``defaultTokenWarningLead``.
    public var tokenWarningLead: Duration?
    /// Asks for call events in their compact form (docs/DECISIONS.md, "Compact call events"): the call's
    /// fixed facts once per call and connection, then only what changed. Absent: the full form.
    public var compactEvents: Bool
    /// Asks for the call events its own requests make to come folded into their responses, not as
    /// frames of their own (docs/DECISIONS.md, "Echoes in the reply"). Absent: every event is a frame.
    public var echoesInReply: Bool

    /// The lead of a hello that names none.
    public static let defaultTokenWarningLead: Duration = .seconds(30)

    public struct Resume: Hashable, Sendable {
        public var session: SessionID
        /// The highest event sequence the client has handled; later ones are replayed.
        public var lastSequence: EventSequence

        public init(session: SessionID, lastSequence: EventSequence) {
            self.session = session
            self.lastSequence = lastSequence
        }
    }

    public init(
        version: Int = wireProtocolVersion, app: String, user: UserID, device: DeviceID, token: String?,
        loginPolicy: LoginPolicy, surface: String? = nil, resume: Resume? = nil, tokenWarningLead: Duration? = nil,
        compactEvents: Bool = false, echoesInReply: Bool = false
    ) {
        self.version = version
        self.app = app
        self.user = user
        self.device = device
        self.token = token
        self.loginPolicy = loginPolicy
        self.surface = surface
        self.resume = resume
        self.tokenWarningLead = tokenWarningLead
        self.compactEvents = compactEvents
        self.echoesInReply = echoesInReply
    }
}

/// The service's answer to a successful ``Hello``.
public struct Welcome: Hashable, Sendable {
    public var version: Int
    public var session: SessionID
    /// The session was resumed (events after the client's last sequence follow); otherwise it is new.
    public var resumed: Bool
    public var serverTime: Timestamp
    /// How often the client should send a ping when it has nothing else to send.
    public var heartbeatInterval: Duration
    /// When the login token expires, if it does.
    public var tokenExpiresAt: Timestamp?
    /// Call events on this connection come in their compact form (the hello asked for it;
    /// docs/DECISIONS.md, "Compact call events").
    public var compactEvents: Bool
    /// The call events this connection's own requests make come folded into their responses (the hello
    /// asked for it; docs/DECISIONS.md, "Echoes in the reply").
    public var echoesInReply: Bool

    public init(
        version: Int = wireProtocolVersion, session: SessionID, resumed: Bool, serverTime: Timestamp,
        heartbeatInterval: Duration, tokenExpiresAt: Timestamp?, compactEvents: Bool = false, echoesInReply: Bool = false
    ) {
        self.version = version
        self.session = session
        self.resumed = resumed
        self.serverTime = serverTime
        self.heartbeatInterval = heartbeatInterval
        self.tokenExpiresAt = tokenExpiresAt
        self.compactEvents = compactEvents
        self.echoesInReply = echoesInReply
    }
}

/// The service ends a session; the connection closes after this frame.
public struct Bye: Hashable, Sendable {
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        /// The client logged out.
        case loggedOut
        /// The same user logged in elsewhere under a single-device policy.
        case remoteLogin
        /// The service (its admin) banned the session.
        case bannedByServer
        /// The session's token expired (and the service's grace after it passed) without a renewal: the
        /// service ended the session (docs/SECURITY.md, "Tokens").
        case tokenExpired
        /// The session is unknown or past its grace period (a resume that came too late).
        case sessionExpired
        /// The service is shutting down.
        case serverShutdown
        /// The client broke the protocol (e.g. a request before the hello).
        case protocolError
    }

    public var reason: Reason
    public var message: String

    public init(reason: Reason, message: String) {
        self.reason = reason
        self.message = message
    }
}
