import AgoraTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing
import SwitchboardAgora
import SwitchboardAtomicX
import SwitchboardTesting
import SwitchboardZIM

/// A Tencent user calls Agora and ZIM users and is called by them (DECISIONS.md, "Calls across
/// surfaces"): Tencent `userData` travels as Agora `content` / ZIM `extendedData`, the room as Agora
/// `channelId`; surfaces without a media type show a Tencent callee a video call (KIT4's default).
/// Calls from Agora and ZIM general mode end as signaling once answered; the Tencent callee talks on
/// until it hangs up, which ends the call on its side only.
@Suite("Tencent and the other surfaces calling each other")
struct TencentCrossSurfaceTests {
    @Test("a Tencent caller reaches an Agora callee with userData as content and the room as channelId")
    func tencentCallsAgora() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        try await alice.login(in: world)
        let bob = AgoraUser("bob", in: world)
        try await bob.login(in: world)

        var params = CallParams()
        params.userData = "{\"kind\":\"video\"}"
        params.roomId = "room-42"
        #expect(try await alice.calls(["bob"], .video, params: params, in: world).isSuccess)
        try await world.requireWhenIdle("bob rings: \(bob.events)") { bob.lastRemoteInvitation != nil }
        let remote = try #require(bob.lastRemoteInvitation)
        #expect(remote.callerId == "alice")
        #expect(remote.content == "{\"kind\":\"video\"}")
        #expect(remote.channelId == "room-42")

        remote.response = "coming"
        #expect(try await world.completion { done in bob.callKit.accept(remote) { done($0) } } == .ok)
        try await alice.waitFor("tui.begin \(alice.callID)", in: world)
        try await alice.waitFor("tui.join bob", in: world)
        #expect(alice.state.selfInfo.status == .accept)
        #expect(alice.state.allParticipants.map(\.id).sorted() == ["alice", "bob"])

        #expect(try await alice.hangup(in: world).isSuccess)
        try await alice.waitFor("ended \(alice.callID) video hangup by=alice", in: world)
    }

    @Test("an Agora callee refuses a Tencent caller: the caller ends with reject")
    func agoraRefusesTencent() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        try await alice.login(in: world)
        let bob = AgoraUser("bob", in: world)
        try await bob.login(in: world)

        #expect(try await alice.calls(["bob"], .audio, in: world).isSuccess)
        try await world.requireWhenIdle("bob rings") { bob.lastRemoteInvitation != nil }
        let remote = try #require(bob.lastRemoteInvitation)
        #expect(try await world.completion { done in bob.callKit.refuse(remote) { done($0) } } == .ok)
        try await alice.waitFor("tui.notConnected \(alice.callID) reject by=bob", in: world)
        #expect(alice.events.contains("ended \(alice.callID) audio reject by=bob"))
        #expect(alice.events.contains("tui.reject bob"))
    }

    @Test("an Agora caller reaches a Tencent callee, who accepts and talks on after the invitation is done")
    func agoraCallsTencent() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        try await alice.login(in: world)
        let bob = TencentUser("bob", in: world)
        try await bob.login(in: world)

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        invitation.content = "dinner?"
        invitation.channelId = "room-7"
        #expect(try await world.completion { done in alice.callKit.send(invitation) { done($0) } } == .ok)
        try await bob.waitFor(prefix: "received ", in: world)
        let callID = bob.callID
        #expect(bob.events.contains("received \(callID) video data=dinner?"))
        try await bob.waitFor("tui.received \(callID) caller=alice callees=bob video role=called", in: world)
        #expect(bob.state.activeCall.roomId == "room-7")
        #expect(bob.state.activeCall.inviterId == "alice")

        #expect(try await bob.accept(in: world).isSuccess)
        try await world.requireWhenIdle("alice's invitation is accepted: \(alice.events)") {
            !alice.events("localAccepted").isEmpty
        }
        try await bob.waitFor("tui.begin \(callID)", in: world)
        // The Agora invitation is over once accepted and confirmed; the Tencent side talks on.
        await world.advance(by: .seconds(2))
        try await bob.waitUntil("connected for 2 s", in: world) { $0.activeCall.duration == 2 && $0.selfInfo.status == .accept }

        #expect(try await bob.hangup(in: world).isSuccess)
        try await bob.waitFor("ended \(callID) video hangup by=bob", in: world)
        try await bob.waitFor("tui.end \(callID) hangup by=bob total=2", in: world)
        #expect(bob.state.selfInfo.status == .none)
        #expect(bob.state.activeCall.duration == 2)
    }

    @Test("an Agora caller cancels: the Tencent callee ends with canceled by the caller")
    func agoraCancelsTencent() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        try await alice.login(in: world)
        let bob = TencentUser("bob", in: world)
        try await bob.login(in: world)

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        #expect(try await world.completion { done in alice.callKit.send(invitation) { done($0) } } == .ok)
        try await bob.waitFor(prefix: "received ", in: world)
        let callID = bob.callID
        #expect(try await world.completion { done in alice.callKit.cancel(invitation) { done($0) } } == .ok)
        try await bob.waitFor("tui.notConnected \(callID) canceled by=alice", in: world)
        #expect(bob.events.contains("ended \(callID) video canceled by=alice"))
    }

    @Test("a Tencent callee already in a call answers an Agora invitation busy, without ringing")
    func busyTencentRefusesAgora() async throws {
        let world = TestWorld()
        let carol = TencentUser("carol", in: world)
        try await carol.login(in: world)
        let bob = TencentUser("bob", in: world)
        try await bob.login(in: world)
        let alice = AgoraUser("alice", in: world)
        try await alice.login(in: world)

        #expect(try await carol.calls(["bob"], .audio, in: world).isSuccess)
        try await bob.waitFor(prefix: "received ", in: world)
        #expect(try await bob.accept(in: world).isSuccess)
        try await bob.waitFor(prefix: "tui.begin", in: world)
        bob.clear()

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        #expect(try await world.completion { done in alice.callKit.send(invitation) { done($0) } } == .ok)
        try await world.requireWhenIdle("alice is refused: \(alice.events)") { !alice.events("localRefused").isEmpty }
        await world.runUntilIdle()
        #expect(bob.events.isEmpty)
        #expect(bob.state.selfInfo.status == .accept)
    }

    @Test("a Tencent caller reaches a ZIM callee with userData as extendedData; the ZIM callee accepts, then rejects the next")
    func tencentCallsZIM() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        try await alice.login(in: world)
        let bob = ZIMPeer("bob", in: world)
        try await bob.login(in: world)

        var params = CallParams()
        params.userData = "hello zim"
        #expect(try await alice.calls(["bob"], .audio, params: params, in: world).isSuccess)
        let callID = alice.callID
        try await bob.waitFor("received \(callID) caller=alice data=hello zim", in: world)
        #expect(try await bob.accept(callID, in: world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("tui.begin \(callID)", in: world)
        #expect(try await alice.hangup(in: world).isSuccess)
        try await alice.waitFor("ended \(callID) audio hangup by=alice", in: world)

        #expect(try await alice.calls(["bob"], .video, in: world).isSuccess)
        let second = alice.callID
        #expect(second != callID)
        try await bob.waitFor("received \(second) caller=alice data=", in: world)
        #expect(try await bob.reject(second, in: world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("ended \(second) video reject by=bob", in: world)
    }

    @Test("a ZIM caller reaches a Tencent callee with extendedData as userData; accept and reject reach the ZIM caller")
    func zimCallsTencent() async throws {
        let world = TestWorld()
        let alice = ZIMPeer("alice", in: world)
        try await alice.login(in: world)
        let bob = TencentUser("bob", in: world)
        try await bob.login(in: world)

        let callID = try await alice.invite(["bob"], data: "from zim", in: world)
        try await bob.waitFor("received \(callID) video data=from zim", in: world)
        #expect(try await bob.accept(in: world).isSuccess)
        try await alice.waitFor(state: callID, "bob:accepted", in: world)
        try await bob.waitFor("tui.begin \(callID)", in: world)
        #expect(try await bob.hangup(in: world).isSuccess)
        try await bob.waitFor("ended \(callID) video hangup by=bob", in: world)

        let second = try await alice.invite(["bob"], data: "again", in: world)
        try await bob.waitFor("received \(second) video data=again", in: world)
        #expect(try await bob.reject(in: world).isSuccess)
        try await alice.waitFor(state: second, "bob:rejected", in: world)
        try await bob.waitFor("ended \(second) video reject by=bob", in: world)
    }
}

// MARK: - Peers on the other surfaces, reduced to what these tests need

/// A ZIM user: login, invite / accept / reject, and the call events as log lines
/// (`received <callID> caller=<c> data=<d>`, `state <callID> user:state,...`).
final class ZIMPeer: ZIMEventHandler, @unchecked Sendable {
    // @unchecked: the log is behind a Mutex; the rest is set once. Events arrive on one queue.
    let name: String
    let zim: ZIM
    private let log = Mutex<[String]>([])

    init(_ name: String, in world: TestWorld) {
        self.name = name
        let config = ZIMAppConfig()
        config.appID = 1_234_567
        config.appSign = "sign"
        zim = ZIM.create(with: config, environment: world.environment(callbackQueue: DispatchQueue(label: "zim.\(name)")))!
        zim.setEventHandler(self)
    }

    var events: [String] { log.withLock { $0 } }
    private func record(_ line: String) { log.withLock { $0.append(line) } }

    func waitFor(_ line: String, in world: TestWorld) async throws {
        try await world.requireWhenIdle("\(name) logs \(line): \(events)") { self.events.contains(line) }
    }

    /// Waits for a `callUserStateChanged` of `callID` that lists `user` (`bob:accepted`).
    func waitFor(state callID: String, _ user: String, in world: TestWorld) async throws {
        try await world.requireWhenIdle("\(name) sees \(user) in \(callID): \(events)") {
            self.events.contains { $0.hasPrefix("state \(callID) ") && $0.split(separator: " ").last!.split(separator: ",").contains { $0 == user } }
        }
    }

    func login(in world: TestWorld) async throws {
        let config = ZIMLoginConfig()
        config.token = "token"
        let code = try await world.completion { done in
            self.zim.login(withUserID: self.name, config: config) { error in done(error.code) }
        }
        #expect(code == .ZIMErrorCodeSuccess)
    }

    func invite(_ users: [String], data: String, in world: TestWorld) async throws -> String {
        let config = ZIMCallInviteConfig()
        config.extendedData = data
        return try await world.completion { done in
            self.zim.callInvite(with: users, config: config) { callID, _, _ in done(callID) }
        }
    }

    func accept(_ callID: String, in world: TestWorld) async throws -> ZIMErrorCode {
        try await world.completion { done in
            self.zim.callAccept(with: callID, config: ZIMCallAcceptConfig()) { _, error in done(error.code) }
        }
    }

    func reject(_ callID: String, in world: TestWorld) async throws -> ZIMErrorCode {
        try await world.completion { done in
            self.zim.callReject(with: callID, config: ZIMCallRejectConfig()) { _, error in done(error.code) }
        }
    }

    func zim(_ zim: ZIM, callInvitationReceived info: ZIMCallInvitationReceivedInfo, callID: String) {
        record("received \(callID) caller=\(info.caller) data=\(info.extendedData)")
    }

    func zim(_ zim: ZIM, callUserStateChanged info: ZIMCallUserStateChangeInfo, callID: String) {
        record("state \(callID) " + info.callUserList.map { "\($0.userID):\($0.state)" }.joined(separator: ","))
    }
}
