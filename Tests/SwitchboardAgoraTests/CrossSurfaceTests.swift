import AgoraTestSupport
import Dispatch
import Testing
import SwitchboardARtm
import SwitchboardAgora
import SwitchboardTesting

/// Agora and anyRTC kits bound to one world call each other: both surfaces place calls with the same
/// invitation policy, and the per-callee steps (delivery ACK, accept confirmation) are done by the
/// callee's and caller's clients whatever the other side's surface (DECISIONS.md, "Calls across surfaces").
@Suite("Agora and anyRTC calling each other")
struct CrossSurfaceTests {
    @Test("an Agora caller reaches an anyRTC callee, who accepts with a response")
    func agoraCallsARtm() async throws {
        let world = TestWorld()
        let queue = DispatchQueue(label: "cross.test.shared")
        let alice = AgoraUser("alice", in: world, queue: queue)
        let bob = ARtmUser("bob", in: world, queue: queue)
        try await alice.login(in: world)
        try await bob.login(in: world)
        alice.clear()
        bob.clear()

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        invitation.content = "video call"
        invitation.channelId = "room-7"
        let sent = try await world.completion { done in alice.callKit.send(invitation) { done($0) } }
        #expect(sent == .ok)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: world)
        #expect(bob.events == ["remoteReceived alice/video call invitationReceived"])
        let remote = try #require(bob.lastRemoteInvitation)
        #expect(remote.callerId == "alice")
        #expect(remote.channelId == "room-7")

        remote.response = "on my way"
        #expect(try await bob.accept(remote, in: world) == .ok)
        try await bob.waitFor("remoteAccepted alice/video call accepted", in: world)
        try await alice.waitFor("localAccepted on my way acceptedByRemote", in: world)
        #expect(alice.events == ["localReceivedByPeer receivedByRemote", "localAccepted on my way acceptedByRemote"])
        #expect(bob.events == [
            "remoteReceived alice/video call invitationReceived",
            "accept alice/video call ok",
            "remoteAccepted alice/video call accepted",
        ])
        #expect(invitation.state == .acceptedByRemote)
        #expect(invitation.response == "on my way")
        #expect(remote.state == .accepted)
    }

    @Test("an anyRTC caller reaches an Agora callee, who refuses with a response")
    func aRtmCallsAgora() async throws {
        let world = TestWorld()
        let carol = ARtmUser("carol", in: world)
        let dave = AgoraUser("dave", in: world)
        try await carol.login(in: world)
        try await dave.login(in: world)
        carol.clear()
        dave.clear()

        let invitation = ARtmLocalInvitation()
        invitation.calleeId = "dave"
        invitation.content = "audio"
        #expect(try await carol.send(invitation, in: world) == .ok)
        try await carol.waitFor("localReceivedByPeer dave/audio receivedByRemote", in: world)
        #expect(dave.events == ["remoteReceived from carol audio invitationReceived"])
        let remote = try #require(dave.lastRemoteInvitation)

        remote.response = "in a meeting"
        let refused = try await world.completion { done in dave.callKit.refuse(remote) { done($0) } }
        #expect(refused == .ok)
        try await dave.waitFor("remoteRefused refused", in: world)
        try await carol.waitFor("localRefused dave/audio in a meeting refusedByRemote", in: world)
        #expect(carol.events == [
            "send dave/audio ok",
            "localReceivedByPeer dave/audio receivedByRemote",
            "localRefused dave/audio in a meeting refusedByRemote",
        ])
        #expect(dave.events == ["remoteReceived from carol audio invitationReceived", "remoteRefused refused"])
        #expect(invitation.state == .refusedByRemote)
        #expect(invitation.response == "in a meeting")
        #expect(remote.state == .refused)
    }
}
