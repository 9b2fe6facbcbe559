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
    private let welcomed = Atomic(false)
    /// When the connection opened, and when a frame last came in (nanoseconds after it opened): the
    /// server's watchdog closes connections past the handshake or idle timeout.
    let opened = ContinuousClock.now
    private let heard = Atomic<Int64>(0)
    /// The watchdog has acted on this connection (it acts once).
    private let expired = Atomic(false)

    /// The service welcomed a session on this connection.
    var isWelcomed: Bool { welcomed.load(ordering: .relaxed) }

    init(metrics: ServerMetrics) {
        (outgoing, queue) = AsyncStream.makeStream(of: Outgoing.self)
        self.metrics = metrics
    }

    /// A frame came in.
    func touch() {
        heard.store(opened.duration(to: .now).wholeNanoseconds, ordering: .relaxed)
    }

    /// How long nothing came in, as of `now`.
    func silence(at now: ContinuousClock.Instant) -> Duration {
        opened.duration(to: now) - .nanoseconds(heard.load(ordering: .relaxed))
    }

    /// True the first time only: the watchdog closes a connection once.
    func expire() -> Bool {
        !expired.exchange(true, ordering: .relaxed)
    }

    func send(_ frame: ServerFrame) {
        if case .welcome = frame { welcomed.store(true, ordering: .relaxed) }
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
