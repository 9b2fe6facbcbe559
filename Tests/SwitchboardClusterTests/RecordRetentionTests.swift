import ClusterTestSupport
import Foundation
import PostgresNIO
import Testing
import SwitchboardCluster
import SwitchboardCore

/// Record retention in a cluster (docs/SERVER.md, "Cluster"): every app's records older than the cutoff
/// are deleted from PostgreSQL in batches, newer ones stay, and of nodes sweeping at once one deletes.
@Suite("Record retention in PostgreSQL", .timeLimit(.minutes(3)), .enabled(if: TestPostgres.server != nil, "needs SWITCHBOARD_TEST_POSTGRES (scripts/test sets it)"))
struct RecordRetentionTests {
    static let cutoff: Int64 = 1_767_225_600_000

    /// `old` records of two apps before the cutoff (the oldest a day before it, the youngest a
    /// millisecond before), `new` at and after it.
    private func fill(_ url: PostgresURL, old: Int, new: Int) async throws {
        _ = try await TestPostgres.query(url, """
            INSERT INTO records (app, owner, call_id, recorded_at, body)
            SELECT CASE WHEN i % 2 = 0 THEN 'a' ELSE 'b' END, 'u' || (i % 7), 'old-' || i, \(Self.cutoff) - 1 - (i % 86400000), '{}'
            FROM generate_series(1, \(old)) AS i
            """)
        _ = try await TestPostgres.query(url, """
            INSERT INTO records (app, owner, call_id, recorded_at, body)
            SELECT 'a', 'u' || (i % 7), 'new-' || i, \(Self.cutoff) + i - 1, '{}' FROM generate_series(1, \(new)) AS i
            """)
    }

    private func left(_ url: PostgresURL) async throws -> (old: Int, new: Int) {
        let rows = try await TestPostgres.query(url, """
            SELECT count(*) FILTER (WHERE call_id LIKE 'old-%'), count(*) FILTER (WHERE call_id LIKE 'new-%') FROM records
            """)
        let (old, new) = try #require(rows.first).decode((Int64, Int64).self)
        return (Int(old), Int(new))
    }

    @Test("records recorded before the cutoff are gone, in batches; those at or after it stay; a second sweep deletes nothing")
    func oldGoneNewKept() async throws {
        try await TestPostgres.withDatabase { url in
            try await withOpenDatabase(url) { database in
                try await fill(url, old: 2_345, new: 150)
                let deleted = try await database.deleteRecords(olderThan: Timestamp(millisecondsSince1970: Self.cutoff), batch: 1_000)
                #expect(deleted == 2_345)
                #expect(try await left(url) == (old: 0, new: 150))
                #expect(try await database.deleteRecords(olderThan: Timestamp(millisecondsSince1970: Self.cutoff)) == 0)
                #expect(try await left(url) == (old: 0, new: 150))
            }
        }
    }

    @Test("two nodes sweeping at once: neither fails, and between them every old record is deleted once")
    func twoNodesAtOnce() async throws {
        try await TestPostgres.withDatabase { url in
            try await withOpenDatabase(url) { first in
                try await withOpenDatabase(url) { second in
                    try await fill(url, old: 30_000, new: 40)
                    let cutoff = Timestamp(millisecondsSince1970: Self.cutoff)
                    async let a = first.deleteRecords(olderThan: cutoff, batch: 2_000)
                    async let b = second.deleteRecords(olderThan: cutoff, batch: 2_000)
                    let (x, y) = try await (a, b)
                    #expect((x ?? 0) + (y ?? 0) == 30_000, "\(String(describing: x)) and \(String(describing: y))")
                    #expect(try await left(url) == (old: 0, new: 40))
                }
            }
        }
    }

    @Test("while another node's sweep holds the retention lock, a sweep deletes nothing and says so (nil); after, it sweeps")
    func lockHeldElsewhere() async throws {
        try await TestPostgres.withDatabase { url in
            try await withOpenDatabase(url) { database in
                try await fill(url, old: 10, new: 5)
                let holder = try await database.makeConnection()
                let locked = try await holder.query("SELECT pg_try_advisory_lock(\(0x5357_4252 as Int64))", logger: TestPostgres.logger).collect()
                #expect(try locked.first?.decode(Bool.self) == true)
                let cutoff = Timestamp(millisecondsSince1970: Self.cutoff)
                #expect(try await database.deleteRecords(olderThan: cutoff) == nil)
                #expect(try await left(url) == (old: 10, new: 5))
                // Released (the server releases a closed connection's locks too, but a moment after the close).
                _ = try await holder.query("SELECT pg_advisory_unlock(\(0x5357_4252 as Int64))", logger: TestPostgres.logger).collect()
                try await holder.close()
                #expect(try await database.deleteRecords(olderThan: cutoff) == 10)
                #expect(try await left(url) == (old: 0, new: 5))
            }
        }
    }
}
