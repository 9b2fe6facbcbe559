import Synchronization
import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// A client session of a ``TestWorld`` with its events recorded, so a test can look at everything it
/// received and take the next event it expects.
public final class TestClient: Sendable {
    public let session: ClientSession
    /// The world the client lives in.
    public let world: TestWorld
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
        /// How many events ``next(where:)`` has consumed.
        var consumed = 0
    }

    init(session: ClientSession, world: TestWorld) {
        self.session = session
        self.world = world
        let log = log
        // A task of the world, so that the world is idle only once every event is recorded.
        reader = Task(executorPreference: world.executor) { [log] in
            for await event in session.events {
                log.withLock { $0.events.append(event) }
            }
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

    /// Events received since the last ``next(where:)`` match, without consuming them.
    public var unconsumedEvents: [ClientEvent] { log.withLock { Array($0.events[$0.consumed...]) } }

    /// Returns the next event (after the last one this method returned) that matches, running the world
    /// until idle first if it has not arrived yet. Events before it are skipped. Throws when no such
    /// event arrived by the time the world was idle: the world's time does not move while waiting.
    @discardableResult
    public func next(where matches: @escaping @Sendable (ClientEvent) -> Bool) async throws -> ClientEvent {
        if let found = take(matches) { return found }
        await world.runUntilIdle()
        if let found = take(matches) { return found }
        throw TestClientError.noMatchingEvent(user: user, received: unconsumedEvents)
    }

    /// The first unconsumed event that matches, consumed with every event before it.
    private func take(_ matches: (ClientEvent) -> Bool) -> ClientEvent? {
        log.withLock { log in
            guard let index = log.events[log.consumed...].firstIndex(where: matches) else { return nil }
            log.consumed = index + 1
            return log.events[index]
        }
    }

    /// The next call notification of this kind (compared by case, ignoring associated values); see
    /// ``next(where:)``.
    @discardableResult
    public func nextCall(_ kind: CallNotificationKindName, call: CallID? = nil) async throws -> CallNotification {
        let event = try await next { event in
            guard case .call(let note) = event.serverEvent else { return false }
            return CallNotificationKindName(note.kind) == kind && (call == nil || note.call.id == call)
        }
        guard case .call(let note) = event.serverEvent else { preconditionFailure() }
        return note
    }

    /// The next change to this connection state; see ``next(where:)``.
    @discardableResult
    public func nextConnection(_ state: ConnectionState) async throws -> ConnectionChangeEvent {
        let event = try await next { if case .connection(state, _) = $0 { true } else { false } }
        guard case .connection(let state, let reason) = event else { preconditionFailure() }
        return ConnectionChangeEvent(state: state, reason: reason)
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

/// Why a ``TestClient`` wait failed.
public enum TestClientError: Error, CustomStringConvertible {
    /// No event that matched had arrived by the time the world was idle; `received` is what had arrived
    /// and was not consumed yet.
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
