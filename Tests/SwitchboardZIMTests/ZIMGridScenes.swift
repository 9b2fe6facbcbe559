import Foundation
import Testing
import SwitchboardClient
import SwitchboardCore
import SwitchboardTesting
import SwitchboardWire
import SwitchboardZIM

/// One row's scene of the conformance grids: a call created by alice in which bob is in the row's state.
///
/// - Inviting: advanced; alice invites [bob, carol], carol accepts; bob is online and gets the
///   invitation, but his delivery acknowledgements (`call.ack`) never reach the service, so the service
///   keeps him inviting.
/// - NotYetReceived: as Inviting with `enableNotReceivedCheck`, then 5 s pass (alice sees
///   bob:notYetReceived). With `bobOffline`, bob is not logged in at all (and has no faults).
/// - Received: alice invites [bob, carol]; carol accepts; bob received.
/// - Accepted / Rejected: as Received, then bob accepts / rejects.
/// - Cancelled: GENERAL mode; alice invites [bob, carol]; alice cancels [bob]; carol still rings.
/// - BeCancelled: advanced; carol accepts; alice cancels [bob].
/// - Timeout: advanced with timeout 10; carol accepts; 10 s pass.
/// - Quit: as Accepted, then bob quits.
struct GridScene {
    let row: GridRow
    let zimScene: ZIMScene
    let alice: ZIMUser
    let bob: ZIMUser
    let carol: ZIMUser
    /// Logged in and invited along with bob and carol (`alsoInvite`).
    let extras: [String: ZIMUser]
    let callID: String

    var world: TestWorld { zimScene.world }

    /// A predicate for request frames of one operation (`call.ack`, `call.accept`...).
    static func isRequest(_ name: String) -> @Sendable (ClientFrame) -> Bool {
        { frame in
            if case .request(let request) = frame { request.operation.name == name } else { false }
        }
    }

    /// Builds the row's scene.
    /// - Parameters:
    ///   - timeout: the call's ring timeout in seconds (0: ZIM's 90 s); the Timeout row always uses 10.
    ///   - alsoInvite: more invitees of alice's invitation, logged in first (they ring; nobody answers
    ///     for them).
    ///   - bobOffline: NotYetReceived only: bob is not logged in when invited (log him in yourself).
    static func build(
        _ row: GridRow, timeout: UInt32 = 0, alsoInvite: [String] = [], bobOffline: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> GridScene {
        precondition(!bobOffline || row == .notYetReceived, "only the NotYetReceived scene has an offline bob")
        let zimScene = ZIMScene()
        let world = zimScene.world
        let users = try await zimScene.loggedIn("alice", "carol")
        let (alice, carol) = (users[0], users[1])
        var extras: [String: ZIMUser] = [:]
        for name in alsoInvite {
            extras[name] = try await zimScene.loggedIn(name)[0]
        }
        let dropsAcks = (row == .inviting || row == .notYetReceived) && !bobOffline
        let faults: FaultInjector? = dropsAcks ? FaultInjector() : nil
        faults?.dropFramesToService(1000, where: isRequest("call.ack"))
        let bob = ZIMUser("bob", in: world, faults: faults)
        if !bobOffline {
            let login = try await bob.login(in: world)
            try #require(login.code == .ZIMErrorCodeSuccess, "bob login: \(login)", sourceLocation: sourceLocation)
        }

        let sent = try await alice.invite(
            ["bob", "carol"] + alsoInvite, mode: row.isAdvanced ? .advanced : .general,
            timeout: row == .timeout ? 10 : timeout, notReceivedCheck: row == .notYetReceived, in: world)
        try #require(sent.code == .ZIMErrorCodeSuccess, "alice's invitation: \(sent)", sourceLocation: sourceLocation)
        let callID = sent.callID
        let scene = GridScene(row: row, zimScene: zimScene, alice: alice, bob: bob, carol: carol,
                              extras: extras, callID: callID)

        try await carol.waitFor(prefix: "received \(callID)", in: world)
        if !bobOffline {
            try await bob.waitFor(prefix: "received \(callID)", in: world)
        }
        if row.isAdvanced {
            try #require(try await carol.accept(callID, in: world) == .ZIMErrorCodeSuccess, sourceLocation: sourceLocation)
            try await scene.waitForState(of: "carol", "accepted", seenBy: alice)
        }

        switch row {
        case .inviting:
            // Give a lost acknowledgement every chance to have arrived.
            await scene.world.runUntilIdle()
        case .notYetReceived:
            await world.advance(by: ZIMLimits.notReceivedCheck)
            try await scene.waitForState(of: "bob", "notYetReceived", seenBy: alice)
        case .received:
            try await scene.waitForState(of: "bob", "received", seenBy: alice)
        case .accepted, .quit:
            try #require(try await bob.accept(callID, in: world) == .ZIMErrorCodeSuccess, sourceLocation: sourceLocation)
            try await scene.waitForState(of: "bob", "accepted", seenBy: alice)
            if row == .quit {
                try #require(try await bob.quit(callID, in: world) == .ZIMErrorCodeSuccess, sourceLocation: sourceLocation)
                try await scene.waitForState(of: "bob", "quit", seenBy: alice)
            }
        case .rejected:
            try #require(try await bob.reject(callID, in: world) == .ZIMErrorCodeSuccess, sourceLocation: sourceLocation)
            try await scene.waitForState(of: "bob", "rejected", seenBy: alice)
        case .cancelled, .beCancelled:
            let cancel = try await alice.cancel(["bob"], callID, in: world)
            try #require(cancel.code == .ZIMErrorCodeSuccess, "alice cancels bob: \(cancel)", sourceLocation: sourceLocation)
            try await bob.waitFor(prefix: "cancelled \(callID)", in: world)
            if row == .beCancelled {
                try await scene.waitForState(of: "bob", "beCancelled", seenBy: alice)
            }
        case .timeout:
            await world.advance(by: .seconds(10))
            try await scene.waitForState(of: "bob", "timeout", seenBy: alice)
        }
        await scene.world.runUntilIdle()

        // The service agrees on bob's state (for Inviting: the lost acknowledgements kept him there).
        let expected: String? = switch row {
        case .inviting: "inviting"
        case .notYetReceived: "notYetReceived"
        case .received: "received"
        case .accepted: "accepted"
        case .rejected: "rejected(declined)"
        case .cancelled, .beCancelled: "cancelled"
        case .timeout: "timedOut(noAnswer)"
        case .quit: "quit"
        }
        let actual = scene.serviceState(of: "bob")
        if row == .timeout {
            #expect(actual?.hasPrefix("timedOut") == true, "service: bob is \(actual ?? "not in an active call")",
                    sourceLocation: sourceLocation)
        } else {
            #expect(actual == expected, "service: bob is \(actual ?? "not in an active call")", sourceLocation: sourceLocation)
        }
        return scene
    }

    // MARK: - Users

    /// Another user, logged in (a fresh one each time: "dave", "erin").
    func loggedIn(_ name: String) async throws -> ZIMUser {
        try await zimScene.loggedIn(name)[0]
    }

    var everyone: [ZIMUser] { [alice, bob, carol] + extras.values }

    // MARK: - Logs

    /// The `user:state` entries of `user`'s `state <callID> …` lines, in order.
    static func stateEntries(in user: ZIMUser, callID: String) -> [String] {
        user.events("state \(callID) ").flatMap { line in
            line.dropFirst("state \(callID) ".count).split(separator: ",").map(String.init)
        }
    }

    /// Whether `user` logged a `state` line of the scene's call in which `member` is in `state`.
    func sawState(of member: String, _ state: String, seenBy user: ZIMUser) -> Bool {
        Self.stateEntries(in: user, callID: callID).contains { entry in
            entry == "\(member):\(state)" || entry.hasPrefix("\(member):\(state):")
        }
    }

    /// Whether `user` logged any `state` line of the scene's call that mentions `member`.
    func sawAnyState(of member: String, seenBy user: ZIMUser) -> Bool {
        Self.stateEntries(in: user, callID: callID).contains { $0.hasPrefix("\(member):") }
    }

    func waitForState(of member: String, _ state: String, seenBy user: ZIMUser) async throws {
        try await world.requireWhenIdle("\(user.name) sees \(member):\(state): \(user.events)") {
            self.sawState(of: member, state, seenBy: user)
        }
    }

    // MARK: - The service's view

    /// The call as the service has it, while it is active.
    var serviceCall: Call? {
        world.service.activeCalls().first { $0.id.rawValue == callID }
    }

    /// A member's state in the service's call (the call-model name), nil once the call is over.
    func serviceState(of user: String) -> String? {
        serviceCall?.participant(UserID(user))?.state.description
    }

    /// Every member's state in the service's call (`user:state`), for "nothing changed" checks.
    func serviceSnapshot() -> [String] {
        serviceCall.map { call in call.participants.map { "\($0.user.rawValue):\($0.state)" } } ?? ["(no active call)"]
    }
}
