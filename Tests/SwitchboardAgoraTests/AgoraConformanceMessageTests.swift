import AgoraTestSupport
import Synchronization
import Testing
import SwitchboardAgora
import SwitchboardClient
import SwitchboardTesting

/// Peer messages (delivery, offline caching, size and rate limits, nothing sent while reconnecting) and
/// presence (query, subscription)
/// (docs/AGORA.md, "Messages, presence, channels" and "Vendor timers and limits").
@Suite("Agora conformance: peer messages and presence")
struct AgoraConformanceMessageTests {
    private func send(_ text: String, from user: AgoraUser, to peer: String, offline: Bool = false,
                      in world: TestWorld) async throws -> AgoraRtmSendPeerMessageErrorCode {
        let options = AgoraRtmSendMessageOptions()
        options.enableOfflineMessaging = offline
        return try await world.completion { done in
            user.kit.send(AgoraRtmMessage(text: text), toPeer: peer, sendMessageOptions: options) { done($0) }
        }
    }

    @Test("send text with options: .ok, and the peer gets messageReceived(fromPeer:)")
    func sendToPeer() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        bob.clear()
        #expect(try await send("hello bob", from: alice, to: "bob", in: world) == .ok)
        try await bob.waitFor("message hello bob from alice", in: world)
        #expect(bob.events == ["message hello bob from alice"])
    }

    @Test("to an offline peer: .peerUnreachable; with enableOfflineMessaging: .cachedByServer, delivered at login as an offline message")
    func offlinePeer() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        #expect(try await send("lost", from: alice, to: "bob", in: world) == .peerUnreachable)
        #expect(try await send("kept", from: alice, to: "bob", offline: true, in: world) == .cachedByServer)
        await world.advance(by: .seconds(5))
        bob.kit.login(byToken: "token", user: "bob") { bob.record("login \($0)") }
        try await bob.waitFor("message kept from alice offline", in: world)
        #expect(bob.events == ["state connecting login", "state connected loginSuccess", "login ok",
                               "message kept from alice offline"])
    }

    @Test("a message over 32 KB: .invalidMessage; 32 KB exactly is fine")
    func messageSize() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        bob.clear()
        #expect(try await send(String(repeating: "m", count: 32 * 1024 + 1), from: alice, to: "bob", in: world) == .invalidMessage)
        #expect(try await send(String(repeating: "m", count: 32 * 1024), from: alice, to: "bob", in: world) == .ok)
        try await bob.waitForCount(1, in: world)
        await world.runUntilIdle()
        #expect(bob.events.count == 1)
    }

    @Test("rate limit: 180 messages per 3 s; the 181st is .tooOften, and after 3 s sending works again")
    func messageRate() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        let codes = Mutex<[Int: AgoraRtmSendPeerMessageErrorCode]>([:])
        for index in 0..<181 {
            alice.kit.send(AgoraRtmMessage(text: "m\(index)"), toPeer: "bob", sendMessageOptions: AgoraRtmSendMessageOptions()) { code in
                codes.withLock { $0[index] = code }
            }
        }
        try await world.requireWhenIdle("181 completions") { codes.withLock { $0.count } == 181 }
        let all = codes.withLock { $0 }
        #expect((0..<180).allSatisfy { all[$0] == .ok }, "\(all.filter { $0.value != .ok })")
        #expect(all[180] == .tooOften)
        await world.advance(by: .seconds(3))
        #expect(try await send("again", from: alice, to: "bob", in: world) == .ok)
    }

    @Test("sent while reconnecting: .failure at once, and never delivered")
    func whileReconnecting() async throws {
        let world = TestWorld()
        let faults = FaultInjector()
        let alice = AgoraUser("alice", in: world, faults: faults)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        bob.clear()
        faults.refusesConnections = true
        faults.severLinks()
        await world.advance(by: .seconds(4))
        try await alice.waitFor("state reconnecting interrupted", in: world)
        #expect(try await send("during", from: alice, to: "bob", in: world) == .failure)
        faults.refusesConnections = false
        await world.advance(by: .seconds(2))
        try await alice.waitFor("state connected loginSuccess", in: world)
        #expect(try await send("after", from: alice, to: "bob", in: world) == .ok)
        try await bob.waitFor("message after from alice", in: world)
        await world.advance(by: .seconds(1))
        #expect(bob.events == ["message after from alice"])
    }

    @Test("queryPeersOnlineStatus: online and offline peers")
    func queryPresence() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        let result = try await world.completion { done in
            alice.kit.queryPeersOnlineStatus(["bob", "carol"]) { statuses, code in
                done((statuses?.map { "\($0.peerId)=\($0.state)" }.sorted(), code))
            }
        }
        #expect(result.0 == ["bob=online", "carol=offline"])
        #expect(result.1 == .ok)
    }

    @Test("subscribePeersOnlineStatus: the current states at once through peersOnlineStatusChanged, then every change")
    func subscribe() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        alice.clear()
        alice.kit.subscribePeersOnlineStatus(["bob"]) { alice.record("subscribe \($0)") }
        try await alice.waitFor("peers bob=offline", in: world)
        #expect(alice.events == ["subscribe ok", "peers bob=offline"])
        try await bob.login(in: world)
        try await alice.waitFor("peers bob=online", in: world)
        let logout = try await world.completion { done in bob.kit.logout { done($0) } }
        #expect(logout == .ok)
        try await world.requireWhenIdle("two changes") { alice.events("peers").count == 3 }
        #expect(alice.events == ["subscribe ok", "peers bob=offline", "peers bob=online", "peers bob=offline"])
    }
}
