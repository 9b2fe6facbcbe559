import DequeModule
import Logging
import NIOCore
import Synchronization

/// Every TCP connection the server holds, from accept to close, and the rules that keep their number
/// inside the process's descriptors (docs/SECURITY.md, "Connections"):
///
/// - At most ``capacity`` at once. A connection accepted at capacity sheds the oldest connection that
///   is not a welcomed session (silent sockets, half-sent requests, idle plain HTTP); when every one is
///   a session, the new connection is closed at once. Either way the server never runs out of
///   descriptors, so it never fails an `accept` (or anything else that needs one) for lack of them.
/// - A connection that is not a welcomed session within the handshake timeout of its accept is
///   closed: the upgraded ones after their refusal, the others at once. Plain HTTP is the exception:
///   once answered, Hummingbird's idle timeout closes it, so a keep-alive scraper is not cut.
/// - A close handshake that has not ended within its grace is cut.
/// - During shutdown, new connections are closed as they are accepted.
final class ConnectionTable: Sendable {
    private struct State {
        var open: [Int: GuardedConnection] = [:]
        /// The connections in accept order, for shedding and the handshake deadline: the front is the
        /// oldest. Welcomed and closed ones are dropped lazily as they reach the front.
        var byAge = Deque<GuardedConnection>()
        /// Plain HTTP connections that outlived the handshake timeout, in the order the sweep found
        /// them: Hummingbird's idle timeout governs them, and they are shed first at capacity.
        var idleHTTP = Deque<GuardedConnection>()
        var nextID = 0
        var admitting = true
    }

    /// The most connections held at once.
    let capacity: Int
    private let state = Mutex(State())
    private let metrics: ServerMetrics
    private let logger: Logger

    init(capacity: Int, metrics: ServerMetrics, logger: Logger) {
        self.capacity = max(capacity, 1)
        self.metrics = metrics
        self.logger = logger
    }

    var count: Int { state.withLock { $0.open.count } }

    /// Takes in a connection just accepted. One that is not admitted (shutting down, or at capacity
    /// with nothing to shed) is closed as soon as its setup is over, and never enters the table.
    func admit(_ channel: any Channel, at now: ContinuousClock.Instant = .now) -> GuardedConnection {
        let (admitted, shed): (GuardedConnection?, GuardedConnection?) = state.withLock { state in
            guard state.admitting else { return (nil, nil) }
            var shed: GuardedConnection?
            if state.open.count >= capacity {
                while let oldest = state.idleHTTP.popFirst() ?? state.byAge.popFirst() {
                    guard state.open[oldest.id] != nil, oldest.isUnwelcomed else { continue }
                    state.open[oldest.id] = nil
                    shed = oldest
                    break
                }
                guard shed != nil else { return (nil, nil) }
            }
            let connection = GuardedConnection(id: state.nextID, channel: channel, opened: now)
            state.nextID += 1
            state.open[connection.id] = connection
            state.byAge.append(connection)
            return (connection, shed)
        }
        if let shed {
            metrics.connectionShed("capacity")
            shed.closeNow()
        }
        if let admitted { return admitted }
        metrics.connectionShed("refused_at_accept")
        let refused = GuardedConnection(id: -1, channel: channel, opened: now)
        refused.markClosing()
        channel.eventLoop.execute { channel.close(mode: .all, promise: nil) }
        return refused
    }

    /// The connection closed.
    func remove(_ connection: GuardedConnection) {
        state.withLock { $0.open[connection.id] = nil }
    }

    /// The guard refused something on a connection (counted by kind; logged at a bounded rate by the
    /// caller of the metrics).
    func refused(_ label: String) {
        metrics.guardRefusal(label)
    }

    /// Closes the connections past the handshake timeout that are not welcomed sessions, and cuts
    /// close handshakes past their grace. `expire` runs for an upgraded connection (it sends the
    /// refusal and starts a close with a grace); the others close at once.
    func sweep(at now: ContinuousClock.Instant, handshakeTimeout: Duration) {
        var expired: [GuardedConnection] = []
        var overdue: [GuardedConnection] = []
        state.withLock { state in
            while let oldest = state.byAge.first {
                if state.open[oldest.id] == nil || !oldest.isUnwelcomed {
                    state.byAge.removeFirst()
                    continue
                }
                guard oldest.opened.duration(to: now) >= handshakeTimeout else { break }
                state.byAge.removeFirst()
                if oldest.phase == .http {
                    state.idleHTTP.append(oldest)
                } else {
                    expired.append(oldest)
                }
            }
            overdue = state.open.values.filter { $0.isOverdue(at: now) }
        }
        for connection in expired where !connection.isClosing {
            metrics.connectionShed("handshake_timeout")
            if connection.phase == .webSocket, let refuse = connection.takeHandshakeExpiry() {
                refuse()
                connection.closing(within: .milliseconds(500), at: now)
            } else {
                connection.closeNow()
            }
        }
        for connection in overdue {
            metrics.connectionShed("close_timeout")
            connection.closeNow()
        }
    }

    /// Shutdown: closes every connection accepted from now on.
    func stopAdmitting() {
        state.withLock { $0.admitting = false }
    }

    /// The connections that are not welcomed sessions, and the welcomed ones.
    func partition() -> (unwelcomed: [GuardedConnection], welcomed: [GuardedConnection]) {
        let all = state.withLock { Array($0.open.values) }
        return (all.filter(\.isUnwelcomed), all.filter { !$0.isUnwelcomed })
    }

    /// Closes every connection at once.
    func closeAll() {
        for connection in state.withLock({ Array($0.open.values) }) { connection.closeNow() }
    }
}
