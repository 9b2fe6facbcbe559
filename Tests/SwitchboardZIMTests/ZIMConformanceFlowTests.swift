import Testing
import SwitchboardClient
import SwitchboardTesting
import SwitchboardWire
import SwitchboardZIM

// Flow conformance of the ZIM surface: the seed's general and advanced flows (seed 003;
// docs/ZIM.md, "ZIM's documented limits and rules"), one test per flow, with every device's whole event
// log (line formats in ZIMSupport.swift).
//
// Conventions of the ZIMConformanceFlow* files:
// - Users log in first; their logs are then cleared, so each assertion is the whole log since the
//   flow began.
// - Orders are asserted within one device's log (one serial callback queue per device). Across
//   devices only the content is asserted: two clients hear the service independently.
// - When several invitees are invited at once, their clients acknowledge in no fixed order, so runs
//   of `state <id> <user>:received` lines are compared as sets (``flowAckOrderNormalized(_:)``).
// - "Nothing happens" is checked after running the world until idle (`runUntilIdle`) after the
//   refusal or the clock move, never by sleeping through a real timeout.

// MARK: - Helpers shared by the ZIMConformanceFlow* files

extension ZIMScene {
    /// Devices logged in, in order, with empty logs. A repeated name is another device of that user.
    func flowUsers(_ names: String..., timeline: ZIMTimeline? = nil) async throws -> [ZIMUser] {
        var users: [ZIMUser] = []
        for name in names {
            let user = ZIMUser(name, in: world, timeline: timeline)
            let error = try await user.login(in: world)
            #expect(error.code == .ZIMErrorCodeSuccess, "\(name) login: \(error.code)")
            users.append(user)
        }
        for user in users { user.clear() }
        return users
    }

    /// `caller` invites `invitees`; waits until each of `ringing` (the online invitees) shows as
    /// received at the caller, then until nobody in `everyone` logs more. Returns the callID.
    func flowRing(
        _ caller: ZIMUser, _ invitees: [String], ringing: [String]? = nil, mode: ZIMCallInvitationMode = .general,
        timeout: UInt32 = 0, data: String = "", everyone: [ZIMUser]
    ) async throws -> String {
        let sent = try await caller.invite(invitees, mode: mode, timeout: timeout, data: data, in: world)
        #expect(sent.code == .ZIMErrorCodeSuccess, "invite \(invitees): \(sent.code)")
        for name in ringing ?? invitees {
            try await caller.waitFor("state \(sent.callID) \(name):received", in: world)
        }
        await world.runUntilIdle()
        return sent.callID
    }
}

/// Sorts each run of consecutive single-user `state <id> <user>:received` lines: several invitees'
/// clients acknowledge an invitation in no fixed order.
func flowAckOrderNormalized(_ lines: [String]) -> [String] {
    func isAck(_ line: String) -> Bool {
        let parts = line.split(separator: " ")
        return parts.count == 3 && parts[0] == "state" && !parts[2].contains(",") && parts[2].hasSuffix(":received")
    }
    var result: [String] = []
    var run: [String] = []
    for line in lines {
        if isAck(line) {
            run.append(line)
        } else {
            result += run.sorted()
            run = []
            result.append(line)
        }
    }
    return result + run.sorted()
}

/// The lines every online participant logs when `caller` invites `invitees` in a fresh call: the
/// caller's `created` (or an invitee's `received`), the first state line, then each invitee's receipt.
enum FlowLines {
    static func users(_ caller: String, _ invitees: [String], state: String = "inviting") -> String {
        (["\(caller):accepted"] + invitees.map { "\($0):\(state)" }).joined(separator: ",")
    }

    static func created(_ id: String, mode: String = "general", caller: String = "alice", data: String = "",
                        timeout: Int = 90, invitees: [String]) -> [String] {
        let users = users(caller, invitees)
        return ["created \(id) mode=\(mode) caller=\(caller) data=\(data) timeout=\(timeout) users=\(users)",
                "state \(id) \(users)"]
            + invitees.map { "state \(id) \($0):received" }
    }

    static func received(_ id: String, mode: String = "general", caller: String = "alice", data: String = "",
                         timeout: Int = 90, invitees: [String]) -> [String] {
        let users = users(caller, invitees)
        return ["received \(id) mode=\(mode) caller=\(caller) inviter=\(caller) data=\(data) timeout=\(timeout) users=\(users)",
                "state \(id) \(users)"]
            + invitees.map { "state \(id) \($0):received" }
    }
}

// MARK: - General mode

/// Seed 003, "普通模式": invite, cancel, accept, reject, timeout, several invitees, partial cancel.
@Suite("ZIM conformance flows: general mode")
struct ZIMConformanceFlowTests {
    @Test("invite: the caller's callback has a service-issued callID and timeout 90; created and state lines; the callee's received")
    func invite() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob")
        let (alice, bob) = (users[0], users[1])

        let sent = try await alice.invite(["bob"], data: "hello", in: scene.world)
        #expect(sent.code == .ZIMErrorCodeSuccess)
        #expect(!sent.callID.isEmpty)
        #expect(sent.timeout == 90, "timeout 0 means the 90 s default")
        #expect(sent.errorUsers.isEmpty)
        let id = sent.callID
        try await alice.waitFor("state \(id) bob:received", in: scene.world)
        await scene.world.runUntilIdle()

        #expect(alice.events == [
            "created \(id) mode=general caller=alice data=hello timeout=90 users=alice:accepted,bob:inviting",
            "state \(id) alice:accepted,bob:inviting",
            "state \(id) bob:received",
        ])
        #expect(bob.events == [
            "received \(id) mode=general caller=alice inviter=alice data=hello timeout=90 users=alice:accepted,bob:inviting",
            "state \(id) alice:accepted,bob:inviting",
            "state \(id) bob:received",
        ])

        // The service issues a new callID per invitation; an explicit timeout is echoed.
        let second = try await alice.invite(["bob"], timeout: 45, in: scene.world)
        #expect(second.code == .ZIMErrorCodeSuccess)
        #expect(second.timeout == 45)
        #expect(second.callID != id && !second.callID.isEmpty)
    }

    @Test("cancel: the callee gets cancelled with the inviter and the cancel's extendedData; the call is over (accept → 6000276)")
    func cancel() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob")
        let (alice, bob) = (users[0], users[1])
        let id = try await scene.flowRing(alice, ["bob"], data: "hi", everyone: users)

        let cancelled = try await alice.cancel(["bob"], id, data: "bye", in: scene.world)
        #expect(cancelled.code == .ZIMErrorCodeSuccess)
        #expect(cancelled.errorInvitees.isEmpty)
        try await bob.waitFor(prefix: "cancelled \(id)", in: scene.world)
        await scene.world.runUntilIdle()

        #expect(alice.events == FlowLines.created(id, data: "hi", invitees: ["bob"]) + ["state \(id) bob:cancelled"])
        #expect(bob.events == FlowLines.received(id, data: "hi", invitees: ["bob"])
            + ["cancelled \(id) inviter=alice mode=general data=bye"])
        #expect(scene.world.service.activeCalls().isEmpty)

        let (aliceBefore, bobBefore) = (alice.events, bob.events)
        #expect(try await bob.accept(id, in: scene.world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
        await scene.world.runUntilIdle()
        #expect(alice.events == aliceBefore && bob.events == bobBefore, "the refused accept told nobody anything")
    }

    @Test("accept: everyone gets state bob:accepted:<data>; the caller also legacyAccepted")
    func accept() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob")
        let (alice, bob) = (users[0], users[1])
        let id = try await scene.flowRing(alice, ["bob"], data: "hello", everyone: users)

        #expect(try await bob.accept(id, data: "ok", in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("legacyAccepted \(id) bob ok", in: scene.world)
        await scene.world.runUntilIdle()

        #expect(alice.events == FlowLines.created(id, data: "hello", invitees: ["bob"])
            + ["state \(id) bob:accepted:ok", "legacyAccepted \(id) bob ok"])
        #expect(bob.events == FlowLines.received(id, data: "hello", invitees: ["bob"])
            + ["state \(id) bob:accepted:ok"])
        // Every invitee answered: the general call is over, with no callInvitationEnded
        // (docs/ZIM.md, "End of a general-mode call").
        #expect(scene.world.service.activeCalls().isEmpty)
    }

    @Test("reject: everyone gets state bob:rejected:<data>; the caller also legacyRejected")
    func reject() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob")
        let (alice, bob) = (users[0], users[1])
        let id = try await scene.flowRing(alice, ["bob"], everyone: users)

        #expect(try await bob.reject(id, data: "busy", in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("legacyRejected \(id) bob busy", in: scene.world)
        await scene.world.runUntilIdle()

        #expect(alice.events == FlowLines.created(id, invitees: ["bob"])
            + ["state \(id) bob:rejected:busy", "legacyRejected \(id) bob busy"])
        #expect(bob.events == FlowLines.received(id, invitees: ["bob"]) + ["state \(id) bob:rejected:busy"])
        #expect(scene.world.service.activeCalls().isEmpty)
    }

    @Test("timeout 10: nothing at 9 s; at 10 s the callee gets timeout + legacyTimeout, the caller state bob:timeout + legacyAnsweredTimeout")
    func timeout() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob")
        let (alice, bob) = (users[0], users[1])
        let id = try await scene.flowRing(alice, ["bob"], timeout: 10, everyone: users)
        let ringingAlice = FlowLines.created(id, timeout: 10, invitees: ["bob"])
        let ringingBob = FlowLines.received(id, timeout: 10, invitees: ["bob"])
        #expect(alice.events == ringingAlice)
        #expect(bob.events == ringingBob)

        await scene.world.advance(by: .seconds(9))
        await scene.world.runUntilIdle()
        #expect(alice.events == ringingAlice, "nothing before the timeout")
        #expect(bob.events == ringingBob, "nothing before the timeout")

        await scene.world.advance(by: .seconds(1))
        try await alice.waitFor("legacyAnsweredTimeout \(id) bob", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events == ringingAlice + ["state \(id) bob:timeout", "legacyAnsweredTimeout \(id) bob"])
        #expect(bob.events == ringingBob + ["timeout \(id) mode=general", "legacyTimeout \(id)"])
        #expect(scene.world.service.activeCalls().isEmpty)
    }

    @Test("three invitees: one accepts, one rejects, one times out; the call ends when all answered (then callCancel → 6000276)")
    func severalInvitees() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol", "dave")
        let (alice, bob, carol, dave) = (users[0], users[1], users[2], users[3])
        let invitees = ["bob", "carol", "dave"]
        let id = try await scene.flowRing(alice, invitees, timeout: 20, everyone: users)

        #expect(try await bob.accept(id, data: "y", in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("legacyAccepted \(id) bob y", in: scene.world)
        #expect(try await carol.reject(id, data: "n", in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("legacyRejected \(id) carol n", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(scene.world.service.activeCalls().count == 1, "dave still rings: the call goes on")

        await scene.world.advance(by: .seconds(20))
        try await alice.waitFor("legacyAnsweredTimeout \(id) dave", in: scene.world)
        await scene.world.runUntilIdle()

        let answers = ["state \(id) bob:accepted:y", "state \(id) carol:rejected:n"]
        #expect(flowAckOrderNormalized(alice.events) == FlowLines.created(id, timeout: 20, invitees: invitees) + [
            "state \(id) bob:accepted:y", "legacyAccepted \(id) bob y",
            "state \(id) carol:rejected:n", "legacyRejected \(id) carol n",
            "state \(id) dave:timeout", "legacyAnsweredTimeout \(id) dave",
        ])
        let received = FlowLines.received(id, timeout: 20, invitees: invitees)
        #expect(flowAckOrderNormalized(bob.events) == received + answers + ["state \(id) dave:timeout"])
        #expect(flowAckOrderNormalized(carol.events) == received + answers, "rejected: nothing after the own answer")
        #expect(flowAckOrderNormalized(dave.events) == received + answers + ["timeout \(id) mode=general", "legacyTimeout \(id)"])
        #expect(scene.world.service.activeCalls().isEmpty, "all answered: the general call ended")

        let late = try await alice.cancel(["dave"], id, in: scene.world)
        #expect(late.code == .ZIMErrorCodeMessageModuleCallDoseNotExist)
        #expect(late.errorInvitees == ["dave"])
    }

    @Test("partial callCancel: the other invitee still rings; cancelling the last ringing one ends the call")
    func partialCancel() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await scene.flowRing(alice, ["bob", "carol"], everyone: users)
        let aliceRinging = flowAckOrderNormalized(alice.events)
        let bobRinging = flowAckOrderNormalized(bob.events)
        let carolRinging = flowAckOrderNormalized(carol.events)
        #expect(aliceRinging == FlowLines.created(id, invitees: ["bob", "carol"]))

        let first = try await alice.cancel(["bob"], id, data: "x", in: scene.world)
        #expect(first.code == .ZIMErrorCodeSuccess && first.errorInvitees.isEmpty)
        try await carol.waitFor("state \(id) bob:cancelled", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(flowAckOrderNormalized(alice.events) == aliceRinging + ["state \(id) bob:cancelled"])
        #expect(flowAckOrderNormalized(bob.events) == bobRinging + ["cancelled \(id) inviter=alice mode=general data=x"])
        #expect(flowAckOrderNormalized(carol.events) == carolRinging + ["state \(id) bob:cancelled"])
        #expect(scene.world.service.activeCalls().count == 1, "carol still rings")

        let second = try await alice.cancel(["carol"], id, data: "y", in: scene.world)
        #expect(second.code == .ZIMErrorCodeSuccess && second.errorInvitees.isEmpty)
        try await carol.waitFor(prefix: "cancelled \(id)", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(flowAckOrderNormalized(alice.events) == aliceRinging + ["state \(id) bob:cancelled", "state \(id) carol:cancelled"])
        #expect(flowAckOrderNormalized(bob.events) == bobRinging + ["cancelled \(id) inviter=alice mode=general data=x"],
                "a cancelled invitee hears nothing more")
        #expect(flowAckOrderNormalized(carol.events) == carolRinging + [
            "state \(id) bob:cancelled", "cancelled \(id) inviter=alice mode=general data=y",
        ])
        #expect(scene.world.service.activeCalls().isEmpty, "nobody accepted and nobody rings: the call ended")
        #expect(try await carol.accept(id, in: scene.world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
    }

    @Test("callCancel with an empty list cancels every ringing invitee: each gets cancelled and nothing else")
    func cancelEveryone() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await scene.flowRing(alice, ["bob", "carol"], everyone: users)
        let aliceRinging = flowAckOrderNormalized(alice.events)
        let bobRinging = flowAckOrderNormalized(bob.events)
        let carolRinging = flowAckOrderNormalized(carol.events)

        let result = try await alice.cancel([], id, data: "all", in: scene.world)
        #expect(result.code == .ZIMErrorCodeSuccess && result.errorInvitees.isEmpty)
        try await bob.waitFor(prefix: "cancelled \(id)", in: scene.world)
        try await carol.waitFor(prefix: "cancelled \(id)", in: scene.world)
        await scene.world.runUntilIdle()

        #expect(flowAckOrderNormalized(alice.events) == aliceRinging + ["state \(id) bob:cancelled,carol:cancelled"])
        #expect(flowAckOrderNormalized(bob.events) == bobRinging + ["cancelled \(id) inviter=alice mode=general data=all"])
        #expect(flowAckOrderNormalized(carol.events) == carolRinging + ["cancelled \(id) inviter=alice mode=general data=all"])
        #expect(scene.world.service.activeCalls().isEmpty)
    }
}

// MARK: - Advanced mode

/// Seed 003, "进阶模式": callingInvite, callJoin, callQuit, callEnd, and the per-user cancel of 2.16.
@Suite("ZIM conformance flows: advanced mode")
struct ZIMConformanceFlowAdvancedTests {
    /// alice calls bob in advanced mode with data "adv"; bob accepts with "b". Logs are cleared.
    private func connected(_ scene: ZIMScene, _ users: [ZIMUser]) async throws -> String {
        let (alice, bob) = (users[0], users[1])
        let id = try await scene.flowRing(alice, ["bob"], mode: .advanced, data: "adv", everyone: users)
        #expect(alice.events == FlowLines.created(id, mode: "advanced", data: "adv", invitees: ["bob"]))
        #expect(bob.events == FlowLines.received(id, mode: "advanced", data: "adv", invitees: ["bob"]))
        #expect(try await bob.accept(id, data: "b", in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("legacyAccepted \(id) bob b", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events.suffix(2) == ["state \(id) bob:accepted:b", "legacyAccepted \(id) bob b"])
        #expect(bob.events.last == "state \(id) bob:accepted:b")
        for user in users { user.clear() }
        return id
    }

    @Test("callingInvite by an accepted member: the new invitee's received names the member as inviter and the creator as caller; everyone sees the states")
    func callingInvite() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await connected(scene, users)

        let result = try await bob.callingInvite(["carol"], id, in: scene.world)
        #expect(result.code == .ZIMErrorCodeSuccess && result.errorUsers.isEmpty)
        try await alice.waitFor("state \(id) carol:received", in: scene.world)
        await scene.world.runUntilIdle()

        #expect(alice.events == ["state \(id) carol:inviting", "state \(id) carol:received"])
        #expect(bob.events == ["state \(id) carol:inviting", "state \(id) carol:received"],
                "no legacy events: only general accept/reject/timeout have them")
        #expect(carol.events == [
            "received \(id) mode=advanced caller=alice inviter=bob data=adv timeout=90 users=alice:accepted,bob:accepted:b,carol:inviting",
            "state \(id) alice:accepted,bob:accepted:b,carol:inviting",
            "state \(id) carol:received",
        ])

        // carol answers bob's invitation: the legacy event goes to her inviter, bob.
        #expect(try await carol.accept(id, data: "c", in: scene.world) == .ZIMErrorCodeSuccess)
        try await bob.waitFor("legacyAccepted \(id) carol c", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events.suffix(1) == ["state \(id) carol:accepted:c"])
        #expect(bob.events.suffix(2) == ["state \(id) carol:accepted:c", "legacyAccepted \(id) carol c"])
        #expect(carol.events.suffix(1) == ["state \(id) carol:accepted:c"])
    }

    @Test("callJoin by an outsider: everyone sees outsider:accepted; the joiner's callback lists the members")
    func join() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "olga")
        let (alice, bob, olga) = (users[0], users[1], users[2])
        let id = try await connected(scene, users)

        let joined = try await olga.join(id, data: "j", in: scene.world)
        #expect(joined.code == .ZIMErrorCodeSuccess)
        #expect(joined.users == ["alice:accepted", "bob:accepted:b", "olga:accepted:j"])
        try await alice.waitFor("state \(id) olga:accepted:j", in: scene.world)
        await scene.world.runUntilIdle()

        #expect(alice.events == ["state \(id) olga:accepted:j"], "nobody invited olga: no legacyAccepted")
        #expect(bob.events == ["state \(id) olga:accepted:j"])
        #expect(olga.events == ["state \(id) alice:accepted,bob:accepted:b,olga:accepted:j"])
        #expect(try await olga.quit(id, in: scene.world) == .ZIMErrorCodeSuccess, "olga is a member now")
    }

    @Test("callQuit: the quitter and the others see bob:quit:<data>; the call goes on")
    func quit() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await connected(scene, users)
        #expect(try await bob.callingInvite(["carol"], id, in: scene.world).code == .ZIMErrorCodeSuccess)
        try await alice.waitFor("state \(id) carol:received", in: scene.world)
        await scene.world.runUntilIdle()
        for user in users { user.clear() }

        #expect(try await bob.quit(id, data: "q", in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("state \(id) bob:quit:q", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events == ["state \(id) bob:quit:q"])
        #expect(bob.events == ["state \(id) bob:quit:q"])
        #expect(carol.events == ["state \(id) bob:quit:q"], "a received invitee hears it too")
        #expect(scene.world.service.activeCalls().count == 1, "the call goes on")

        // A quit member still hears state changes (seed table: Quit gets callUserStateChanged only).
        #expect(try await carol.accept(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await bob.waitFor("state \(id) carol:accepted", in: scene.world)
        await scene.world.runUntilIdle()
        // bob invited carol, so the deprecated acceptance event still reaches him (docs/ZIM.md, "Legacy events").
        #expect(bob.events == ["state \(id) bob:quit:q", "state \(id) carol:accepted", "legacyAccepted \(id) carol "])
        #expect(try await bob.quit(id, in: scene.world) == .ZIMErrorCodeMessageModuleCallError, "quit only from accepted")
    }

    @Test("callEnd: members inviting, received or accepted get ended with caller, operator, mode and data; a quit member does not")
    func end() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol", "dan")
        let (alice, bob, carol, dan) = (users[0], users[1], users[2], users[3])
        let id = try await connected(scene, users)
        #expect(try await dan.join(id, in: scene.world).code == .ZIMErrorCodeSuccess)
        #expect(try await alice.callingInvite(["carol"], id, in: scene.world).code == .ZIMErrorCodeSuccess)
        try await alice.waitFor("state \(id) carol:received", in: scene.world)
        #expect(try await dan.quit(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("state \(id) dan:quit", in: scene.world)
        await scene.world.runUntilIdle()
        for user in users { user.clear() }

        #expect(try await bob.end(id, data: "e", in: scene.world) == .ZIMErrorCodeSuccess)
        let ended = "ended \(id) caller=alice by=bob mode=advanced data=e"
        try await carol.waitFor(ended, in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events == [ended], "the states stay as they were: no state line")
        #expect(bob.events == [ended])
        #expect(carol.events == [ended], "received")
        #expect(dan.events.isEmpty, "a quit member gets no callInvitationEnded")
        #expect(scene.world.service.activeCalls().isEmpty)
        #expect(try await carol.accept(id, in: scene.world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
    }

    @Test("callEnd reaches an online invitee still inviting (its receipt never reached the service)")
    func endReachesInvitingMember() async throws {
        let scene = ZIMScene()
        let faults = FaultInjector()
        // carol's client hears the invitation, but its delivery acknowledgements are lost.
        faults.dropFramesToService(1000) { frame in
            if case .request(let request) = frame, case .call(_, .acknowledge) = request.operation { return true }
            return false
        }
        let carol = scene.user("carol", faults: faults)
        #expect(try await carol.login(in: scene.world).code == .ZIMErrorCodeSuccess)
        var users = try await scene.flowUsers("alice", "bob")
        users.append(carol)
        carol.clear()
        let (alice, bob) = (users[0], users[1])
        let id = try await connected(scene, users)

        #expect(try await alice.callingInvite(["carol"], id, in: scene.world).code == .ZIMErrorCodeSuccess)
        try await carol.waitFor(prefix: "received \(id)", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events == ["state \(id) carol:inviting"], "carol is still inviting for the service")
        #expect(carol.events == [
            "received \(id) mode=advanced caller=alice inviter=alice data=adv timeout=90 users=alice:accepted,bob:accepted:b,carol:inviting",
            "state \(id) alice:accepted,bob:accepted:b,carol:inviting",
        ])

        #expect(try await bob.end(id, data: "e", in: scene.world) == .ZIMErrorCodeSuccess)
        let ended = "ended \(id) caller=alice by=bob mode=advanced data=e"
        try await carol.waitFor(ended, in: scene.world)
        await scene.world.runUntilIdle()
        #expect(carol.events == [
            "received \(id) mode=advanced caller=alice inviter=alice data=adv timeout=90 users=alice:accepted,bob:accepted:b,carol:inviting",
            "state \(id) alice:accepted,bob:accepted:b,carol:inviting",
            ended,
        ])
        #expect(alice.events == ["state \(id) carol:inviting", ended])
        #expect(bob.events == ["state \(id) carol:inviting", ended])
    }

    @Test("per-user callCancel in advanced mode: the cancelled invitee gets cancelled, the others see beCancelled, the call goes on")
    func perUserCancel() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await connected(scene, users)
        #expect(try await alice.callingInvite(["carol"], id, in: scene.world).code == .ZIMErrorCodeSuccess)
        try await alice.waitFor("state \(id) carol:received", in: scene.world)
        await scene.world.runUntilIdle()
        for user in users { user.clear() }

        let result = try await alice.cancel(["carol"], id, data: "cc", in: scene.world)
        #expect(result.code == .ZIMErrorCodeSuccess && result.errorInvitees.isEmpty)
        try await carol.waitFor(prefix: "cancelled \(id)", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events == ["state \(id) carol:beCancelled"])
        #expect(bob.events == ["state \(id) carol:beCancelled"])
        #expect(carol.events == ["cancelled \(id) inviter=alice mode=advanced data=cc"])
        #expect(scene.world.service.activeCalls().count == 1, "the call goes on")

        // The call continues: bob invites carol again, and she rings anew with bob as the inviter.
        #expect(try await bob.callingInvite(["carol"], id, in: scene.world).code == .ZIMErrorCodeSuccess)
        try await alice.waitFor("state \(id) carol:received", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(carol.events == [
            "cancelled \(id) inviter=alice mode=advanced data=cc",
            "received \(id) mode=advanced caller=alice inviter=bob data=adv timeout=90 users=alice:accepted,bob:accepted:b,carol:inviting",
            "state \(id) alice:accepted,bob:accepted:b,carol:inviting",
            "state \(id) carol:received",
        ])
        #expect(alice.events == ["state \(id) carol:beCancelled", "state \(id) carol:inviting", "state \(id) carol:received"])
    }
}
