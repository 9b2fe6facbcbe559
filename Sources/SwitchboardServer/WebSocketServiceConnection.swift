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
    /// The TCP connection under this WebSocket (docs/SECURITY.md, "Connections").
    let guarded: GuardedConnection?
    private let maxQueuedFrames: Int
    private let welcomed = Atomic(false)
    /// Frames queued and not yet written.
    private let queued = Atomic(0)
    /// When the write under way started (nanoseconds after ``opened``), 0 when none is.
    private let writingSince = Atomic<Int64>(0)
    /// When the connection opened, and when a frame last came in (nanoseconds after it opened): the
    /// server's watchdog closes connections past the handshake or idle timeout.
    let opened = ContinuousClock.now
    private let heard = Atomic<Int64>(0)
    /// The watchdog has acted on this connection (it acts once).
    private let expired = Atomic(false)

    /// The service welcomed a session on this connection.
    var isWelcomed: Bool { welcomed.load(ordering: .relaxed) }

    init(metrics: ServerMetrics, guarded: GuardedConnection?, maxQueuedFrames: Int = .max) {
        (outgoing, queue) = AsyncStream.makeStream(of: Outgoing.self)
        self.metrics = metrics
        self.guarded = guarded
        self.maxQueuedFrames = maxQueuedFrames
    }

    /// The writer task starts writing a frame it took from the queue.
    func writeStarted(at now: ContinuousClock.Instant = .now) {
        queued.subtract(1, ordering: .relaxed)
        writingSince.store(max(1, opened.duration(to: now).wholeNanoseconds), ordering: .relaxed)
    }

    /// The write under way completed.
    func writeEnded() {
        writingSince.store(0, ordering: .relaxed)
    }

    /// How long the write under way has been waiting (a client that stopped reading), zero when none is.
    func writeStall(at now: ContinuousClock.Instant) -> Duration {
        let since = writingSince.load(ordering: .relaxed)
        return since == 0 ? .zero : opened.duration(to: now) - .nanoseconds(since)
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
        if case .welcome = frame {
            welcomed.store(true, ordering: .relaxed)
            guarded?.advance(to: .welcomed)
        }
        // A client too slow to take its frames is dropped rather than buffered for without bound.
        if queued.add(1, ordering: .relaxed).newValue > maxQueuedFrames {
            metrics.connectionShed("queue_full")
            abort()
            return
        }
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
        guarded?.closeNow()
    }

    /// The socket is gone: nothing more will be written.
    func finish() {
        queue.finish()
    }
}
