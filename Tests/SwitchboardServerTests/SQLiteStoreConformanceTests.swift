import Foundation
import StoreConformance
import Testing
import SwitchboardServer
import SwitchboardService

/// The SQLite engine against the store engines' conformance suite (docs/ARCHITECTURE.md, "Store engines"):
/// each check on a file of its own, reopened as a restarted server reopens it.
@Suite("Store engine conformance: SQLite")
struct SQLiteStoreConformanceTests {
    @Test(arguments: StoreConformance.checks)
    func conformance(_ check: StoreConformance.Check) async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchboard-conformance-\(UUID().uuidString).sqlite").path
        try await check.run(EngineUnderTest("SQLite") { try SQLiteStore(path: path) })
    }
}
