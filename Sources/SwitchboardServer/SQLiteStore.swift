import Foundation
import GRDB
import SwitchboardCore
import SwitchboardJSON
import SwitchboardService
import SwitchboardWire

/// The server's durable store (SQLite through GRDB): call records and live calls, in one file.
///
/// Durability is against a process crash (`kill -9`), as DECISIONS.md says: WAL journal with
/// `synchronous=NORMAL`; every write is committed before it returns, and the service answers a request
/// only after its writes returned. Calls and records are stored as the wire codec's JSON (live calls
/// with their internals), so the schema holds only what queries need as columns. The schema is
/// versioned with GRDB migrations (``migrator``): add a migration, never edit one that shipped.
///
/// One connection (a `DatabaseQueue`), holding the file in SQLite's exclusive locking mode: the server is
/// the file's only user, so every commit is one append to the WAL, without the file-lock and shared-memory
/// system calls a pool of connections pays on each transaction (the writes are on every call transition).
/// Reads are rare (record pages) and share the queue.
public final class SQLiteStore: CallRecordStore, LiveCallStore, ProfileStore, Sendable {
    private let database: DatabaseQueue
    private static let parser = JSONParser(limits: .maximum)

    /// Opens (or creates) the store at `path` and brings its schema up to date.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // Before the journal mode: in exclusive mode the WAL index lives in the heap, not in a -shm file.
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        configuration.journalMode = .wal
        database = try DatabaseQueue(path: path, configuration: configuration)
        try Self.migrator.migrate(database)
    }

    /// Every schema version, in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: records and live calls") { db in
            try db.execute(sql: """
                CREATE TABLE records (
                    app TEXT NOT NULL,
                    owner TEXT NOT NULL,
                    call_id TEXT NOT NULL,
                    recorded_at INTEGER NOT NULL,
                    body TEXT NOT NULL,
                    PRIMARY KEY (app, owner, call_id)
                );
                CREATE INDEX records_newest_first ON records (app, owner, recorded_at DESC, call_id DESC);
                CREATE INDEX records_by_age ON records (recorded_at);
                CREATE TABLE live_calls (
                    app TEXT NOT NULL,
                    call_id TEXT NOT NULL,
                    body TEXT NOT NULL,
                    PRIMARY KEY (app, call_id)
                );
                """)
        }
        migrator.registerMigration("v2: profiles") { db in
            try db.execute(sql: """
                CREATE TABLE profiles (
                    app TEXT NOT NULL,
                    user TEXT NOT NULL,
                    nickname TEXT,
                    avatar_url TEXT,
                    PRIMARY KEY (app, user)
                );
                """)
        }
        migrator.registerMigration("v3: profile extended data") { db in
            // Existing rows keep their values; their extended data is absent (NULL).
            try db.execute(sql: "ALTER TABLE profiles ADD COLUMN extended_data TEXT")
        }
        return migrator
    }

    // MARK: - CallRecordStore

    public func save(_ record: CallRecord, app: AppID) throws {
        try writeOne("INSERT OR REPLACE INTO records (app, owner, call_id, recorded_at, body) VALUES (?, ?, ?, ?, ?)",
                     [app.rawValue, record.owner.rawValue, record.callID.rawValue, record.recordedAt.millisecondsSince1970,
                      ModelCoding.text(record)])
    }

    public func page(app: AppID, owner: UserID, after cursor: SwitchboardService.RecordCursor?, limit: Int) throws
        -> (records: [CallRecord], next: SwitchboardService.RecordCursor?)
    {
        // One more than asked: whether there is a next page.
        let rows: [Row] = try database.read { db in
            if let cursor {
                try Row.fetchAll(db, sql: """
                    SELECT body FROM records WHERE app = ? AND owner = ?
                      AND (recorded_at < ? OR (recorded_at = ? AND call_id < ?))
                    ORDER BY recorded_at DESC, call_id DESC LIMIT ?
                    """, arguments: [app.rawValue, owner.rawValue, cursor.recordedAt.millisecondsSince1970,
                                     cursor.recordedAt.millisecondsSince1970, cursor.callID.rawValue, limit + 1])
            } else {
                try Row.fetchAll(db, sql: """
                    SELECT body FROM records WHERE app = ? AND owner = ?
                    ORDER BY recorded_at DESC, call_id DESC LIMIT ?
                    """, arguments: [app.rawValue, owner.rawValue, limit + 1])
            }
        }
        var records = try rows.map { row in try Self.record(row["body"]) }
        let hasMore = records.count > limit
        if hasMore { records.removeLast() }
        return (records, hasMore ? records.last.map(SwitchboardService.RecordCursor.init(after:)) : nil)
    }

    public func delete(app: AppID, owner: UserID, calls: [CallID]) throws -> [CallID] {
        try database.write { db in
            var deleted: [CallID] = []
            for call in calls {
                try db.execute(sql: "DELETE FROM records WHERE app = ? AND owner = ? AND call_id = ?",
                               arguments: [app.rawValue, owner.rawValue, call.rawValue])
                if db.changesCount > 0 { deleted.append(call) }
            }
            return deleted
        }
    }

    /// Deletes every record written before `cutoff` (retention); returns how many went.
    @discardableResult
    public func deleteRecords(olderThan cutoff: Timestamp) throws -> Int {
        try database.write { db in
            try db.execute(sql: "DELETE FROM records WHERE recorded_at < ?", arguments: [cutoff.millisecondsSince1970])
            return db.changesCount
        }
    }

    // MARK: - LiveCallStore

    public func save(_ call: Call, app: AppID) throws {
        try writeOne("INSERT OR REPLACE INTO live_calls (app, call_id, body) VALUES (?, ?, ?)",
                     [app.rawValue, call.id.rawValue, ModelCoding.text(call, includeInternals: true)])
    }

    public func remove(_ id: CallID, app: AppID) throws {
        try writeOne("DELETE FROM live_calls WHERE app = ? AND call_id = ?", [app.rawValue, id.rawValue])
    }

    /// One statement, committed before it returns: in autocommit mode a single statement is its own
    /// transaction, and the cached statement skips parsing it again (these writes are on the hot path of
    /// every call transition).
    private func writeOne(_ sql: String, _ arguments: StatementArguments) throws {
        try database.writeWithoutTransaction { db in
            try db.cachedStatement(sql: sql).execute(arguments: arguments)
        }
    }

    public func liveCalls() throws -> [(app: AppID, call: Call)] {
        let rows = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT app, body FROM live_calls ORDER BY app, call_id")
        }
        return try rows.map { row in
            let body: String = row["body"]
            let call = try ModelCoding.call(try Self.parser.parse(body), includeInternals: true)
            return (AppID(rawValue: row["app"]), call)
        }
    }

    // MARK: - ProfileStore

    public func save(_ profile: Profile, app: AppID) throws {
        try database.write { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO profiles (app, user, nickname, avatar_url, extended_data) VALUES (?, ?, ?, ?, ?)
                """, arguments: [app.rawValue, profile.user.rawValue, profile.nickname, profile.avatarURL, profile.extendedData])
        }
    }

    public func profiles() throws -> [(app: AppID, profile: Profile)] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT app, user, nickname, avatar_url, extended_data FROM profiles ORDER BY app, user
                """).map { row in
                (AppID(rawValue: row["app"]),
                 Profile(user: UserID(rawValue: row["user"]), nickname: row["nickname"], avatarURL: row["avatar_url"],
                         extendedData: row["extended_data"]))
            }
        }
    }

    // MARK: - Decoding

    private static func record(_ body: String) throws -> CallRecord {
        try ModelCoding.record(try parser.parse(body))
    }
}
