import StoreConformance
import Testing
import SwitchboardService

/// The memory engine against the store engines' conformance suite (docs/ARCHITECTURE.md, "Store engines").
@Suite("Store engine conformance: memory")
struct MemoryStoreConformanceTests {
    @Test(arguments: StoreConformance.checks)
    func conformance(_ check: StoreConformance.Check) async throws {
        // Reopening the memory engine is going on with the same object.
        let store = MemoryStore()
        try await check.run(EngineUnderTest("memory") { store })
    }
}
