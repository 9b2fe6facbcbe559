import DequeModule
import NIOCore
import NIOWebSocket
import Synchronization
import SwitchboardService
import SwitchboardWire

/// The service's side of one WebSocket (docs/PERFORMANCE.md, "Frames on the event loop").
/// ``send(_:)`` and ``close()`` only queue (the service calls them under its lock); the first frame
/// queued while none is pending schedules one drain on the channel's event loop, which encodes every
/// frame queued by then, writes each to the channel and flushes once. No task wakes per frame, and a
/// burst of frames to one client leaves in one `writev`.
///
/// The frames are written at the tail of the channel's pipeline, past hummingbird-websocket's
/// handler actor (NIO's async channel handler lets writes from the tail through): the server runs no
/// WebSocket extension that would have to see them (``SignalingServer/makeApplication(onListening:)``).
/// Closing goes through that handler's own close handshake, after the frames queued before it.
final class WebSocketServiceConnection: ServiceConnection {
    /// What the connection's task must do with the WebSocket's own machinery: close it after the
    /// frames queued before, or drop it.
    enum Control: Sendable {
        case close
        /// Drop the socket without a close handshake, as a network failure would.
        case abort
    }

    /// A frame to write: the service's, encoded in this connection's form, or one the node hosting a
    /// bridged connection's app encoded (``send(encoded:)``).
    private enum Outgoing {
        case frame(ServerFrame)
        case encoded([UInt8])
    }

    private struct Pending {
        var frames: [Outgoing] = []
        /// A drain is scheduled on the event loop and has not taken the frames yet.
        var scheduled = false
        /// ``close()`` was called: frames queued after it are dropped, and the drain hands the close to
        /// the connection's task once the frames before it are written.
        var closeRequested = false
        var closeHandedOver = false
    }

    /// The close or abort for the connection's task, in order after the frames.
    let controls: AsyncStream<Control>
    private let controlQueue: AsyncStream<Control>.Continuation
    private let channel: any Channel
    private let metrics: ServerMetrics
    /// The TCP connection under this WebSocket (docs/SECURITY.md, "Connections").
    let guarded: GuardedConnection?
    private let maxQueuedFrames: Int
    private let pending = Mutex(Pending())
    private let welcomed = Atomic(false)
    /// Frames queued and not yet handed to the socket.
    private let queued = Atomic(0)
    /// When the oldest flush whose writes have not completed was made (nanoseconds after ``opened``),
    /// 0 when every write has: a client that stopped reading leaves it behind (``writeStall(at:)``).
    private let oldestUnwritten = Atomic<Int64>(0)
    /// The flushes whose writes have not completed, oldest first, with their frame counts. Only the
    /// event loop touches it.
    private let flushes: NIOLoopBoundBox<Deque<(at: Int64, frames: Int)>>
    /// When the connection opened, and when a frame last came in (nanoseconds after it opened): the
    /// server's watchdog closes connections past the handshake or idle timeout.
    let opened = ContinuousClock.now
    private let heard = Atomic<Int64>(0)
    /// The watchdog has acted on this connection (it acts once).
    private let expired = Atomic(false)

    /// The form of this connection's call events (docs/DECISIONS.md, "Compact call events"). A
    /// connection's own, not its session's: what the client holds is what this connection carried, and
    /// a resumed session's new connection starts afresh. Only the event loop touches it, in the drain.
    private let events: NIOLoopBoundBox<EventForm>

    private final class EventForm {
        var encoder = CompactEventEncoder()
    }

    /// The service welcomed a session on this connection.
    var isWelcomed: Bool { welcomed.load(ordering: .relaxed) }

    init(channel: any Channel, metrics: ServerMetrics, guarded: GuardedConnection?, maxQueuedFrames: Int = .max) {
        (controls, controlQueue) = AsyncStream.makeStream(of: Control.self)
        self.channel = channel
        self.metrics = metrics
        self.guarded = guarded
        self.maxQueuedFrames = maxQueuedFrames
        flushes = .makeBoxSendingValue(Deque(), eventLoop: channel.eventLoop)
        events = .makeBoxSendingValue(EventForm(), eventLoop: channel.eventLoop)
    }

    /// The event loop the connection's frames are received and written on.
    var eventLoop: any EventLoop { channel.eventLoop }

    /// How long the oldest write not yet taken by the socket has been waiting (a client that stopped
    /// reading), zero when none is.
    func writeStall(at now: ContinuousClock.Instant) -> Duration {
        let since = oldestUnwritten.load(ordering: .relaxed)
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
        metrics.frameOut(frame)
        enqueue(.frame(frame))
    }

    /// On the connection's event loop: writes `frame` and flushes now, unless frames queued before it are
    /// still to be written (then it is queued after them, as ``send(_:)`` does). The door's refusals
    /// (docs/SERVER.md, "Overload"): they leave while the event loop reads, not after the turn's step.
    func sendNow(_ frame: ServerFrame) {
        channel.eventLoop.preconditionInEventLoop()
        let queuedBefore = pending.withLock { $0.closeRequested || $0.scheduled || !$0.frames.isEmpty }
        guard !queuedBefore else {
            send(frame)
            return
        }
        metrics.frameOut(frame)
        if queued.add(1, ordering: .relaxed).newValue > maxQueuedFrames {
            metrics.connectionShed("queue_full")
            abort()
            return
        }
        write([.frame(frame)])
    }

    /// A bridged connection's frame, as the hosting node encoded it (welcomes, refusals and byes come
    /// through ``send(_:)``, so the connection's own bookkeeping sees them).
    func send(encoded frame: [UInt8]) {
        metrics.bridgedFrameOut()
        enqueue(.encoded(frame))
    }

    private func enqueue(_ frame: Outgoing) {
        // A client too slow to take its frames is dropped rather than buffered for without bound.
        if queued.add(1, ordering: .relaxed).newValue > maxQueuedFrames {
            metrics.connectionShed("queue_full")
            abort()
            return
        }
        let schedule = pending.withLock { pending in
            guard !pending.closeRequested else { return false }
            pending.frames.append(frame)
            defer { pending.scheduled = true }
            return !pending.scheduled
        }
        if schedule { channel.eventLoop.execute { self.drain() } }
    }

    func close() {
        let schedule = pending.withLock { pending in
            guard !pending.closeRequested else { return false }
            pending.closeRequested = true
            defer { pending.scheduled = true }
            return !pending.scheduled
        }
        if schedule { channel.eventLoop.execute { self.drain() } }
    }

    func abort() {
        pending.withLock { $0.closeRequested = true }
        controlQueue.yield(.abort)
        controlQueue.finish()
        guarded?.closeNow()
    }

    /// The socket is gone: nothing more will be written.
    func finish() {
        pending.withLock { $0.closeRequested = true }
        controlQueue.finish()
    }

    /// On the event loop: encodes and writes every queued frame, flushes once, and hands a requested
    /// close to the connection's task after them.
    private func drain() {
        let (frames, handOverClose) = pending.withLock { pending in
            pending.scheduled = false
            let frames = pending.frames
            pending.frames.removeAll(keepingCapacity: true)
            let handOver = pending.closeRequested && !pending.closeHandedOver
            if handOver { pending.closeHandedOver = true }
            return (frames, handOver)
        }
        if !frames.isEmpty { write(frames) }
        if handOverClose {
            controlQueue.yield(.close)
        }
    }

    /// The longest header of an unmasked frame (RFC 6455, 5.2: 2 bytes and a 64-bit length).
    static let headerRoom = 10

    private func write(_ frames: [Outgoing]) {
        let allocator = channel.allocator
        var last: EventLoopPromise<Void>?
        let form = events.value
        for (index, frame) in frames.enumerated() {
            let bytes = switch frame {
            case .frame(let frame): form.encoder.encode(frame)
            case .encoded(let bytes): bytes
            }
            // Room in front of the payload for the frame's header: NIO's WebSocketFrameEncoder writes it
            // there, so the frame leaves as one buffer (one iovec, no header buffer of its own).
            var buffer = allocator.buffer(capacity: Self.headerRoom + bytes.count)
            buffer.moveWriterIndex(forwardBy: Self.headerRoom)
            buffer.moveReaderIndex(forwardBy: Self.headerRoom)
            buffer.writeBytes(bytes)
            let promise: EventLoopPromise<Void>? = index == frames.count - 1 ? channel.eventLoop.makePromise() : nil
            channel.write(WebSocketFrame(fin: true, opcode: .text, data: buffer), promise: promise)
            last = promise
        }
        let at = max(1, opened.duration(to: .now).wholeNanoseconds)
        flushes.value.append((at, frames.count))
        if flushes.value.count == 1 { oldestUnwritten.store(at, ordering: .relaxed) }
        channel.flush()
        // Writes complete in order: the oldest flush is the one that completed.
        last?.futureResult.whenComplete { [self] _ in
            let done = flushes.value.removeFirst()
            queued.subtract(done.frames, ordering: .relaxed)
            oldestUnwritten.store(flushes.value.first?.at ?? 0, ordering: .relaxed)
        }
    }
}
