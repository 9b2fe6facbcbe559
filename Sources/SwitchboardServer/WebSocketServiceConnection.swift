import Synchronization
import SwitchboardService
import SwitchboardWire

/// The service's side of one WebSocket: ``ServiceConnection/send(_:)`` and ``close()`` only queue (the
/// service calls them under its lock); the connection's writer task drains the queue to the socket, in
/// order.
final class WebSocketServiceConnection: ServiceConnection {
    enum Outgoing: Sendable {
        case frame(ServerFrame)
        case close
        /// Drop the socket without a close handshake, as a network failure would.
        case abort
    }

    let outgoing: AsyncStream<Outgoing>
    private let queue: AsyncStream<Outgoing>.Continuation
    private let metrics: ServerMetrics
    private let welcomed = Mutex(false)

    /// The service welcomed a session on this connection.
    var isWelcomed: Bool { welcomed.withLock { $0 } }

    init(metrics: ServerMetrics) {
        (outgoing, queue) = AsyncStream.makeStream(of: Outgoing.self)
        self.metrics = metrics
    }

    func send(_ frame: ServerFrame) {
        if case .welcome = frame { welcomed.withLock { $0 = true } }
        metrics.frameOut(frame)
        queue.yield(.frame(frame))
    }

    func close() {
        queue.yield(.close)
        queue.finish()
    }

    func abort() {
        queue.yield(.abort)
        queue.finish()
    }

    /// The socket is gone: nothing more will be written.
    func finish() {
        queue.finish()
    }
}
