import AgoraTestSupport
import Testing
import SwitchboardAgora
import SwitchboardARtm
import SwitchboardClient
import SwitchboardTesting

/// An overloaded server as the Agora and anyRTC kits report it (docs/AGORA.md, "Overloaded server"):
/// `send` completes `.ok` and the invitation fails at once with `.remoteNoResponse`, with no call made;
/// an invitation already ringing is answered and its callbacks arrive as usual. The service sheds
/// because the test says so; no time passes.
@Suite("Agora and anyRTC: an overloaded server")
struct AgoraOverloadTests {
    @Test("Agora: a new invitation fails at once with remoteNoResponse; the ringing one is accepted")
    func agora() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        let ringing = AgoraRtmLocalInvitation(calleeId: "bob")
        alice.send(ringing)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: world)
        let remote = try #require(bob.lastRemoteInvitation)
        alice.clear()
        bob.clear()

        world.service.loadShedding.shed(1)
        let refused = AgoraRtmLocalInvitation(calleeId: "bob")
        alice.send(refused)
        try await alice.waitFor("localFailure remoteNoResponse failure", in: world)
        #expect(alice.events == ["send ok", "localFailure remoteNoResponse failure"])
        #expect(refused.state == .failure)
        #expect(bob.events.isEmpty, "bob hears nothing of the refused invitation")
        #expect(world.service.activeCalls().count == 1)

        #expect(try await bob.acceptCode(remote, in: world) == .ok)
        try await alice.waitFor("localAccepted nil acceptedByRemote", in: world)
        try await bob.waitFor("remoteAccepted accepted", in: world)

        world.service.loadShedding.shed(0)
        let later = AgoraRtmLocalInvitation(calleeId: "bob")
        alice.send(later)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: world)
    }

    @Test("anyRTC: a new invitation fails at once with remoteNoResponse; the ringing one is accepted")
    func anyRTC() async throws {
        let world = TestWorld()
        let alice = ARtmUser("alice", in: world)
        let bob = ARtmUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        let ringing = ARtmLocalInvitation(calleeId: "bob")
        ringing.content = "first"
        #expect(try await alice.send(ringing, in: world) == .ok)
        try await alice.waitFor("localReceivedByPeer bob/first receivedByRemote", in: world)
        let remote = try #require(bob.lastRemoteInvitation)
        alice.clear()
        bob.clear()

        world.service.loadShedding.shed(1)
        let refused = ARtmLocalInvitation(calleeId: "bob")
        refused.content = "second"
        #expect(try await alice.send(refused, in: world) == .ok)
        try await alice.waitFor("localFailure bob/second remoteNoResponse failure", in: world)
        #expect(refused.state == .failure)
        #expect(bob.events.isEmpty, "bob hears nothing of the refused invitation")
        #expect(world.service.activeCalls().count == 1)

        #expect(try await bob.accept(remote, in: world) == .ok)
        try await alice.waitFor("localAccepted bob/first nil acceptedByRemote", in: world)
    }
}
