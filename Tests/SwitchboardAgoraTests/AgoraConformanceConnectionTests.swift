import AgoraTestSupport
import Foundation
import Testing
import SwitchboardAgora
import SwitchboardClient
import SwitchboardCore
import SwitchboardService
import SwitchboardTesting
import SwitchboardWire

/// Seed 002 (connection states; docs/AGORA.md, "Vendor timers and limits"): states and reasons as
/// `connectionStateChanged` reports them, the login completion, the 12 s login timeout, the 4 s
/// interruption and the 30 s grace.
@Suite("Agora conformance: connection states")
struct AgoraConformanceConnectionTests {
    @Test("login: (connecting, login), (connected, loginSuccess), then the completion ok")
    func login() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        alice.kit.login(byToken: "token", user: "alice") { alice.record("login \($0)") }
        try await alice.waitFor("login ok", in: world)
        #expect(alice.events == ["state connecting login", "state connected loginSuccess", "login ok"])
    }

    @Test("login timeout when connections are refused: (disconnected, loginTimeout) and .timeout at 12 s; 11.9 s is not enough")
    func loginTimeoutRefused() async throws {
        let world = TestWorld()
        let faults = FaultInjector()
        faults.refusesConnections = true
        let alice = AgoraUser("alice", in: world, faults: faults)
        alice.kit.login(byToken: "token", user: "alice") { alice.record("login \($0)") }
        try await alice.waitFor("state connecting login", in: world)
        await world.advance(by: .milliseconds(11_900))
        #expect(alice.events == ["state connecting login"])
        await world.advance(by: .milliseconds(100))
        try await alice.waitFor("login timeout", in: world)
        #expect(alice.events == ["state connecting login", "state disconnected loginTimeout", "login timeout"])
    }

    @Test("login timeout when every hello is lost: the same at 12 s")
    func loginTimeoutHelloLost() async throws {
        let world = TestWorld()
        let faults = FaultInjector()
        faults.dropFramesToService(1000, where: isHello)
        let alice = AgoraUser("alice", in: world, faults: faults)
        alice.kit.login(byToken: "token", user: "alice") { alice.record("login \($0)") }
        try await alice.waitFor("state connecting login", in: world)
        await world.advance(by: .milliseconds(11_900))
        #expect(alice.events == ["state connecting login"])
        await world.advance(by: .milliseconds(100))
        try await alice.waitFor("login timeout", in: world)
        #expect(alice.events == ["state connecting login", "state disconnected loginTimeout", "login timeout"])
    }

    @Test("link lost for 4 s: (reconnecting, interrupted); back within 30 s: (connected, loginSuccess), no login completion, no presence change")
    func shortInterruption() async throws {
        let world = TestWorld()
        let faults = FaultInjector()
        let alice = AgoraUser("alice", in: world, faults: faults)
        let carol = AgoraUser("carol", in: world)
        alice.kit.login(byToken: "token", user: "alice") { alice.record("login \($0)") }
        try await alice.waitFor("login ok", in: world)
        try await carol.login(in: world)
        #expect(try await world.completion { done in carol.kit.subscribePeersOnlineStatus(["alice"]) { done($0) } } == .ok)
        try await carol.waitFor("peers alice=online", in: world)
        carol.clear()
        alice.clear()

        faults.refusesConnections = true
        faults.severLinks()
        await world.advance(by: .milliseconds(3_750))
        #expect(alice.events.isEmpty, "not before 4 s of silence: \(alice.events)")
        await world.advance(by: .milliseconds(250))
        try await alice.waitFor("state reconnecting interrupted", in: world)
        faults.refusesConnections = false
        await world.advance(by: .seconds(1))
        try await alice.waitFor("state connected loginSuccess", in: world)
        await world.advance(by: .seconds(5))
        #expect(alice.events == ["state reconnecting interrupted", "state connected loginSuccess"],
                "no second login completion")
        #expect(carol.events.isEmpty, "presence did not change: \(carol.events)")
        #expect(world.service.presence(of: "alice") == .online)
    }

    @Test("away for more than 30 s: channel peers get memberLeft; on return the kit rejoins its channel and they get memberJoined")
    func longInterruption() async throws {
        let world = TestWorld()
        let faults = FaultInjector()
        let alice = AgoraUser("alice", in: world, faults: faults)
        let carol = AgoraUser("carol", in: world)
        try await alice.login(in: world)
        try await carol.login(in: world)
        let aliceChannel = try #require(alice.kit.createChannel(withId: "lobby", delegate: alice))
        let carolChannel = try #require(carol.kit.createChannel(withId: "lobby", delegate: carol))
        #expect(try await world.completion { done in carolChannel.join { done($0) } } == .channelErrorOk)
        #expect(try await world.completion { done in aliceChannel.join { done($0) } } == .channelErrorOk)
        try await carol.waitFor("memberJoined alice", in: world)
        carol.clear()
        alice.clear()

        faults.refusesConnections = true
        faults.severLinks()
        await world.advance(by: .seconds(29))
        #expect(alice.events == ["state reconnecting interrupted"])
        #expect(!carol.events.contains("memberLeft alice"), "within 30 s the user is still there")
        await world.advance(by: .seconds(2))
        try await carol.waitFor("memberLeft alice", in: world)
        #expect(world.service.presence(of: "alice") == .offline)

        faults.refusesConnections = false
        await world.advance(by: .seconds(6))
        try await alice.waitFor("state connected loginSuccess", in: world)
        try await carol.waitFor("memberJoined alice", in: world)
        // The rejoin refreshes the member list, and the count is reported again.
        try await alice.waitFor("memberCount 2", in: world)
        #expect(alice.events == ["state reconnecting interrupted", "state connected loginSuccess", "memberCount 2"])
        #expect(carol.events.filter { $0.hasPrefix("memberLeft") || $0.hasPrefix("memberJoined") }
                == ["memberLeft alice", "memberJoined alice"])
        let members = try await world.completion { done in carolChannel.getMembersWithCompletion { done(($0?.map(\.userId).sorted(), $1)) } }
        #expect(members.0 == ["alice", "carol"])
        #expect(members.1 == .ok)
    }

    @Test("the same user logs in on a second kit: the first is (aborted, remoteLogin) and its APIs fail until it logs out")
    func remoteLogin() async throws {
        let world = TestWorld()
        let first = AgoraUser("alice", in: world)
        let second = AgoraUser("alice", in: world)
        _ = AgoraUser("bob", in: world)
        try await first.login(in: world)
        first.clear()
        try await second.login(in: world)
        try await first.waitFor("state aborted remoteLogin", in: world)
        #expect(first.events == ["state aborted remoteLogin"])

        let sent = try await world.completion { done in
            first.kit.send(AgoraRtmMessage(text: "hi"), toPeer: "bob", sendMessageOptions: AgoraRtmSendMessageOptions()) { done($0) }
        }
        #expect(sent == .notLoggedIn)
        #expect(try await first.loginCode(in: world) == .alreadyLogin)
        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        first.send(invitation)
        try await first.waitFor("localFailure notLoggedIn failure", in: world)

        let logout = try await world.completion { done in first.kit.logout { done($0) } }
        #expect(logout == .ok)
        try await first.waitFor("state disconnected logout", in: world)
        #expect(world.service.sessionCount(user: "alice") == 1, "the second kit's session is untouched")
    }

    @Test("logout: (disconnected, logout), then the completion ok; logout again: .notLoggedIn")
    func logout() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        try await alice.login(in: world)
        alice.clear()
        alice.kit.logout { alice.record("logout \($0)") }
        try await alice.waitFor("logout ok", in: world)
        #expect(alice.events == ["state disconnected logout", "logout ok"])
        try await world.requireWhenIdle("offline") { world.service.presence(of: "alice") == .offline }
        let again = try await world.completion { done in alice.kit.logout { done($0) } }
        #expect(again == .notLoggedIn)
    }

    @Test("login while logged in: .alreadyLogin; invalid user ids: .invalidArgument")
    func loginMisuse() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        try await alice.login(in: world)
        #expect(try await alice.loginCode(in: world) == .alreadyLogin)

        for (index, bad) in ["", "null", "has/slash", String(repeating: "u", count: 65), "émile"].enumerated() {
            let kit = AgoraUser("user\(index)", in: world)
            #expect(try await kit.loginCode(user: bad, in: world) == .invalidArgument, "\(bad)")
        }
        let longest = AgoraUser(String(repeating: "u", count: 64), in: world)
        #expect(try await longest.loginCode(in: world) == .ok)
    }

    @Test("rate limit: the third login within 1 s is .loginTooOften; a second later logins go through again")
    func loginTooOften() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        #expect(try await alice.loginCode(user: "", in: world) == .invalidArgument)
        #expect(try await alice.loginCode(user: "", in: world) == .invalidArgument)
        #expect(try await alice.loginCode(in: world) == .loginTooOften)
        await world.advance(by: .seconds(1))
        #expect(try await alice.loginCode(in: world) == .ok)
    }
}
