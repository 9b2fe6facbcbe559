import SwitchboardCore
import SwitchboardWire

/// Who a client session logs in as, and with which timers.
public struct ClientConfiguration: Sendable, Hashable {
    /// The vendor app id (Agora `appId`, ZIM `appID`, Tencent `sdkAppID`).
    public var app: String
    public var user: UserID
    public var device: DeviceID
    public var token: String?
    public var loginPolicy: LoginPolicy
    /// Which surface this is ("agora", "zim", ...): for the service's logs and token rules.
    public var surface: String?
    public var timing: ClientTiming
    /// How long before the token expires the service should warn (`session.tokenWillExpire`): the
    /// surface's own lead (ZIM and Agora 1.5: 30 s); zero for no warning (anyRTC, Tencent); nil for the
    /// protocol's default (``/SwitchboardWire/Hello/defaultTokenWarningLead``).
    public var tokenWarningLead: Duration?
    /// How the session takes the service ending it for an expired token: each surface's vendor's way.
    public var tokenExpiry: TokenExpiryHandling
    /// Asks the service for call events in their compact form (docs/DECISIONS.md, "Compact call
    /// events"); the transport rebuilds each whole call, so the session sees the same events either way.
    public var compactEvents: Bool
    /// Asks the service to fold the call events the session's own requests make into their responses
    /// (docs/DECISIONS.md, "Echoes in the reply"); the session handles them as events right after the
    /// response, so what it tells its owner is the same either way.
    public var echoesInReply: Bool

    public init(
        app: String, user: UserID, device: DeviceID, token: String? = nil,
        loginPolicy: LoginPolicy = .multiDevice, surface: String? = nil, timing: ClientTiming = ClientTiming(),
        tokenWarningLead: Duration? = nil, tokenExpiry: TokenExpiryHandling = .endsSession, compactEvents: Bool = true,
        echoesInReply: Bool = true
    ) {
        self.app = app
        self.user = user
        self.device = device
        self.token = token
        self.loginPolicy = loginPolicy
        self.surface = surface
        self.timing = timing
        self.tokenWarningLead = tokenWarningLead
        self.tokenExpiry = tokenExpiry
        self.compactEvents = compactEvents
        self.echoesInReply = echoesInReply
    }
}

/// The client's timers. Each surface keeps its values in one table (see DECISIONS.md) and passes them
/// here; tests read them from there instead of hard-coding numbers.
public struct ClientTiming: Sendable, Hashable {
    /// A login that has not succeeded by then fails (Agora 12 s, anyRTC 6 s).
    public var loginTimeout: Duration
    /// No traffic from the service for this long: the link is dead and the state becomes reconnecting
    /// (Agora: 4 s).
    public var interruptedAfter: Duration
    /// A link whose hello the service has not answered by then is dropped and tried again.
    public var handshakeTimeout: Duration
    /// A request without a response by then fails with ``/SwitchboardWire/ServiceErrorCode/timeout``.
    public var requestTimeout: Duration
    /// The first reconnect delay; each failed attempt doubles it, up to ``reconnectMaxDelay``.
    public var reconnectInitialDelay: Duration
    public var reconnectMaxDelay: Duration
    /// How much of each reconnect delay after a failed attempt is random, from 0 (none: every client
    /// retries on the same beat, as the surfaces do) to 1: the delay is drawn from
    /// `delay × (1 − jitter) ... delay`, so a fleet that lost its server at the same moment does not
    /// come back in lockstep (the load generator's users: docs/SERVER.md, "Reconnects").
    public var reconnectJitter: Double
    /// How long a logout waits for the service's answer before disconnecting anyway.
    public var logoutTimeout: Duration
    /// How often to ping until the service's welcome says otherwise.
    public var heartbeatInterval: Duration

    public init(
        loginTimeout: Duration = .seconds(12),
        interruptedAfter: Duration = .seconds(4),
        handshakeTimeout: Duration = .seconds(5),
        requestTimeout: Duration = .seconds(10),
        reconnectInitialDelay: Duration = .milliseconds(500),
        reconnectMaxDelay: Duration = .seconds(4),
        logoutTimeout: Duration = .seconds(2),
        heartbeatInterval: Duration = .seconds(1),
        reconnectJitter: Double = 0
    ) {
        self.loginTimeout = loginTimeout
        self.interruptedAfter = interruptedAfter
        self.handshakeTimeout = handshakeTimeout
        self.requestTimeout = requestTimeout
        self.reconnectInitialDelay = reconnectInitialDelay
        self.reconnectMaxDelay = reconnectMaxDelay
        self.logoutTimeout = logoutTimeout
        self.heartbeatInterval = heartbeatInterval
        self.reconnectJitter = min(max(reconnectJitter, 0), 1)
    }

    /// The delay before reconnect attempt `attempt` (0 for the first, which goes at once).
    public func reconnectDelay(attempt: Int) -> Duration {
        guard attempt > 0 else { return .zero }
        var delay = reconnectInitialDelay
        for _ in 1..<attempt where delay < reconnectMaxDelay {
            delay = delay * 2
        }
        return min(delay, reconnectMaxDelay)
    }

    /// `delay` with ``reconnectJitter`` applied: `unit` (in `0..<1`, drawn at random) takes up to the
    /// jitter's share off it. Never longer than `delay`, so the backoff stays bounded by
    /// ``reconnectMaxDelay``.
    public func jittered(_ delay: Duration, unit: Double) -> Duration {
        guard reconnectJitter > 0, delay > .zero else { return delay }
        return delay * (1 - reconnectJitter * min(max(unit, 0), 1))
    }
}
