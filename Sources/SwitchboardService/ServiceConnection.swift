import SwitchboardWire

/// The service's side of one transport connection (an in-process link or a WebSocket).
///
/// The service calls these while it holds its lock, so both must return at once and must not call
/// back into the service: queue the frame, or schedule the close.
public protocol ServiceConnection: AnyObject, Sendable {
    /// Sends a frame to the client. Frames must arrive in the order of the calls.
    func send(_ frame: ServerFrame)
    /// Closes the connection after the frames already sent. The transport later reports the closed
    /// connection with ``SignalingService/closed(_:)``, as for a close the client initiated.
    func close()
}

/// The service's handle for one connection.
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "conn-\(rawValue)" }
}
