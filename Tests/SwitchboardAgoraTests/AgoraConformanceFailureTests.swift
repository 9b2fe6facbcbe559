import AgoraTestSupport
import Testing
import SwitchboardAgora
import SwitchboardClient
import SwitchboardTesting

/// Seed 000's failure reasons and their timers (30 s to reach or hear from the callee, 60 s of ringing
/// after receipt, 5 s for the caller's confirmation of an accept), on the world's clock.
@Suite("Agora conformance: invitation failures")
struct AgoraConformanceFailureTests {
    @Test("callee offline for 30 s: the caller gets localInvitationFailure(.remoteOffline), not before")
    func remoteOffline() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        _ = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        alice.clear()

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        #expect(try await alice.sendCode(invitation, in: world) == .ok)
        try await world.requireWhenIdle("the call is placed") { world.service.activeCalls().count == 1 }
        await world.advance(by: .seconds(29))
        #expect(alice.events.isEmpty, "still trying at 29 s: \(alice.events)")
        #expect(invitation.state == .sentToRemote)
        await world.advance(by: .seconds(1))
        try await alice.waitFor("localFailure remoteOffline failure", in: world)
        #expect(alice.events == ["localFailure remoteOffline failure"])
        #expect(invitation.state == .failure)
    }

    @Test("an offline callee who logs in within 30 s gets the invitation, and it then rings for 60 s")
    func offlineCalleeLogsIn() async throws {
        let scene = AgoraScene()
        let alice = scene.user("alice")
        let bob = scene.user("bob")
        try await alice.login(in: scene.world)
        alice.clear()

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        invitation.content = "later"
        #expect(try await alice.sendCode(invitation, in: scene.world) == .ok)
        try await scene.world.requireWhenIdle("the call is placed") { scene.world.service.activeCalls().count == 1 }
        await scene.world.advance(by: .seconds(20))
        try await bob.login(in: scene.world)
        try await bob.waitFor("remoteReceived from alice later invitationReceived", in: scene.world)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: scene.world)
        #expect(bob.events == ["state connecting login", "state connected loginSuccess",
                               "remoteReceived from alice later invitationReceived"])
        // Past the 30 s of the delivery timer, but within 60 s of receipt: still ringing.
        await scene.world.advance(by: .seconds(20))
        #expect(alice.events == ["localReceivedByPeer receivedByRemote"])
        #expect(try await bob.acceptCode(try #require(bob.lastRemoteInvitation), in: scene.world) == .ok)
        try await alice.waitFor("localAccepted nil acceptedByRemote", in: scene.world)
        try await bob.waitFor("remoteAccepted accepted", in: scene.world)
    }

    @Test("callee online but its acknowledgement never arrives: .remoteNoResponse at 30 s")
    func remoteNoResponse() async throws {
        let world = TestWorld()
        let bobFaults = FaultInjector()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world, faults: bobFaults)
        try await alice.login(in: world)
        try await bob.login(in: world)
        alice.clear()
        bob.clear()
        bobFaults.dropFramesToService(1000, where: isRequest("call.ack"))

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        alice.send(invitation)
        try await bob.waitFor("remoteReceived from alice nil invitationReceived", in: world)
        await world.advance(by: .seconds(29))
        #expect(alice.events == ["send ok"], "no receipt, no failure yet")
        #expect(invitation.state == .sentToRemote)
        await world.advance(by: .seconds(1))
        try await alice.waitFor("localFailure remoteNoResponse failure", in: world)
        #expect(alice.events == ["send ok", "localFailure remoteNoResponse failure"])
        // The callee, whose receipt never counted, sees its invitation end as expired.
        try await bob.waitFor("remoteFailure expire failure", in: world)
        #expect(bob.events == ["remoteReceived from alice nil invitationReceived", "remoteFailure expire failure"])
    }

    @Test("received but unanswered: .expire on both sides 60 s after receipt (59 s is not enough)")
    func expire() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        alice.clear()
        bob.clear()

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        alice.send(invitation)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: world)
        await world.advance(by: .seconds(59))
        #expect(alice.events == ["send ok", "localReceivedByPeer receivedByRemote"])
        #expect(bob.events == ["remoteReceived from alice nil invitationReceived"])
        await world.advance(by: .seconds(1))
        try await alice.waitFor("localFailure expire failure", in: world)
        try await bob.waitFor("remoteFailure expire failure", in: world)
        #expect(alice.events == ["send ok", "localReceivedByPeer receivedByRemote", "localFailure expire failure"])
        #expect(bob.events == ["remoteReceived from alice nil invitationReceived", "remoteFailure expire failure"])
        #expect(bob.lastRemoteInvitation?.state == .failure)
        #expect(world.service.activeCalls().isEmpty)
    }

    @Test("send while not logged in: completion ok, then localInvitationFailure(.notLoggedIn)")
    func notLoggedIn() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        alice.send(invitation)
        try await alice.waitFor("localFailure notLoggedIn failure", in: world)
        #expect(alice.events == ["send ok", "localFailure notLoggedIn failure"])
        #expect(invitation.state == .failure)
        #expect(try await alice.sendCode(invitation, in: world) == .alreadyEnd)
    }

    @Test("the caller has logged out when the callee accepts: remoteInvitationFailure(.localOffline)")
    func callerOfflineAtAccept() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        bob.clear()

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        alice.send(invitation)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: world)
        let logout = try await world.completion { done in alice.kit.logout { done($0) } }
        #expect(logout == .ok)
        try await world.requireWhenIdle("alice is offline") { world.service.presence(of: "alice") == .offline }
        #expect(bob.events == ["remoteReceived from alice nil invitationReceived"], "the invitation still rings")
        let remote = try #require(bob.lastRemoteInvitation)
        bob.accept(remote)
        try await bob.waitFor("remoteFailure localOffline failure", in: world)
        #expect(bob.events == ["remoteReceived from alice nil invitationReceived", "accept ok", "remoteFailure localOffline failure"])
        #expect(remote.state == .failure)
    }

    @Test("the caller's confirmation of an accept never arrives: the callee gets .acceptFailure after 5 s")
    func acceptFailure() async throws {
        let world = TestWorld()
        let aliceFaults = FaultInjector()
        let alice = AgoraUser("alice", in: world, faults: aliceFaults)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        alice.clear()
        bob.clear()
        aliceFaults.dropFramesToService(1000, where: isRequest("call.confirm"))

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        alice.send(invitation)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: world)
        let remote = try #require(bob.lastRemoteInvitation)
        bob.accept(remote)
        try await alice.waitFor("localAccepted nil acceptedByRemote", in: world)
        try await bob.waitFor("accept ok", in: world)
        await world.advance(by: .seconds(4))
        #expect(bob.events == ["remoteReceived from alice nil invitationReceived", "accept ok"])
        #expect(remote.state == .acceptSentToLocal)
        await world.advance(by: .seconds(1))
        try await bob.waitFor("remoteFailure acceptFailure failure", in: world)
        #expect(bob.events == ["remoteReceived from alice nil invitationReceived", "accept ok", "remoteFailure acceptFailure failure"])
        // The caller heard the acceptance (step 2) and is told nothing more.
        await world.advance(by: .seconds(1))
        #expect(alice.events == ["send ok", "localReceivedByPeer receivedByRemote", "localAccepted nil acceptedByRemote"])
    }
}
