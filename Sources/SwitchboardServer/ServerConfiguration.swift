import SwitchboardService

/// How `switchboard serve` listens (DECISIONS.md, "Server defaults").
public struct ServerConfiguration: Sendable {
    /// The address to bind: loopback by default, so a new user's server is not reachable from outside.
    public var host: String
    /// The port; 0 picks a free one (tests), reported by ``SignalingServer/run(onListening:)``.
    public var port: Int
    /// The largest WebSocket message a client may send, in bytes; a larger one closes the connection
    /// with the WebSocket "message too big" code.
    public var maxFrameBytes: Int

    public static let defaultHost = "127.0.0.1"
    public static let defaultPort = 7480
    /// The WebSocket endpoint of the wire protocol.
    public static let signalPath = "/v1/signal"

    public init(host: String = defaultHost, port: Int = defaultPort, maxFrameBytes: Int = 1 << 20) {
        self.host = host
        self.port = port
        self.maxFrameBytes = maxFrameBytes
    }
}
