import StoreConformance
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

/// Offline messages and attributes in the server's file (docs/SERVER.md, "What survives a restart"); their
/// round trip is the conformance suite's.
@Suite("SQLite store: offline messages and attributes")
struct SQLiteUserDataTests {
    @Test("a store made before offline messages were kept opens with its records and calls, and keeps them from then on")
    func migration() throws {
        let path = temporaryDatabase()
        do {
            let queue = try DatabaseQueue(path: path)
            try SQLiteStore.migrator.migrate(queue, upTo: "v4: records keyed by age")
        }
        let store = try SQLiteStore(path: path)
        #expect(try store.restore(nil).isEmpty)
        try store.commit(UserDataFixture.writes(app: "a"))
        #expect(try store.restore(["a"])["a"]?.userData == UserDataFixture.expected)
    }
}
