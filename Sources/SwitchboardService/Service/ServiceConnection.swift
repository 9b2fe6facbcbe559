import SwitchboardWire

/// The service's side of one transport connection (an in-process link or a WebSocket).
///
/// The service calls these while it holds its lock, so both must return at once and must not call
/// back into the service: queue the frame, or schedule the close.
public protocol ServiceConnection: AnyObject, Sendable {
    /// Sends a frame to the client. Frames must arrive in the order of the calls.
    func send(_ frame: ServerFrame)
    /// Sends a frame that the node hosting this connection's app encoded for it, as it is: a connection
    /// bridged to another cluster node gets its frames as the host wrote them, in this connection's form
    /// (compact call events or not), and nothing re-encodes them here (docs/ARCHITECTURE.md, "One node or
    /// many"). In order with ``send(_:)``.
    func send(encoded frame: [UInt8])
    /// Closes the connection after the frames already sent. The transport later reports the closed
    /// connection with ``SignalingService/closed(_:)``, as for a close the client initiated.
    func close()
}

extension ServiceConnection {
    /// A connection without a byte path decodes the frame (in the plain form: a connection that takes
    /// compact call events must write bytes) and sends it; one that does not decode is dropped.
    public func send(encoded frame: [UInt8]) {
        if let decoded = try? WireCodec.decodeServerFrame(frame) { send(decoded) }
    }
}

/// A frame for a connection bridged to another node, as the hosting node sent it: a frame, or its bytes
/// (``ServiceConnection/send(encoded:)``).
public enum RoutedFrame: Sendable, Equatable {
    case frame(ServerFrame)
    case encoded([UInt8])
}

/// The service's handle for one connection.
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "conn-\(rawValue)" }
}
