import Testing
import SwitchboardAtomicX
import SwitchboardTesting

@Suite("Tencent surface: first flows")
struct TencentSmokeTests {
    @Test("alice calls bob, bob accepts, the duration counts, alice hangs up")
    func oneToOne() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)
        var params = CallParams()
        params.userData = "hello"
        #expect(try await alice.calls(["bob"], .audio, params: params, in: world).isSuccess)
        try await bob.waitFor(prefix: "received", in: world)
        let callID = alice.callID
        #expect(!callID.isEmpty)
        #expect(bob.events.contains("received \(callID) audio data=hello"))
        #expect(bob.state.selfInfo.status == .waiting)
        #expect(try await bob.accept(in: world).isSuccess)
        try await alice.waitFor("tui.begin \(callID)", in: world)
        await world.advance(by: .seconds(3))
        try await alice.waitUntil("duration 3", in: world) { $0.activeCall.duration == 3 }
        try await bob.waitUntil("duration 3", in: world) { $0.activeCall.duration == 3 }
        #expect(try await alice.hangup(in: world).isSuccess)
        try await bob.waitFor("ended \(callID) audio hangup by=alice", in: world)
        try await alice.waitFor("ended \(callID) audio hangup by=alice", in: world)
        #expect(alice.state.activeCall.duration == 3)
        #expect(alice.state.selfInfo.status == .none)
        #expect(bob.events("status") == ["status none", "status waiting", "status accept", "status none"])
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
