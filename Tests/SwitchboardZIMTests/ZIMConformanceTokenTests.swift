import Testing
import SwitchboardClient
import SwitchboardCore
import SwitchboardTesting
import SwitchboardZIM

/// ZIM's token rule, enforced by the service (docs/ZIM.md, "Tokens"): `zim:tokenWillExpire:` 30 s
/// before, `renewToken`, and, not renewed, `connectionStateChanged(disconnected, tokenExpired)` at the
/// expiry, connected or away.
@Suite("ZIM conformance: token expiry")
struct ZIMConformanceTokenTests {
    @Test("not renewed: at the expiry, not before, the service ends the session: disconnected tokenExpired after the notice, and the call the user placed is cancelled as when a caller goes offline")
    func expiryEndsTheSession() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let alice = ZIMUser("alice", in: world)
        let bob = ZIMUser("bob", in: world)
        #expect(try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 60), in: world).code == .ZIMErrorCodeSuccess)
        #expect(try await bob.login(in: world).code == .ZIMErrorCodeSuccess)
        await world.advance(by: .seconds(50))
        let call = try await alice.invite(["bob"], timeout: 90, in: world)
        #expect(call.code == .ZIMErrorCodeSuccess)
        try await bob.waitFor(prefix: "received \(call.callID)", in: world)
        alice.clear()
        bob.clear()

        await world.advance(by: .milliseconds(9_900))
        await world.runUntilIdle()
        #expect(alice.events.filter { $0.hasPrefix("connection") }.isEmpty)
        await world.advance(by: .milliseconds(100))
        try await alice.waitFor("connection disconnected tokenExpired", in: world)
        #expect(world.service.sessionCount(user: "alice") == 0)
        try await bob.waitFor(prefix: "cancelled \(call.callID) inviter=alice", in: world)
        #expect(alice.events.last == "connection disconnected tokenExpired")
        #expect(try await alice.invite(["bob"], in: world).code == .ZIMErrorCodeNetworkModuleUserIsNotLogged)
    }

    @Test("renewToken with an already expired token: 6000106, and the session still ends at the old expiry")
    func renewWithExpiredToken() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let alice = ZIMUser("alice", in: world)
        #expect(try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 60), in: world).code == .ZIMErrorCodeSuccess)
        await world.advance(by: .seconds(40))
        let refused: ZIMErrorCode = try await world.completion { done in
            alice.zim.renewToken(ExpiringTokenVerifier.token(expiringAt: 10)) { _, error in done(error.code) }
        }
        #expect(refused == .ZIMErrorCodeNetworkModuleTokenExpired)
        alice.clear()
        await world.advance(by: .seconds(20))
        try await alice.waitFor("connection disconnected tokenExpired", in: world)
        #expect(alice.events == ["connection disconnected tokenExpired"])
    }

    @Test("away at the expiry: the service ends the session then; back, the reconnect is refused and ZIM stops with disconnected tokenExpired, then a fresh token logs in")
    func expiryWhileAway() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let faults = FaultInjector()
        let alice = ZIMUser("alice", in: world, faults: faults)
        #expect(try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 60), in: world).code == .ZIMErrorCodeSuccess)
        await world.advance(by: .seconds(40))
        try await alice.waitFor("tokenWillExpire 30", in: world)
        alice.clear()

        faults.refusesConnections = true
        faults.severLinks()
        await world.advance(by: .seconds(19))
        #expect(alice.events == ["connection reconnecting loginInterrupted"])
        #expect(world.service.sessionCount(user: "alice") == 1, "in the reconnect grace")
        await world.advance(by: .seconds(1))
        #expect(world.service.sessionCount(user: "alice") == 0, "ended at the expiry, not 30 s after the link went")

        faults.refusesConnections = false
        await world.advance(by: .seconds(4))
        try await alice.waitFor("connection disconnected tokenExpired", in: world)
        await world.advance(by: .seconds(20))
        #expect(alice.events == ["connection reconnecting loginInterrupted", "connection disconnected tokenExpired"],
                "no more attempts")
        #expect(try await alice.invite(["bob"], in: world).code == .ZIMErrorCodeNetworkModuleUserIsNotLogged)
        #expect(try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 3600), in: world).code == .ZIMErrorCodeSuccess)
    }

    @Test("renewed while away, before the expiry: the session resumes with the new token and outlives the old expiry")
    func renewalWhileAway() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let faults = FaultInjector()
        let alice = ZIMUser("alice", in: world, faults: faults)
        #expect(try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 60), in: world).code == .ZIMErrorCodeSuccess)
        await world.advance(by: .seconds(40))
        faults.refusesConnections = true
        faults.severLinks()
        await world.advance(by: .seconds(5))
        let renewed: ZIMErrorCode = try await world.completion { done in
            alice.zim.renewToken(ExpiringTokenVerifier.token(expiringAt: 3600)) { _, error in done(error.code) }
        }
        #expect(renewed == .ZIMErrorCodeSuccess)
        alice.clear()
        faults.refusesConnections = false
        await world.advance(by: .seconds(5))
        try await alice.waitFor("connection connected success", in: world)
        await world.advance(by: .seconds(30))
        #expect(alice.events == ["connection connected success"], "\(alice.events)")
        #expect(world.service.sessionCount(user: "alice") == 1)
    }
}
