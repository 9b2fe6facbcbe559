import AgoraTestSupport
import Testing
import SwitchboardAgora
import SwitchboardClient
import SwitchboardCore
import SwitchboardTesting

/// Agora RTM 1.5's token rule (docs/AGORA.md, "Connection states (seed 002)"): `rtmKitTokenPrivilegeWillExpire`
/// 30 s before the expiry, `renewToken:completion:`, and, not renewed, the service ends the session at
/// the expiry: `connectionStateChanged(disconnected, tokenExpired)` (reason 9). Away at the expiry, the
/// kit hears `rtmKitTokenDidExpire` while reconnecting, without a state change.
@Suite("Agora conformance: token expiry")
struct AgoraConformanceTokenTests {
    @Test("rtmKitTokenPrivilegeWillExpire 30 s before the expiry, not earlier; renewed in time, the kit stays connected past the old expiry")
    func tokenWillExpire() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let alice = AgoraUser("alice", in: world)
        try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 60), in: world)
        alice.clear()
        await world.advance(by: .seconds(29))
        #expect(alice.events.isEmpty)
        await world.advance(by: .seconds(1))
        try await alice.waitFor("tokenWillExpire", in: world)
        #expect(alice.events == ["tokenWillExpire"])
        let renewed = try await world.completion { done in
            alice.kit.renewToken(ExpiringTokenVerifier.token(expiringAt: 120)) { done($1) }
        }
        #expect(renewed == .ok)
        await world.advance(by: .seconds(40))
        #expect(alice.events == ["tokenWillExpire"], "no more notices, still connected")
        #expect(world.service.sessionCount(user: "alice") == 1)
        // The renewed token warns and ends in its turn.
        await world.advance(by: .seconds(50))
        try await alice.waitFor("state disconnected tokenExpired", in: world)
        #expect(alice.events == ["tokenWillExpire", "tokenWillExpire", "state disconnected tokenExpired"])
    }

    @Test("not renewed: the service ends the session at the expiry, (disconnected, tokenExpired) after the notice, and peers see the user leave")
    func tokenExpiresWhileConnected() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let alice = AgoraUser("alice", in: world)
        let carol = AgoraUser("carol", in: world)
        try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 60), in: world)
        try await carol.login(in: world)
        let aliceChannel = try #require(alice.kit.createChannel(withId: "lobby", delegate: alice))
        let carolChannel = try #require(carol.kit.createChannel(withId: "lobby", delegate: carol))
        #expect(try await world.completion { done in carolChannel.join { done($0) } } == .channelErrorOk)
        #expect(try await world.completion { done in aliceChannel.join { done($0) } } == .channelErrorOk)
        try await carol.waitFor("memberJoined alice", in: world)
        alice.clear()
        carol.clear()

        await world.advance(by: .milliseconds(59_900))
        #expect(alice.events == ["tokenWillExpire"])
        #expect(!carol.events.contains("memberLeft alice"))
        await world.advance(by: .milliseconds(100))
        try await alice.waitFor("state disconnected tokenExpired", in: world)
        #expect(alice.events == ["tokenWillExpire", "state disconnected tokenExpired"])
        try await carol.waitFor("memberLeft alice", in: world)
        #expect(world.service.sessionCount(user: "alice") == 0)
        #expect(world.service.presence(of: "alice") == .offline)
        // Logged out: an expired token cannot log in again; a fresh one can.
        #expect(try await alice.loginCode(token: ExpiringTokenVerifier.token(expiringAt: 30), in: world) == .tokenExpired)
        #expect(try await alice.loginCode(token: ExpiringTokenVerifier.token(expiringAt: 600), in: world) == .ok)
    }

    @Test("renewToken with an already expired token: .tokenExpired, and the session still ends at the old expiry")
    func renewWithExpiredToken() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let alice = AgoraUser("alice", in: world)
        try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 60), in: world)
        await world.advance(by: .seconds(40))
        let refused = try await world.completion { done in
            alice.kit.renewToken(ExpiringTokenVerifier.token(expiringAt: 10)) { done($1) }
        }
        #expect(refused == .tokenExpired)
        alice.clear()
        await world.advance(by: .seconds(20))
        try await alice.waitFor("state disconnected tokenExpired", in: world)
        #expect(alice.events == ["state disconnected tokenExpired"])
    }

    @Test("away at the expiry: the service ends the session then (peers see the user offline at once, not 30 s after the link went); back, the kit hears rtmKitTokenDidExpire while reconnecting, and a renewed token logs it in afresh")
    func tokenExpiresWhileAway() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let faults = FaultInjector()
        let alice = AgoraUser("alice", in: world, faults: faults)
        let carol = AgoraUser("carol", in: world)
        try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 60), in: world)
        try await carol.login(in: world)
        #expect(try await world.completion { done in carol.kit.subscribePeersOnlineStatus(["alice"]) { done($0) } } == .ok)
        try await carol.waitFor("peers alice=online", in: world)
        await world.advance(by: .seconds(40))
        try await alice.waitFor("tokenWillExpire", in: world)
        alice.clear()
        carol.clear()

        faults.refusesConnections = true
        faults.severLinks()
        await world.advance(by: .seconds(19))
        #expect(alice.events == ["state reconnecting interrupted"])
        #expect(world.service.sessionCount(user: "alice") == 1, "in the reconnect grace")
        await world.advance(by: .seconds(1))
        try await carol.waitFor("peers alice=offline", in: world)
        #expect(world.service.sessionCount(user: "alice") == 0, "ended at the expiry, not at 70 s")

        faults.refusesConnections = false
        await world.advance(by: .seconds(4))
        try await alice.waitFor("tokenDidExpire", in: world)
        #expect(alice.events.allSatisfy { $0 == "state reconnecting interrupted" || $0 == "tokenDidExpire" },
                "rtmKitTokenDidExpire does not change the state: \(alice.events)")
        let renewed = try await world.completion { done in
            alice.kit.renewToken(ExpiringTokenVerifier.token(expiringAt: 3600)) { done($1) }
        }
        #expect(renewed == .ok)
        await world.advance(by: .seconds(5))
        try await alice.waitFor("state connected loginSuccess", in: world)
        try await carol.waitFor("peers alice=online", in: world)
        #expect(world.service.sessionCount(user: "alice") == 1)
    }
}
