import AgoraTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing
import SwitchboardAgora
import SwitchboardTesting
import SwitchboardZIM

/// A ZIM user and an Agora user in one world call each other (DECISIONS.md, "Calls across surfaces"):
/// the caller's payload travels as ZIM `extendedData` / Agora `content`, the answer as ZIM accept/reject
/// `extendedData` / Agora `response`; the delivery ACK and the Agora three-way accept confirmation are
/// done by whichever client has them to do, whatever the other side's surface.
@Suite("ZIM and Agora calling each other")
struct ZIMCrossSurfaceTests {
    @Test("a ZIM caller reaches an Agora callee, who accepts with a response")
    func zimCallsAgora() async throws {
        let world = TestWorld()
        let alice = ZIMUser("alice", in: world)
        try await alice.login(in: world)
        let bob = AgoraUser("bob", in: world)
        try await bob.login(in: world)
        alice.clear()

        let sent = try await alice.invite(["bob"], data: "{\"type\":\"video\"}", in: world)
        #expect(sent.code == .ZIMErrorCodeSuccess)
        try await world.requireWhenIdle("bob rings: \(bob.events)") { bob.lastRemoteInvitation != nil }
        let remote = try #require(bob.lastRemoteInvitation)
        #expect(remote.callerId == "alice")
        #expect(remote.content == "{\"type\":\"video\"}")
        try await alice.waitFor("state \(sent.callID) bob:received", in: world)

        remote.response = "on my way"
        let accepted = try await world.completion { done in bob.callKit.accept(remote) { done($0) } }
        #expect(accepted == .ok)
        try await alice.waitFor("state \(sent.callID) bob:accepted:on my way", in: world)
        try await world.requireWhenIdle("bob's invitation is accepted: \(bob.events)") {
            !bob.events("remoteAccepted").isEmpty
        }
        #expect(alice.events("legacyAccepted") == ["legacyAccepted \(sent.callID) bob on my way"])
    }

    @Test("a ZIM caller reaches an Agora callee, who refuses with a response")
    func zimCallsAgoraRefused() async throws {
        let world = TestWorld()
        let alice = ZIMUser("alice", in: world)
        try await alice.login(in: world)
        let bob = AgoraUser("bob", in: world)
        try await bob.login(in: world)

        let sent = try await alice.invite(["bob"], data: "audio", in: world)
        try await world.requireWhenIdle("bob rings") { bob.lastRemoteInvitation != nil }
        let remote = try #require(bob.lastRemoteInvitation)
        remote.response = "busy, later"
        #expect(try await world.completion { done in bob.callKit.refuse(remote) { done($0) } } == .ok)
        try await alice.waitFor("state \(sent.callID) bob:rejected:busy, later", in: world)
        try await alice.waitFor("legacyRejected \(sent.callID) bob busy, later", in: world)
    }

    @Test("an Agora caller reaches a ZIM callee, who accepts with extendedData (three-way accept confirmed by the Agora client)")
    func agoraCallsZIM() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        try await alice.login(in: world)
        let bob = ZIMUser("bob", in: world)
        try await bob.login(in: world)
        bob.clear()

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        invitation.content = "video call"
        invitation.channelId = "room-9"
        #expect(try await world.completion { done in alice.callKit.send(invitation) { done($0) } } == .ok)
        try await bob.waitFor(prefix: "received ", in: world)
        let received = try #require(bob.events("received ").first)
        #expect(received.contains("mode=general caller=alice inviter=alice data=video call"))
        let callID = String(received.split(separator: " ")[1])
        try await world.requireWhenIdle("alice hears of the receipt: \(alice.events)") {
            !alice.events("localReceivedByPeer").isEmpty
        }

        #expect(try await bob.accept(callID, data: "on my way", in: world) == .ZIMErrorCodeSuccess)
        try await world.requireWhenIdle("alice's invitation is accepted: \(alice.events)") {
            !alice.events("localAccepted on my way ").isEmpty
        }
        #expect(invitation.response == "on my way")
        // The ZIM callee sees itself accepted; the confirmation step in between is invisible to ZIM.
        try await bob.waitFor("state \(callID) bob:accepted:on my way", in: world)
        await world.runUntilIdle()
        #expect(bob.events.filter { $0.hasPrefix("state") }.allSatisfy { !$0.contains("unknown") })
    }

    @Test("an Agora caller cancels; the ZIM callee gets callInvitationCancelled")
    func agoraCancelsZIM() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        try await alice.login(in: world)
        let bob = ZIMUser("bob", in: world)
        try await bob.login(in: world)

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        #expect(try await world.completion { done in alice.callKit.send(invitation) { done($0) } } == .ok)
        try await bob.waitFor(prefix: "received ", in: world)
        let callID = String(try #require(bob.events("received ").first).split(separator: " ")[1])
        #expect(try await world.completion { done in alice.callKit.cancel(invitation) { done($0) } } == .ok)
        try await bob.waitFor("cancelled \(callID) inviter=alice mode=general data=", in: world)
        #expect(try await bob.accept(callID, in: world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
    }
}
