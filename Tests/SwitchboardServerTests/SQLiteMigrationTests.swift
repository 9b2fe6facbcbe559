import Foundation
import GRDB
import Testing
import SwitchboardCore
@testable import SwitchboardServer
import SwitchboardWire

/// A store file written by an older server opens with what it held (docs/SERVER.md, "Durability").
@Suite("SQLite store migrations")
struct SQLiteMigrationTests {
    @Test("profiles stored before extended data existed are kept, without extended data, and take it afterwards")
    func profilesGainExtendedData() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchboard-migration-\(UUID().uuidString).sqlite").path
        do {
            let older = try DatabaseQueue(path: path)
            try SQLiteStore.migrator.migrate(older, upTo: "v2: profiles")
            try older.write { db in
                try db.execute(sql: """
                    INSERT INTO profiles (app, user, nickname, avatar_url) VALUES ('a', 'alice', 'Alice', 'a.png'), ('a', 'bob', NULL, NULL)
                    """)
            }
        }
        do {
            let store = try SQLiteStore(path: path)
            #expect(try store.restore(nil).values.flatMap(\.profiles) == [Profile(user: "alice", nickname: "Alice", avatarURL: "a.png"),
                                                            Profile(user: "bob")])
            try store.commit([.profile("a", Profile(user: "bob", extendedData: "{\"vip\":true}"))])
        }
        #expect(try SQLiteStore(path: path).restore(nil).values.flatMap(\.profiles) == [
            Profile(user: "alice", nickname: "Alice", avatarURL: "a.png"), Profile(user: "bob", extendedData: "{\"vip\":true}"),
        ])
    }

    @Test("records stored before they were keyed by age keep their values and page order, and age out as before")
    func recordsKeyedByAge() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchboard-migration-\(UUID().uuidString).sqlite").path
        func record(_ call: String, owner: UserID, at ms: Int64) -> CallRecord {
            CallRecord(callID: CallID(call), owner: owner, caller: "alice", participants: ["alice", owner], mode: .general,
                       mediaType: .audio, roomID: nil, groupID: nil, direction: .incoming, outcome: .accepted,
                       endReason: .allAnswered, answeredOn: nil, startedAt: Timestamp(millisecondsSince1970: ms - 10),
                       duration: .zero, recordedAt: Timestamp(millisecondsSince1970: ms))
        }
        let older = [record("c1", owner: "bob", at: 1000), record("c3", owner: "bob", at: 2000),
                     record("c2", owner: "bob", at: 2000), record("c4", owner: "carol", at: 2000)]
        do {
            let queue = try DatabaseQueue(path: path)
            try SQLiteStore.migrator.migrate(queue, upTo: "v3: profile extended data")
            try queue.write { db in
                for item in older {
                    try db.execute(sql: "INSERT INTO records (app, owner, call_id, recorded_at, body) VALUES ('a', ?, ?, ?, ?)",
                                   arguments: [item.owner.rawValue, item.callID.rawValue, item.recordedAt.millisecondsSince1970,
                                               ModelCoding.text(item)])
                }
            }
        }
        let store = try SQLiteStore(path: path)
        #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 10).records == [older[1], older[2], older[0]])
        try store.commit([.record("a", record("c5", owner: "bob", at: 2000))])
        let keys = try store.database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, call_id FROM records ORDER BY id").map { row -> String in
                let id: Int64 = row["id"]
                return "\(id >> 20).\(id & 0xFFFFF) \(row["call_id"] as String)"
            }
        }
        #expect(keys == ["1000.0 c1", "2000.0 c2", "2000.1 c3", "2000.2 c4", "2000.3 c5"])
        #expect(try store.deleteRecords(recordedBefore: Timestamp(millisecondsSince1970: 2000)) == 1)
        #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 10).records.map(\.callID) == ["c5", "c3", "c2"])
        let indexes = try store.database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'records' ORDER BY name")
        }
        #expect(indexes == ["records_newest_first", "sqlite_autoindex_records_1"])
    }
}
