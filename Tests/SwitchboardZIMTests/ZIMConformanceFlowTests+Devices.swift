import Testing
import SwitchboardClient
import SwitchboardTesting
import SwitchboardZIM

/// `callJoin` (docs/ZIM.md, "ZIM's documented limits and rules") and
/// DECISIONS.md "Login policy and devices": ZIM logs a user in on several devices; every device rings,
/// and once a device answers, only that primary device hears the call; `callJoin` from another device
/// moves the primary device (invisible to the others), 6000283 from the device that already is primary.
@Suite("ZIM conformance flows: several devices")
struct ZIMConformanceFlowDeviceTests {
    @Test("bob on two devices: both get received; accepting on device 1 gives device 2 one state line, then nothing more")
    func acceptOnOneDevice() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "bob", "carol")
        let (alice, bob1, bob2, carol) = (users[0], users[1], users[2], users[3])
        let id = try await scene.flowRing(alice, ["bob"], mode: .advanced, everyone: users)
        let ringing = FlowLines.received(id, mode: "advanced", invitees: ["bob"])
        #expect(bob1.events == ringing)
        #expect(bob2.events == ringing, "every device rings")
        #expect(alice.events == FlowLines.created(id, mode: "advanced", invitees: ["bob"]))

        #expect(try await bob1.accept(id, data: "d1", in: scene.world) == .ZIMErrorCodeSuccess)
        try await bob2.waitFor("state \(id) bob:accepted:d1", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(bob1.events == ringing + ["state \(id) bob:accepted:d1"])
        #expect(bob2.events == ringing + ["state \(id) bob:accepted:d1"], "device 2 learns that the call was answered")

        // Later events reach device 1 only.
        #expect(try await alice.callingInvite(["carol"], id, in: scene.world).code == .ZIMErrorCodeSuccess)
        try await bob1.waitFor("state \(id) carol:received", in: scene.world)
        #expect(try await carol.reject(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await bob1.waitFor("state \(id) carol:rejected", in: scene.world)
        #expect(try await alice.end(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await bob1.waitFor("ended \(id) caller=alice by=alice mode=advanced data=", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(bob1.events == ringing + [
            "state \(id) bob:accepted:d1",
            "state \(id) carol:inviting", "state \(id) carol:received", "state \(id) carol:rejected",
            "ended \(id) caller=alice by=alice mode=advanced data=",
        ])
        #expect(bob2.events == ringing + ["state \(id) bob:accepted:d1"], "device 2 hears nothing more")
    }

    @Test("bob on two devices: rejecting on device 1 gives device 2 the state line, then nothing more")
    func rejectOnOneDevice() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "bob")
        let (alice, bob1, bob2) = (users[0], users[1], users[2])
        let id = try await scene.flowRing(alice, ["bob"], everyone: users)
        let ringing = FlowLines.received(id, invitees: ["bob"])

        #expect(try await bob1.reject(id, data: "no", in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("legacyRejected \(id) bob no", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice.events == FlowLines.created(id, invitees: ["bob"])
            + ["state \(id) bob:rejected:no", "legacyRejected \(id) bob no"])
        #expect(bob1.events == ringing + ["state \(id) bob:rejected:no"])
        #expect(bob2.events == ringing + ["state \(id) bob:rejected:no"])
        #expect(try await bob2.accept(id, in: scene.world) == .ZIMErrorCodeMessageModuleCallDoseNotExist,
                "the general call ended with bob's answer")
    }

    @Test("callJoin from device 2 moves the primary device: device 2 gets a snapshot and the later events, device 1 nothing, the others see nothing of the move; again → 6000283")
    func joinMovesPrimaryDevice() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "bob", "carol")
        let (alice, bob1, bob2, carol) = (users[0], users[1], users[2], users[3])
        let id = try await scene.flowRing(alice, ["bob"], mode: .advanced, everyone: users)
        #expect(try await bob1.accept(id, data: "d1", in: scene.world) == .ZIMErrorCodeSuccess)
        try await bob2.waitFor("state \(id) bob:accepted:d1", in: scene.world)
        #expect(try await alice.callingInvite(["carol"], id, in: scene.world).code == .ZIMErrorCodeSuccess)
        try await bob1.waitFor("state \(id) carol:received", in: scene.world)
        await scene.world.runUntilIdle()
        for user in users { user.clear() }

        let joined = try await bob2.join(id, in: scene.world)
        #expect(joined.code == .ZIMErrorCodeSuccess)
        #expect(joined.users == ["alice:accepted", "bob:accepted:d1", "carol:received"])
        try await bob2.waitFor(prefix: "state \(id)", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(bob2.events == ["state \(id) alice:accepted,bob:accepted:d1,carol:received"])
        #expect(bob1.events.isEmpty)
        #expect(alice.events.isEmpty, "a device move is invisible to the others")
        #expect(carol.events.isEmpty, "a device move is invisible to the others")

        #expect(try await carol.reject(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await bob2.waitFor("state \(id) carol:rejected", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(bob2.events == ["state \(id) alice:accepted,bob:accepted:d1,carol:received", "state \(id) carol:rejected"])
        #expect(bob1.events.isEmpty, "device 1 is no longer the primary device")

        let again = try await bob2.join(id, in: scene.world)
        #expect(again.code == .ZIMErrorCodeMessageModuleUserAlreadyInTheCall)
        await scene.world.runUntilIdle()
        #expect(bob2.events.count == 2 && bob1.events.isEmpty && carol.events.count == 1 && alice.events.count == 2,
                "the refused join changed nothing: \(alice.events) \(bob2.events)")

        // Device 1 can take the call back.
        #expect(try await bob1.join(id, in: scene.world).code == .ZIMErrorCodeSuccess)
        try await bob1.waitFor(prefix: "state \(id)", in: scene.world)
        #expect(try await alice.end(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await bob1.waitFor(prefix: "ended \(id)", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(bob1.events == ["state \(id) alice:accepted,bob:accepted:d1,carol:rejected", "ended \(id) caller=alice by=alice mode=advanced data="])
        #expect(bob2.events.count == 2, "device 2 no longer hears the call: \(bob2.events)")
    }

    @Test("the caller on two devices: created goes to every online device of the inviter; the later events to the creating device only")
    func callerOnTwoDevices() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "alice", "bob")
        let (alice1, alice2, bob) = (users[0], users[1], users[2])
        let id = try await scene.flowRing(alice1, ["bob"], everyone: users)
        #expect(alice1.events == FlowLines.created(id, invitees: ["bob"]))
        // Observed: the other device gets created and the first state line, then nothing more.
        let other = [
            "created \(id) mode=general caller=alice data= timeout=90 users=alice:accepted,bob:inviting",
            "state \(id) alice:accepted,bob:inviting",
        ]
        #expect(alice2.events == other)
        #expect(bob.events == FlowLines.received(id, invitees: ["bob"]))

        #expect(try await bob.accept(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice1.waitFor("legacyAccepted \(id) bob ", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(alice1.events == FlowLines.created(id, invitees: ["bob"]) + ["state \(id) bob:accepted", "legacyAccepted \(id) bob "])
        #expect(alice2.events == other)
    }
}
