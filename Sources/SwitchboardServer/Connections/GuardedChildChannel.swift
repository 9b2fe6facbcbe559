import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's child channel (HTTP/1 with the WebSocket upgrade) with the connection guard in front
/// (docs/SECURITY.md, "Connections"): each accepted connection is first admitted by the
/// ``ConnectionTable`` (or closed at once), gets a ``ConnectionGuardHandler`` ahead of the HTTP
/// handlers, and is served with ``GuardedConnection/current`` set, so the WebSocket handler and the
/// router find the connection they serve. Under TLS it sits inside the TLS channel, so the guard
/// reads plaintext.
struct GuardedChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = GuardedValue<Base.Value>

    let base: Base
    let table: ConnectionTable
    let limits: ConnectionGuardLimits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        // A connection the table does not admit is still set up, then closed: a failed setup would
        // reach the listening channel as an error and end its stream of accepted connections.
        let connection = table.admit(channel)
        do {
            try channel.pipeline.syncOperations.addHandler(
                ConnectionGuardHandler(connection: connection, limits: limits, table: table))
        } catch {
            connection.closeNow()
        }
        return base.setup(channel: channel, logger: logger).map { GuardedValue(base: $0, connection: connection) }
    }

    func handle(value: Value, logger: Logger) async {
        var logger = logger
        logger.handler = GuardedLogHandler(base: logger.handler, connection: value.connection)
        await GuardedConnection.$current.withValue(value.connection) {
            await base.handle(value: value.base, logger: logger)
        }
    }
}

/// What ``GuardedChildChannel`` hands Hummingbird for one connection.
struct GuardedValue<Base: ServerChildChannelValue>: ServerChildChannelValue {
    let base: Base
    let connection: GuardedConnection

    var channel: any Channel { base.channel }
}

/// Hummingbird's log for one connection: an error it reports about a connection the guard closed on
/// purpose ("Error handling upgrade result" for each shed socket) is not an error, and is logged at
/// debug; anything else passes unchanged (docs/SECURITY.md, "Log and metric hygiene").
struct GuardedLogHandler: LogHandler {
    var base: any LogHandler
    let connection: GuardedConnection

    var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        if event.level >= .error, connection.isClosing { event.level = .debug }
        guard base.logLevel <= event.level else { return }
        base.log(event: event)
    }
}
