import NIOCore
import Synchronization

/// One accepted TCP connection as the connection layer sees it, from accept to close
/// (docs/SECURITY.md, "Connections"): where it is in its life, and the one way to end it at once. The
/// ``ConnectionTable`` holds it; the connection's ``ConnectionGuardHandler`` and, once upgraded, its
/// WebSocket handler share it.
final class GuardedConnection: Sendable {
    /// Where a connection is. It only moves forward.
    enum Phase: UInt8, Comparable, Sendable {
        /// Accepted; no response written yet (the request head may still be arriving).
        case opening = 0
        /// Answered as plain HTTP (health, metrics, admin API): Hummingbird's idle timeout owns it.
        case http = 1
        /// Upgraded to WebSocket; no session welcomed yet.
        case webSocket = 2
        /// A session was welcomed on it.
        case welcomed = 3

        static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Accept order: the oldest connection has the smallest.
    let id: Int
    let channel: any Channel
    let opened: ContinuousClock.Instant
    private let phaseValue = Atomic<UInt8>(Phase.opening.rawValue)
    /// Set once the connection is being ended: by a hard close, or by a close handshake that must end
    /// by ``closeDeadline``.
    private let closing = Atomic(false)
    /// Nanoseconds after ``opened`` by which a close handshake under way must have ended; 0 for none.
    private let closeBy = Atomic<Int64>(0)
    /// What runs when the handshake timeout passes on an upgraded connection that was not welcomed
    /// (the WebSocket handler sends its refusal): set once the WebSocket handler runs.
    private let expiry = Mutex<(@Sendable () -> Void)?>(nil)
    /// What the guard refused while it could not yet tell a WebSocket from plain HTTP (bytes after
    /// the request head, before the upgrade is known): acted on if the connection turns out upgraded.
    private let pendingRefusal = Mutex<GuardRefusal?>(nil)

    init(id: Int, channel: any Channel, opened: ContinuousClock.Instant = .now) {
        self.id = id
        self.channel = channel
        self.opened = opened
    }

    var phase: Phase { Phase(rawValue: phaseValue.load(ordering: .acquiring))! }

    /// Moves to `phase` if it is ahead of the current one.
    func advance(to phase: Phase) {
        var current = phaseValue.load(ordering: .relaxed)
        while current < phase.rawValue {
            let (exchanged, original) = phaseValue.compareExchange(
                expected: current, desired: phase.rawValue, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = original
        }
    }

    /// Upgraded to WebSocket: moves to ``Phase/webSocket`` and fails the connection if the guard
    /// refused a frame that came before. Returns false when it did.
    func upgraded() -> Bool {
        advance(to: .webSocket)
        guard let refusal = pendingRefusal.withLock({ $0 }) else { return true }
        fail(refusal)
        return false
    }

    /// The guard refused a frame: fails the connection if it is a WebSocket, or keeps the refusal until
    /// the upgrade if that is not known yet. Plain HTTP is not framed, and nothing applies.
    func refuse(_ refusal: GuardRefusal) {
        switch phase {
        case .opening:
            pendingRefusal.withLock { pending in
                if pending == nil { pending = refusal }
            }
            // The upgrade may have happened meanwhile, before the refusal was kept.
            if phase >= .webSocket, let kept = pendingRefusal.withLock({ $0 }) { fail(kept) }
        case .http:
            break
        case .webSocket, .welcomed:
            fail(refusal)
        }
    }

    /// Whether the connection is not yet (or never will be) a welcomed session: what the server
    /// sheds first when it runs short of descriptors.
    var isUnwelcomed: Bool { phase != .welcomed }

    var isClosing: Bool { closing.load(ordering: .relaxed) }

    /// Marks the connection as ending, for a close already under way.
    func markClosing() {
        closing.store(true, ordering: .relaxed)
    }

    /// Closes the socket now, without a close handshake.
    func closeNow() {
        closing.store(true, ordering: .relaxed)
        channel.close(mode: .all, promise: nil)
    }

    /// Sends a WebSocket close frame with the refusal's code straight to the socket, then closes it: for a
    /// connection whose frames can no longer be trusted (the guard's refusals), where a close
    /// handshake would wait on the client. Runs on the channel's event loop.
    func fail(_ refusal: GuardRefusal) {
        guard !closing.exchange(true, ordering: .relaxed) else { return }
        let (code, reason) = (refusal.closeCode, refusal.reason)
        let channel = self.channel
        channel.eventLoop.execute {
            var payload = channel.allocator.buffer(capacity: 2 + reason.utf8.count)
            payload.writeInteger(code)
            payload.writeString(String(reason.utf8.prefix(123))!)
            var frame = channel.allocator.buffer(capacity: 2 + payload.readableBytes)
            frame.writeInteger(UInt8(0x88))
            frame.writeInteger(UInt8(payload.readableBytes))
            frame.writeBuffer(&payload)
            // Written at the head of the pipeline: the frame goes out as raw bytes, under any TLS.
            channel.pipeline.context(handlerType: ConnectionGuardHandler.self).whenComplete { result in
                if case .success(let context) = result {
                    context.writeAndFlush(NIOAny(frame)).whenComplete { _ in channel.close(mode: .all, promise: nil) }
                } else {
                    channel.close(mode: .all, promise: nil)
                }
            }
        }
    }

    /// A close handshake under way must end within `grace`; past it, ``isOverdue(at:)`` says so.
    func closing(within grace: Duration, at now: ContinuousClock.Instant = .now) {
        closing.store(true, ordering: .relaxed)
        let deadline = opened.duration(to: now + grace).wholeNanoseconds
        _ = closeBy.compareExchange(expected: 0, desired: max(deadline, 1), ordering: .relaxed)
    }

    /// Whether a close handshake under way is past its deadline.
    func isOverdue(at now: ContinuousClock.Instant) -> Bool {
        let deadline = closeBy.load(ordering: .relaxed)
        return deadline != 0 && opened.duration(to: now).wholeNanoseconds >= deadline
    }

    /// Sets what runs when the handshake timeout passes after the upgrade.
    func onHandshakeExpiry(_ action: @escaping @Sendable () -> Void) {
        expiry.withLock { $0 = action }
    }

    /// The handshake timeout passed: the upgraded connection's refusal, or nil before the upgrade.
    func takeHandshakeExpiry() -> (@Sendable () -> Void)? {
        expiry.withLock { action in
            defer { action = nil }
            return action
        }
    }

    /// The connection the current task serves (set by ``GuardedChildChannel`` around Hummingbird's
    /// handling of the connection, so the WebSocket handler finds its own).
    @TaskLocal static var current: GuardedConnection?
}

/// A frame the connection guard refuses, with the WebSocket close code it ends the connection with
/// (RFC 6455, section 7.4.1).
enum GuardRefusal: Equatable, Sendable {
    /// A client frame without a mask: 1002.
    case unmasked
    /// A frame before the welcome larger than a hello needs: 1009.
    case tooLargeBeforeWelcome(limit: Int)
    /// Pings faster than the connection's ping rate: 1008.
    case pingFlood
    /// Invalid frames faster than the connection may send them: 1008.
    case invalidFrames

    var closeCode: UInt16 {
        switch self {
        case .unmasked: 1002
        case .tooLargeBeforeWelcome: 1009
        case .pingFlood, .invalidFrames: 1008
        }
    }

    var reason: String {
        switch self {
        case .unmasked: "client frames must be masked"
        case .tooLargeBeforeWelcome(let limit): "frames before the welcome are at most \(limit) bytes"
        case .pingFlood: "too many pings"
        case .invalidFrames: "too many invalid frames"
        }
    }

    /// The label of the refusal in metrics.
    var metricLabel: String {
        switch self {
        case .unmasked: "unmasked"
        case .tooLargeBeforeWelcome: "too_large_before_welcome"
        case .pingFlood: "ping_flood"
        case .invalidFrames: "invalid_frames"
        }
    }
}
