import ClusterTestSupport
import StoreConformance
import Foundation
import PostgresNIO
import Testing
import SwitchboardCluster
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// A record written at `ms` (the store engines' fixture).
func record(_ call: String, owner: UserID = "bob", at ms: Int64) -> CallRecord {
    StoreFixtures.record(call, owner: owner, at: ms)
}

func ringingCall(_ id: CallID) throws -> Call {
    try StoreFixtures.ringingCall(id)
}

/// An opened database for a test; closed after `body`.
func withOpenDatabase<Result>(_ url: PostgresURL, _ body: (SwitchboardCluster.PostgresDatabase) async throws -> Result) async throws -> Result {
    let database = try SwitchboardCluster.PostgresDatabase(url: url)
    defer { database.close() }
    try database.open()
    return try await body(database)
}

@Suite("PostgreSQL store", .timeLimit(.minutes(3)), .enabled(if: TestPostgres.server != nil, "needs SWITCHBOARD_TEST_POSTGRES (scripts/test sets it)"))
struct PostgresStoreTests {
    @Test("migrations: two nodes opening at once apply each once; opening again changes nothing")
    func migrations() async throws {
        try await TestPostgres.withDatabase { url in
            let first = try SwitchboardCluster.PostgresDatabase(url: url)
            let second = try SwitchboardCluster.PostgresDatabase(url: url)
            defer { first.close(); second.close() }
            async let a: Void = Task.detached { try first.open() }.value
            async let b: Void = Task.detached { try second.open() }.value
            _ = try await (a, b)
            try first.open()
            let versions = try await TestPostgres.query(url, "SELECT version, name FROM switchboard_migrations ORDER BY version")
            #expect(try versions.map { try $0.decode((Int, String).self).0 } == [1, 2, 3])
            let tables = try await TestPostgres.query(url, """
                SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name
                """)
            #expect(try tables.map { try $0.decode(String.self) } == [
                "bus_payloads", "channel_attributes", "live_calls", "nodes", "offline_messages", "profiles",
                "push_registrations", "realm_leases", "records", "switchboard_migrations", "user_attributes",
            ])
        }
    }

    @Test("what the conformance suite does not see: the admin read needs no lease, and a record's body is the wire codec's JSON")
    func commitRoundTrip() async throws {
        try await TestPostgres.withDatabase { url in
            try await withOpenDatabase(url) { database in
                let lease = try #require(try await database.acquireLease(app: "a", node: "n1", leaseDuration: .seconds(60)))
                let store = PostgresRealmStore(database: database, app: "a", lease: lease)
                let records = [record("c1", at: 1000), record("c2", at: 2000), record("c3", at: 2000), record("c4", at: 3000)]
                try store.commit(records.map { StoreWrite.record("a", $0) })
                // The admin read, with no lease, sees what the store pages.
                #expect(try database.records(app: "a", owner: "bob", after: nil, limit: 10).records.map(\.callID)
                    == ["c4", "c3", "c2", "c1"])
                let body = try await TestPostgres.query(url, "SELECT body FROM records WHERE call_id = 'c2'")
                #expect(try body.first?.decode(String.self) == ModelCoding.text(record("c2", at: 2000)))
            }
        }
    }

    @Test("offline messages and attributes: kept, replaced, handed over, expired and dropped in step commits; each app reads its own; a fenced store writes none")
    func userDataRoundTrip() async throws {
        try await TestPostgres.withDatabase { url in
            try await withOpenDatabase(url) { database in
                let leaseA = try #require(try await database.acquireLease(app: "a", node: "n1", leaseDuration: .seconds(60)))
                let leaseB = try #require(try await database.acquireLease(app: "b", node: "n1", leaseDuration: .seconds(60)))
                let a = PostgresRealmStore(database: database, app: "a", lease: leaseA)
                let b = PostgresRealmStore(database: database, app: "b", lease: leaseB)
                for write in UserDataFixture.writes(app: "a") { try a.commit([write]) }
                try b.commit(UserDataFixture.writes(app: "b"))
                #expect(try a.userData() == UserDataFixture.expected)
                #expect(try b.userData() == UserDataFixture.expected)

                try await database.releaseLease(leaseA)
                #expect(throws: StoreFenced.self) {
                    try a.commit([.userAttributes("a", "zed", [Attribute(key: "k", value: "v")])])
                }
                let taken = try #require(try await database.acquireLease(app: "a", node: "n2", leaseDuration: .seconds(60)))
                let next = PostgresRealmStore(database: database, app: "a", lease: taken)
                #expect(try next.userData() == UserDataFixture.expected, "the next host reads what the first kept")
                try next.commit([.offlineMessagesExpired("a", sentAtOrBefore: Timestamp(millisecondsSince1970: 10_000)),
                                 .userAttributes("a", "alice", []), .channelAttributes("a", channel: "room", [])])
                #expect(try next.userData() == StoredUserData())
                #expect(try b.userData() == UserDataFixture.expected, "another app's data untouched")
            }
        }
    }

    @Test("a store reads only its app; a write for another app is refused and writes nothing")
    func oneApp() async throws {
        try await TestPostgres.withDatabase { url in
            try await withOpenDatabase(url) { database in
                let leaseA = try #require(try await database.acquireLease(app: "a", node: "n1", leaseDuration: .seconds(60)))
                let leaseB = try #require(try await database.acquireLease(app: "b", node: "n1", leaseDuration: .seconds(60)))
                let a = PostgresRealmStore(database: database, app: "a", lease: leaseA)
                let b = PostgresRealmStore(database: database, app: "b", lease: leaseB)
                try a.commit([.liveCall("a", try ringingCall("ca")), .profile("a", Profile(user: "u"))])
                try b.commit([.liveCall("b", try ringingCall("cb")), .record("b", record("r", at: 1_000_001))])
                #expect(try a.liveCalls().map(\.id) == ["ca"])
                #expect(try b.liveCalls().map(\.id) == ["cb"])
                #expect(try b.profiles().isEmpty)
                #expect(try database.records(app: "a", owner: "bob", after: nil, limit: 5).records.isEmpty)

                #expect(throws: PostgresStoreError.wrongApp(store: "a", asked: "b")) {
                    try a.commit([.record("a", record("x", at: 1_000_002)), .record("b", record("y", at: 1_000_002))])
                }
                #expect(try database.records(app: "a", owner: "bob", after: nil, limit: 5).records.isEmpty)
                #expect(try database.records(app: "b", owner: "bob", after: nil, limit: 5).records.map(\.callID) == ["r"])
            }
        }
    }

    @Test("a store whose lease another node took over writes nothing and throws StoreFenced")
    func fencedByTakeover() async throws {
        try await TestPostgres.withDatabase { url in
            try await withOpenDatabase(url) { database in
                let old = try #require(try await database.acquireLease(app: "a", node: "n1", leaseDuration: .seconds(60)))
                let stale = PostgresRealmStore(database: database, app: "a", lease: old)
                try stale.commit([.record("a", record("before", at: 1_000_001))])
                // Held and live: another node cannot take it.
                #expect(try await database.acquireLease(app: "a", node: "n2", leaseDuration: .seconds(60)) == nil)
                try await database.releaseLease(old)
                let new = try #require(try await database.acquireLease(app: "a", node: "n2", leaseDuration: .seconds(60)))
                #expect(new.epoch == old.epoch + 1)
                let current = PostgresRealmStore(database: database, app: "a", lease: new)

                let fenced = StoreFenced(app: "a", node: "n1", epoch: old.epoch)
                #expect(throws: fenced) {
                    try stale.commit([.record("a", record("after", at: 1_000_002)), .liveCall("a", try ringingCall("c")),
                                      .profile("a", Profile(user: "u"))])
                }
                #expect(throws: fenced) { try stale.delete(owner: "bob", calls: ["before"]) }
                #expect(try database.records(app: "a", owner: "bob", after: nil, limit: 10).records.map(\.callID) == ["before"])
                #expect(try current.liveCalls().isEmpty)
                #expect(try current.profiles().isEmpty)
                try current.commit([.record("a", record("after", at: 1_000_002))])
                #expect(try database.records(app: "a", owner: "bob", after: nil, limit: 10).records.map(\.callID) == ["after", "before"])

                // The same node taking its app again (a restart under its name) fences its own older store too.
                let again = try #require(try await database.acquireLease(app: "a", node: "n2", leaseDuration: .seconds(60)))
                #expect(again.epoch == new.epoch + 1)
                #expect(throws: StoreFenced(app: "a", node: "n2", epoch: new.epoch)) { try current.commit([.profile("a", Profile(user: "v"))]) }
            }
        }
    }

    @Test("an expired lease fences its store and is not renewed; another node takes the app")
    func fencedByExpiry() async throws {
        try await TestPostgres.withDatabase { url in
            try await withOpenDatabase(url) { database in
                let lease = try #require(try await database.acquireLease(app: "a", node: "n1", leaseDuration: .seconds(60)))
                let store = PostgresRealmStore(database: database, app: "a", lease: lease)
                try store.commit([.profile("a", Profile(user: "u"))])
                // Renewed for no time at all: it ends now, by PostgreSQL's clock, with no wait here.
                #expect(try await database.renewLeases([lease], leaseDuration: .zero) == ["a"])
                #expect(throws: StoreFenced(app: "a", node: "n1", epoch: lease.epoch)) {
                    try store.commit([.profile("a", Profile(user: "v"))])
                }
                #expect(try await database.renewLeases([lease], leaseDuration: .seconds(60)).isEmpty)
                #expect(try await database.leases()["a"]?.live == false)
                let taken = try #require(try await database.acquireLease(app: "a", node: "n2", leaseDuration: .seconds(60)))
                #expect(taken.epoch == lease.epoch + 1)
                let other = PostgresRealmStore(database: database, app: "a", lease: taken)
                #expect(try other.profiles().map(\.user) == ["u"])
            }
        }
    }

    @Test("a short lease ends by itself (a real 300 ms wait, bounded)")
    func realExpiry() async throws {
        try await TestPostgres.withDatabase { url in
            try await withOpenDatabase(url) { database in
                let lease = try #require(try await database.acquireLease(app: "a", node: "n1", leaseDuration: .milliseconds(300)))
                try await Task.sleep(for: .milliseconds(400))
                #expect(try await database.leases()["a"]?.live == false)
                #expect(throws: StoreFenced(app: "a", node: "n1", epoch: lease.epoch)) {
                    try PostgresRealmStore(database: database, app: "a", lease: lease).commit([.profile("a", Profile(user: "v"))])
                }
                #expect(try await database.acquireLease(app: "a", node: "n2", leaseDuration: .seconds(60))?.epoch == 2)
            }
        }
    }

    @Test("bus payloads nobody read are swept: those for a node that is not live, and old ones; a live node's fresh one stays; a retired node is not live")
    func stalePayloads() async throws {
        try await TestPostgres.withDatabase { url in
            try await withOpenDatabase(url) { database in
                let live = try await database.registerNode(name: "live", leaseDuration: .seconds(60))
                let gone = try await database.registerNode(name: "gone", leaseDuration: .seconds(60))
                try await database.retireNode(name: "gone", epoch: gone)
                #expect(try await database.liveNodes() == ["live"])
                _ = try await TestPostgres.query(url, """
                    INSERT INTO bus_payloads (destination, body, created_at) VALUES
                        ('live', 'fresh', now()), ('live', 'old', now() - interval '10 minutes'), ('gone', 'orphan', now())
                    """)
                #expect(try await database.deleteStalePayloads(olderThan: .seconds(30)) == 2)
                let left = try await TestPostgres.query(url, "SELECT body FROM bus_payloads").map { try $0.decode(String.self) }
                #expect(left == ["fresh"])
                #expect(live == 1)
            }
        }
    }

    @Test("nodes and leases between two nodes: register, renew, acquire, renew, release, expiry")
    func leases() async throws {
        try await TestPostgres.withDatabase { url in
            try await withOpenDatabase(url) { database in
                #expect(try await database.registerNode(name: "n1", leaseDuration: .seconds(60)) == 1)
                #expect(try await database.registerNode(name: "n2", leaseDuration: .seconds(60)) == 1)
                #expect(try await database.registerNode(name: "n1", leaseDuration: .seconds(60)) == 2)
                #expect(try await database.renewNode(name: "n1", epoch: 1, leaseDuration: .seconds(60)) == false)
                #expect(try await database.renewNode(name: "n1", epoch: 2, leaseDuration: .seconds(60)))
                #expect(try await database.renewNode(name: "gone", epoch: 1, leaseDuration: .seconds(60)) == false)
                #expect(try await database.liveNodes() == ["n1", "n2"])

                let a1 = try #require(try await database.acquireLease(app: "a", node: "n1", leaseDuration: .seconds(60)))
                let b2 = try #require(try await database.acquireLease(app: "b", node: "n2", leaseDuration: .seconds(60)))
                #expect(a1 == RealmLease(app: "a", node: "n1", epoch: 1))
                #expect(try await database.acquireLease(app: "a", node: "n2", leaseDuration: .seconds(60)) == nil)
                #expect(try await database.acquireLease(app: "b", node: "n1", leaseDuration: .seconds(60)) == nil)
                // Renewal in one statement: only the leases still held at their epoch.
                let forged = RealmLease(app: "b", node: "n1", epoch: 1)
                #expect(try await database.renewLeases([a1, b2, forged], leaseDuration: .seconds(60)) == ["a", "b"])
                #expect(try await database.releaseLease(forged) == false)
                #expect(try await database.releaseLease(a1))
                let a2 = try #require(try await database.acquireLease(app: "a", node: "n2", leaseDuration: .seconds(60)))
                #expect(a2.epoch == 2)
                #expect(try await database.renewLeases([a1], leaseDuration: .seconds(60)).isEmpty)

                // n2's node lease renewed for no time at all ends now; its app b stays its own.
                #expect(try await database.renewNode(name: "n2", epoch: 1, leaseDuration: .zero))
                #expect(try await database.liveNodes() == ["n1"])
                let all = try await database.leases()
                #expect(all.count == 2)
                #expect(all["a"]?.node == "n2" && all["a"]?.epoch == 2 && all["a"]?.live == true)
                #expect(all["b"]?.node == "n2" && all["b"]?.epoch == 1 && all["b"]?.live == true)
            }
        }
    }

    @Test("PostgreSQL down: calls throw unavailable promptly; the store works again once it is back")
    func unavailable() async throws {
        try await PostgresScripts.withOwnServer { server, folder in
            try await TestPostgres.withDatabase(on: server) { url in
                try await withOpenDatabase(url) { database in
                    let lease = try #require(try await database.acquireLease(app: "a", node: "n1", leaseDuration: .seconds(600)))
                    let store = PostgresRealmStore(database: database, app: "a", lease: lease)
                    try store.commit([.record("a", record("c1", at: 1_000_001))])

                    try await PostgresScripts.run("postgres-down", [folder, "--keep"])
                    let clock = ContinuousClock()
                    for _ in 0..<2 {  // the lost connection, then a refused reconnect
                        let start = clock.now
                        do {
                            try store.commit([.record("a", record("c2", at: 1_000_002))])
                            Issue.record("a commit with PostgreSQL down must throw")
                        } catch let error as PostgresStoreError {
                            guard case .unavailable = error else {
                                Issue.record("expected unavailable, got \(error)")
                                return
                            }
                        }
                        #expect(clock.now - start < .seconds(3))
                    }
                    await #expect(throws: PostgresStoreError.self) { try await database.liveNodes() }
                    #expect(throws: PostgresStoreError.self) { try store.liveCalls() }

                    #expect(try await PostgresScripts.run("postgres-up", [folder]) == server.redacted)
                    try store.commit([.record("a", record("c3", at: 1_000_003))])
                    #expect(try database.records(app: "a", owner: "bob", after: nil, limit: 10).records.map(\.callID) == ["c3", "c1"])
                    #expect(try await database.liveNodes().isEmpty)
                }
            }
        }
    }
}
