import Testing
import SwitchboardClient
import SwitchboardTesting
import SwitchboardZIM

/// Seed 003 and docs/ZIM.md, "ZIM's documented limits and rules", on users who are not there: the
/// delivery check (`enableNotReceivedCheck`, 5 s: "Delivery check"), offline invitees
/// ("Offline invitees stay inviting"), a caller who logs out or drops (the 30 s offline grace of
/// DECISIONS.md), and the state changes a member missed while offline (ZEGO: "delivered all at once when
/// they log in").
@Suite("ZIM conformance flows: offline users and delivery")
struct ZIMConformanceFlowPresenceTests {
    @Test("enableNotReceivedCheck, callee offline: bob:notYetReceived at 5 s (not at 4.9 s); bob logs in before the timeout → received, bob:received")
    func notYetReceived() async throws {
        let scene = ZIMScene()
        let alice = try await scene.flowUsers("alice")[0]
        let bob = scene.user("bob")
        let sent = try await alice.invite(["bob"], timeout: 30, notReceivedCheck: true, in: scene.world)
        #expect(sent.code == .ZIMErrorCodeSuccess)
        let id = sent.callID
        try await alice.waitFor("state \(id) alice:accepted,bob:inviting", in: scene.world)
        let ringing = [
            "created \(id) mode=general caller=alice data= timeout=30 users=alice:accepted,bob:inviting",
            "state \(id) alice:accepted,bob:inviting",
        ]

        await scene.world.advance(by: .milliseconds(4900))
        await scene.world.runUntilIdle()
        #expect(alice.events == ringing, "not yet: the window is 5 s")
        await scene.world.advance(by: .milliseconds(100))
        try await alice.waitFor("state \(id) bob:notYetReceived", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events == ringing + ["state \(id) bob:notYetReceived"])

        try await bob.login(in: scene.world)
        try await alice.waitFor("state \(id) bob:received", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events == ringing + ["state \(id) bob:notYetReceived", "state \(id) bob:received"])
        #expect(bob.events == [
            "connection connecting activeLogin",
            "connection connected success",
            "received \(id) mode=general caller=alice inviter=alice data= timeout=30 users=alice:accepted,bob:notYetReceived",
            "state \(id) alice:accepted,bob:notYetReceived",
            "state \(id) bob:received",
        ])
    }

    @Test("without enableNotReceivedCheck an offline invitee stays inviting: no notYetReceived line after 5 s (or later)")
    func noDeliveryCheck() async throws {
        let scene = ZIMScene()
        let alice = try await scene.flowUsers("alice")[0]
        let sent = try await alice.invite(["bob"], timeout: 30, in: scene.world)
        let id = sent.callID
        try await alice.waitFor("state \(id) alice:accepted,bob:inviting", in: scene.world)

        await scene.world.advance(by: .seconds(6))
        await scene.world.runUntilIdle()
        #expect(alice.events == [
            "created \(id) mode=general caller=alice data= timeout=30 users=alice:accepted,bob:inviting",
            "state \(id) alice:accepted,bob:inviting",
        ])
        await scene.world.advance(by: .seconds(20))
        await scene.world.runUntilIdle()
        #expect(alice.events.count == 2, "still inviting at 26 s: \(alice.events)")
    }

    @Test("offline invitee: stays inviting; logs in before the timeout (at 29 s of 30) → received, and the caller sees bob:received")
    func offlineInviteeLogsInInTime() async throws {
        let scene = ZIMScene()
        let alice = try await scene.flowUsers("alice")[0]
        let bob = scene.user("bob")
        let sent = try await alice.invite(["bob"], timeout: 30, data: "d", in: scene.world)
        let id = sent.callID
        try await alice.waitFor("state \(id) alice:accepted,bob:inviting", in: scene.world)
        await scene.world.advance(by: .seconds(29))
        await scene.world.runUntilIdle()
        let ringing = [
            "created \(id) mode=general caller=alice data=d timeout=30 users=alice:accepted,bob:inviting",
            "state \(id) alice:accepted,bob:inviting",
        ]
        #expect(alice.events == ringing)

        try await bob.login(in: scene.world)
        try await alice.waitFor("state \(id) bob:received", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events == ringing + ["state \(id) bob:received"])
        #expect(bob.events == [
            "connection connecting activeLogin",
            "connection connected success",
            "received \(id) mode=general caller=alice inviter=alice data=d timeout=30 users=alice:accepted,bob:inviting",
            "state \(id) alice:accepted,bob:inviting",
            "state \(id) bob:received",
        ])
        // The timeout still counts from the invitation: 1 s later bob's invitation times out.
        await scene.world.advance(by: .seconds(1))
        try await alice.waitFor("state \(id) bob:timeout", in: scene.world)
    }

    @Test("offline invitee who logs in after the timeout gets nothing; queryCallInvitationList shows the call (ended, bob:timeout)")
    func offlineInviteeLogsInLate() async throws {
        let scene = ZIMScene()
        let alice = try await scene.flowUsers("alice")[0]
        let bob = scene.user("bob")
        let sent = try await alice.invite(["bob"], timeout: 10, data: "d", in: scene.world)
        let id = sent.callID
        try await alice.waitFor("state \(id) alice:accepted,bob:inviting", in: scene.world)
        await scene.world.advance(by: .seconds(10))
        try await alice.waitFor("legacyAnsweredTimeout \(id) bob", in: scene.world)

        try await bob.login(in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events == [
            "created \(id) mode=general caller=alice data=d timeout=10 users=alice:accepted,bob:inviting",
            "state \(id) alice:accepted,bob:inviting",
            "state \(id) bob:timeout",
            "legacyAnsweredTimeout \(id) bob",
        ])
        #expect(bob.events == ["connection connecting activeLogin", "connection connected success"])

        let page = try await bob.query(count: 10, in: scene.world)
        #expect(page.code == .ZIMErrorCodeSuccess)
        #expect(page.nextFlag == 0)
        #expect(page.calls.count == 1)
        #expect(page.calls.first?.hasPrefix("\(id) ") == true)
        #expect(page.calls == ["\(id) ended mode=general caller=alice inviter=alice data=d users=alice:accepted,bob:timeout"])
    }

    @Test("caller logout before anyone accepted: every callee gets cancelled (and nothing else)")
    func callerLogoutCancels() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await scene.flowRing(alice, ["bob", "carol"], data: "d", everyone: users)
        let bobRinging = flowAckOrderNormalized(bob.events)
        let carolRinging = flowAckOrderNormalized(carol.events)
        alice.clear()

        try await alice.logout(in: scene.world)
        try await bob.waitFor(prefix: "cancelled \(id)", in: scene.world)
        try await carol.waitFor(prefix: "cancelled \(id)", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events == ["connection disconnected success"])
        #expect(scene.world.service.activeCalls().isEmpty)
        #expect(flowAckOrderNormalized(bob.events) == bobRinging + ["cancelled \(id) inviter=alice mode=general data="])
        #expect(flowAckOrderNormalized(carol.events) == carolRinging + ["cancelled \(id) inviter=alice mode=general data="])
    }

    @Test("caller logout after someone accepted (advanced): nothing is cancelled, even past the 30 s grace; the ringing invitee can still accept")
    func callerLogoutAfterAccept() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await scene.flowRing(alice, ["bob", "carol"], mode: .advanced, everyone: users)
        #expect(try await bob.accept(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await carol.waitFor("state \(id) bob:accepted", in: scene.world)
        await scene.world.runUntilIdle()
        for user in users { user.clear() }

        try await alice.logout(in: scene.world)
        await scene.world.advance(by: .seconds(40))
        await scene.world.runUntilIdle()
        #expect(alice.events == ["connection disconnected success"])
        #expect(bob.events.isEmpty)
        #expect(carol.events.isEmpty)
        #expect(scene.world.service.activeCalls().count == 1)

        #expect(try await carol.accept(id, data: "c", in: scene.world) == .ZIMErrorCodeSuccess)
        try await bob.waitFor("state \(id) carol:accepted:c", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(bob.events == ["state \(id) carol:accepted:c"])
        #expect(carol.events == ["state \(id) carol:accepted:c"])
    }

    @Test("caller link loss: severed links, no reconnection; at 29 s nothing, past the 30 s offline grace the callee gets cancelled")
    func callerLinkLoss() async throws {
        let scene = ZIMScene()
        let faults = FaultInjector()
        let alice = scene.user("alice", faults: faults)
        #expect(try await alice.login(in: scene.world).code == .ZIMErrorCodeSuccess)
        let bob = try await scene.flowUsers("bob")[0]
        alice.clear()
        let id = try await scene.flowRing(alice, ["bob"], timeout: 120, everyone: [alice, bob])
        let bobRinging = bob.events

        faults.refusesConnections = true
        faults.severLinks()
        await scene.world.advance(by: .seconds(29))
        await scene.world.runUntilIdle()
        #expect(bob.events == bobRinging, "within the grace: still ringing")
        #expect(alice.events.last == "connection reconnecting loginInterrupted")

        await scene.world.advance(by: .seconds(2))
        try await bob.waitFor(prefix: "cancelled \(id)", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(bob.events == bobRinging + ["cancelled \(id) inviter=alice mode=general data="])
        #expect(scene.world.service.activeCalls().isEmpty)
    }

    @Test("missed state changes: bob (accepted) logs out; carol is invited and accepts; bob logs in again → one state line with every member")
    func missedChangesAtLogin() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await scene.flowRing(alice, ["bob"], mode: .advanced, everyone: users)
        #expect(try await bob.accept(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("state \(id) bob:accepted", in: scene.world)
        try await bob.logout(in: scene.world)
        await scene.world.runUntilIdle()
        for user in users { user.clear() }

        #expect(try await alice.callingInvite(["carol"], id, in: scene.world).code == .ZIMErrorCodeSuccess)
        try await carol.waitFor(prefix: "received \(id)", in: scene.world)
        #expect(try await carol.accept(id, data: "c", in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("state \(id) carol:accepted:c", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(bob.events.isEmpty, "offline")

        try await bob.login(in: scene.world)
        try await bob.waitFor(prefix: "state \(id)", in: scene.world)
        await scene.world.runUntilIdle()
        // Observed: the changes come as one snapshot of every member, not as the individual steps.
        #expect(bob.events == [
            "connection connecting activeLogin",
            "connection connected success",
            "state \(id) alice:accepted,bob:accepted,carol:accepted:c",
        ])
        #expect(alice.events == [
            "state \(id) carol:inviting", "state \(id) carol:received",
            "state \(id) carol:accepted:c", "legacyAccepted \(id) carol c",
        ], "bob's return changes no state")

        // bob is in the call again: he hears the end.
        #expect(try await carol.end(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await bob.waitFor("ended \(id) caller=alice by=carol mode=advanced data=", in: scene.world)
    }
}
