import Foundation
import Logging
import PostgresNIO
import SwitchboardService
import Synchronization

/// The cluster's bus, on PostgreSQL alone (docs/ARCHITECTURE.md, "One node or many"): each node
/// LISTENs on a channel of its own, and the others NOTIFY it.
///
/// NOTIFY takes a lock over the whole instance at commit, so every notifying commit of the instance is
/// serialized. So that the bus does not serialize the store too, no transaction that writes call state
/// notifies: the bus sends from a connection of its own, in transactions that only notify. Messages are
/// batched per destination: what was queued for one node while the previous send ran leaves in one
/// notification, and the notifications of one send leave in one statement (one commit). A batch past
/// what a notification carries (8,000 bytes) goes through the `bus_payloads` table, and its notification
/// carries the row's id.
public final class PostgresBus: Sendable {
    /// A notification carries at most 8,000 bytes; the rest is the table's way.
    static let notificationLimit = 7_900
    /// Notifications sent in one statement at most.
    static let notificationsPerStatement = 32

    public let node: String
    public let epoch: Int64
    private let database: PostgresDatabase
    private let logger: Logger
    private let observer: any ClusterObserver

    private struct Outbox {
        var messages: [String: [BusMessage]] = [:]
        var order: [String] = []
        var sequence: UInt64 = 0
    }

    private let outbox = Mutex(Outbox())
    private let wakes: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    public init(node: String, epoch: Int64, database: PostgresDatabase, observer: any ClusterObserver, logger: Logger) {
        self.node = node
        self.epoch = epoch
        self.database = database
        self.observer = observer
        self.logger = logger
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// The channel a node listens on.
    static func channel(of node: String) -> String { "switchboard/" + node }

    /// Queues `message` for `node`; it leaves with the next send, after what was queued before it.
    /// Returns at once (the service calls it under its lock).
    public func send(_ message: BusMessage, to node: String) {
        let first = outbox.withLock { outbox in
            if outbox.messages[node] == nil { outbox.order.append(node) }
            outbox.messages[node, default: []].append(message)
            return outbox.order.count == 1 && outbox.messages[node]?.count == 1
        }
        if first { wake.yield() }
    }

    /// Sends what is queued, as it is queued, until cancelled or the connection fails (thrown).
    public func runSender() async throws {
        let connection = try await database.makeConnection()
        try await Self.closing(connection) { try await self.send(on: connection) }
    }

    /// Runs `body` on `connection` and closes it after, or at once when the task is cancelled: a statement
    /// waiting on a PostgreSQL that went silent then fails instead of holding the node's tasks until TCP
    /// gives up.
    private static func closing(_ connection: PostgresConnection, _ body: () async throws -> Void) async throws {
        do {
            try await withTaskCancellationHandler {
                try await body()
            } onCancel: {
                let _: EventLoopFuture<Void> = connection.close()
            }
        } catch {
            // Awaited, so the connection lives until it is closed (postgres-nio insists).
            try? await connection.close()
            throw error
        }
        try? await connection.close()
    }

    private func send(on connection: PostgresConnection) async throws {
        for await _ in wakes {
            while true {
                let (pending, order, first) = outbox.withLock { outbox in
                    defer {
                        outbox.messages = [:]
                        outbox.order = []
                    }
                    return (outbox.messages, outbox.order, outbox.sequence)
                }
                guard !order.isEmpty else { break }
                var sequence = first
                var direct: [(channel: String, payload: String)] = []
                var count = 0
                for destination in order {
                    let messages = pending[destination] ?? []
                    count += messages.count
                    let sentAt = Int64((Date.now.timeIntervalSince1970 * 1000).rounded())
                    for batch in Self.batches(of: messages, from: node, epoch: epoch, sentAt: sentAt, sequence: &sequence) {
                        if batch.utf8.count <= Self.notificationLimit {
                            direct.append((Self.channel(of: destination), batch))
                            if direct.count == Self.notificationsPerStatement {
                                try await notify(direct, on: connection)
                                direct = []
                            }
                        } else {
                            try await notify(direct, on: connection)
                            direct = []
                            try await sendThroughTable(batch, to: destination, on: connection)
                        }
                    }
                }
                try await notify(direct, on: connection)
                outbox.withLock { $0.sequence = sequence }
                observer.busSent(messages: count)
            }
        }
    }

    /// The messages for one node as batches that each fit a notification where they can: split in
    /// halves until they do (a single message too large stays alone, for the table). Each batch takes the
    /// next `sequence`.
    static func batches(of messages: [BusMessage], from node: String, epoch: Int64, sentAt: Int64,
                        sequence: inout UInt64) -> [String] {
        var out: [String] = []
        var stack: [ArraySlice<BusMessage>] = [messages[...]]
        while let slice = stack.popLast() {
            guard !slice.isEmpty else { continue }
            let text = BusCodec.encode(BusBatch(from: node, epoch: epoch, sequence: sequence, sentAt: sentAt, messages: Array(slice)))
            if text.utf8.count <= notificationLimit || slice.count == 1 {
                sequence &+= 1
                out.append(text)
            } else {
                let middle = slice.startIndex + slice.count / 2
                // Last in, first out: the first half goes out first.
                stack.append(slice[middle...])
                stack.append(slice[..<middle])
            }
        }
        return out
    }

    private func notify(_ notifications: [(channel: String, payload: String)], on connection: PostgresConnection) async throws {
        guard !notifications.isEmpty else { return }
        var bindings = PostgresBindings(capacity: notifications.count * 2)
        var calls: [String] = []
        for (index, item) in notifications.enumerated() {
            bindings.append(item.channel)
            bindings.append(item.payload)
            calls.append("pg_notify($\(index * 2 + 1), $\(index * 2 + 2))")
        }
        _ = try await connection.query(PostgresQuery(unsafeSQL: "SELECT " + calls.joined(separator: ", "), binds: bindings), logger: logger)
            .collect()
    }

    private func sendThroughTable(_ batch: String, to destination: String, on connection: PostgresConnection) async throws {
        let channel = Self.channel(of: destination)
        _ = try await connection.query("""
            WITH p AS (INSERT INTO bus_payloads (destination, body) VALUES (\(destination), \(batch)) RETURNING id)
            SELECT pg_notify(\(channel), '#' || p.id) FROM p
            """, logger: logger).collect()
    }

    /// Receives this node's batches, in the order they were sent, until cancelled or a connection
    /// fails (thrown). `receive` gets every batch that arrived while it handled the previous ones, all at
    /// once: the service then handles their client frames as one step, with one commit.
    /// `ready` is called once the node listens: from then on, what is sent to it arrives.
    public func runReceiver(ready: @escaping @Sendable () -> Void,
                            _ receive: @escaping @Sendable ([BusBatch]) async -> Void) async throws {
        let connection = try await database.makeConnection()
        try await Self.closing(connection) { try await self.receive(on: connection, ready: ready, receive) }
    }

    private func receive(on connection: PostgresConnection, ready: @escaping @Sendable () -> Void,
                         _ receive: @escaping @Sendable ([BusBatch]) async -> Void) async throws {
        // Payloads left by a previous run of this node are for connections that no longer exist.
        _ = try await connection.query("DELETE FROM bus_payloads WHERE destination = \(node)", logger: logger).collect()
        let inbox = Inbox()
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in arrivals {
                    let batches = inbox.batches.withLock { inbox in
                        defer { inbox.removeAll(keepingCapacity: true) }
                        return inbox
                    }
                    if !batches.isEmpty { await receive(batches) }
                }
            }
            group.addTask {
                defer { arrived.finish() }
                try await connection.listen(on: Self.channel(of: self.node)) { notifications in
                    ready()
                    for try await notification in notifications {
                        guard let batch = try await self.batch(from: notification.payload, on: connection) else { continue }
                        let now = Int64((Date.now.timeIntervalSince1970 * 1000).rounded())
                        self.observer.busReceived(messages: batch.messages.count, latency: .milliseconds(max(0, now - batch.sentAt)))
                        inbox.batches.withLock { $0.append(batch) }
                        arrived.yield()
                    }
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// The batch a notification carries, or names (a row of `bus_payloads`); nil when it cannot be read.
    private func batch(from payload: String, on connection: PostgresConnection) async throws -> BusBatch? {
        var text = payload
        if payload.hasPrefix("#"), let id = Int64(payload.dropFirst()) {
            let rows = try await connection.query("DELETE FROM bus_payloads WHERE id = \(id) RETURNING body", logger: logger)
            guard let body = try await rows.collect().first.map({ try $0.decode(String.self) }) else { return nil }
            text = body
        }
        do {
            return try BusCodec.decode(text)
        } catch {
            logger.error("dropped a bus payload: \(error)")
            return nil
        }
    }
}

/// Batches received and not handled yet.
private final class Inbox: Sendable {
    let batches = Mutex<[BusBatch]>([])
}
