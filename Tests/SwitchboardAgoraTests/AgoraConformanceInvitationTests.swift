import Dispatch
import Testing
import SwitchboardAgora
import SwitchboardClient
import SwitchboardTesting

/// Seed 000 (Agora's call-invitation guide) and docs/AGORA.md, "Callback order": the callbacks of each
/// side, in order, with the invitation's `state` as each callback sees it.
///
/// Orders across the two kits are checked only where one callback causes the other (the callee's
/// client acknowledges after `remoteInvitationReceived`; the caller's client confirms an acceptance
/// after `localInvitationAccepted`); the two users share one callback queue so that delivery order is
/// the order the events were handed over. Orders between two kits that the service tells at the same
/// instant (the caller's completion and the callee's `remoteInvitationReceived`, for example) depend
/// on two independent clients and are checked per side only.
@Suite("Agora conformance: invitations")
struct AgoraConformanceInvitationTests {
    @Test("send: completion ok, callee remoteInvitationReceived, then caller localInvitationReceivedByPeer")
    func send() async throws {
        let scene = AgoraScene()
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        invitation.content = "video call"
        invitation.channelId = "room-1"
        #expect(invitation.state == .idle)
        alice.send(invitation)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: scene.world)
        #expect(alice.events == ["send ok", "localReceivedByPeer receivedByRemote"])
        #expect(bob.events == ["remoteReceived from alice video call invitationReceived"])
        #expect(scene.timeline.hasInOrder([
            "bob: remoteReceived from alice video call invitationReceived",
            "alice: localReceivedByPeer receivedByRemote",
        ]), "\(scene.timeline.all)")
        let remote = try #require(bob.lastRemoteInvitation)
        #expect(remote.callerId == "alice")
        #expect(remote.content == "video call")
        #expect(remote.channelId == "room-1")
        #expect(remote.response == nil)
        #expect(invitation.state == .receivedByRemote)
    }

    @Test("cancel: completion ok, callee remoteInvitationCanceled, caller localInvitationCanceled")
    func cancel() async throws {
        let scene = AgoraScene()
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        alice.send(invitation)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: scene.world)
        alice.cancel(invitation)
        try await alice.waitFor("localCanceled canceled", in: scene.world)
        try await bob.waitFor("remoteCanceled canceled", in: scene.world)
        #expect(alice.events == ["send ok", "localReceivedByPeer receivedByRemote", "cancel ok", "localCanceled canceled"])
        #expect(bob.events == ["remoteReceived from alice nil invitationReceived", "remoteCanceled canceled"])
        #expect(invitation.state == .canceled)
        #expect(bob.lastRemoteInvitation?.state == .canceled)
        #expect(scene.world.service.activeCalls().isEmpty)
    }

    @Test("accept with a response: callee completion, caller localInvitationAccepted(withResponse:), callee remoteInvitationAccepted")
    func accept() async throws {
        let scene = AgoraScene()
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        invitation.content = "hello"
        alice.send(invitation)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: scene.world)
        let remote = try #require(bob.lastRemoteInvitation)
        remote.response = "on my way"
        bob.accept(remote)
        #expect(remote.state == .acceptSentToLocal, "the accept is in flight")
        try await bob.waitFor("remoteAccepted accepted", in: scene.world)
        try await alice.waitFor("localAccepted on my way acceptedByRemote", in: scene.world)
        #expect(alice.events == ["send ok", "localReceivedByPeer receivedByRemote", "localAccepted on my way acceptedByRemote"])
        #expect(bob.events == ["remoteReceived from alice hello invitationReceived", "accept ok", "remoteAccepted accepted"])
        #expect(scene.timeline.hasInOrder([
            "alice: localAccepted on my way acceptedByRemote",
            "bob: remoteAccepted accepted",
        ]), "the callee succeeds only after the caller heard of it (three-way): \(scene.timeline.all)")
        #expect(invitation.response == "on my way")
        #expect(invitation.state == .acceptedByRemote)
        #expect(remote.state == .accepted)
    }

    @Test("refuse with a response: callee completion, caller localInvitationRefused(withResponse:), callee remoteInvitationRefused")
    func refuse() async throws {
        let scene = AgoraScene()
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        alice.send(invitation)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: scene.world)
        let remote = try #require(bob.lastRemoteInvitation)
        remote.response = "busy"
        bob.refuse(remote)
        try await bob.waitFor("remoteRefused refused", in: scene.world)
        try await alice.waitFor("localRefused busy refusedByRemote", in: scene.world)
        #expect(alice.events == ["send ok", "localReceivedByPeer receivedByRemote", "localRefused busy refusedByRemote"])
        #expect(bob.events == ["remoteReceived from alice nil invitationReceived", "refuse ok", "remoteRefused refused"])
        #expect(invitation.response == "busy")
        #expect(invitation.state == .refusedByRemote)
        #expect(remote.state == .refused)
        #expect(scene.world.service.activeCalls().isEmpty)
    }

    @Test("several invitations out at once from one caller, to the same callee and to another, each with its own life cycle")
    func severalAtOnce() async throws {
        let scene = AgoraScene()
        let alice = scene.user("alice")
        let bob = scene.user("bob")
        let carol = scene.user("carol")
        for user in [alice, bob, carol] { try await user.login(in: scene.world) }
        for user in [alice, bob, carol] { user.clear() }

        let first = AgoraRtmLocalInvitation(calleeId: "bob")
        first.content = "one"
        let second = AgoraRtmLocalInvitation(calleeId: "bob")
        second.content = "two"
        let third = AgoraRtmLocalInvitation(calleeId: "carol")
        third.content = "three"
        #expect(try await alice.sendCode(first, in: scene.world) == .ok)
        #expect(try await alice.sendCode(second, in: scene.world) == .ok)
        #expect(try await alice.sendCode(third, in: scene.world) == .ok)
        try await scene.world.requireWhenIdle("all three received by their callees") {
            first.state == .receivedByRemote && second.state == .receivedByRemote && third.state == .receivedByRemote
        }
        #expect(bob.events == ["remoteReceived from alice one invitationReceived", "remoteReceived from alice two invitationReceived"])
        #expect(carol.events == ["remoteReceived from alice three invitationReceived"])
        #expect(scene.world.service.activeCalls().count == 3)

        // Bob accepts the second and refuses the first; alice cancels carol's.
        let bobs = bob.remoteInvitations
        try #require(bobs.count == 2)
        #expect(try await bob.acceptCode(bobs[1], in: scene.world) == .ok)
        #expect(try await bob.refuseCode(bobs[0], in: scene.world) == .ok)
        #expect(try await alice.cancelCode(third, in: scene.world) == .ok)
        try await scene.world.requireWhenIdle("all three ended") {
            first.state == .refusedByRemote && second.state == .acceptedByRemote && third.state == .canceled
        }
        try await bob.waitFor("remoteAccepted accepted", in: scene.world)
        try await carol.waitFor("remoteCanceled canceled", in: scene.world)
        #expect(alice.events.filter { !$0.hasPrefix("localReceivedByPeer") }.sorted() == [
            "localAccepted nil acceptedByRemote", "localCanceled canceled", "localRefused nil refusedByRemote",
        ])
        #expect(alice.events("localReceivedByPeer").count == 3)
        #expect(bobs[0].state == .refused)
        #expect(bobs[1].state == .accepted)
    }

    @Test("a cancel issued right after send, before the service answered, still cancels the invitation")
    func cancelBeforeTheServiceAnswered() async throws {
        let scene = AgoraScene()
        let aliceFaults = FaultInjector()
        let alice = scene.user("alice", faults: aliceFaults)
        let bob = scene.user("bob")
        try await alice.login(in: scene.world)
        try await bob.login(in: scene.world)
        alice.clear()
        bob.clear()

        // Alice's link is slow, so her invitation is certainly still on its way when she cancels.
        aliceFaults.delay = .milliseconds(500)
        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        alice.send(invitation)
        #expect(invitation.state == .sentToRemote)
        alice.cancel(invitation)
        try await alice.waitFor("cancel ok", in: scene.world)
        #expect(!alice.events.contains("send ok"), "the service has not answered the send yet")
        await scene.world.advance(by: .seconds(3))
        try await alice.waitFor("localCanceled canceled", in: scene.world)
        try await bob.waitFor("remoteCanceled canceled", in: scene.world)
        #expect(alice.events.first == "cancel ok")
        #expect(alice.events.contains("send ok"))
        #expect(alice.events.last == "localCanceled canceled")
        #expect(!alice.events.contains { $0.hasPrefix("localAccepted") || $0.hasPrefix("localFailure") })
        #expect(bob.events == ["remoteReceived from alice nil invitationReceived", "remoteCanceled canceled"])
        #expect(invitation.state == .canceled)
        #expect(scene.world.service.activeCalls().isEmpty)
    }
}
