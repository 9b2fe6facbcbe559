import SwitchboardService

/// How `switchboard serve` listens (docs/SERVER.md, "Running it").
public struct ServerConfiguration: Sendable {
    /// The address to bind: loopback by default, so a new user's server is not reachable from outside.
    public var host: String
    /// The port; 0 picks a free one (tests), reported by ``SignalingServer/run(onListening:)``.
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
    /// With a certificate chain and its private key (PEM files), the server speaks TLS: `wss://` and
    /// `https://`. Without, plain (meant for loopback).
    public var tls: TLSFiles?

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
        requestsPerSecond: Int = 50, requestBurst: Int = 100, maxConnections: Int = 20_000, tls: TLSFiles? = nil
    ) {
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
