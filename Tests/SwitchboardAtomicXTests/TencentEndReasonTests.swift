import Testing
import SwitchboardAtomicX
import SwitchboardCore
import SwitchboardService
import SwitchboardTesting

/// Every `CallEndReason` a call can end with on the Tencent surface, on both sides: the CallStore
/// event (`ended <callId> <media> <reason> by=<user>`) and the TUICallObserver callback with the same
/// reason (`tui.end` after a connection, `tui.notConnected` otherwise), plus the per-user callbacks.
///
/// `otherDeviceAccepted` and `otherDeviceReject` are in TencentMultiDeviceTests. `unknown` is not
/// reachable through the public API: the view gives it only to an acceptance the service failed
/// (`acceptFailed`, Agora's three-way handshake), which a Tencent call's policy never asks for.
@Suite("Tencent surface: end reasons")
struct TencentEndReasonTests {
    // MARK: hangup

    @Test("a connected 1:1 call the caller hangs up ends hangup by=alice on both sides (tui.end with the time)")
    func callerHangsUp() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .audio, in: world)
        try await bob.answer(in: world)
        try await alice.waitFor("tui.begin \(id)", in: world)
        await world.advance(by: .seconds(2))
        try await alice.waitUntil("duration 2", in: world) { $0.activeCall.duration == 2 }
        try await bob.waitUntil("duration 2", in: world) { $0.activeCall.duration == 2 }
        #expect(try await alice.hangup(in: world).isSuccess)
        try await alice.waitFor(prefix: "tui.end", in: world)
        try await bob.waitFor(prefix: "tui.end", in: world)
        await world.runUntilIdle()
        expectLog(alice, [
            "status none", "status waiting", "started \(id) audio",
            "status accept", "tui.begin \(id)", "tui.join bob",
            "status none", "ended \(id) audio hangup by=alice", "tui.end \(id) hangup by=alice total=2",
        ])
        expectLog(bob, [
            "status none", "status waiting", "received \(id) audio data=",
            "tui.received \(id) caller=alice callees=bob audio role=called",
            "status accept", "tui.begin \(id)",
            "tui.leave alice", "status none", "ended \(id) audio hangup by=alice", "tui.end \(id) hangup by=alice total=2",
        ])
        #expect(alice.state.activeCall.duration == 2)
        #expect(bob.state.activeCall.duration == 2)
    }

    @Test("a connected 1:1 call the callee hangs up ends hangup by=bob on both sides")
    func calleeHangsUp() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .video, in: world)
        try await bob.answer(in: world)
        try await alice.waitFor("tui.begin \(id)", in: world)
        await world.advance(by: .seconds(1))
        try await alice.waitUntil("duration 1", in: world) { $0.activeCall.duration == 1 }
        #expect(try await bob.hangup(in: world).isSuccess)
        try await alice.waitFor(prefix: "tui.end", in: world)
        try await bob.waitFor(prefix: "tui.end", in: world)
        await world.runUntilIdle()
        expectLog(alice, [
            "status none", "status waiting", "started \(id) video",
            "status accept", "tui.begin \(id)", "tui.join bob",
            "tui.leave bob", "status none", "ended \(id) video hangup by=bob", "tui.end \(id) hangup by=bob total=1",
        ])
        expectLog(bob, [
            "status none", "status waiting", "received \(id) video data=",
            "tui.received \(id) caller=alice callees=bob video role=called",
            "status accept", "tui.begin \(id)",
            "status none", "ended \(id) video hangup by=bob", "tui.end \(id) hangup by=bob total=1",
        ])
    }

    @Test("in a group call one person leaves: the others hear tui.leave and the call goes on")
    func groupLeave() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await alice.ring([bob, carol], .audio, in: world)
        try await bob.answer(in: world)
        try await carol.answer(in: world)
        try await alice.waitFor("tui.join carol", in: world)
        try await bob.waitFor("tui.join carol", in: world)
        await world.runUntilIdle()
        for user in users { user.clear() }

        #expect(try await bob.hangup(in: world).isSuccess)
        try await bob.waitFor(prefix: "tui.end", in: world)
        try await alice.waitFor("tui.leave bob", in: world)
        try await carol.waitFor("tui.leave bob", in: world)
        await world.runUntilIdle()
        expectLog(bob, ["status none", "ended \(id) audio hangup by=bob", "tui.end \(id) hangup by=bob total=0"])
        expectLog(alice, ["tui.leave bob"])
        expectLog(carol, ["tui.leave bob"])
        #expect(alice.state.selfInfo.status == .accept)
        #expect(alice.participants == ["alice:accept", "carol:accept"])
        #expect(carol.participants == ["alice:accept", "carol:accept"])
        #expect(bob.participants == [])

        // The call ends when one person is left (endWhenAlone).
        for user in users { user.clear() }
        #expect(try await carol.hangup(in: world).isSuccess)
        try await alice.waitFor(prefix: "tui.end", in: world)
        await world.runUntilIdle()
        expectLog(carol, ["status none", "ended \(id) audio hangup by=carol", "tui.end \(id) hangup by=carol total=0"])
        expectLog(alice, ["tui.leave carol", "status none", "ended \(id) audio hangup by=carol", "tui.end \(id) hangup by=carol total=0"])
        expectLog(bob, [])
    }

    // MARK: reject

    @Test("the callee rejects: both sides end reject by=bob, the caller hears tui.reject bob")
    func reject() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .video, in: world)
        #expect(try await bob.reject(in: world).isSuccess)
        try await alice.waitFor(prefix: "tui.notConnected", in: world)
        try await bob.waitFor(prefix: "tui.notConnected", in: world)
        await world.runUntilIdle()
        expectLog(alice, [
            "status none", "status waiting", "started \(id) video",
            "tui.reject bob", "status none", "ended \(id) video reject by=bob", "tui.notConnected \(id) reject by=bob",
        ])
        expectLog(bob, [
            "status none", "status waiting", "received \(id) video data=",
            "tui.received \(id) caller=alice callees=bob video role=called",
            "status none", "ended \(id) video reject by=bob", "tui.notConnected \(id) reject by=bob",
        ])
        #expect(bob.state.activeCall.result == .incoming)
        #expect(alice.state.activeCall.result == .outgoing)
    }

    // MARK: noResponse

    @Test("nobody answers within the 30 s default: both sides end noResponse by=bob")
    func noResponseDefault() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .audio, in: world)
        await world.advance(by: .milliseconds(29_750))
        await world.runUntilIdle()
        #expect(!alice.events.contains { $0.hasPrefix("ended") })
        #expect(bob.state.selfInfo.status == .waiting)
        await world.advance(by: .milliseconds(250))
        try await alice.waitFor(prefix: "tui.notConnected", in: world)
        try await bob.waitFor(prefix: "tui.notConnected", in: world)
        await world.runUntilIdle()
        expectLog(alice, [
            "status none", "status waiting", "started \(id) audio",
            "tui.noResponse bob", "status none", "ended \(id) audio noResponse by=bob",
            "tui.notConnected \(id) noResponse by=bob",
        ])
        expectLog(bob, [
            "status none", "status waiting", "received \(id) audio data=",
            "tui.received \(id) caller=alice callees=bob audio role=called",
            "status none", "ended \(id) audio noResponse by=bob", "tui.notConnected \(id) noResponse by=bob",
        ])
        #expect(bob.state.activeCall.result == .missed)
    }

    @Test("a custom timeout rings that long; timeout 0 means the 30 s default", arguments: [(10, 10), (0, 30), (45, 45)])
    func noResponseCustom(timeout: Int, seconds: Int) async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        var params = CallParams()
        params.timeout = timeout
        let id = try await alice.ring([bob], .audio, params: params, in: world)
        await world.advance(by: .seconds(seconds) - .milliseconds(250))
        await world.runUntilIdle()
        #expect(!alice.events.contains { $0.hasPrefix("ended") })
        #expect(!bob.events.contains { $0.hasPrefix("ended") })
        await world.advance(by: .milliseconds(250))
        try await alice.waitFor("ended \(id) audio noResponse by=bob", in: world)
        try await bob.waitFor("ended \(id) audio noResponse by=bob", in: world)
        await world.runUntilIdle()
        expectCallLog(alice, [
            "started \(id) audio", "tui.noResponse bob", "ended \(id) audio noResponse by=bob",
            "tui.notConnected \(id) noResponse by=bob",
        ])
        expectCallLog(bob, [
            "received \(id) audio data=", "tui.received \(id) caller=alice callees=bob audio role=called",
            "ended \(id) audio noResponse by=bob", "tui.notConnected \(id) noResponse by=bob",
        ])
    }

    // MARK: offline

    @Test("a callee who never logged in: the caller ends offline by=bob right after started")
    func offlineNeverLoggedIn() async throws {
        let world = TestWorld()
        let alice = try await tencentUsers("alice", in: world)[0]
        let outcome = try await alice.calls(["bob"], .audio, in: world)
        #expect(outcome.isSuccess)
        let id = alice.callID
        try await alice.waitFor(prefix: "tui.notConnected", in: world)
        await world.runUntilIdle()
        expectLog(alice, [
            "status none", "status waiting", "started \(id) audio",
            "status none", "tui.noResponse bob", "ended \(id) audio offline by=bob",
            "tui.notConnected \(id) offline by=bob",
        ])
        #expect(alice.state.activeCall.callId == id)
        #expect(alice.state.selfInfo.status == .none)
    }

    @Test("a callee who logged out: the caller ends offline by=bob")
    func offlineLoggedOut() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        #expect(try await bob.logout(in: world).isSuccess)
        await world.runUntilIdle()
        bob.clear()
        #expect(try await alice.calls(["bob"], .video, in: world).isSuccess)
        let id = alice.callID
        try await alice.waitFor(prefix: "tui.notConnected", in: world)
        await world.runUntilIdle()
        expectCallLog(alice, [
            "started \(id) video", "tui.noResponse bob", "ended \(id) video offline by=bob",
            "tui.notConnected \(id) offline by=bob",
        ])
        expectLog(bob, [])
    }

    @Test("an app that pushes offline invitations keeps the call ringing; the callee logs in and receives it")
    func offlinePushed() async throws {
        let world = configuredWorld(pushesOfflineInvitations: true)
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.login(sig: testUserSig("alice"), in: world).isSuccess)
        #expect(try await alice.calls(["bob"], .audio, in: world).isSuccess)
        let id = alice.callID
        try await alice.waitFor("started \(id) audio", in: world)
        await world.advance(by: .seconds(5))
        await world.runUntilIdle()
        expectLog(alice, ["status none", "status waiting", "started \(id) audio"])
        #expect(alice.participants == ["alice:waiting", "bob:waiting"])

        #expect(try await bob.login(sig: testUserSig("bob"), in: world).isSuccess)
        try await bob.waitFor("received \(id) audio data=", in: world)
        #expect(bob.state.selfInfo.status == .waiting)
        try await bob.answer(in: world)
        try await alice.waitFor("tui.begin \(id)", in: world)
        await world.runUntilIdle()
        expectLog(bob, [
            "status none", "status waiting", "received \(id) audio data=",
            "tui.received \(id) caller=alice callees=bob audio role=called", "status accept", "tui.begin \(id)",
        ])
    }

    @Test("without offline push in a configured app, the callee who is not logged in is offline")
    func offlineConfiguredWithoutPush() async throws {
        let world = configuredWorld(pushesOfflineInvitations: false)
        let alice = TencentUser("alice", in: world)
        #expect(try await alice.login(sig: testUserSig("alice"), in: world).isSuccess)
        #expect(try await alice.calls(["bob"], .audio, in: world).isSuccess)
        let id = alice.callID
        try await alice.waitFor("ended \(id) audio offline by=bob", in: world)
    }

    // MARK: lineBusy

    @Test("a callee already in a call is busy: the caller ends lineBusy by=carol, carol never rings")
    func lineBusy() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let first = try await bob.ring([carol], .audio, in: world)
        try await carol.answer(in: world)
        await world.runUntilIdle()
        carol.clear()
        bob.clear()

        #expect(try await alice.calls(["carol"], .video, in: world).isSuccess)
        let id = alice.callID
        #expect(id != first)
        try await alice.waitFor(prefix: "tui.notConnected", in: world)
        await world.runUntilIdle()
        expectLog(alice, [
            "status none", "status waiting", "started \(id) video",
            "status none", "tui.lineBusy carol", "ended \(id) video lineBusy by=carol",
            "tui.notConnected \(id) lineBusy by=carol",
        ])
        expectLog(carol, [])
        expectLog(bob, [])
        #expect(carol.callID == first)
        #expect(carol.state.selfInfo.status == .accept)
    }

    @Test("a callee who is only ringing is busy too")
    func lineBusyWhileRinging() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let first = try await bob.ring([carol], .audio, in: world)
        await world.runUntilIdle()
        carol.clear()
        #expect(try await alice.calls(["carol"], .audio, in: world).isSuccess)
        let id = alice.callID
        try await alice.waitFor("ended \(id) audio lineBusy by=carol", in: world)
        await world.runUntilIdle()
        expectLog(carol, [])
        #expect(carol.callID == first)
        #expect(carol.state.selfInfo.status == .waiting)
    }

    @Test("TUICallEngine.ignore: the caller hears tui.lineBusy and ends lineBusy by=bob")
    func ignore() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .audio, in: world)
        #expect(try await bob.ignore(in: world).isSuccess)
        try await alice.waitFor(prefix: "tui.notConnected", in: world)
        try await bob.waitFor(prefix: "tui.notConnected", in: world)
        await world.runUntilIdle()
        expectLog(alice, [
            "status none", "status waiting", "started \(id) audio",
            "tui.lineBusy bob", "status none", "ended \(id) audio lineBusy by=bob", "tui.notConnected \(id) lineBusy by=bob",
        ])
        expectCallLog(bob, [
            "received \(id) audio data=", "tui.received \(id) caller=alice callees=bob audio role=called",
            "ended \(id) audio lineBusy by=bob", "tui.notConnected \(id) lineBusy by=bob",
        ])
        #expect(bob.state.selfInfo.status == .none)
    }

    // MARK: canceled

    @Test("the caller hangs up while it rings: both sides end canceled by=alice")
    func canceled() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .video, in: world)
        #expect(try await alice.hangup(in: world).isSuccess)
        try await alice.waitFor(prefix: "tui.notConnected", in: world)
        try await bob.waitFor(prefix: "tui.notConnected", in: world)
        await world.runUntilIdle()
        expectLog(alice, [
            "status none", "status waiting", "started \(id) video",
            "status none", "ended \(id) video canceled by=alice", "tui.notConnected \(id) canceled by=alice",
        ])
        expectLog(bob, [
            "status none", "status waiting", "received \(id) video data=",
            "tui.received \(id) caller=alice callees=bob video role=called",
            "status none", "ended \(id) video canceled by=alice", "tui.notConnected \(id) canceled by=alice",
        ])
        #expect(bob.state.activeCall.result == .missed)
    }

    @Test("the caller cancels a group call: every ringing invitee ends canceled by=alice")
    func canceledGroup() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await alice.ring([bob, carol], .audio, in: world)
        #expect(try await alice.hangup(in: world).isSuccess)
        for user in users { try await user.waitFor(prefix: "tui.notConnected", in: world) }
        await world.runUntilIdle()
        expectCallLog(alice, ["started \(id) audio", "ended \(id) audio canceled by=alice", "tui.notConnected \(id) canceled by=alice"])
        for user in [bob, carol] {
            expectCallLog(user, [
                "received \(id) audio data=", "tui.received \(id) caller=alice callees=bob,carol audio role=called",
                "ended \(id) audio canceled by=alice", "tui.notConnected \(id) canceled by=alice",
            ])
        }
    }

    @Test("the callee hangs up while it rings: that is a reject")
    func calleeHangsUpWhileRinging() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .audio, in: world)
        #expect(try await bob.hangup(in: world).isSuccess)
        try await alice.waitFor(prefix: "tui.notConnected", in: world)
        try await bob.waitFor(prefix: "tui.notConnected", in: world)
        await world.runUntilIdle()
        expectCallLog(alice, [
            "started \(id) audio", "tui.reject bob", "ended \(id) audio reject by=bob", "tui.notConnected \(id) reject by=bob",
        ])
        expectCallLog(bob, [
            "received \(id) audio data=", "tui.received \(id) caller=alice callees=bob audio role=called",
            "ended \(id) audio reject by=bob", "tui.notConnected \(id) reject by=bob",
        ])
    }

    @Test("logging out during a connected call hangs up: the other side ends hangup by=bob")
    func logoutHangsUp() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .audio, in: world)
        try await bob.answer(in: world)
        try await alice.waitFor("tui.join bob", in: world)
        #expect(try await bob.logout(in: world).isSuccess)
        try await alice.waitFor("ended \(id) audio hangup by=bob", in: world)
        try await bob.waitFor("ended \(id) audio hangup by=bob", in: world)
        await world.runUntilIdle()
        expectCallLog(bob, [
            "received \(id) audio data=", "tui.received \(id) caller=alice callees=bob audio role=called",
            "tui.begin \(id)", "ended \(id) audio hangup by=bob", "tui.end \(id) hangup by=bob total=0",
        ])
        #expect(alice.state.selfInfo.status == .none)
    }

    // MARK: endByServer

    @Test("the service's admin API ends a connected call: everyone ends endByServer")
    func endByServerConnected() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .audio, in: world)
        try await bob.answer(in: world)
        try await alice.waitFor("tui.begin \(id)", in: world)
        await world.advance(by: .seconds(4))
        try await alice.waitUntil("duration 4", in: world) { $0.activeCall.duration == 4 }
        try await bob.waitUntil("duration 4", in: world) { $0.activeCall.duration == 4 }
        await world.runUntilIdle()
        for user in users { user.clear() }

        try world.service.endCall(CallID(id))
        try await alice.waitFor(prefix: "tui.end", in: world)
        try await bob.waitFor(prefix: "tui.end", in: world)
        await world.runUntilIdle()
        expectLog(alice, ["status none", "ended \(id) audio endByServer by=", "tui.end \(id) endByServer by= total=4"])
        expectLog(bob, ["status none", "ended \(id) audio endByServer by=", "tui.end \(id) endByServer by= total=4"])
        #expect(alice.state.activeCall.duration == 4)
        #expect(world.service.activeCalls().isEmpty)
    }

    @Test("the service's admin API ends a ringing call: both sides end endByServer, not connected")
    func endByServerRinging() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .video, in: world)
        await world.runUntilIdle()
        for user in users { user.clear() }
        try world.service.endCall(CallID(id))
        try await alice.waitFor(prefix: "tui.notConnected", in: world)
        try await bob.waitFor(prefix: "tui.notConnected", in: world)
        await world.runUntilIdle()
        expectLog(alice, ["status none", "ended \(id) video endByServer by=", "tui.notConnected \(id) endByServer by="])
        expectLog(bob, ["status none", "ended \(id) video endByServer by=", "tui.notConnected \(id) endByServer by="])
    }
}
