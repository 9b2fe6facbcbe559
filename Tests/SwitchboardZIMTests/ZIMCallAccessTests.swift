import Testing
import SwitchboardService
import SwitchboardTesting
import SwitchboardZIM

/// Only a call's participants act on it (DECISIONS.md, "Who may do what"): a third user of the app
/// who names a call it is not in gets 6000276 (the call does not exist), exactly as for an unknown id,
/// and nobody hears of it; `callJoin` is the vendors' one exception, unless the app restricts joins.
@Suite("ZIM: call access")
struct ZIMCallAccessTests {
    /// An advanced call alice → bob, accepted, and carol logged in beside it.
    private func scene(_ configuration: ServiceConfiguration = .development) async throws -> (ZIMScene, [ZIMUser], String) {
        let scene = ZIMScene(configuration: configuration)
        let users = try await scene.loggedIn("alice", "bob", "carol", "dave")
        let sent = try await users[0].invite(["bob"], mode: .advanced, in: scene.world)
        #expect(sent.code == .ZIMErrorCodeSuccess)
        try await users[1].waitFor(prefix: "received \(sent.callID)", in: scene.world)
        #expect(try await users[1].accept(sent.callID, in: scene.world) == .ZIMErrorCodeSuccess)
        try await users[0].waitFor("state \(sent.callID) bob:accepted", in: scene.world)
        await scene.world.runUntilIdle()
        return (scene, users, sent.callID)
    }

    @Test("every call API but callJoin answers 6000276 to an outsider, as for an unknown id, and nothing changes")
    func outsiderGetsDoesNotExist() async throws {
        let (scene, users, id) = try await scene()
        let (carol, world) = (users[2], scene.world)
        let before = users.map(\.events)
        for callID in [id, "c-unknown"] {
            #expect(try await carol.cancel(["bob"], callID, in: world).code == .ZIMErrorCodeMessageModuleCallDoseNotExist)
            #expect(try await carol.accept(callID, in: world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
            #expect(try await carol.reject(callID, in: world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
            #expect(try await carol.callingInvite(["dave"], callID, in: world).code == .ZIMErrorCodeMessageModuleCallDoseNotExist)
            #expect(try await carol.quit(callID, in: world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
            #expect(try await carol.end(callID, in: world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
        }
        await world.runUntilIdle()
        #expect(users.map(\.events) == before, "nobody heard of the refused requests")
        #expect(world.service.activeCalls().first?.participants.map(\.user) == ["alice", "bob"])
    }

    @Test("callJoin by id is open to the app by default (the vendors' rule)")
    func joinIsOpen() async throws {
        let (scene, users, id) = try await scene()
        let joined = try await users[2].join(id, in: scene.world)
        #expect(joined.code == .ZIMErrorCodeSuccess)
        #expect(scene.world.service.activeCalls().first?.participant("carol")?.state == .accepted)
    }

    @Test("with calls.join invited, an outsider's callJoin answers 6000276 and changes nothing")
    func joinRestricted() async throws {
        let (scene, users, id) = try await scene(ServiceConfiguration(callRules: AppCallRules(join: .invited)))
        let before = users.map(\.events)
        let joined = try await users[2].join(id, in: scene.world)
        #expect(joined.code == .ZIMErrorCodeMessageModuleCallDoseNotExist)
        await scene.world.runUntilIdle()
        #expect(users.map(\.events) == before)
        #expect(scene.world.service.activeCalls().first?.participant("carol") == nil)
    }
}
