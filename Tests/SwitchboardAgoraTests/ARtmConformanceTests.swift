import AgoraTestSupport
import Dispatch
import Foundation
import Testing
import SwitchboardARtm
import SwitchboardClient
import SwitchboardTesting
import SwitchboardWire

/// Two logged-in anyRTC users on one callback queue (so a shared timeline shows the order across them),
/// with their logs cleared.
private func pair(_ world: TestWorld, _ caller: String = "alice", _ callee: String = "bob")
async throws -> (ARtmUser, ARtmUser, ARtmTimeline) {
    let timeline = ARtmTimeline()
    let queue = DispatchQueue(label: "artm.test.shared")
    let a = ARtmUser(caller, in: world, queue: queue, timeline: timeline)
    let b = ARtmUser(callee, in: world, queue: queue, timeline: timeline)
    try await a.login(in: world)
    try await b.login(in: world)
    a.clear()
    b.clear()
    timeline.clear()
    return (a, b, timeline)
}

/// An invitation `caller` sent and `callee` received (both logs then cleared).
private func ringing(_ world: TestWorld, _ caller: ARtmUser, _ callee: ARtmUser, content: String)
async throws -> (ARtmLocalInvitation, ARtmRemoteInvitation) {
    let local = ARtmLocalInvitation(calleeId: callee.name)
    local.content = content
    #expect(try await caller.send(local, in: world) == .ok)
    let tag = "\(callee.name)/\(content)"
    try await caller.waitFor("localReceivedByPeer \(tag) receivedByRemote", in: world)
    let remote = try #require(callee.remoteInvitations.last { $0.content == content })
    caller.clear()
    callee.clear()
    caller.timeline?.clear()
    return (local, remote)
}

/// Drops the next delivery acknowledgement this user's client sends.
private func dropNextAcknowledgement(of user: ARtmUser) {
    user.faults.dropFramesToService(1) { frame in
        if case .request(let request) = frame, case .call(_, .acknowledge) = request.operation { return true }
        return false
    }
}

@Suite("anyRTC ARtmKit conformance")
struct ARtmConformanceTests {
    // MARK: - The surface

    @Test("ARtmKit(appId:delegate:) is failable on the app id; getRtmCall() and rtmCallKit are one instance")
    func kitCreation() throws {
        let world = TestWorld()
        #expect(ARtmKit(appId: "short", delegate: nil, environment: world.environment()) == nil)
        #expect(ARtmKit(appId: testAppID + "b", delegate: nil, environment: world.environment()) == nil)
        let kit = try #require(ARtmKit(appId: testAppID, delegate: nil, environment: world.environment()))
        let callKit = try #require(kit.getRtmCall())
        #expect(callKit === kit.rtmCallKit)
        #expect(callKit.rtmKit === kit)
        let invitation = ARtmLocalInvitation()
        invitation.calleeId = "bob"
        #expect(invitation.calleeId == "bob")
        #expect(invitation.state == .idle)
        #expect(invitation.response == nil)
        #expect(ARtmRemoteInvitation().state == .idle)
    }

    @Test("anyRTC has no reason 9: ARtmConnectionChangeReason stops at remoteLogin = 8")
    func noReasonNine() {
        #expect(ARtmConnectionChangeReason(rawValue: 9) == nil)
        #expect(ARtmConnectionChangeReason.allCases.map(\.rawValue) == Array(1...8))
        #expect(ARtmConnectionChangeReason.allCases.last == .remoteLogin)
    }

    @Test("login and logout report connecting/login, connected/loginSuccess, disconnected/logout")
    func loginAndLogout() async throws {
        let world = TestWorld()
        let alice = ARtmUser("alice", in: world)
        try await alice.login(in: world)
        try await alice.waitFor("state connected loginSuccess", in: world)
        try await alice.logout(in: world)
        try await alice.waitFor("state disconnected logout", in: world)
        #expect(alice.events == ["state connecting login", "state connected loginSuccess", "state disconnected logout"])
    }

    // MARK: - Seed 001 flows

    @Test("send: completion ok, then the callee's remoteInvitationReceived, then the caller's localInvitationReceivedByPeer")
    func sendOrder() async throws {
        let world = TestWorld()
        let (alice, bob, timeline) = try await pair(world)
        // Bob's link lags by 100 ms of world time, so the three steps are apart and their order is fixed.
        bob.faults.delay = .milliseconds(100)
        let invitation = ARtmLocalInvitation(calleeId: "bob")
        invitation.content = "video"
        invitation.channelId = "room-1"
        #expect(try await alice.send(invitation, in: world) == .ok)
        #expect(invitation.state == .sentToRemote)
        #expect(bob.events.isEmpty)
        await world.advance(by: .milliseconds(500))
        try await alice.waitFor("localReceivedByPeer bob/video receivedByRemote", in: world)
        #expect(timeline.events == [
            "alice: send bob/video ok",
            "bob: remoteReceived alice/video invitationReceived",
            "alice: localReceivedByPeer bob/video receivedByRemote",
        ])
        let remote = try #require(bob.lastRemoteInvitation)
        #expect(remote.callerId == "alice")
        #expect(remote.channelId == "room-1")
        #expect(remote.state == .invitationReceived)
        #expect(invitation.state == .receivedByRemote)
    }

    @Test("cancel: completion ok and localInvitationCanceled for the caller, remoteInvitationCanceled for the callee")
    func cancel() async throws {
        let world = TestWorld()
        let (alice, bob, _) = try await pair(world)
        let (local, remote) = try await ringing(world, alice, bob, content: "hi")
        #expect(try await alice.cancel(local, in: world) == .ok)
        try await alice.waitFor("localCanceled bob/hi canceled", in: world)
        try await bob.waitFor("remoteCanceled alice/hi canceled", in: world)
        #expect(alice.events == ["cancel bob/hi ok", "localCanceled bob/hi canceled"])
        #expect(bob.events == ["remoteCanceled alice/hi canceled"])
        #expect(local.state == .canceled)
        #expect(remote.state == .canceled)
    }

    @Test("accept: callee completion, caller localInvitationAccepted(withResponse:), then callee remoteInvitationAccepted")
    func accept() async throws {
        let world = TestWorld()
        let (alice, bob, timeline) = try await pair(world)
        let (local, remote) = try await ringing(world, alice, bob, content: "video")
        // Alice's link lags, so bob's completion comes before the handshake's second and third steps.
        alice.faults.delay = .milliseconds(100)
        remote.response = "coming"
        #expect(try await bob.accept(remote, in: world) == .ok)
        #expect(remote.state == .acceptSentToLocal)
        #expect(alice.events.isEmpty)
        await world.advance(by: .milliseconds(500))
        try await bob.waitFor("remoteAccepted alice/video accepted", in: world)
        #expect(timeline.events == [
            "bob: accept alice/video ok",
            "alice: localAccepted bob/video coming acceptedByRemote",
            "bob: remoteAccepted alice/video accepted",
        ])
        #expect(local.response == "coming")
        #expect(local.state == .acceptedByRemote)
        #expect(remote.state == .accepted)
    }

    @Test("accept: the caller's acceptance always precedes the callee's remoteInvitationAccepted (three-way handshake)")
    func acceptHandshakeOrder() async throws {
        let world = TestWorld()
        let (alice, bob, timeline) = try await pair(world)
        let (_, remote) = try await ringing(world, alice, bob, content: "x")
        #expect(try await bob.accept(remote, in: world) == .ok)
        try await bob.waitFor("remoteAccepted alice/x accepted", in: world)
        let lines = timeline.events
        let callerSide = try #require(lines.firstIndex(of: "alice: localAccepted bob/x nil acceptedByRemote"))
        let calleeSide = try #require(lines.firstIndex(of: "bob: remoteAccepted alice/x accepted"))
        #expect(callerSide < calleeSide)
        #expect(bob.events == ["accept alice/x ok", "remoteAccepted alice/x accepted"])
        #expect(alice.events == ["localAccepted bob/x nil acceptedByRemote"])
    }

    @Test("refuse: completion ok and remoteInvitationRefused for the callee, localInvitationRefused(withResponse:) for the caller")
    func refuse() async throws {
        let world = TestWorld()
        let (alice, bob, _) = try await pair(world)
        let (local, remote) = try await ringing(world, alice, bob, content: "hi")
        remote.response = "busy"
        #expect(try await bob.refuse(remote, in: world) == .ok)
        try await bob.waitFor("remoteRefused alice/hi refused", in: world)
        try await alice.waitFor("localRefused bob/hi busy refusedByRemote", in: world)
        #expect(bob.events == ["refuse alice/hi ok", "remoteRefused alice/hi refused"])
        #expect(alice.events == ["localRefused bob/hi busy refusedByRemote"])
        #expect(local.response == "busy")
        #expect(local.state == .refusedByRemote)
        #expect(remote.state == .refused)
    }

    // MARK: - Failure reasons

    @Test("a callee still offline 30 s after the send: remoteOffline")
    func remoteOffline() async throws {
        let world = TestWorld()
        let alice = ARtmUser("alice", in: world)
        try await alice.login(in: world)
        alice.clear()
        let invitation = ARtmLocalInvitation(calleeId: "bob")
        invitation.content = "hi"
        #expect(try await alice.send(invitation, in: world) == .ok)
        await world.advance(by: .milliseconds(29_500))
        #expect(alice.events == ["send bob/hi ok"])
        await world.advance(by: .milliseconds(500))
        try await alice.waitFor("localFailure bob/hi remoteOffline failure", in: world)
        #expect(alice.events == ["send bob/hi ok", "localFailure bob/hi remoteOffline failure"])
        #expect(invitation.state == .failure)
    }

    @Test("an online callee whose client never acknowledges for 30 s: remoteNoResponse")
    func remoteNoResponse() async throws {
        let world = TestWorld()
        let (alice, bob, _) = try await pair(world)
        dropNextAcknowledgement(of: bob)
        let invitation = ARtmLocalInvitation(calleeId: "bob")
        invitation.content = "hi"
        #expect(try await alice.send(invitation, in: world) == .ok)
        try await bob.waitFor("remoteReceived alice/hi invitationReceived", in: world)
        await world.advance(by: .milliseconds(29_500))
        #expect(alice.events == ["send bob/hi ok"])
        await world.advance(by: .milliseconds(500))
        try await alice.waitFor("localFailure bob/hi remoteNoResponse failure", in: world)
        #expect(alice.events == ["send bob/hi ok", "localFailure bob/hi remoteNoResponse failure"])
        #expect(invitation.state == .failure)
        // The callee's copy, which it did get, ends too.
        try await bob.waitForCount(2, in: world)
        #expect(bob.events == ["remoteReceived alice/hi invitationReceived", "remoteFailure alice/hi expire failure"])
    }

    @Test("received but unanswered for 60 s (counted from receipt): expire on both sides")
    func expire() async throws {
        let world = TestWorld()
        let (alice, bob, _) = try await pair(world)
        let (local, remote) = try await ringing(world, alice, bob, content: "hi")
        await world.advance(by: .milliseconds(59_500))
        #expect(alice.events.isEmpty)
        #expect(bob.events.isEmpty)
        await world.advance(by: .milliseconds(500))
        try await alice.waitFor("localFailure bob/hi expire failure", in: world)
        try await bob.waitFor("remoteFailure alice/hi expire failure", in: world)
        #expect(alice.events == ["localFailure bob/hi expire failure"])
        #expect(bob.events == ["remoteFailure alice/hi expire failure"])
        #expect(local.state == .failure)
        #expect(remote.state == .failure)
    }

    @Test("send while not logged in: completion ok, then localInvitationFailure notLoggedIn")
    func notLoggedIn() async throws {
        let world = TestWorld()
        let alice = ARtmUser("alice", in: world)
        let invitation = ARtmLocalInvitation(calleeId: "bob")
        #expect(try await alice.send(invitation, in: world) == .ok)
        try await alice.waitFor("localFailure bob/- notLoggedIn failure", in: world)
        #expect(alice.events == ["send bob/- ok", "localFailure bob/- notLoggedIn failure"])
        #expect(invitation.state == .failure)
    }

    @Test("the caller logged out when the callee accepts: remoteInvitationFailure localOffline")
    func localOffline() async throws {
        let world = TestWorld()
        let (alice, bob, _) = try await pair(world)
        let (_, remote) = try await ringing(world, alice, bob, content: "hi")
        try await alice.logout(in: world)
        // Agora and anyRTC do not cancel an invitation when its caller goes away.
        #expect(bob.events.isEmpty)
        #expect(try await bob.accept(remote, in: world) == .ok)
        try await bob.waitFor("remoteFailure alice/hi localOffline failure", in: world)
        #expect(bob.events == ["accept alice/hi ok", "remoteFailure alice/hi localOffline failure"])
        #expect(remote.state == .failure)
    }

    // MARK: - Misuse codes (docs/AGORA.md, "Misuse codes")

    @Test("cancel before send: notStarted; accept or refuse of an invitation the SDK did not create: notStarted")
    func notStarted() async throws {
        let world = TestWorld()
        let (alice, bob, _) = try await pair(world)
        let invitation = ARtmLocalInvitation(calleeId: "bob")
        #expect(try await alice.cancel(invitation, in: world) == .notStarted)
        #expect(invitation.state == .idle)
        #expect(try await bob.accept(ARtmRemoteInvitation(), in: world) == .notStarted)
        #expect(try await bob.refuse(ARtmRemoteInvitation(), in: world) == .notStarted)
    }

    @Test("send twice: alreadySent, in flight and after receipt")
    func alreadySent() async throws {
        let world = TestWorld()
        let (alice, bob, _) = try await pair(world)
        let invitation = ARtmLocalInvitation(calleeId: "bob")
        // The first send is in flight (its completion not yet delivered) when the second comes.
        alice.callKit.send(invitation) { alice.record("first send \($0)") }
        #expect(try await alice.send(invitation, in: world) == .alreadySent)
        try await alice.waitFor("first send ok", in: world)
        try await alice.waitFor("localReceivedByPeer bob/- receivedByRemote", in: world)
        #expect(try await alice.send(invitation, in: world) == .alreadySent)
        try await bob.waitForCount(1, in: world)
        #expect(bob.remoteInvitations.count == 1)
    }

    @Test("accept twice: alreadyAccept, in flight and after the acceptance; refuse during an accept: alreadyAccept")
    func alreadyAccept() async throws {
        let world = TestWorld()
        let (alice, bob, _) = try await pair(world)
        let (_, remote) = try await ringing(world, alice, bob, content: "hi")
        alice.faults.delay = .milliseconds(100)  // keep the handshake open
        #expect(try await bob.accept(remote, in: world) == .ok)
        #expect(try await bob.accept(remote, in: world) == .alreadyAccept)
        #expect(try await bob.refuse(remote, in: world) == .alreadyAccept)
        await world.advance(by: .milliseconds(500))
        try await bob.waitFor("remoteAccepted alice/hi accepted", in: world)
        #expect(try await bob.accept(remote, in: world) == .alreadyAccept)
        #expect(bob.events == [
            "accept alice/hi ok", "accept alice/hi alreadyAccept", "refuse alice/hi alreadyAccept",
            "remoteAccepted alice/hi accepted", "accept alice/hi alreadyAccept",
        ])
    }

    @Test("anything after the life cycle ended: alreadyEnd")
    func alreadyEnd() async throws {
        let world = TestWorld()
        let (alice, bob, _) = try await pair(world)

        // Accepted: the caller cannot cancel or resend, the callee cannot refuse.
        let (accepted, acceptedRemote) = try await ringing(world, alice, bob, content: "a")
        #expect(try await bob.accept(acceptedRemote, in: world) == .ok)
        try await bob.waitFor("remoteAccepted alice/a accepted", in: world)
        #expect(try await alice.cancel(accepted, in: world) == .alreadyEnd)
        #expect(try await alice.send(accepted, in: world) == .alreadyEnd)
        #expect(try await bob.refuse(acceptedRemote, in: world) == .alreadyEnd)

        // Canceled: nobody can act on it any more.
        let (canceled, canceledRemote) = try await ringing(world, alice, bob, content: "c")
        #expect(try await alice.cancel(canceled, in: world) == .ok)
        try await bob.waitFor("remoteCanceled alice/c canceled", in: world)
        try await alice.waitFor("localCanceled bob/c canceled", in: world)
        #expect(try await alice.cancel(canceled, in: world) == .alreadyEnd)
        #expect(try await alice.send(canceled, in: world) == .alreadyEnd)
        #expect(try await bob.accept(canceledRemote, in: world) == .alreadyEnd)
        #expect(try await bob.refuse(canceledRemote, in: world) == .alreadyEnd)

        // Refused: the same.
        let (refused, refusedRemote) = try await ringing(world, alice, bob, content: "r")
        #expect(try await bob.refuse(refusedRemote, in: world) == .ok)
        try await alice.waitFor("localRefused bob/r nil refusedByRemote", in: world)
        try await bob.waitFor("remoteRefused alice/r refused", in: world)
        #expect(try await bob.refuse(refusedRemote, in: world) == .alreadyEnd)
        #expect(try await bob.accept(refusedRemote, in: world) == .alreadyEnd)
        #expect(try await alice.cancel(refused, in: world) == .alreadyEnd)

        // Failed (not logged in): the same.
        let offline = ARtmUser("carol", in: world)
        let failed = ARtmLocalInvitation(calleeId: "bob")
        #expect(try await offline.send(failed, in: world) == .ok)
        try await offline.waitFor("localFailure bob/- notLoggedIn failure", in: world)
        #expect(try await offline.send(failed, in: world) == .alreadyEnd)
        #expect(try await offline.cancel(failed, in: world) == .alreadyEnd)
    }

    @Test("content, response and channel id limits are inclusive UTF-8 byte counts: over them, invalidAugment")
    func invalidAugment() async throws {
        let world = TestWorld()
        let (alice, bob, _) = try await pair(world)
        let invitation = ARtmLocalInvitation(calleeId: "bob")
        invitation.content = String(repeating: "a", count: 8193)
        #expect(try await alice.send(invitation, in: world) == .invalidAugment)
        #expect(invitation.state == .idle)
        invitation.content = String(repeating: "é", count: 4097)  // 4097 characters, 8194 bytes
        #expect(try await alice.send(invitation, in: world) == .invalidAugment)
        invitation.content = "x"
        invitation.channelId = String(repeating: "c", count: 65)
        #expect(try await alice.send(invitation, in: world) == .invalidAugment)
        #expect(alice.events == ["send bob/\(String(repeating: "a", count: 8193)) invalidAugment",
                                 "send bob/\(String(repeating: "é", count: 4097)) invalidAugment",
                                 "send bob/x invalidAugment"])
        #expect(bob.events.isEmpty)

        // Exactly 8192 bytes and a 64-byte channel id are fine; the refused attempts did not use it up.
        let content = String(repeating: "é", count: 4096)
        invitation.content = content
        invitation.channelId = String(repeating: "c", count: 64)
        #expect(try await alice.send(invitation, in: world) == .ok)
        try await alice.waitFor("localReceivedByPeer bob/\(content) receivedByRemote", in: world)
        let remote = try #require(bob.lastRemoteInvitation)
        #expect(remote.content == content)

        remote.response = String(repeating: "r", count: 8193)
        #expect(try await bob.accept(remote, in: world) == .invalidAugment)
        #expect(try await bob.refuse(remote, in: world) == .invalidAugment)
        #expect(remote.state == .invitationReceived)
        remote.response = String(repeating: "r", count: 8192)
        #expect(try await bob.accept(remote, in: world) == .ok)
        try await alice.waitFor("localAccepted bob/\(content) \(String(repeating: "r", count: 8192)) acceptedByRemote", in: world)
    }

    // MARK: - Login timeout (6 s on anyRTC)

    @Test("login that never completes: disconnected/loginTimeout and completion .timeout after 6 s, not before",
          arguments: ["refused connections", "lost hellos"])
    func loginTimeout(fault: String) async throws {
        let world = TestWorld()
        let alice = ARtmUser("alice", in: world)
        if fault == "refused connections" {
            alice.faults.refusesConnections = true
        } else {
            alice.faults.dropFramesToService(1_000) { $0.type == "hello" }
        }
        alice.kit.login(byToken: "token", user: "alice") { alice.record("login \($0)") }
        try await alice.waitFor("state connecting login", in: world)
        await world.advance(by: .milliseconds(5_750))
        #expect(alice.events == ["state connecting login"])
        await world.advance(by: .milliseconds(250))
        try await alice.waitFor("login timeout", in: world)
        #expect(alice.events == ["state connecting login", "state disconnected loginTimeout", "login timeout"])
    }

    // MARK: - Several invitations at once

    @Test("several invitations out at once, to the same and to different callees, each with its own life")
    func severalInvitations() async throws {
        let world = TestWorld()
        let queue = DispatchQueue(label: "artm.test.shared")
        let alice = ARtmUser("alice", in: world, queue: queue)
        let bob = ARtmUser("bob", in: world, queue: queue)
        let carol = ARtmUser("carol", in: world, queue: queue)
        for user in [alice, bob, carol] { try await user.login(in: world) }
        for user in [alice, bob, carol] { user.clear() }

        let toBob1 = ARtmLocalInvitation(calleeId: "bob")
        toBob1.content = "one"
        let toBob2 = ARtmLocalInvitation(calleeId: "bob")
        toBob2.content = "two"
        let toCarol = ARtmLocalInvitation(calleeId: "carol")
        toCarol.content = "three"
        for invitation in [toBob1, toBob2, toCarol] {
            #expect(try await alice.send(invitation, in: world) == .ok)
        }
        for tag in ["bob/one", "bob/two", "carol/three"] {
            try await alice.waitFor("localReceivedByPeer \(tag) receivedByRemote", in: world)
        }
        #expect(Set(bob.events) == ["remoteReceived alice/one invitationReceived", "remoteReceived alice/two invitationReceived"])
        #expect(carol.events == ["remoteReceived alice/three invitationReceived"])

        let one = try #require(bob.remoteInvitations.first { $0.content == "one" })
        let two = try #require(bob.remoteInvitations.first { $0.content == "two" })
        one.response = "yes"
        two.response = "no"
        #expect(try await bob.accept(one, in: world) == .ok)
        #expect(try await bob.refuse(two, in: world) == .ok)
        #expect(try await alice.cancel(toCarol, in: world) == .ok)
        try await alice.waitFor("localAccepted bob/one yes acceptedByRemote", in: world)
        try await alice.waitFor("localRefused bob/two no refusedByRemote", in: world)
        try await alice.waitFor("localCanceled carol/three canceled", in: world)
        try await bob.waitFor("remoteAccepted alice/one accepted", in: world)
        try await bob.waitFor("remoteRefused alice/two refused", in: world)
        try await carol.waitFor("remoteCanceled alice/three canceled", in: world)
        #expect(toBob1.state == .acceptedByRemote && toBob1.response == "yes")
        #expect(toBob2.state == .refusedByRemote && toBob2.response == "no")
        #expect(toCarol.state == .canceled)
        #expect(one.state == .accepted)
        #expect(two.state == .refused)
        #expect(carol.lastRemoteInvitation?.state == .canceled)
        #expect(alice.events.filter { !$0.hasPrefix("localReceivedByPeer") && !$0.hasPrefix("send ") }.count == 4)
    }

    // MARK: - Messages, presence, channels (anyRTC's option-only sends, ARtmMember.uid)

    @Test("peer messages go only with options; 60 per second, the 61st tooOften")
    func peerMessages() async throws {
        let world = TestWorld()
        let (alice, bob, _) = try await pair(world)
        let options = ARtmSendMessageOptions()
        let first = try await world.completion { done in
            alice.kit.send(ARtmMessage(text: "hello"), toPeer: "bob", sendMessageOptions: options) { done($0) }
        }
        #expect(first == .ok)
        try await bob.waitFor("message hello text from alice", in: world)
        for index in 2...60 {
            let code = try await world.completion { done in
                alice.kit.send(ARtmMessage(text: "m\(index)"), toPeer: "bob", sendMessageOptions: options) { done($0) }
            }
            #expect(code == .ok, "message \(index)")
        }
        let overLimit = try await world.completion { done in
            alice.kit.send(ARtmMessage(text: "too many"), toPeer: "bob", sendMessageOptions: options) { done($0) }
        }
        #expect(overLimit == .tooOften)
        await world.advance(by: .seconds(1))
        let later = try await world.completion { done in
            alice.kit.send(ARtmMessage(text: "later"), toPeer: "bob", sendMessageOptions: options) { done($0) }
        }
        #expect(later == .ok)
    }

    @Test("queryPeersOnlineStatus gives peerId and state")
    func queryPresence() async throws {
        let world = TestWorld()
        let (alice, _, _) = try await pair(world)
        typealias Answer = ([String: ARtmPeerOnlineState]?, ARtmQueryPeersOnlineErrorCode)
        let (statuses, code) = try await world.completion { (done: @escaping @Sendable (Answer) -> Void) in
            alice.kit.queryPeersOnlineStatus(["bob", "carol"]) { statuses, code in
                done((statuses.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.peerId, $0.state) }) }, code))
            }
        }
        #expect(code == .ok)
        #expect(statuses == ["bob": ARtmPeerOnlineState.online, "carol": .offline])
    }

    @Test("channels: join, memberJoined with uid, send with options, getMembersWithCompletion, leave")
    func channels() async throws {
        let world = TestWorld()
        let (alice, bob, _) = try await pair(world)
        let aliceChannel = try #require(alice.kit.createChannel(withId: "room", delegate: alice))
        let bobChannel = try #require(bob.kit.createChannel(withId: "room", delegate: bob))
        #expect(alice.kit.createChannel(withId: "room", delegate: alice) == nil)
        #expect(try await world.completion { done in aliceChannel.join { done($0) } } == .channelErrorOk)
        #expect(try await world.completion { done in bobChannel.join { done($0) } } == .channelErrorOk)
        try await alice.waitFor("memberJoined bob room", in: world)

        let sent = try await world.completion { done in
            bobChannel.send(ARtmMessage(text: "hi all"), sendMessageOptions: ARtmSendMessageOptions()) { done($0) }
        }
        #expect(sent == .errorOk)
        try await alice.waitFor("channelMessage hi all from bob", in: world)

        typealias Members = ([String]?, ARtmGetMembersErrorCode)
        let members = try await world.completion { (done: @escaping @Sendable (Members) -> Void) in
            aliceChannel.getMembersWithCompletion { members, code in done((members?.map(\.uid).sorted(), code)) }
        }
        #expect(members.1 == .ok)
        #expect(members.0 == ["alice", "bob"])

        #expect(try await world.completion { done in bobChannel.leave { done($0) } } == .ok)
        try await alice.waitFor("memberLeft bob room", in: world)
        #expect(bob.kit.destroyChannel(withId: "room"))
    }
}
