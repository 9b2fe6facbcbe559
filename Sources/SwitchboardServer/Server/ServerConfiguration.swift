import SwitchboardService

/// How `switchboard serve` listens (docs/SERVER.md, "Running it").
public struct ServerConfiguration: Sendable {
    /// The address to bind: loopback by default, so a new user's server is not reachable from outside.
    public var host: String
    /// The port; 0 picks a free one (tests), reported by ``SignalingServer/run(gracefulShutdownSignals:onListening:)``.
    public var port: Int
    /// The largest WebSocket message a client may send, in bytes; a larger one closes the connection
    /// with the WebSocket "message too big" code.
    public var maxFrameBytes: Int
    /// A connection that has not been welcomed (a valid `hello`) by then is refused and closed.
    public var handshakeTimeout: Duration
    /// A connection that sends nothing for this long is closed (clients ping every second).
    public var idleTimeout: Duration
    /// Requests per second a connection may send on average, and in a burst; requests beyond are
    /// answered `rate_limited` without being carried out.
    public var requestsPerSecond: Int
    public var requestBurst: Int
    /// Connections the server holds at once; a connection beyond is refused (`too_many_sessions`).
    public var maxConnections: Int
    /// TCP connections the server holds at once, in any state (docs/SECURITY.md, "Connections"): at
    /// this many, a new one sheds the oldest that is not a welcomed session, or is closed. Nil: the
    /// process's descriptor limit less a reserve (``DescriptorLimit/connectionBudget(limit:)``).
    public var connectionCapacity: Int?
    /// A write to a client that has not completed in this long (a client that stopped reading) drops
    /// the connection; so does a close handshake not over in this long. Centrifugo's write timeout is 1 s.
    public var writeTimeout: Duration
    /// Frames queued for one client beyond which it is dropped as too slow.
    public var maxQueuedFrames: Int
    /// Invalid frames a second a connection may send, and in a burst; beyond, it is closed (1008).
    public var invalidFramesPerSecond: Int
    public var invalidFrameBurst: Int
    /// A plain HTTP connection (health, metrics, admin API) idle this long is closed.
    public var httpIdleTimeout: Duration
    /// After SIGTERM, how long the server waits for sessions to take their `bye` and close before it
    /// cuts them; it exits within ``shutdownDeadline`` whatever clients do.
    public var shutdownGrace: Duration
    public var shutdownDeadline: Duration
    /// With a certificate chain and its private key (PEM files), the server speaks TLS: `wss://` and
    /// `https://`. Without, plain (meant for loopback).
    public var tls: TLSFiles?
    /// When the server counts as overloaded and sheds new calls (docs/SERVER.md, "Overload").
    public var overload: OverloadConfiguration

    /// PEM files of a certificate chain and its private key.
    public struct TLSFiles: Sendable, Equatable {
        public var certificateChain: String
        public var privateKey: String

        public init(certificateChain: String, privateKey: String) {
            self.certificateChain = certificateChain
            self.privateKey = privateKey
        }
    }

    public static let defaultHost = "127.0.0.1"
    public static let defaultPort = 7480
    /// The WebSocket endpoint of the wire protocol.
    public static let signalPath = "/v1/signal"

    public init(
        host: String = defaultHost, port: Int = defaultPort, maxFrameBytes: Int = 1 << 20,
        handshakeTimeout: Duration = .seconds(5), idleTimeout: Duration = .seconds(60),
        requestsPerSecond: Int = 50, requestBurst: Int = 100, maxConnections: Int = 20_000, tls: TLSFiles? = nil,
        connectionCapacity: Int? = nil, writeTimeout: Duration = .seconds(2), maxQueuedFrames: Int = 4096,
        invalidFramesPerSecond: Int = 5, invalidFrameBurst: Int = 20, httpIdleTimeout: Duration = .seconds(30),
        shutdownGrace: Duration = .seconds(2), shutdownDeadline: Duration = .seconds(8),
        overload: OverloadConfiguration = OverloadConfiguration()
    ) {
        self.overload = overload
        self.connectionCapacity = connectionCapacity
        self.writeTimeout = writeTimeout
        self.maxQueuedFrames = maxQueuedFrames
        self.invalidFramesPerSecond = invalidFramesPerSecond
        self.invalidFrameBurst = invalidFrameBurst
        self.httpIdleTimeout = httpIdleTimeout
        self.shutdownGrace = shutdownGrace
        self.shutdownDeadline = shutdownDeadline
        self.tls = tls
        self.host = host
        self.port = port
        self.maxFrameBytes = maxFrameBytes
        self.handshakeTimeout = handshakeTimeout
        self.idleTimeout = idleTimeout
        self.requestsPerSecond = requestsPerSecond
        self.requestBurst = requestBurst
        self.maxConnections = maxConnections
    }
}
