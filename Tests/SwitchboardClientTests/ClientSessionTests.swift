import Testing
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardTesting
import SwitchboardWire

/// A verifier for tests: "ok" tokens pass, anything else is refused.
struct OKVerifier: TokenVerifier {
    func verify(token: String?, user: UserID, app: AppConfiguration?, vendorApp: String, surface: String?, at now: Timestamp)
        throws(SignalingError) -> TokenGrant
    {
        guard token == "ok" else { throw SignalingError(.invalidToken, "bad token") }
        return TokenGrant(expiresAt: nil)
    }
}

private func isMessage(_ text: String) -> @Sendable (ClientEvent) -> Bool {
    { event in
        if case .server(.message(let message)) = event, message.content == .text(text) { return true }
        return false
    }
}

@Suite("Client session")
struct ClientSessionTests {
    @Test("login reports connecting then connected; logout reports disconnected (logout)")
    func loginLogout() async throws {
        let world = TestWorld()
        let alice = try await world.login("alice")
        #expect(alice.connectionChanges == [
            ConnectionChangeEvent(state: .connecting, reason: .login),
            ConnectionChangeEvent(state: .connected, reason: .loginSuccess),
        ])
        #expect(await alice.session.state == .connected)
        try await alice.session.logout()
        #expect(await alice.session.state == .disconnected)
        try await alice.nextConnection(.disconnected)
        #expect(alice.connectionChanges.last == ConnectionChangeEvent(state: .disconnected, reason: .logout))
        await world.runUntilIdle()
        #expect(world.service.presence(of: "alice") == .offline)
        await #expect(throws: SignalingError.self) { try await alice.session.logout() }
        await #expect(throws: SignalingError.self) { _ = try await alice.session.activeCalls() }
        // And in again.
        try await alice.session.login()
        #expect(await alice.session.state == .connected)
    }

    @Test("a refused login fails with the service's error and reports loginFailure")
    func refusedLogin() async throws {
        let world = TestWorld(configuration: ServiceConfiguration(apps: [AppConfiguration(id: "a", vendorIDs: ["test-app"], secret: "s")]),
                              verifier: OKVerifier())
        let alice = world.client("alice", token: "bad")
        await #expect(throws: SignalingError(.invalidToken, "bad token")) { try await alice.session.login() }
        #expect(alice.connectionChanges.last == ConnectionChangeEvent(state: .disconnected, reason: .loginFailure))
        let bob = world.client("bob", token: "ok")
        try await bob.session.login()
        await #expect(throws: SignalingError.self) { try await bob.session.login() }
    }

    @Test("a login that cannot reach the service times out after the login timeout (12 s), not before")
    func loginTimeout() async throws {
        let world = TestWorld()
        let faults = FaultInjector()
        faults.refusesConnections = true
        let alice = world.client("alice", faults: faults)
        let login = world.task { try await alice.session.login() }
        try await alice.nextConnection(.connecting)  // the login timer is armed: time may move
        await world.advance(by: .seconds(11))
        #expect(await alice.session.state == .connecting)
        await world.advance(by: .seconds(1))
        let result = try await world.result(of: login)
        #expect(throws: SignalingError.self) { try result.get() }
        #expect(alice.connectionChanges.last == ConnectionChangeEvent(state: .disconnected, reason: .loginTimeout))
    }

    @Test("a severed link: reconnecting (interrupted) after 4 s, back to connected (loginSuccess), nothing lost or repeated")
    func severedLinkResumes() async throws {
        let world = TestWorld()
        let alice = try await world.login("alice")
        let bobFaults = FaultInjector()
        let bob = try await world.login("bob", faults: bobFaults)
        bobFaults.severLinks()
        for index in 0..<3 {
            _ = try await alice.session.sendMessage(PeerMessageRequest(to: "bob", content: .text("m\(index)")))
        }
        await world.advance(by: .seconds(3))
        #expect(await bob.session.state == .connected, "not yet: 4 s of silence first")
        await world.advance(by: .seconds(2))
        let change = try await bob.nextConnection(.reconnecting)
        #expect(change.reason == .interrupted)
        try await bob.nextConnection(.connected)
        #expect(bob.connectionChanges.last == ConnectionChangeEvent(state: .connected, reason: .loginSuccess))
        for index in 0..<3 {
            try await bob.next(where: isMessage("m\(index)"))
        }
        _ = try await alice.session.sendMessage(PeerMessageRequest(to: "bob", content: .text("after")))
        try await bob.next(where: isMessage("after"))
        let messages = bob.serverEvents.filter { if case .message = $0 { true } else { false } }
        #expect(messages.count == 4, "each message exactly once")
        #expect(world.service.presence(of: "bob") != .offline)
    }

    @Test("a link closed briefly is repaired without any visible state change")
    func silentRepair() async throws {
        let world = TestWorld()
        let alice = try await world.login("alice")
        let bobFaults = FaultInjector()
        let bob = try await world.login("bob", faults: bobFaults)
        bobFaults.closeLinks()
        _ = try await alice.session.sendMessage(PeerMessageRequest(to: "bob", content: .text("during")))
        await world.advance(by: .seconds(2))
        try await bob.next(where: isMessage("during"))
        await world.advance(by: .seconds(10))
        #expect(bob.connectionChanges.count == 2, "only the login's two changes: \(bob.connectionChanges)")
        #expect(await bob.session.state == .connected)
    }

    @Test("a session lost past the grace period is replaced by a fresh login on return, and the owner is told")
    func replacedAfterGrace() async throws {
        let world = TestWorld()
        let bobFaults = FaultInjector()
        let bob = try await world.login("bob", faults: bobFaults)
        let first = await bob.session.sessionID
        bobFaults.refusesConnections = true
        bobFaults.severLinks()
        await world.advance(by: .seconds(35))
        #expect(world.service.presence(of: "bob") == .offline)
        #expect(await bob.session.state == .reconnecting)
        bobFaults.refusesConnections = false
        await world.advance(by: .seconds(5))
        try await bob.nextConnection(.connected)
        try await bob.next { $0 == .sessionReplaced }
        #expect(await bob.session.sessionID != first)
        #expect(world.service.presence(of: "bob") == .online)
    }

    @Test("a request whose response was lost is re-sent after the resume with its id and runs once")
    func requestRunsOnce() async throws {
        let world = TestWorld()
        _ = try await world.login("bob")
        let faults = FaultInjector()
        let alice = try await world.login("alice", faults: faults)
        faults.dropFramesToClient { if case .response = $0 { true } else { false } }
        let invite = world.task { try await alice.session.invite(InviteRequest(invitees: ["bob"])) }
        try await world.requireWhenIdle("the invitation reached the service") { world.service.activeCalls().count == 1 }
        faults.severLinks()
        await world.advance(by: .seconds(6))
        let call = try await world.result(of: invite).get()
        #expect(world.service.activeCalls().map(\.id) == [call.id])
    }

    @Test("a request without an answer fails after the request timeout")
    func requestTimeout() async throws {
        let world = TestWorld()
        let faults = FaultInjector()
        let alice = try await world.login("alice", faults: faults)
        faults.dropFramesToService { if case .request = $0 { true } else { false } }
        let query = world.task { try await alice.session.activeCalls() }
        try await world.requireWhenIdle("the request is out") { await alice.session.pendingRequestCount == 1 }
        await world.advance(by: .seconds(9))
        #expect(await alice.session.pendingRequestCount == 1, "not timed out before 10 s")
        await world.advance(by: .seconds(2))
        let result = try await world.result(of: query)
        #expect(throws: SignalingError(.timeout, "no response to call.active in time")) { try result.get() }
    }

    @Test("while reconnecting, messages fail at once; calls wait for the link")
    func whileReconnecting() async throws {
        let world = TestWorld()
        let faults = FaultInjector()
        let alice = try await world.login("alice", faults: faults)
        faults.refusesConnections = true
        faults.closeLinks()
        await world.runUntilIdle()
        await #expect(throws: SignalingError.self) {
            _ = try await alice.session.sendMessage(PeerMessageRequest(to: "bob", content: .text("x")))
        }
        let calls = world.task { try await alice.session.activeCalls() }
        try await world.requireWhenIdle("the request waits") { await alice.session.pendingRequestCount == 1 }
        await world.advance(by: .seconds(2))
        faults.refusesConnections = false
        await world.advance(by: .seconds(3))
        #expect(try await world.result(of: calls).get().isEmpty)
    }

    @Test("another login of the same user under single-device aborts this one (remoteLogin); requests then fail")
    func remoteLogin() async throws {
        let world = TestWorld()
        let first = try await world.login("alice", device: "phone", loginPolicy: .singleDevice)
        _ = try await world.login("alice", device: "tablet", loginPolicy: .singleDevice)
        let change = try await first.nextConnection(.aborted)
        #expect(change.reason == .remoteLogin)
        await #expect(throws: SignalingError.self) { _ = try await first.session.activeCalls() }
        await #expect(throws: SignalingError.self) { try await first.session.login() }
        try await first.session.logout()
        let loggedOut = try await first.nextConnection(.disconnected)
        #expect(loggedOut.reason == .logout)
    }

    @Test("heartbeats keep an idle session online for minutes")
    func heartbeats() async throws {
        let world = TestWorld()
        let alice = try await world.login("alice")
        await world.advance(by: .seconds(90))
        #expect(world.service.presence(of: "alice") == .online)
        #expect(alice.connectionChanges.count == 2)
    }

    @Test("the callee's client acknowledges delivery and the caller's client confirms a three-way accept, unasked")
    func protocolDuties() async throws {
        let world = TestWorld()
        let alice = try await world.login("alice")
        let bob = try await world.login("bob")
        let call = try await alice.session.invite(InviteRequest(invitees: ["bob"], profile: .agora))
        try await bob.nextCall(.invited)
        let received = try await alice.nextCall(.participantsChanged)
        #expect(received.call.participant("bob")?.state == .received)
        _ = try await bob.session.act(.accept(data: "yes"), on: call.id)
        let accepting = try await alice.nextCall(.participantsChanged)
        #expect(accepting.call.participant("bob")?.state == .accepting)
        try await bob.nextCall(.acceptConfirmed)
        try await alice.nextCall(.ended)
    }

    @Test("the token's expiry notices reach the client; a renewed token is used from then on")
    func tokenNotices() async throws {
        struct ExpiringVerifier: TokenVerifier {
            let expiry: Timestamp
            func verify(token: String?, user: UserID, app: AppConfiguration?, vendorApp: String, surface: String?, at now: Timestamp)
                throws(SignalingError) -> TokenGrant
            {
                TokenGrant(expiresAt: token == "renewed" ? expiry + .seconds(3600) : expiry)
            }
        }
        let expiry = TestWorld.defaultEpoch + .seconds(40)
        let world = TestWorld(configuration: ServiceConfiguration(apps: [AppConfiguration(id: "a", vendorIDs: ["test-app"], secret: "s")]),
                              verifier: ExpiringVerifier(expiry: expiry))
        let alice = try await world.login("alice")
        #expect(await alice.session.tokenExpiresAt == expiry)
        await world.advance(by: .seconds(11))
        try await alice.next { $0 == .server(.tokenWillExpire(expiresAt: expiry)) }
        let renewed = try await alice.session.renewToken("renewed")
        #expect(renewed == expiry + .seconds(3600))
        await world.advance(by: .seconds(40))
        #expect(await alice.session.state == .connected, "the renewed token keeps the session past the old expiry")
    }

    @Test("a token that runs out unrenewed: the service's bye ends the session in disconnected (tokenExpired)")
    func tokenExpiryEndsTheSession() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let alice = try await world.login("alice", token: ExpiringTokenVerifier.token(expiringAt: 40))
        await world.advance(by: .seconds(40))
        try await alice.next { $0 == .connection(.disconnected, .tokenExpired) }
        #expect(await alice.session.state == .disconnected)
        #expect(world.service.sessionCount(user: "alice") == 0)
    }

    @Test("a delayed link delivers every frame later, in order, without disturbing the session")
    func delayedLink() async throws {
        let world = TestWorld()
        let alice = try await world.login("alice")
        let bobFaults = FaultInjector()
        let bob = try await world.login("bob", faults: bobFaults)
        bobFaults.delay = .seconds(1)
        for index in 0..<3 {
            _ = try await alice.session.sendMessage(PeerMessageRequest(to: "bob", content: .text("m\(index)")))
        }
        await world.advance(by: .milliseconds(750))
        #expect(!bob.serverEvents.contains { if case .message = $0 { true } else { false } }, "not yet")
        await world.advance(by: .milliseconds(500))
        for index in 0..<3 {
            try await bob.next(where: isMessage("m\(index)"))
        }
        await world.advance(by: .seconds(10))
        #expect(bob.connectionChanges.count == 2, "heartbeats still get through: \(bob.connectionChanges)")
        // Without a delay, new frames still queue behind those already on the delayed line (order is
        // kept), so they arrive once the last delayed frame has.
        bobFaults.delay = .zero
        _ = try await alice.session.sendMessage(PeerMessageRequest(to: "bob", content: .text("after")))
        await world.advance(by: .seconds(1))
        try await bob.next(where: isMessage("after"))
    }

    @Test("a refused second login leaves the running session's event stream untouched")
    func secondLoginKeepsTheStream() async throws {
        let world = TestWorld()
        let alice = try await world.login("alice")
        let bob = try await world.login("bob")
        _ = try await alice.session.sendMessage(PeerMessageRequest(to: "bob", content: .text("one")))
        try await bob.next(where: isMessage("one"))
        await #expect(throws: SignalingError.self) { try await bob.session.login() }
        _ = try await alice.session.sendMessage(PeerMessageRequest(to: "bob", content: .text("two")))
        try await bob.next(where: isMessage("two"))
        await world.advance(by: .seconds(2))
        let messages = bob.serverEvents.filter { if case .message = $0 { true } else { false } }
        #expect(messages.count == 2, "no replay, no loss: \(messages)")
        #expect(bob.connectionChanges.count == 2)
    }

    @Test("a hello lost while reconnecting is given up after the handshake timeout and tried again")
    func lostHelloIsRetried() async throws {
        let world = TestWorld()
        let faults = FaultInjector()
        let alice = try await world.login("alice", faults: faults)
        faults.dropFramesToService(2) { if case .hello = $0 { true } else { false } }
        faults.severLinks()
        await world.advance(by: .seconds(5))
        try await alice.nextConnection(.reconnecting)
        await world.advance(by: .seconds(15))
        try await alice.nextConnection(.connected)
        #expect(await alice.session.state == .connected)
        #expect(world.service.sessionCount(user: "alice") == 1)
    }

    @Test("after shutdown the session is over: every call fails at once")
    func shutdownIsFinal() async throws {
        let world = TestWorld()
        let alice = try await world.login("alice")
        await alice.session.shutdown()
        await #expect(throws: SignalingError(.cancelled, "the session was shut down")) { try await alice.session.login() }
        await #expect(throws: SignalingError(.cancelled, "the session was shut down")) { _ = try await alice.session.activeCalls() }
    }

    @Test("a session the app drops without logging out is freed, and its link closes")
    func abandonedSessionIsFreed() async throws {
        final class WeakReference: @unchecked Sendable {
            // Written once before the checks below read it.
            weak var session: ClientSession?
        }
        let world = TestWorld()
        let reference = WeakReference()
        do {
            let session = ClientSession(
                configuration: ClientConfiguration(app: "test-app", user: "ghost", device: "g1"),
                transport: world.transport(), clock: world.serviceClock, executor: world.executor)
            try await session.login()
            reference.session = session
            #expect(world.service.sessionCount(user: "ghost") == 1)
        }
        try await world.requireWhenIdle("the dropped session is freed") { reference.session == nil }
        try await world.requireWhenIdle("its link is closed") { world.service.connectionCount == 0 }
    }
}
