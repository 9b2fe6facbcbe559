import Testing
import SwitchboardTesting
import SwitchboardZIM

/// The seed's first table, one test case per cell: bob, in each call-user state (``GridRow``), calls each
/// call API (``GridAPI``) on alice's call, and gets the code of ``ZIMGrid/apiRows``. A ✔ cell also checks
/// the call's effect; a refused cell checks that nothing changed (no `state` line at alice, the
/// service's members as before).
@Suite("ZIM conformance: API grid (state x API)")
struct ZIMConformanceAPIGridTests {
    /// Cells where the module disagrees with the grid, with what it does instead (reported; the module
    /// is to be fixed and the entry removed).
    static let knownIssues: [String: String] = [:]

    @Test("bob in a state calls an API", arguments: GridRow.allCases, GridAPI.allCases)
    func cell(_ row: GridRow, _ api: GridAPI) async throws {
        if let issue = Self.knownIssues["\(row.rawValue)/\(api.rawValue)"] {
            await withKnownIssue(Comment(rawValue: issue)) {
                try await check(row, api)
            }
        } else {
            try await check(row, api)
        }
    }

    private func check(_ row: GridRow, _ api: GridAPI) async throws {
        let expected = ZIMGrid.expected(row, api)
        let scene = try await GridScene.build(row)
        let (world, alice, bob, carol, callID) = (scene.world, scene.alice, scene.bob, scene.carol, scene.callID)

        // Someone to invite, and for the Accepted row's cancel someone bob invited.
        let needsDave = api == .callInvite || api == .callingInvite || (row == .accepted && api == .callCancel)
        let dave = needsDave ? try await scene.loggedIn("dave") : nil
        if let dave, row == .accepted, api == .callCancel {
            let invited = try await bob.callingInvite(["dave"], callID, in: world)
            try #require(invited.code == .ZIMErrorCodeSuccess, "bob invites dave first: \(invited)")
            try await dave.waitFor(prefix: "received \(callID)", in: world)
            try await scene.waitForState(of: "dave", "received", seenBy: alice)
        }
        await scene.world.runUntilIdle()
        for user in scene.everyone + (dave.map { [$0] } ?? []) { user.clear() }
        let before = scene.serviceSnapshot()

        var newCallID = ""
        let code: ZIMErrorCode
        switch api {
        case .callInvite:
            let sent = try await bob.invite(["dave"], in: world)
            (code, newCallID) = (sent.code, sent.callID)
        case .callCancel:
            code = try await bob.cancel([row == .accepted ? "dave" : "carol"], callID, in: world).code
        case .callAccept:
            code = try await bob.accept(callID, in: world)
        case .callReject:
            code = try await bob.reject(callID, in: world)
        case .callingInvite:
            code = try await bob.callingInvite(["dave"], callID, in: world).code
        case .callJoin:
            code = try await bob.join(callID, in: world).code
        case .callQuit:
            code = try await bob.quit(callID, in: world)
        case .callEnd:
            code = try await bob.end(callID, in: world)
        }
        #expect(code.rawValue == expected.code, "\(row.rawValue) bob \(api.rawValue): \(code) (\(code.rawValue)), expected \(expected)")

        guard expected == .success, code == .ZIMErrorCodeSuccess else {
            if expected != .success {
                // Refused: nothing changed.
                await scene.world.runUntilIdle()
                #expect(alice.events("state ").isEmpty, "alice saw a change after a refused \(api.rawValue): \(alice.events)")
                #expect(scene.serviceSnapshot() == before, "the call changed after a refused \(api.rawValue)")
                if let dave {
                    #expect(dave.events("received ").isEmpty, "dave was invited after a refused \(api.rawValue): \(dave.events)")
                }
            }
            return
        }

        // Succeeded: the effect.
        switch api {
        case .callInvite:
            #expect(!newCallID.isEmpty && newCallID != callID, "bob's new call: \(newCallID)")
            try await dave!.waitFor(prefix: "received \(newCallID)", in: world)
        case .callCancel:
            try await dave!.waitFor(prefix: "cancelled \(callID)", in: world)
            try await scene.waitForState(of: "dave", "beCancelled", seenBy: alice)
        case .callAccept, .callJoin:
            try await scene.waitForState(of: "bob", "accepted", seenBy: alice)
        case .callReject:
            try await scene.waitForState(of: "bob", "rejected", seenBy: alice)
        case .callingInvite:
            try await dave!.waitFor(prefix: "received \(callID)", in: world)
            try await world.requireWhenIdle("alice sees dave invited: \(alice.events)") {
                scene.sawAnyState(of: "dave", seenBy: alice)
            }
        case .callQuit:
            try await scene.waitForState(of: "bob", "quit", seenBy: alice)
        case .callEnd:
            try await carol.waitFor(prefix: "ended \(callID)", in: world)
        }
    }
}
