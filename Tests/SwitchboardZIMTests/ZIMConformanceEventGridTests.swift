import Testing
import SwitchboardTesting
import SwitchboardZIM

/// The seed's second table, one test case per cell: with bob in each call-user state (``GridRow``), the
/// event (``GridEvent``) is caused for alice's call in the most natural way, and bob receives it (✔)
/// or not (✖) as ``ZIMGrid/eventRows`` says. Every case first checks that the event did happen (to
/// someone), so a ✖ is not just a quiet call.
@Suite("ZIM conformance: event grid (state x event)")
struct ZIMConformanceEventGridTests {
    /// Cells where the module disagrees with the grid, with what it does instead (reported; the module
    /// is to be fixed and the entry removed).
    static let knownIssues: [String: String] = [:]

    @Test("bob in a state hears of an event", arguments: GridRow.allCases, GridEvent.allCases)
    func cell(_ row: GridRow, _ event: GridEvent) async throws {
        if let issue = Self.knownIssues["\(row.rawValue)/\(event.rawValue)"] {
            await withKnownIssue(Comment(rawValue: issue)) {
                try await check(row, event)
            }
        } else {
            try await check(row, event)
        }
    }

    private func check(_ row: GridRow, _ event: GridEvent) async throws {
        let expected = ZIMGrid.receives(row, event)
        let heard: Bool
        switch event {
        case .callInvitationReceived: heard = try await invitationReceived(row)
        case .callInvitationTimeout: heard = try await invitationTimeout(row)
        case .callInvitationCancelled: heard = try await invitationCancelled(row)
        case .callInvitationEnded: heard = try await invitationEnded(row)
        case .callUserStateChanged: heard = try await userStateChanged(row)
        }
        #expect(heard == expected, "\(row.rawValue): bob \(heard ? "got" : "did not get") \(event.rawValue)")
    }

    /// The (re)delivery of the invitation: the invitation itself while bob is inviting; the delivery at
    /// login to a bob who was offline (NotYetReceived); otherwise the catch-up of a new login.
    private func invitationReceived(_ row: GridRow) async throws -> Bool {
        switch row {
        case .inviting:
            let scene = try await GridScene.build(row)
            // The service still had bob inviting when he logged the invitation (build checks it after).
            #expect(scene.serviceState(of: "bob") == "inviting")
            return !scene.bob.events("received \(scene.callID) ").isEmpty
        case .notYetReceived:
            let scene = try await GridScene.build(row, bobOffline: true)
            #expect(scene.bob.events.isEmpty, "offline bob logged \(scene.bob.events)")
            scene.bob.clear()
            let login = try await scene.bob.login(in: scene.world)
            try #require(login.code == .ZIMErrorCodeSuccess)
            // Delivered before the timeout: received (the guide's NotYetReceived → Received).
            try await scene.waitForState(of: "bob", "received", seenBy: scene.alice)
            await scene.world.runUntilIdle()
            return !scene.bob.events("received \(scene.callID) ").isEmpty
        default:
            let scene = try await GridScene.build(row)
            scene.bob.clear()
            try await scene.bob.logout(in: scene.world)
            let login = try await scene.bob.login(in: scene.world)
            try #require(login.code == .ZIMErrorCodeSuccess)
            await scene.world.runUntilIdle()
            return !scene.bob.events("received \(scene.callID) ").isEmpty
        }
    }

    /// The ring timeout (10 s) elapses: bob's own if he rings, else erin's (invited by carol after the
    /// scene) or, in the general Cancelled row, carol's.
    private func invitationTimeout(_ row: GridRow) async throws -> Bool {
        let scene = try await GridScene.build(row, timeout: 10)
        let (world, alice, bob, callID) = (scene.world, scene.alice, scene.bob, scene.callID)
        var more: [ZIMUser] = []
        let timesOut: String
        if row.isRinging {
            timesOut = "bob"
        } else if row.isAdvanced {
            let erin = try await scene.loggedIn("erin")
            more.append(erin)
            let invited = try await scene.carol.callingInvite(["erin"], callID, in: world)
            try #require(invited.code == .ZIMErrorCodeSuccess, "carol invites erin: \(invited)")
            try await erin.waitFor(prefix: "received \(callID)", in: world)
            await scene.world.runUntilIdle()
            timesOut = "erin"
        } else {
            timesOut = "carol"
        }
        bob.clear()
        await world.advance(by: .seconds(10))
        try await scene.waitForState(of: timesOut, "timeout", seenBy: alice)
        await scene.world.runUntilIdle()
        if row.isRinging {
            // Told by callInvitationTimeout (and the legacy event), not by a state line about himself.
            #expect(!scene.sawState(of: "bob", "timeout", seenBy: bob), "bob's log: \(bob.events)")
            #expect(bob.events.contains("legacyTimeout \(callID)"), "bob's log: \(bob.events)")
        }
        return !bob.events("timeout \(callID) ").isEmpty
    }

    /// alice cancels bob if he rings, else another invitee still ringing: erin (invited by alice after
    /// the scene, or, in the general Cancelled row, along with bob and carol).
    private func invitationCancelled(_ row: GridRow) async throws -> Bool {
        let scene = try await GridScene.build(row, alsoInvite: row == .cancelled ? ["erin"] : [])
        let (world, alice, bob, callID) = (scene.world, scene.alice, scene.bob, scene.callID)
        if row.isRinging {
            bob.clear()
            let cancel = try await alice.cancel(["bob"], callID, in: world)
            try #require(cancel.code == .ZIMErrorCodeSuccess, "alice cancels bob: \(cancel)")
            try await scene.waitForState(of: "bob", "beCancelled", seenBy: alice)
            await scene.world.runUntilIdle()
        } else {
            var more: [ZIMUser] = []
            let erin: ZIMUser
            if let invited = scene.extras["erin"] {
                erin = invited
            } else {
                erin = try await scene.loggedIn("erin")
                more.append(erin)
                let invited = try await alice.callingInvite(["erin"], callID, in: world)
                try #require(invited.code == .ZIMErrorCodeSuccess, "alice invites erin: \(invited)")
                try await erin.waitFor(prefix: "received \(callID)", in: world)
                await scene.world.runUntilIdle()
            }
            bob.clear()
            let cancel = try await alice.cancel(["erin"], callID, in: world)
            try #require(cancel.code == .ZIMErrorCodeSuccess, "alice cancels erin: \(cancel)")
            try await erin.waitFor(prefix: "cancelled \(callID)", in: world)
            await scene.world.runUntilIdle()
        }
        return !bob.events("cancelled \(callID) ").isEmpty
    }

    /// carol (accepted) ends the advanced call; in the general Cancelled row the call ends by carol
    /// answering.
    private func invitationEnded(_ row: GridRow) async throws -> Bool {
        let scene = try await GridScene.build(row)
        let (world, alice, bob, carol, callID) = (scene.world, scene.alice, scene.bob, scene.carol, scene.callID)
        bob.clear()
        if row.isAdvanced {
            let code = try await carol.end(callID, in: world)
            try #require(code == .ZIMErrorCodeSuccess, "carol ends the call: \(code)")
            try await alice.waitFor(prefix: "ended \(callID) ", in: world)
        } else {
            let code = try await carol.accept(callID, in: world)
            try #require(code == .ZIMErrorCodeSuccess, "carol accepts: \(code)")
            try await scene.waitForState(of: "carol", "accepted", seenBy: alice)
            try await world.requireWhenIdle("the general call ends once everyone answered") { scene.serviceCall == nil }
        }
        await scene.world.runUntilIdle()
        return !bob.events("ended \(callID) ").isEmpty
    }

    /// Another member's state changes: carol (accepted) invites dave; in the general Cancelled row erin
    /// (invited with bob and carol) rejects.
    private func userStateChanged(_ row: GridRow) async throws -> Bool {
        let scene = try await GridScene.build(row, alsoInvite: row == .cancelled ? ["erin"] : [])
        let (world, alice, bob, callID) = (scene.world, scene.alice, scene.bob, scene.callID)
        let changed: String
        var more: [ZIMUser] = []
        if row.isAdvanced {
            let dave = try await scene.loggedIn("dave")
            more.append(dave)
            await scene.world.runUntilIdle()
            bob.clear()
            let invited = try await scene.carol.callingInvite(["dave"], callID, in: world)
            try #require(invited.code == .ZIMErrorCodeSuccess, "carol invites dave: \(invited)")
            try await dave.waitFor(prefix: "received \(callID)", in: world)
            try await scene.waitForState(of: "dave", "received", seenBy: alice)
            changed = "dave"
        } else {
            bob.clear()
            let code = try await scene.extras["erin"]!.reject(callID, in: world)
            try #require(code == .ZIMErrorCodeSuccess, "erin rejects: \(code)")
            try await scene.waitForState(of: "erin", "rejected", seenBy: alice)
            changed = "erin"
        }
        await scene.world.runUntilIdle()
        let heard = !bob.events("state \(callID) ").isEmpty
        if heard {
            #expect(scene.sawAnyState(of: changed, seenBy: bob), "bob's state lines do not mention \(changed): \(bob.events)")
        }
        return heard
    }
}
