import Testing
import SwitchboardClient
import SwitchboardTesting
import SwitchboardZIM

/// An overloaded server as ZIM reports it (docs/ZIM.md, "Overloaded server"): `callInvite` fails with
/// 6000005 (the backend's frequency limit) and nobody hears of it; the call already ringing is accepted
/// as usual. The service sheds because the test says so; no time passes.
@Suite("ZIM: an overloaded server")
struct ZIMOverloadTests {
    @Test("callInvite → 6000005 and no call is made; callAccept of the ringing call succeeds")
    func newCallRefused() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let ringing = try await scene.flowRing(alice, ["bob"], everyone: users)
        for user in users { user.clear() }

        scene.world.service.loadShedding.shed(1)
        let refused = try await carol.invite(["alice"], in: scene.world)
        #expect(refused.code == .ZIMErrorCodeCommonModuleTriggerServerFrequencyLimit)
        #expect(refused.code.rawValue == 6000005)
        #expect(refused.callID.isEmpty)
        await scene.world.runUntilIdle()
        #expect(alice.events.isEmpty, "alice hears nothing of carol's refused call")
        #expect(scene.world.service.activeCalls().map(\.id.rawValue) == [ringing])

        #expect(try await bob.accept(ringing, in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("state \(ringing) bob:accepted", in: scene.world)

        scene.world.service.loadShedding.shed(0)
        #expect(try await carol.invite(["alice"], in: scene.world).code == .ZIMErrorCodeSuccess)
    }
}
