import Testing
import SwitchboardAtomicX
import SwitchboardTesting

/// An overloaded server as the Tencent stores and TUICallEngine report it (docs/TENCENT.md, "Overloaded
/// server"): `calls` fails with the IM code -10114 (`ERR_SVR_SSO_OVERLOAD`), the device stays idle and
/// nobody rings; the call already ringing is accepted as usual. The service sheds because the test says
/// so; no time passes.
@Suite("Tencent surface: an overloaded server")
struct TencentOverloadTests {
    @Test("CallStore.calls → -10114, nothing changes; the ringing call is accepted")
    func callStore() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", "dave", in: world)
        let (alice, bob, carol, dave) = (users[0], users[1], users[2], users[3])
        let id = try await alice.ring([bob], .audio, in: world)

        world.service.loadShedding.shed(1)
        let outcome = try await carol.calls(["dave"], .audio, in: world)
        #expect(code(outcome) == -10114)
        await world.runUntilIdle()
        #expect(carol.state.selfInfo.status == .none)
        #expect(carol.callID == "")
        expectLog(dave, ["status none"])
        #expect(world.service.activeCalls().map(\.id.rawValue) == [id])

        try await bob.answer(in: world)
        try await alice.waitFor(prefix: "tui.begin \(id)", in: world)

        world.service.loadShedding.shed(0)
        try await carol.ring([dave], .audio, in: world)
    }

    @Test("TUICallEngine.calls fails with -10114")
    func engine() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        _ = try await tencentUsers("bob", in: world)
        #expect(try await alice.awaiting.engineInit(in: world).isSuccess)
        world.service.loadShedding.shed(1)
        #expect(try await alice.awaiting.engineCalls(["bob"], .audio, params: nil, in: world).engineCode == -10114)
        #expect(world.service.activeCalls().isEmpty)
    }
}
