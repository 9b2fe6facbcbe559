import ClusterTestSupport
import Foundation
import GRDB
import Testing
import SwitchboardCore
@testable import SwitchboardServer
import SwitchboardService
import SwitchboardWire

private func temporaryDatabase() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-user-data-\(UUID().uuidString).sqlite").path
}

/// Offline messages and attributes in the server's file (docs/SERVER.md, "What survives a restart"): the
/// same writes and the same read-back as the PostgreSQL store (``UserDataFixture``).
@Suite("SQLite store: offline messages and attributes")
struct SQLiteUserDataTests {
    @Test("kept, replaced, handed over, expired and dropped, one write at a time or one step at once; read back after reopening; apps apart")
    func roundTrip() throws {
        let path = temporaryDatabase()
        do {
            let store = try SQLiteStore(path: path)
            for write in UserDataFixture.writes(app: "a") { try store.write(write) }
            try store.commit(UserDataFixture.writes(app: "b"))
            #expect(try store.userData() == ["a": UserDataFixture.expected, "b": UserDataFixture.expected])
        }
        let reopened = try SQLiteStore(path: path)
        #expect(try reopened.userData(app: "a") == UserDataFixture.expected)
        try reopened.commit([.offlineMessagesExpired("a", sentAtOrBefore: Timestamp(millisecondsSince1970: 10_000)),
                             .userAttributes("a", "alice", []), .channelAttributes("a", channel: "room", [])])
        #expect(try reopened.userData() == ["b": UserDataFixture.expected])
    }

    @Test("a store made before offline messages were kept opens with its records and calls, and keeps them from then on")
    func migration() throws {
        let path = temporaryDatabase()
        do {
            let queue = try DatabaseQueue(path: path)
            try SQLiteStore.migrator.migrate(queue, upTo: "v4: records keyed by age")
        }
        let store = try SQLiteStore(path: path)
        #expect(try store.userData().isEmpty)
        try store.commit(UserDataFixture.writes(app: "a"))
        #expect(try store.userData(app: "a") == UserDataFixture.expected)
    }
}
