import Testing
import SwitchboardService
import SwitchboardTesting
import SwitchboardZIM

/// Seed 003: "发起进阶模式的呼叫邀请后, 呼叫邀请的生命周期延长至用户主动调用 callEnd 接口结束呼叫" — an advanced call
/// lasts until `callEnd`, even once everyone has quit; anyone may `callJoin` it meanwhile. The service ends
/// a call left empty for its empty-call retention (10 minutes by default; 30 s here, to keep the test
/// clock's walk short), so abandoned calls do not pile up.
@Suite("ZIM conformance: an advanced call lives until callEnd")
struct ZIMAdvancedLifetimeTests {
    static let retention: Duration = .seconds(30)

    func scene() -> ZIMScene {
        var configuration = ServiceConfiguration.development
        configuration.emptyCallRetention = Self.retention
        return ZIMScene(configuration: configuration)
    }

    @Test("everyone quits: the call lives on, an outsider joins, and callEnd ends it for those in it")
    func emptyCallCanBeJoined() async throws {
        let scene = scene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await scene.flowRing(alice, ["bob"], mode: .advanced, everyone: users)
        #expect(try await bob.accept(id, in: scene.world) == .ZIMErrorCodeSuccess)
        #expect(try await alice.quit(id, in: scene.world) == .ZIMErrorCodeSuccess)
        #expect(try await bob.quit(id, in: scene.world) == .ZIMErrorCodeSuccess)
        await scene.world.runUntilIdle()
        #expect(scene.world.service.activeCalls().count == 1, "nobody is in it, and it still lives")
        #expect(alice.events("ended").isEmpty && bob.events("ended").isEmpty)

        await scene.world.advance(by: Self.retention - .seconds(1))
        let joined = try await carol.join(id, data: "hi", in: scene.world)
        #expect(joined.code == .ZIMErrorCodeSuccess)
        #expect(joined.users == ["alice:quit", "bob:quit", "carol:accepted:hi"])
        try await alice.waitFor("state \(id) carol:accepted:hi", in: scene.world)
        #expect(try await alice.join(id, in: scene.world).code == .ZIMErrorCodeSuccess, "the caller comes back too")

        #expect(try await carol.end(id, data: "done", in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("ended \(id) caller=alice by=carol mode=advanced data=done", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(bob.events("ended").isEmpty, "bob had quit")
        #expect(scene.world.service.activeCalls().isEmpty)
    }

    @Test("a call left empty for the retention is collected; callJoin then gives 6000276")
    func emptyCallIsCollected() async throws {
        let scene = scene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await scene.flowRing(alice, ["bob"], mode: .advanced, everyone: users)
        #expect(try await bob.accept(id, in: scene.world) == .ZIMErrorCodeSuccess)
        #expect(try await alice.quit(id, in: scene.world) == .ZIMErrorCodeSuccess)
        #expect(try await bob.quit(id, in: scene.world) == .ZIMErrorCodeSuccess)
        await scene.world.runUntilIdle()

        let retention = Self.retention
        await scene.world.advance(by: retention - .seconds(1))
        #expect(scene.world.service.activeCalls().count == 1)
        await scene.world.advance(by: .seconds(1))
        try await scene.world.requireWhenIdle("the empty call is collected") { scene.world.service.activeCalls().isEmpty }
        #expect(try await carol.join(id, in: scene.world).code == .ZIMErrorCodeMessageModuleCallDoseNotExist)

        let page = try await alice.query(count: 10, in: scene.world)
        #expect(page.calls.count == 1)
        #expect(page.calls.first?.hasPrefix("\(id) ended mode=advanced") == true, "\(page.calls)")
    }

    @Test("someone back in time restarts the clock: a call rejoined and left again gets a fresh retention")
    func rejoinRestartsRetention() async throws {
        let scene = scene()
        let users = try await scene.flowUsers("alice", "bob")
        let (alice, bob) = (users[0], users[1])
        let id = try await scene.flowRing(alice, ["bob"], mode: .advanced, everyone: users)
        #expect(try await bob.accept(id, in: scene.world) == .ZIMErrorCodeSuccess)
        #expect(try await alice.quit(id, in: scene.world) == .ZIMErrorCodeSuccess)
        #expect(try await bob.quit(id, in: scene.world) == .ZIMErrorCodeSuccess)
        await scene.world.runUntilIdle()

        let retention = Self.retention
        await scene.world.advance(by: retention - .seconds(10))
        #expect(try await bob.join(id, in: scene.world).code == .ZIMErrorCodeSuccess)
        #expect(try await bob.quit(id, in: scene.world) == .ZIMErrorCodeSuccess)
        await scene.world.runUntilIdle()
        await scene.world.advance(by: .seconds(20))
        #expect(scene.world.service.activeCalls().count == 1, "empty again only since the second quit")
        await scene.world.advance(by: retention)
        try await scene.world.requireWhenIdle("collected after a full retention") { scene.world.service.activeCalls().isEmpty }
    }
}
