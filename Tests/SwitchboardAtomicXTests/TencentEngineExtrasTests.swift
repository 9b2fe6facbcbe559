import Testing
import SwitchboardAtomicX
import SwitchboardTesting

/// The rest of TUICallEngine's surface: background effects, the semantic JSON API, TRTCCloud, and
/// `TUIRoomId` checks.
@Suite("Tencent surface: TUICallEngine extras")
struct TencentEngineExtrasTests {
    @Test("setBlurBackground takes levels 0 to 3; setVirtualBackground needs a path")
    func backgrounds() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        for level in 0...3 { alice.engine.setBlurBackground(level, fail: { code, _ in alice.record("blur fail \(code)") }) }
        alice.engine.setBlurBackground(4, fail: { code, _ in alice.record("blur fail \(code)") })
        alice.engine.setVirtualBackground("/res/beach.png", fail: { code, _ in alice.record("virtual fail \(code)") })
        alice.engine.setVirtualBackground("", fail: { code, _ in alice.record("virtual fail \(code)") })
        try await alice.waitFor("virtual fail -1202", in: world)
        await world.runUntilIdle()
        #expect(alice.events.filter { $0.contains("fail") } == ["blur fail -1202", "virtual fail -1202"])
    }

    @Test("the semantic JSON API answers -1205 for every api; query answers \"\"; TRTCCloud is one instance")
    func semanticAPI() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let answer = try await world.completion { done in
            alice.engine.call(api: "muteMicrophone", param: "{}") { code, message, data in done(Box((code, message, data))) }
        }.value
        #expect(answer.0 == ERROR_SCENE_NOT_SUPPORTED)
        #expect(answer.1.contains("muteMicrophone"))
        #expect(answer.2 == "")
        #expect(alice.engine.query(api: "anything", param: "{}") == "")
        #expect(alice.engine.getTRTCCloudInstance() === TRTCCloud.sharedInstance())
        #expect(TRTCCloud.sharedInstance().callExperimentalAPI("{\"api\":\"setPrivateConfig\"}") == "")
    }

    @Test("an intRoomId beyond 2^31-1 is refused with -1202 and nothing is called")
    func intRoomIdRange() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        let params = TUICallParams()
        params.roomId.intRoomId = UInt32(Int32.max) + 1
        let code = try await world.completion { done in
            alice.engine.calls(userIdList: ["bob"], callMediaType: .audio, params: params, succ: { done(Int32(0)) },
                               fail: { code, _ in done(code) })
        }
        #expect(code == ERROR_PARAM_INVALID)
        await world.runUntilIdle()
        #expect(!bob.events.contains { $0.hasPrefix("received") })
    }
}
