import Synchronization
import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// A client session of a ``TestWorld`` with its events recorded, so a test can look at everything it
/// received and wait for the next event it expects.
public final class TestClient: Sendable {
    public let session: ClientSession
    private let log = EventLog()
    private let reader: Task<Void, Never>

    /// The recorded events; a class of its own so the reader task can share it.
    private final class EventLog: Sendable {
        let state = Mutex(Log())

        func withLock<Result>(_ body: (inout Log) -> Result) -> Result {
            state.withLock { body(&$0) }
        }
    }

    fileprivate struct Log {
        var events: [ClientEvent] = []
        /// How many events ``next(timeout:where:)`` has consumed.
        var consumed = 0
        var waiters: [Waiter] = []
        var finished = false
    }

    fileprivate struct Waiter {
        var id: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    init(session: ClientSession) {
        self.session = session
        let log = log
        reader = Task { [log] in
            for await event in session.events {
                let waiters = log.withLock { log in
                    log.events.append(event)
                    defer { log.waiters = [] }
                    return log.waiters
                }
                waiters.forEach { $0.continuation.resume() }
            }
            let waiters = log.withLock { log in
                log.finished = true
                defer { log.waiters = [] }
                return log.waiters
            }
            waiters.forEach { $0.continuation.resume() }
        }
    }

    deinit {
        reader.cancel()
    }

    public var user: UserID { session.configuration.user }
    public var device: DeviceID { session.configuration.device }
    public var endpoint: Endpoint { Endpoint(user: user, device: device) }

    /// Every event received so far.
    public var events: [ClientEvent] { log.withLock { $0.events } }

    /// The service events received so far.
    public var serverEvents: [ServerEvent] {
        events.compactMap { if case .server(let event) = $0 { event } else { nil } }
    }

    /// The call notifications received so far.
    public var callNotifications: [CallNotification] {
        serverEvents.compactMap { if case .call(let note) = $0 { note } else { nil } }
    }

    /// The connection changes received so far.
    public var connectionChanges: [ConnectionChangeEvent] {
        events.compactMap { if case .connection(let state, let reason) = $0 { ConnectionChangeEvent(state: state, reason: reason) } else { nil } }
    }

    /// Events received since the last ``next(timeout:where:)`` match, without consuming them.
    public var unconsumedEvents: [ClientEvent] { log.withLock { Array($0.events[$0.consumed...]) } }

    /// Waits for the next event (after the last one this method returned) that matches, and returns it.
    /// Events before it are skipped. Fails after `timeout` of real time, which only a bug can take: the
    /// world's own time does not move while waiting.
    @discardableResult
    public func next(
        timeout: Duration = .seconds(5),
        where matches: @escaping @Sendable (ClientEvent) -> Bool
    ) async throws -> ClientEvent {
        let start = ContinuousClock.now
        while true {
            let found: ClientEvent? = log.withLock { log in
                guard let index = log.events[log.consumed...].firstIndex(where: matches) else { return nil }
                log.consumed = index + 1
                return log.events[index]
            }
            if let found { return found }
            if ContinuousClock.now - start > timeout || log.withLock({ $0.finished }) {
                throw TestClientError.noMatchingEvent(user: user, received: unconsumedEvents)
            }
            await waitForAnyEvent(orAfter: .milliseconds(20))
        }
    }

    /// Waits for the next call notification of this kind (compared by case, ignoring associated values).
    @discardableResult
    public func nextCall(
        _ kind: CallNotificationKindName,
        call: CallID? = nil,
        timeout: Duration = .seconds(5)
    ) async throws -> CallNotification {
        let event = try await next(timeout: timeout) { event in
            guard case .call(let note) = event.serverEvent else { return false }
            return CallNotificationKindName(note.kind) == kind && (call == nil || note.call.id == call)
        }
        guard case .call(let note) = event.serverEvent else { preconditionFailure() }
        return note
    }

    /// Waits for the next change to this connection state.
    @discardableResult
    public func nextConnection(
        _ state: ConnectionState,
        timeout: Duration = .seconds(5)
    ) async throws -> ConnectionChangeEvent {
        let event = try await next(timeout: timeout) { if case .connection(state, _) = $0 { true } else { false } }
        guard case .connection(let state, let reason) = event else { preconditionFailure() }
        return ConnectionChangeEvent(state: state, reason: reason)
    }

    /// Marks every event received so far as seen, so the next wait looks only at later ones.
    public func skipReceived() {
        log.withLock { $0.consumed = $0.events.count }
    }

    /// Returns when the next event arrives (or the stream ends), or after `delay` at the latest. The
    /// waiter is registered before its timer starts, so neither wake-up can be lost.
    private func waitForAnyEvent(orAfter delay: Duration) async {
        let id = Int.random(in: .min ... .max)
        var timer: Task<Void, Never>?
        await withCheckedContinuation { continuation in
            log.withLock { $0.waiters.append(Waiter(id: id, continuation: continuation)) }
            timer = Task { [log] in
                try? await Task.sleep(for: delay)
                let waiter = log.withLock { log -> Waiter? in
                    guard let index = log.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return log.waiters.remove(at: index)
                }
                waiter?.continuation.resume()
            }
        }
        timer?.cancel()
    }
}

/// A connection state change as a test sees it.
public struct ConnectionChangeEvent: Hashable, Sendable {
    public var state: ConnectionState
    public var reason: ConnectionChangeReason

    public init(state: ConnectionState, reason: ConnectionChangeReason) {
        self.state = state
        self.reason = reason
    }
}

/// The kind of a call notification without its associated values, for waiting on one.
public enum CallNotificationKindName: Hashable, Sendable {
    case created, invited, participantsChanged, cancelled, timedOut, acceptConfirmed, acceptFailed
    case answeredElsewhere, ended, synced

    public init(_ kind: CallNotification.Kind) {
        switch kind {
        case .created: self = .created
        case .invited: self = .invited
        case .participantsChanged: self = .participantsChanged
        case .cancelled: self = .cancelled
        case .timedOut: self = .timedOut
        case .acceptConfirmed: self = .acceptConfirmed
        case .acceptFailed: self = .acceptFailed
        case .answeredElsewhere: self = .answeredElsewhere
        case .ended: self = .ended
        case .synced: self = .synced
        }
    }
}

public enum TestClientError: Error, CustomStringConvertible {
    case noMatchingEvent(user: UserID, received: [ClientEvent])

    public var description: String {
        switch self {
        case .noMatchingEvent(let user, let received):
            "\(user) received no matching event; unconsumed: \(received.map { "\($0)" }.joined(separator: "\n  "))"
        }
    }
}

extension ClientEvent {
    /// The service event, if this is one.
    public var serverEvent: ServerEvent? {
        if case .server(let event) = self { return event }
        return nil
    }
}
