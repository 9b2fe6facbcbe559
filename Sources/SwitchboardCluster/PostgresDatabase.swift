import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// The cluster's PostgreSQL (docs/SERVER.md, "PostgreSQL store"): the stores of the apps a node serves
/// (``PostgresRealmStore``), the node and lease tables, and connections for the bus.
///
/// It runs on an event loop of its own, never the server's: its synchronous methods, which the service
/// calls under its lock as it calls SQLite, block the calling thread until PostgreSQL answers, which on the
/// loop that must read the answer would never happen (docs/DECISIONS.md, "PostgreSQL access"). It keeps
/// three connections, each made at its first use and made again at the next call after it was lost: one
/// for the stores' writes (the service commits one step at a time), one for reads, one for nodes and
/// leases, so a lease renewal never waits behind a step's commit. A call made while PostgreSQL is down
/// throws ``PostgresStoreError/unavailable(_:)`` within ``Timeouts/connect``; a write that does not finish
/// within ``Timeouts/statement`` is cancelled by the server and throws too.
public final class PostgresDatabase: Sendable {
    /// How long a call may take.
    public struct Timeouts: Sendable, Hashable {
        /// To connect (TCP and PostgreSQL's start-up).
        public var connect: TimeAmount
        /// For one statement: PostgreSQL's `statement_timeout` on every connection; the client gives up a
        /// second later (a server that no longer answers at all).
        public var statement: TimeAmount

        public init(connect: TimeAmount = .seconds(2), statement: TimeAmount = .seconds(5)) {
            self.connect = connect
            self.statement = statement
        }
    }

    public let url: PostgresURL
    public let timeouts: Timeouts
    let logger: Logger
    private let group: MultiThreadedEventLoopGroup
    private let isClosed = NIOLockedValueBox(false)
    private let configuration: PostgresConnection.Configuration
    let writer: PostgresConnectionSlot
    let reader: PostgresConnectionSlot
    let control: PostgresConnectionSlot

    /// A database at `url`; nothing connects before ``open()``.
    public init(url: PostgresURL, timeouts: Timeouts = Timeouts(), logger: Logger = Logger(label: "switchboard.postgres"))
        throws
    {
        self.url = url
        self.timeouts = timeouts
        self.logger = logger
        let tls: PostgresConnection.Configuration.TLS
        switch url.sslMode {
        case .disable: tls = .disable
        case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: tls)
        configuration.options.connectTimeout = timeouts.connect
        configuration.options.additionalStartupParameters = [
            ("application_name", "switchboard"),
            ("statement_timeout", "\(timeouts.statement.nanoseconds / 1_000_000)"),
        ]
        self.configuration = configuration
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        writer = PostgresConnectionSlot(loop: loop, configuration: configuration, id: 1, logger: logger)
        reader = PostgresConnectionSlot(loop: loop, configuration: configuration, id: 2, logger: logger)
        control = PostgresConnectionSlot(loop: loop, configuration: configuration, id: 3, logger: logger)
    }

    deinit {
        if !isClosed.withLockedValue({ $0 }) {
            try? group.syncShutdownGracefully()
        }
    }

    /// Connects and brings the schema up to date (`PostgresMigrations`); nodes that open together apply
    /// each migration once.
    public func open() throws {
        try PostgresMigrations.migrate(self)
    }

    /// Closes the connections and stops the event loop (connections from ``makeConnection()`` must be
    /// closed first). Calls made afterwards throw ``PostgresStoreError/closed``.
    public func close() {
        guard !isClosed.withLockedValue({ closed in defer { closed = true }; return closed }) else { return }
        for slot in [writer, reader, control] {
            _ = try? slot.close().blockingWait()
        }
        try? group.syncShutdownGracefully()
    }

    /// A new connection of its own on this database's event loop, for the bus (LISTEN/NOTIFY); the
    /// caller closes it.
    public func makeConnection() async throws -> PostgresConnection {
        do {
            return try await PostgresConnection.connect(
                on: group.next(), configuration: configuration, id: 4, logger: logger)
        } catch {
            throw Self.storeError(error)
        }
    }

    // MARK: Running statements

    /// Runs `query` on `slot`, blocking the calling thread (which must not be this database's loop).
    func run(_ query: PostgresQuery, on slot: PostgresConnectionSlot) throws(PostgresStoreError) -> PostgresQueryResult {
        do {
            return try execute(query, on: slot).blockingWait()
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Runs `query` on `slot` without blocking a thread.
    func runAsync(_ query: PostgresQuery, on slot: PostgresConnectionSlot) async throws(PostgresStoreError)
        -> PostgresQueryResult
    {
        do {
            return try await execute(query, on: slot).get()
        } catch {
            throw Self.storeError(error)
        }
    }

    /// The query on the slot's connection, given up a second after the statement timeout (the server
    /// cancels it first when it still answers); a connection that broke or stopped answering is dropped,
    /// so the next call connects afresh.
    private func execute(_ query: PostgresQuery, on slot: PostgresConnectionSlot) -> EventLoopFuture<PostgresQueryResult> {
        let logger = self.logger
        let limit = timeouts.statement + .seconds(1)
        return slot.connection().flatMap { connection in
            let promise = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
            let timer = connection.eventLoop.scheduleTask(in: limit) {
                promise.fail(PostgresStoreError.unavailable("no answer within \(limit.nanoseconds / 1_000_000) ms"))
                slot.discard(connection)
            }
            connection.query(query, logger: logger).whenComplete { result in
                timer.cancel()
                if case .failure(let error) = result, Self.isConnectionLevel(error) {
                    slot.discard(connection)
                }
                promise.completeWith(result)
            }
            return promise.futureResult
        }
    }

    /// Whether `error` says the connection cannot be used any more.
    private static func isConnectionLevel(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return true }
        if error.code == .server {
            return isUnavailableState(error.serverInfo?[.sqlState] ?? "")
        }
        return true
    }

    /// SQLSTATE classes that mean the server is going or gone: connection exceptions (08), operator
    /// intervention (57: shutdown, cancelled by the statement timeout), insufficient resources (53).
    private static func isUnavailableState(_ state: String) -> Bool {
        state.hasPrefix("08") || state.hasPrefix("57") || state.hasPrefix("53")
    }

    /// The store's error for what PostgresNIO or NIO threw.
    static func storeError(_ error: any Error) -> PostgresStoreError {
        if let error = error as? PostgresStoreError { return error }
        if let error = error as? PSQLError {
            if error.code == .server, let info = error.serverInfo {
                let state = info[.sqlState] ?? "?????"
                let message = info[.message] ?? "(no message)"
                return isUnavailableState(state) ? .unavailable("\(message) (\(state))") : .failed(sqlState: state, message: message)
            }
            let underlying = error.underlying.map { ": \($0)" } ?? ""
            return .unavailable("\(error.code)\(underlying)")
        }
        return .unavailable(String(describing: error))
    }
}
