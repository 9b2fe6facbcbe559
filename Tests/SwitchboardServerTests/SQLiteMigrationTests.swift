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
            #expect(try store.profiles().map(\.profile) == [Profile(user: "alice", nickname: "Alice", avatarURL: "a.png"),
                                                            Profile(user: "bob")])
            try store.save(Profile(user: "bob", extendedData: "{\"vip\":true}"), app: "a")
        }
        #expect(try SQLiteStore(path: path).profiles().map(\.profile) == [
            Profile(user: "alice", nickname: "Alice", avatarURL: "a.png"), Profile(user: "bob", extendedData: "{\"vip\":true}"),
        ])
    }
}
