import ClusterTestSupport
import StoreConformance
import Testing
import SwitchboardCluster
import SwitchboardService

/// The PostgreSQL engine against the store engines' conformance suite (docs/ARCHITECTURE.md, "Store
/// engines"), on the test PostgreSQL server: each check on a database of its own, the engine of a node that
/// holds the leases of apps `a` and `b`; reopening it is another engine of the same node on the same leases.
@Suite("Store engine conformance: PostgreSQL", .timeLimit(.minutes(3)),
       .enabled(if: TestPostgres.server != nil, "needs SWITCHBOARD_TEST_POSTGRES (scripts/test sets it)"))
struct PostgresStoreConformanceTests {
    @Test(arguments: StoreConformance.checks)
    func conformance(_ check: StoreConformance.Check) async throws {
        try await TestPostgres.withDatabase { url in
            try await withOpenDatabase(url) { database in
                var leases: [RealmLease] = []
                for app in ["a", "b"] as [AppID] {
                    leases.append(try #require(try await database.acquireLease(app: app, node: "n1", leaseDuration: .seconds(120))))
                }
                let held = leases
                try await check.run(EngineUnderTest("PostgreSQL") {
                    let store = PostgresStore(database: database, node: "n1")
                    for lease in held { store.hold(lease) }
                    return store
                })
            }
        }
    }
}
