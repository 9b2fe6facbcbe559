import PostgresNIO
import SwitchboardCore

extension PostgresDatabase {
    /// The key of the session-level advisory lock one retention sweep holds ("SWBR"), so that of nodes
    /// sweeping at once one deletes and the others pass.
    static let retentionLockKey: Int64 = 0x5357_4252

    /// Records deleted in one statement at most, so one sweep never holds a huge transaction.
    public static let retentionBatch = 10_000

    /// Deletes every app's records recorded before `cutoff` (record retention in a cluster, docs/SERVER.md,
    /// "Cluster"), `batch` at a time, each batch its own transaction. Returns how many, or nil when another
    /// node's sweep holds the retention lock (that one deletes them).
    ///
    /// No app's lease is needed: a record is written when its call ends and rewritten (the same body again)
    /// only while a step's writes are retried, within moments, never a day later; so a record past any
    /// retention is one no host writes any more (docs/SERVER.md, "Cluster").
    public func deleteRecords(olderThan cutoff: Timestamp, batch: Int = retentionBatch) async throws(PostgresStoreError) -> Int? {
        let connection: PostgresConnection
        do {
            connection = try await makeConnection()
        } catch {
            throw Self.storeError(error)
        }
        do {
            let deleted = try await deleteRecords(olderThan: cutoff, batch: max(1, batch), on: connection)
            try? await connection.close()
            return deleted
        } catch {
            try? await connection.close()
            throw Self.storeError(error)
        }
    }

    /// The sweep, on a connection of its own: the advisory lock is the session's, released when it
    /// unlocks or, should the node die mid-sweep, when the connection closes.
    private func deleteRecords(olderThan cutoff: Timestamp, batch: Int, on connection: PostgresConnection) async throws -> Int? {
        let locked = try await connection.query("SELECT pg_try_advisory_lock(\(Self.retentionLockKey))", logger: logger).collect()
        guard try locked.first?.decode(Bool.self) == true else { return nil }
        var total = 0
        while true {
            // The oldest first, through the index by age (records_by_age).
            let rows = try await connection.query("""
                WITH gone AS (
                    DELETE FROM records WHERE ctid IN (
                        SELECT ctid FROM records WHERE recorded_at < \(cutoff.millisecondsSince1970)
                        ORDER BY recorded_at LIMIT \(Int64(batch)))
                    RETURNING 1)
                SELECT count(*) FROM gone
                """, logger: logger).collect()
            let deleted = Int(try rows.first?.decode(Int64.self) ?? 0)
            total += deleted
            if deleted < batch { break }
        }
        _ = try await connection.query("SELECT pg_advisory_unlock(\(Self.retentionLockKey))", logger: logger).collect()
        return total
    }
}
