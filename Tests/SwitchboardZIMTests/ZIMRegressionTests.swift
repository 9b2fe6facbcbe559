import Testing
import SwitchboardClient
import SwitchboardTesting
import SwitchboardWire
import SwitchboardZIM

/// Behaviours a review of the surface found wrong, pinned so they stay fixed.
@Suite("ZIM regressions")
struct ZIMRegressionTests {
    @Test("logout then login at once: the second login succeeds (the instance is logged out as soon as logout() returns)")
    func logoutThenLogin() async throws {
        let scene = ZIMScene()
        let alice = ZIMUser("alice", in: scene.world)
        try await alice.login(in: scene.world)
        alice.zim.logout()
        let config = ZIMLoginConfig()
        config.token = "token"
        let error: ZIMError = try await scene.world.completion { done in
            alice.zim.login(withUserID: "alice", config: config) { done(ZIMErrorBox($0)) }
        }.error
        #expect(error.code == .ZIMErrorCodeSuccess)
        try await alice.waitFor("connection connected success", in: scene.world)
        #expect(alice.events.suffix(3) == [
            "connection disconnected success", "connection connecting activeLogin", "connection connected success",
        ])
    }

    @Test("a member who quit and is invited again gets callInvitationReceived again")
    func quitThenInvitedAgain() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await scene.flowRing(alice, ["bob", "carol"], mode: .advanced, everyone: users)
        #expect(try await bob.accept(id, in: scene.world) == .ZIMErrorCodeSuccess)
        #expect(try await carol.accept(id, in: scene.world) == .ZIMErrorCodeSuccess)
        #expect(try await bob.quit(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await carol.waitFor("state \(id) bob:quit", in: scene.world)
        await scene.world.runUntilIdle()
        bob.clear()

        #expect(try await carol.callingInvite(["bob"], id, in: scene.world).code == .ZIMErrorCodeSuccess)
        try await bob.waitFor(prefix: "received \(id) mode=advanced caller=alice inviter=carol", in: scene.world)
        #expect(try await bob.accept(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("state \(id) bob:accepted", in: scene.world)
    }

    @Test("per-user cancel in advanced mode: beCancelled in the events and in the invitation list alike")
    func beCancelledEverywhere() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await scene.flowRing(alice, ["bob", "carol"], mode: .advanced, timeout: 30, everyone: users)
        await scene.world.advance(by: .seconds(1))
        _ = try await alice.cancel(["bob"], id, in: scene.world)
        try await alice.waitFor("state \(id) bob:beCancelled", in: scene.world)
        await scene.world.advance(by: .seconds(1))
        #expect(try await carol.reject(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("state \(id) carol:rejected", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events.filter { $0.contains("bob:cancelled") }.isEmpty, "\(alice.events)")
        #expect(bob.events.last == "cancelled \(id) inviter=alice mode=advanced data=")

        let page = try await alice.query(count: 10, in: scene.world)
        #expect(page.calls == ["\(id) ended mode=advanced caller=alice inviter=alice data= users=alice:accepted,bob:beCancelled,carol:rejected"])
    }

    @Test("cancelling a whole advanced invitation: the caller sees each invitee cancelled once, not beCancelled first")
    func wholeAdvancedCancelDoesNotFlip() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let alice = users[0]
        let id = try await scene.flowRing(alice, ["bob", "carol"], mode: .advanced, everyone: users)
        await scene.world.advance(by: .seconds(1))
        _ = try await alice.cancel([], id, in: scene.world)
        try await alice.waitFor("state \(id) bob:cancelled,carol:cancelled", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events.filter { $0.contains("beCancelled") }.isEmpty, "\(alice.events)")
        #expect(alice.events.filter { $0.hasPrefix("state \(id)") }.count == 4, "created, two receipts, the cancel: \(alice.events)")
    }

    @Test("a query waiting for a lost request does not hold up the calls behind it")
    func queryDoesNotBlockCalls() async throws {
        let scene = ZIMScene()
        let faults = FaultInjector()
        let alice = ZIMUser("alice", in: scene.world)
        let bob = ZIMUser("bob", in: scene.world, faults: faults)
        try await alice.login(in: scene.world)
        try await bob.login(in: scene.world)
        let sent = try await alice.invite(["bob"], in: scene.world)
        try await alice.waitFor("state \(sent.callID) bob:received", in: scene.world)

        faults.dropFramesToService(1) { frame in
            if case .request(let request) = frame { request.operation.name == "call.active" } else { false }
        }
        let config = ZIMCallInvitationQueryConfig()
        config.count = 10
        bob.zim.queryCallInvitationList(with: config) { _, _, error in bob.record("query \(error.code.rawValue)") }
        // The accept goes out and completes while the query still waits for its lost request.
        #expect(try await bob.accept(sent.callID, in: scene.world) == .ZIMErrorCodeSuccess)
        #expect(bob.events("query").isEmpty)
        await scene.world.advance(by: .seconds(10))
        try await bob.waitFor("query 6000105", in: scene.world)
    }
}
