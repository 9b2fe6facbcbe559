import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// One connection of a ``PostgresDatabase``, made when first needed and made again at the next call
/// after it was lost: callers never see a dead connection twice. Queries run on the database's own event
/// loop; several callers may share the connection (PostgreSQL runs their queries one after another).
final class PostgresConnectionSlot: Sendable {
    private enum State {
        case idle
        case connecting(EventLoopFuture<PostgresConnection>)
        case connected(PostgresConnection)
        case closed
    }

    private let state = NIOLockedValueBox(State.idle)
    private let loop: any EventLoop
    private let configuration: PostgresConnection.Configuration
    private let id: Int
    private let logger: Logger

    init(loop: any EventLoop, configuration: PostgresConnection.Configuration, id: Int, logger: Logger) {
        self.loop = loop
        self.configuration = configuration
        self.id = id
        self.logger = logger
    }

    /// The live connection, or one being made (a failed attempt fails the calls waiting for it, and the
    /// next call tries again).
    func connection() -> EventLoopFuture<PostgresConnection> {
        state.withLockedValue { state in
            switch state {
            case .connected(let connection) where !connection.isClosed:
                return loop.makeSucceededFuture(connection)
            case .connecting(let future):
                return future
            case .closed:
                return loop.makeFailedFuture(PostgresStoreError.closed)
            case .idle, .connected:
                let future = PostgresConnection.connect(on: loop, configuration: configuration, id: id, logger: logger)
                state = .connecting(future)
                future.whenComplete { [self] result in
                    self.state.withLockedValue { state in
                        guard case .connecting(let pending) = state, pending === future else {
                            // Closed meanwhile: the new connection goes too.
                            if case .success(let connection) = result { Self.closeQuietly(connection) }
                            return
                        }
                        switch result {
                        case .success(let connection): state = .connected(connection)
                        case .failure: state = .idle
                        }
                    }
                }
                return future
            }
        }
    }

    /// Drops `connection` (a query on it timed out or it broke): the next call connects afresh.
    func discard(_ connection: PostgresConnection) {
        let drop = state.withLockedValue { state -> Bool in
            guard case .connected(let current) = state, current === connection else { return false }
            state = .idle
            return true
        }
        if drop || !connection.isClosed { Self.closeQuietly(connection) }
    }

    /// Closes the connection for good.
    func close() -> EventLoopFuture<Void> {
        let previous = state.withLockedValue { state -> State in
            defer { state = .closed }
            return state
        }
        switch previous {
        case .connected(let connection):
            return Self.closeQuietly(connection)
        case .connecting(let future):
            return future.flatMap { Self.closeQuietly($0) }.recover { _ in }
        case .idle, .closed:
            return loop.makeSucceededVoidFuture()
        }
    }

    /// Closes `connection`, whatever state it is in (closing a closed one is no error here).
    @discardableResult
    static func closeQuietly(_ connection: PostgresConnection) -> EventLoopFuture<Void> {
        let closing: EventLoopFuture<Void> = connection.close()
        // The connection must outlive its closing (PostgresNIO asserts it is closed when it goes).
        return closing.recover { _ in }.always { _ in withExtendedLifetime(connection) {} }
    }
}
