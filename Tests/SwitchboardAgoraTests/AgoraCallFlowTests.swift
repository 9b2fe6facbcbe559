import AgoraTestSupport
import Testing
import SwitchboardAgora
import SwitchboardTesting

@Suite("Agora call invitation flows")
struct AgoraCallFlowTests {
    @Test("send and accept: completion, received, received by peer, then the three-way accept in order")
    func sendAndAccept() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        alice.clear()
        bob.clear()

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        invitation.content = "video call"
        invitation.channelId = "room-1"
        let sent = try await world.completion { done in alice.callKit.send(invitation) { done($0) } }
        #expect(sent == .ok)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: world)
        #expect(bob.events == ["remoteReceived from alice video call invitationReceived"])
        let remote = try #require(bob.lastRemoteInvitation)
        #expect(remote.channelId == "room-1")
        remote.response = "on my way"
        let accepted = try await world.completion { done in bob.callKit.accept(remote) { done($0) } }
        #expect(accepted == .ok)
        try await bob.waitFor("remoteAccepted accepted", in: world)
        try await alice.waitFor("localAccepted on my way acceptedByRemote", in: world)
        #expect(alice.events == ["localReceivedByPeer receivedByRemote", "localAccepted on my way acceptedByRemote"])
        #expect(invitation.response == "on my way")
        #expect(invitation.state == .acceptedByRemote)
        #expect(remote.state == .accepted)
    }
}
