import SwitchboardWire

/// How a client reaches the service: in-process (`InProcessTransport`) or over the network.
public protocol Transport: Sendable {
    /// Opens a new connection. Throws when the service cannot be reached.
    func connect() async throws(SignalingError) -> any TransportConnection
}

/// One open connection to the service.
public protocol TransportConnection: Sendable {
    /// The frames from the service, in order. Finishes when the connection closes (either side), but
    /// may also just fall silent on a dead link: the client's heartbeat finds that out.
    var frames: AsyncStream<ServerFrame> { get }
    /// Sends a frame; frames go out in the order of the calls. A frame sent on a closed or dead
    /// connection is lost.
    func send(_ frame: ClientFrame)
    /// Closes the connection.
    func close()
}
