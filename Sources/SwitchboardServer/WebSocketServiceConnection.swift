import SwitchboardService
import SwitchboardWire

/// The service's side of one WebSocket: ``ServiceConnection/send(_:)`` and ``close()`` only queue (the
/// service calls them under its lock); the connection's writer task drains the queue to the socket, in
/// order.
final class WebSocketServiceConnection: ServiceConnection {
    enum Outgoing: Sendable {
        case frame(ServerFrame)
        case close
    }

    let outgoing: AsyncStream<Outgoing>
    private let queue: AsyncStream<Outgoing>.Continuation
    private let metrics: ServerMetrics

    init(metrics: ServerMetrics) {
        (outgoing, queue) = AsyncStream.makeStream(of: Outgoing.self)
        self.metrics = metrics
    }

    func send(_ frame: ServerFrame) {
        metrics.frameOut(frame)
        queue.yield(.frame(frame))
    }

    func close() {
        queue.yield(.close)
        queue.finish()
    }

    /// The socket is gone: nothing more will be written.
    func finish() {
        queue.finish()
    }
}
