import AgoraTestSupport
import Testing
import SwitchboardAgora
import SwitchboardTesting

/// Seed 000's misuse table, completed (docs/AGORA.md, "Misuse codes"): which
/// `AgoraRtmInvitationApiCallErrorCode` each call outside an invitation's life cycle gets, through the
/// called method's completion (docs/AGORA.md, "API-call codes only through completions").
@Suite("Agora conformance: invitation API misuse")
struct AgoraConformanceMisuseTests {
    /// Alice and bob logged in, and one invitation from alice that bob has received.
    private func ringing(_ world: TestWorld, content: String? = nil) async throws
        -> (alice: AgoraUser, bob: AgoraUser, local: AgoraRtmLocalInvitation, remote: AgoraRtmRemoteInvitation)
    {
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        alice.clear()
        bob.clear()
        let local = AgoraRtmLocalInvitation(calleeId: "bob")
        local.content = content
        alice.send(local)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: world)
        return (alice, bob, local, try #require(bob.lastRemoteInvitation))
    }

    @Test("cancel before send: .notStarted")
    func cancelBeforeSend() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        try await alice.login(in: world)
        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        #expect(try await alice.cancelCode(invitation, in: world) == .notStarted)
        #expect(invitation.state == .idle)
    }

    @Test("send twice: .alreadySent; the first goes on")
    func sendTwice() async throws {
        let world = TestWorld()
        let (alice, bob, local, _) = try await ringing(world)
        #expect(try await alice.sendCode(local, in: world) == .alreadySent)
        #expect(local.state == .receivedByRemote)
        #expect(bob.events.count == 1)
        #expect(world.service.activeCalls().count == 1)
    }

    @Test("accept twice: .alreadyAccept (in flight and after)")
    func acceptTwice() async throws {
        let world = TestWorld()
        let (alice, bob, _, remote) = try await ringing(world)
        bob.accept(remote)
        #expect(try await bob.acceptCode(remote, in: world) == .alreadyAccept, "while the first accept is in flight")
        try await bob.waitFor("remoteAccepted accepted", in: world)
        #expect(try await bob.acceptCode(remote, in: world) == .alreadyAccept, "after the accept succeeded")
        #expect(bob.events == ["remoteReceived from alice nil invitationReceived", "accept ok", "remoteAccepted accepted"])
        #expect(alice.events("localAccepted").count == 1)
    }

    @Test("refuse while the accept is in flight: .alreadyAccept; after the accept: .alreadyEnd")
    func refuseAfterAccept() async throws {
        let world = TestWorld()
        let (alice, bob, _, remote) = try await ringing(world)
        bob.accept(remote)
        #expect(try await bob.refuseCode(remote, in: world) == .alreadyAccept)
        try await bob.waitFor("remoteAccepted accepted", in: world)
        #expect(try await bob.refuseCode(remote, in: world) == .alreadyEnd)
        #expect(remote.state == .accepted)
        #expect(alice.events.last == "localAccepted nil acceptedByRemote")
        #expect(!alice.events.contains { $0.hasPrefix("localRefused") })
    }

    @Test("send or cancel after the end: .alreadyEnd (accepted, refused, canceled); accept or refuse after the end: .alreadyEnd")
    func afterTheEnd() async throws {
        let world = TestWorld()
        let (alice, bob, local, remote) = try await ringing(world)
        #expect(try await bob.refuseCode(remote, in: world) == .ok)
        try await alice.waitFor("localRefused nil refusedByRemote", in: world)
        #expect(try await alice.sendCode(local, in: world) == .alreadyEnd)
        #expect(try await alice.cancelCode(local, in: world) == .alreadyEnd)
        #expect(try await bob.acceptCode(remote, in: world) == .alreadyEnd)
        #expect(try await bob.refuseCode(remote, in: world) == .alreadyEnd)

        let second = AgoraRtmLocalInvitation(calleeId: "bob")
        #expect(try await alice.sendCode(second, in: world) == .ok)
        try await world.requireWhenIdle("received") { second.state == .receivedByRemote }
        #expect(try await alice.cancelCode(second, in: world) == .ok)
        try await alice.waitFor("localCanceled canceled", in: world)
        #expect(try await alice.cancelCode(second, in: world) == .alreadyEnd)
        #expect(try await alice.sendCode(second, in: world) == .alreadyEnd)
        try await bob.waitFor("remoteCanceled canceled", in: world)
        let canceled = try #require(bob.lastRemoteInvitation)
        #expect(try await bob.acceptCode(canceled, in: world) == .alreadyEnd)

        let third = AgoraRtmLocalInvitation(calleeId: "bob")
        #expect(try await alice.sendCode(third, in: world) == .ok)
        try await world.requireWhenIdle("received") { third.state == .receivedByRemote }
        let ringing = try #require(bob.lastRemoteInvitation)
        #expect(try await bob.acceptCode(ringing, in: world) == .ok)
        try await bob.waitFor("remoteAccepted accepted", in: world)
        #expect(try await alice.cancelCode(third, in: world) == .alreadyEnd, "an accept ends the caller's life cycle")
    }

    @Test("content over 8192 UTF-8 bytes: .invalidAugment, and the refused send changes nothing; 8192 exactly is fine")
    func contentLimit() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        alice.clear()
        bob.clear()

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        // 2731 three-byte characters: 8193 bytes although only 2731 characters.
        invitation.content = String(repeating: "好", count: 2731)
        #expect(try await alice.sendCode(invitation, in: world) == .invalidAugment)
        #expect(invitation.state == .idle)
        await world.runUntilIdle()
        #expect(bob.events.isEmpty, "the callee never hears of a refused send")
        #expect(world.service.activeCalls().isEmpty)

        invitation.content = String(repeating: "好", count: 2730) + "xy"  // 8192 bytes
        #expect(try await alice.sendCode(invitation, in: world) == .ok)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: world)
        #expect(bob.lastRemoteInvitation?.content?.utf8.count == 8192)
    }

    @Test("response over 8192 UTF-8 bytes: .invalidAugment and the invitation still rings; 8192 exactly is fine")
    func responseLimit() async throws {
        let world = TestWorld()
        let (alice, bob, _, remote) = try await ringing(world)
        remote.response = String(repeating: "r", count: 8193)
        #expect(try await bob.acceptCode(remote, in: world) == .invalidAugment)
        #expect(remote.state == .invitationReceived)
        #expect(try await bob.refuseCode(remote, in: world) == .invalidAugment)
        #expect(remote.state == .invitationReceived)
        await world.runUntilIdle()
        #expect(alice.events == ["send ok", "localReceivedByPeer receivedByRemote"], "the caller hears nothing of it")
        remote.response = String(repeating: "r", count: 8192)
        #expect(try await bob.acceptCode(remote, in: world) == .ok)
        try await alice.waitFor("localAccepted \(String(repeating: "r", count: 8192)) acceptedByRemote", in: world)
    }

    @Test("channelId over 64 bytes: .invalidAugment; 64 bytes is fine")
    func channelIDLimit() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        invitation.channelId = String(repeating: "c", count: 65)
        #expect(try await alice.sendCode(invitation, in: world) == .invalidAugment)
        #expect(invitation.state == .idle)
        invitation.channelId = String(repeating: "c", count: 64)
        #expect(try await alice.sendCode(invitation, in: world) == .ok)
        try await world.requireWhenIdle("received") { invitation.state == .receivedByRemote }
        #expect(bob.lastRemoteInvitation?.channelId == String(repeating: "c", count: 64))
    }

    @Test("an AgoraRtmRemoteInvitation the app made itself: accept and refuse give .notStarted")
    func appMadeRemoteInvitation() async throws {
        let world = TestWorld()
        let bob = AgoraUser("bob", in: world)
        try await bob.login(in: world)
        let invitation = AgoraRtmRemoteInvitation()
        #expect(try await bob.acceptCode(invitation, in: world) == .notStarted)
        #expect(try await bob.refuseCode(invitation, in: world) == .notStarted)
        #expect(invitation.state == .idle)
    }
}
