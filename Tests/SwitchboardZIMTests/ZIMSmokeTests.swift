import Testing
import SwitchboardTesting
import SwitchboardZIM

@Suite("ZIM smoke")
struct ZIMSmokeTests {
    @Test("general call: invite, receive, accept")
    func generalAccept() async throws {
        let scene = ZIMScene()
        let users = try await scene.loggedIn("alice", "bob")
        let (alice, bob) = (users[0], users[1])
        let sent = try await alice.invite(["bob"], data: "hello", in: scene.world)
        #expect(sent.code == .ZIMErrorCodeSuccess)
        #expect(sent.timeout == 90)
        try await bob.waitFor(prefix: "received \(sent.callID)", in: scene.world)
        try await alice.waitFor("state \(sent.callID) bob:received", in: scene.world)
        #expect(try await bob.accept(sent.callID, data: "ok", in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("state \(sent.callID) bob:accepted:ok", in: scene.world)
        await alice.quiesce(in: scene.world)
        await bob.quiesce(in: scene.world)
        print(alice.events)
        print(bob.events)
    }
}
