import Foundation
import Testing
import SwitchboardCore
import SwitchboardServer
import SwitchboardService
import SwitchboardWire

private func temporaryDatabase() -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("store.sqlite").path
}

/// What only the SQLite engine does; what every engine does is the conformance suite's
/// (``SQLiteStoreConformanceTests``).
@Suite("SQLite store")
struct SQLiteStoreTests {
    @Test("a second store on a file in use is refused (two servers must not share one file)")
    func exclusive() throws {
        let path = temporaryDatabase()
        let store = try SQLiteStore(path: path)
        try store.commit([.profile("a", Profile(user: "alice"))])
        #expect(throws: (any Error).self) { try SQLiteStore(path: path).restore(nil) }
        #expect(try store.restore(nil)["a"]?.profiles.count == 1)
    }
}
