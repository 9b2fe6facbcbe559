// The examples of the SwitchboardTesting article "Testing call flows with TestWorld"
// (Sources/SwitchboardTesting/SwitchboardTesting.docc/TestingCallFlows.md), which quotes this file:
// DocumentationArticleTests fails when a quoted block is no longer in it word for word.

import Foundation
import Testing
import SwitchboardAgora
import SwitchboardClient
import SwitchboardCore
import SwitchboardTesting
import SwitchboardWire

/// Records what a user's call kit tells its delegate, as an app's call screen would show it.
final class CallLog: NSObject, AgoraRtmCallDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var events: [String] { lock.withLock { lines } }

    private func log(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationReceivedByPeer localInvitation: AgoraRtmLocalInvitation) {
        log("received by \(localInvitation.calleeId)")
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationFailure localInvitation: AgoraRtmLocalInvitation, errorCode: AgoraRtmLocalInvitationErrorCode) {
        log("failed: \(errorCode)")
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationReceived remoteInvitation: AgoraRtmRemoteInvitation) {
        log("ringing: \(remoteInvitation.callerId)")
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationFailure remoteInvitation: AgoraRtmRemoteInvitation, errorCode: AgoraRtmRemoteInvitationErrorCode) {
        log("failed: \(errorCode)")
    }
}

@Suite("TestWorld article")
struct TestWorldArticleTests {
    @Test("an invitation nobody answers expires 60 s after it rang, on both sides, in no time")
    func unansweredInvitationExpires() async throws {
        let world = TestWorld()
        let appID = "0123456789abcdef0123456789abcdef"
        let alice = try #require(AgoraRtmKit(appId: appID, delegate: nil, environment: world.environment()))
        let bob = try #require(AgoraRtmKit(appId: appID, delegate: nil, environment: world.environment()))
        let aliceLog = CallLog()
        let bobLog = CallLog()
        alice.getRtmCall()?.callDelegate = aliceLog
        bob.getRtmCall()?.callDelegate = bobLog

        for (kit, user) in [(alice, "alice"), (bob, "bob")] {
            let code = try await world.completion { done in kit.login(byToken: nil, user: user) { done($0) } }
            #expect(code == .ok)
        }

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        let sent = try await world.completion { done in alice.getRtmCall()?.send(invitation) { done($0) } }
        #expect(sent == .ok)
        try await world.requireWhenIdle("bob's phone rings") { bobLog.events == ["ringing: alice"] }
        #expect(aliceLog.events == ["received by bob"])

        await world.advance(by: .seconds(59))
        #expect(bobLog.events == ["ringing: alice"])
        await world.advance(by: .seconds(1))
        #expect(aliceLog.events == ["received by bob", "failed: expire"])
        #expect(bobLog.events == ["ringing: alice", "failed: expire"])
        #expect(world.service.activeCalls().isEmpty)
    }

    @Test("bob's link breaks while his phone rings: it is repaired unseen, and he still answers")
    func brokenLinkIsRepaired() async throws {
        let world = TestWorld()
        let alice = try await world.login("alice")
        let bobsNetwork = FaultInjector()
        let bob = try await world.login("bob", faults: bobsNetwork)
        let call = try await alice.session.invite(InviteRequest(invitees: ["bob"], payload: "video"))
        try await bob.nextCall(.invited)
        let rang = try await alice.nextCall(.participantsChanged)
        #expect(rang.call.participant("bob")?.state == .received)

        bobsNetwork.closeLinks()
        await world.advance(by: .seconds(2))
        #expect(await bob.session.state == .connected)
        #expect(bob.connectionChanges.count == 2, "only the login's: \(bob.connectionChanges)")

        _ = try await bob.session.act(.accept(data: "on my way"), on: call.id)
        let answered = try await alice.nextCall(.participantsChanged)
        #expect(answered.call.participant("bob")?.state == .accepted)
        #expect(answered.call.participant("bob")?.answerData == "on my way")
    }
}
