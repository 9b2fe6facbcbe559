import Testing
import SwitchboardAtomicX
import SwitchboardClient
import SwitchboardCore
import SwitchboardTesting

/// Tencent's UserSig rule, enforced by the service (docs/TENCENT.md, "Login, tokens, profiles"): no
/// notice before a UserSig runs out and no renewal; at its expiry the service ends the session, and the
/// app hears `loginExpired` (LoginStore) and `onUserSigExpired` (TUICallObserver), connected or away.
@Suite("Tencent: UserSig expiry")
struct TencentTokenExpiryTests {
    @Test("no notice; at the sig's expiry, not before, the service ends the session: loginExpired, then onUserSigExpired, and unlogin")
    func expiryEndsTheSession() async throws {
        let verified = VerifiedWorld()
        let world = verified.world
        let alice = TencentUser("alice", in: world)
        #expect(try await alice.login(sig: verified.userSig("alice", expire: 60), in: world).isSuccess)
        alice.clear()
        await world.advance(by: .milliseconds(59_900))
        await world.runUntilIdle()
        #expect(alice.events.isEmpty, "the IM SDK has no will-expire notice: \(alice.events)")
        #expect(world.service.sessionCount(app: "tencent-app", user: "alice") == 1)

        await world.advance(by: .milliseconds(100))
        try await alice.waitFor("tui.sigExpired", in: world)
        #expect(alice.events == ["login.loginExpired", "tui.sigExpired"])
        #expect(world.service.sessionCount(app: "tencent-app", user: "alice") == 0)
        #expect(alice.loginStore.state.value.loginStatus == .unlogin)
    }

    @Test("away at the expiry, in a call: the service ends the session then, so the other side's call ends at the expiry; back, the refused reconnect says loginExpired and onUserSigExpired")
    func expiryWhileAway() async throws {
        let verified = VerifiedWorld()
        let world = verified.world
        let faults = FaultInjector()
        let alice = TencentUser("alice", in: world, faults: faults)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.login(sig: verified.userSig("alice", expire: 60), in: world).isSuccess)
        #expect(try await bob.login(sig: verified.userSig("bob"), in: world).isSuccess)
        let callID = try await alice.awaiting.connect(to: bob, in: world)
        await world.advance(by: .seconds(40))
        alice.clear()
        bob.clear()

        faults.refusesConnections = true
        faults.severLinks()
        await world.advance(by: .seconds(19))
        #expect(bob.events("ended").isEmpty, "in alice's reconnect grace: \(bob.events)")
        await world.advance(by: .seconds(1))
        try await bob.waitFor(prefix: "ended \(callID)", in: world)
        #expect(world.service.sessionCount(app: "tencent-app", user: "alice") == 0, "ended at the expiry, not 30 s after the link went")
        #expect(alice.events("login.").isEmpty, "alice has not heard yet: \(alice.events)")

        faults.refusesConnections = false
        await world.advance(by: .seconds(4))
        try await alice.waitFor("tui.sigExpired", in: world)
        #expect(alice.events.filter { $0.hasPrefix("login.") || $0.hasPrefix("tui.sig") } == ["login.loginExpired", "tui.sigExpired"])
        try await alice.waitFor(prefix: "ended \(callID)", in: world)
        #expect(alice.loginStore.state.value.loginStatus == .unlogin)
    }
}
