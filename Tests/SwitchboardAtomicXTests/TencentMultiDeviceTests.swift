import Testing
import SwitchboardAtomicX
import SwitchboardTesting

/// One user on two devices (two AtomicXInstances logged in as the same user). Tencent rings only the
/// latest login unless `enableMultiDeviceAbility(true)`; then every device rings, the first answer
/// wins, and the other devices end with `otherDeviceAccepted` / `otherDeviceReject`
/// (DECISIONS.md "Login policy and devices"; docs/TENCENT.md, "Multi-device").
@Suite("Tencent surface: multi-device")
struct TencentMultiDeviceTests {
    /// alice, and bob on an older and a newer device (logged in in that order).
    private func devices(multiDevice: Bool, in world: TestWorld) async throws -> (TencentUser, TencentUser, TencentUser) {
        let alice = try await tencentUsers("alice", in: world)[0]
        let older = TencentUser("bob", in: world)
        #expect(try await older.login(in: world).isSuccess)
        let newer = TencentUser("bob", in: world)
        #expect(try await newer.login(in: world).isSuccess)
        if multiDevice {
            #expect(try await older.enableMultiDevice(in: world).isSuccess)
            #expect(try await newer.enableMultiDevice(in: world).isSuccess)
        }
        await world.runUntilIdle()
        return (alice, older, newer)
    }

    @Test("by default only the latest login rings; the older device logs nothing, and stays logged in")
    func latestOnly() async throws {
        let world = TestWorld()
        let (alice, older, newer) = try await devices(multiDevice: false, in: world)
        let id = try await alice.ring([newer], .video, in: world)
        try await newer.answer(in: world)
        try await alice.waitFor("tui.join bob", in: world)
        #expect(try await alice.hangup(in: world).isSuccess)
        try await newer.waitFor("ended \(id) video hangup by=alice", in: world)
        await world.runUntilIdle()
        expectLog(older, ["status none"])
        #expect(older.callID == "")
        #expect(older.loginStore.state.value.loginStatus == .logined)
        expectCallLog(newer, [
            "received \(id) video data=", "tui.received \(id) caller=alice callees=bob video role=called",
            "tui.begin \(id)", "tui.leave alice", "ended \(id) video hangup by=alice", "tui.end \(id) hangup by=alice total=0",
        ])
    }

    @Test("with multi-device on, both devices ring; accepting on one ends the other otherDeviceAccepted by=bob")
    func acceptElsewhere() async throws {
        let world = TestWorld()
        let (alice, older, newer) = try await devices(multiDevice: true, in: world)
        let id = try await alice.ring([older, newer], .audio, in: world)
        #expect(alice.state.activeCall.inviteeIds == ["bob"])
        #expect(try await older.accept(in: world).isSuccess)
        try await newer.waitFor(prefix: "tui.notConnected", in: world)
        try await alice.waitFor("tui.join bob", in: world)
        await world.runUntilIdle()
        expectLog(newer, [
            "status none", "status waiting", "received \(id) audio data=",
            "tui.received \(id) caller=alice callees=bob audio role=called",
            "status none", "ended \(id) audio otherDeviceAccepted by=bob", "tui.notConnected \(id) otherDeviceAccepted by=bob",
        ])
        expectLog(older, [
            "status none", "status waiting", "received \(id) audio data=",
            "tui.received \(id) caller=alice callees=bob audio role=called",
            "status accept", "tui.begin \(id)",
        ])
        expectCallLog(alice, ["started \(id) audio", "tui.begin \(id)", "tui.join bob"])
        #expect(newer.state.selfInfo.status == .none)
        #expect(newer.state.activeCall.callId == id)
        #expect(newer.participants == [])
        // The device that lost the race can no longer answer.
        #expect(code(try await newer.accept(in: world)) == Int(ERROR_REQUEST_REFUSED))

        // The call goes on on the answering device and ends there.
        #expect(try await older.hangup(in: world).isSuccess)
        try await alice.waitFor("ended \(id) audio hangup by=bob", in: world)
        await world.runUntilIdle()
        #expect(newer.events.filter { $0.hasPrefix("ended") || $0.hasPrefix("tui.end") }
            == ["ended \(id) audio otherDeviceAccepted by=bob"])
    }

    @Test("with multi-device on, rejecting on one device ends the other otherDeviceReject by=bob; the caller ends reject")
    func rejectElsewhere() async throws {
        let world = TestWorld()
        let (alice, older, newer) = try await devices(multiDevice: true, in: world)
        let id = try await alice.ring([older, newer], .video, in: world)
        #expect(try await newer.reject(in: world).isSuccess)
        try await older.waitFor(prefix: "tui.notConnected", in: world)
        try await alice.waitFor(prefix: "tui.notConnected", in: world)
        await world.runUntilIdle()
        expectLog(older, [
            "status none", "status waiting", "received \(id) video data=",
            "tui.received \(id) caller=alice callees=bob video role=called",
            "status none", "ended \(id) video otherDeviceReject by=bob", "tui.notConnected \(id) otherDeviceReject by=bob",
        ])
        expectCallLog(newer, [
            "received \(id) video data=", "tui.received \(id) caller=alice callees=bob video role=called",
            "ended \(id) video reject by=bob", "tui.notConnected \(id) reject by=bob",
        ])
        expectCallLog(alice, [
            "started \(id) video", "tui.reject bob", "ended \(id) video reject by=bob", "tui.notConnected \(id) reject by=bob",
        ])
    }

    @Test("with multi-device on only on the older device, both ring (the latest always does)")
    func enabledOnOneDevice() async throws {
        let world = TestWorld()
        let (alice, older, newer) = try await devices(multiDevice: false, in: world)
        #expect(try await older.enableMultiDevice(in: world).isSuccess)
        let id = try await alice.ring([older, newer], .audio, in: world)
        #expect(older.state.selfInfo.status == .waiting)
        #expect(newer.state.selfInfo.status == .waiting)
        #expect(try await alice.hangup(in: world).isSuccess)
        try await older.waitFor("ended \(id) audio canceled by=alice", in: world)
        try await newer.waitFor("ended \(id) audio canceled by=alice", in: world)
    }

    @Test("turning multi-device off again: only the latest login rings")
    func disabledAgain() async throws {
        let world = TestWorld()
        let (alice, older, newer) = try await devices(multiDevice: true, in: world)
        #expect(try await older.enableMultiDevice(false, in: world).isSuccess)
        #expect(try await newer.enableMultiDevice(false, in: world).isSuccess)
        let id = try await alice.ring([newer], .audio, in: world)
        await world.runUntilIdle()
        expectLog(older, ["status none"])
        #expect(newer.events.contains("received \(id) audio data="))
    }

    @Test("the caller's other device shows nothing of the call it placed")
    func callersOtherDevice() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("bob", in: world)
        let bob = users[0]
        let phone = TencentUser("alice", in: world)
        #expect(try await phone.login(in: world).isSuccess)
        let tablet = TencentUser("alice", in: world)
        #expect(try await tablet.login(in: world).isSuccess)
        #expect(try await phone.enableMultiDevice(in: world).isSuccess)
        #expect(try await tablet.enableMultiDevice(in: world).isSuccess)
        let id = try await tablet.ring([bob], .audio, in: world)
        try await bob.answer(in: world)
        try await tablet.waitFor("tui.join bob", in: world)
        #expect(try await bob.hangup(in: world).isSuccess)
        try await tablet.waitFor("ended \(id) audio hangup by=bob", in: world)
        await world.runUntilIdle()
        expectLog(phone, ["status none"])
        #expect(phone.callID == "")
    }
}
