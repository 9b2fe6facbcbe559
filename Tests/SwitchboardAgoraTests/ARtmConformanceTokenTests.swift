import Testing
import SwitchboardARtm
import SwitchboardClient
import SwitchboardCore
import SwitchboardTesting

/// anyRTC's token rule (docs/AGORA.md, "anyRTC differences"): no will-expire callback and no reason 9.
/// The service still ends the session at the expiry; the kit shows it as anyRTC shows an expired token,
/// through a reconnect it refuses: (reconnecting, interrupted), then `rtmKitTokenDidExpire`, until
/// `renewToken:completion:` gives it a token that logs it in afresh.
@Suite("anyRTC conformance: token expiry")
struct ARtmConformanceTokenTests {
    @Test("no notice before the expiry; at the expiry the service ends the session and the kit reconnects, hearing rtmKitTokenDidExpire; a renewed token logs it in afresh and it rejoins its channel")
    func expiryReconnects() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let alice = ARtmUser("alice", in: world)
        let bob = ARtmUser("bob", in: world)
        try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 60), in: world)
        try await bob.login(in: world)
        let aliceChannel = try #require(alice.kit.createChannel(withId: "room", delegate: alice))
        let bobChannel = try #require(bob.kit.createChannel(withId: "room", delegate: bob))
        #expect(try await world.completion { done in bobChannel.join { done($0) } } == .channelErrorOk)
        #expect(try await world.completion { done in aliceChannel.join { done($0) } } == .channelErrorOk)
        try await bob.waitFor("memberJoined alice room", in: world)
        alice.clear()
        bob.clear()

        await world.advance(by: .milliseconds(59_900))
        #expect(alice.events.isEmpty, "anyRTC has no will-expire callback: \(alice.events)")
        await world.advance(by: .milliseconds(100))
        try await alice.waitFor("tokenDidExpire", in: world)
        #expect(Array(alice.events.prefix(2)) == ["state reconnecting interrupted", "tokenDidExpire"])
        try await bob.waitFor("memberLeft alice room", in: world)
        #expect(world.service.sessionCount(user: "alice") == 0, "the service ended the session")

        // Every attempt with the expired token is refused; the state stays reconnecting.
        await world.advance(by: .seconds(10))
        #expect(alice.events.allSatisfy { $0 == "state reconnecting interrupted" || $0 == "tokenDidExpire" }, "\(alice.events)")
        #expect(world.service.sessionCount(user: "alice") == 0)

        let renewed = try await world.completion { done in
            alice.kit.renewToken(ExpiringTokenVerifier.token(expiringAt: 3600)) { done($1) }
        }
        #expect(renewed == .ok)
        await world.advance(by: .seconds(5))
        try await alice.waitFor("state connected loginSuccess", in: world)
        try await bob.waitFor("memberJoined alice room", in: world)
        #expect(world.service.sessionCount(user: "alice") == 1)
    }

    @Test("renewed before the expiry: nothing happens at the old expiry")
    func renewalKeepsTheSession() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let alice = ARtmUser("alice", in: world)
        try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 60), in: world)
        alice.clear()
        await world.advance(by: .seconds(50))
        let renewed = try await world.completion { done in
            alice.kit.renewToken(ExpiringTokenVerifier.token(expiringAt: 3600)) { done($1) }
        }
        #expect(renewed == .ok)
        await world.advance(by: .seconds(30))
        #expect(alice.events.isEmpty, "\(alice.events)")
        #expect(world.service.sessionCount(user: "alice") == 1)
    }

    @Test("renewToken with an already expired token: .tokenExpired, and the session still ends at the old expiry")
    func renewWithExpiredToken() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let alice = ARtmUser("alice", in: world)
        try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 60), in: world)
        await world.advance(by: .seconds(40))
        let refused = try await world.completion { done in
            alice.kit.renewToken(ExpiringTokenVerifier.token(expiringAt: 10)) { done($1) }
        }
        #expect(refused == .tokenExpired)
        alice.clear()
        await world.advance(by: .seconds(20))
        try await alice.waitFor("tokenDidExpire", in: world)
        #expect(world.service.sessionCount(user: "alice") == 0)
    }
}
