import Testing
import SwitchboardAtomicX
import SwitchboardTesting

/// The kit's guards, which the stores enforce
/// (docs/TENCENT.md, "At most 9 people", "Busy devices answer busy"): -1202 for bad invitee lists and
/// parameters, -1203 for a request the device's call state does not allow. A refused request changes
/// nothing: no event, the same state, and nobody rings.
@Suite("Tencent surface: guards")
struct TencentGuardTests {
    /// `user`'s state as text, to compare before and after a refused request.
    private func snapshot(_ user: TencentUser) -> String {
        let state = user.state
        let call = state.activeCall
        return "\(call.callId) \(call.roomId) \(call.inviterId) \(call.inviteeIds) \(call.result) \(call.duration) "
            + "\(state.selfInfo.status) \(user.participants)"
    }

    @Test("calls with an empty list, or only yourself, fails with -1202 and changes nothing", arguments: [
        [String](), ["alice"], ["alice", "alice"],
    ])
    func emptyList(_ list: [String]) async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let outcome = try await alice.calls(list, .video, in: world)
        #expect(code(outcome) == Int(ERROR_PARAM_INVALID))
        await world.runUntilIdle()
        expectLog(alice, ["status none"])
        expectLog(bob, ["status none"])
        #expect(alice.callID == "")
        #expect(alice.state.selfInfo.status == .none)
        #expect(world.service.activeCalls().isEmpty)
    }

    @Test("calls takes at most 8 invitees (9 people): 9 or more fail with -1202 and nobody rings")
    func tooManyInvitees() async throws {
        let world = TestWorld()
        let names = (1...9).map { "u\($0)" }
        var users = try await tencentUsers("alice", in: world)
        for name in names { users += try await tencentUsers(name, in: world) }
        let alice = users[0]
        for list in [names, names + ["u10"]] {
            let outcome = try await alice.calls(list, .audio, in: world)
            #expect(code(outcome) == Int(ERROR_PARAM_INVALID), "\(list.count) invitees")
            #expect(message(outcome).contains("9 people"))
        }
        // Yourself does not count: 8 others and alice herself are fine.
        await world.runUntilIdle()
        for user in users { expectLog(user, ["status none"]) }
        #expect(world.service.activeCalls().isEmpty)

        let id = try await alice.ring(Array(users[1...8]), .audio, in: world)
        #expect(alice.state.activeCall.inviteeIds == Array(names.prefix(8)))
        #expect(alice.participants.count == 9)
        await world.runUntilIdle()
        expectLog(users[9], ["status none"])
        #expect(users[8].events.contains("received \(id) audio data="))
    }

    @Test("8 invitees with yourself in the list are fine (yourself is removed first)")
    func eightPlusSelf() async throws {
        let world = TestWorld()
        let alice = try await tencentUsers("alice", in: world)[0]
        let outcome = try await alice.calls(["alice"] + (1...8).map { "u\($0)" }, .audio, in: world)
        #expect(outcome.isSuccess)
        #expect(alice.state.activeCall.inviteeIds.count == 8)
    }

    @Test("a negative timeout fails with -1202 and changes nothing")
    func negativeTimeout() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        var params = CallParams()
        params.timeout = -1
        let outcome = try await alice.calls(["bob"], .audio, params: params, in: world)
        #expect(code(outcome) == Int(ERROR_PARAM_INVALID))
        await world.runUntilIdle()
        expectLog(alice, ["status none"])
        expectLog(bob, ["status none"])
        #expect(world.service.activeCalls().isEmpty)
    }

    @Test("calls while ringing as the callee, while calling, or while connected fails with -1203; nothing changes")
    func callsWhileBusy() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await alice.ring([bob], .video, in: world)
        await world.runUntilIdle()

        // Calling carol is refused to the callee and the caller alike, and changes nothing.
        func expectCallingRefused() async throws {
            for user in [bob, alice] {
                let before = snapshot(user)
                let lines = user.events
                let outcome = try await user.calls(["carol"], .audio, in: world)
                #expect(code(outcome) == Int(ERROR_REQUEST_REFUSED), "\(user.name)")
                #expect(message(outcome).contains("Do not call repeatedly"))
                await world.runUntilIdle()
                #expect(user.events == lines)
                #expect(snapshot(user) == before)
            }
        }
        // Ringing (callee) and calling (caller).
        try await expectCallingRefused()
        // Connected.
        try await bob.answer(in: world)
        try await alice.waitFor("tui.join bob", in: world)
        await world.runUntilIdle()
        try await expectCallingRefused()
        expectLog(carol, ["status none"])
        #expect(world.service.activeCalls().map(\.id.rawValue) == [id])
    }

    @Test("join while not idle fails with -1203 (\"Do not call repeatedly\"); nothing changes")
    func joinWhileBusy() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", "dave", in: world)
        let (alice, bob, carol, dave) = (users[0], users[1], users[2], users[3])
        let first = try await alice.ring([bob], .video, in: world)
        try await bob.answer(in: world)
        let second = try await carol.ring([dave], .audio, in: world)
        await world.runUntilIdle()
        // dave rings, carol calls, alice and bob are connected: none of them may join the other call.
        for (user, other) in [(dave, first), (carol, first), (alice, second), (bob, second)] {
            let before = snapshot(user)
            let lines = user.events
            let outcome = try await user.join(other, in: world)
            #expect(code(outcome) == Int(ERROR_REQUEST_REFUSED), "\(user.name)")
            #expect(message(outcome).contains("Do not call repeatedly"))
            await world.runUntilIdle()
            #expect(user.events == lines, "\(user.name)")
            #expect(snapshot(user) == before, "\(user.name)")
        }
        #expect(world.service.activeCalls().first { $0.id.rawValue == first }?.participants.count == 2)
    }

    @Test("accept, reject and hangup with no call fail with -1203 and change nothing")
    func noCall() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let alice = users[0]
        #expect(code(try await alice.accept(in: world)) == Int(ERROR_REQUEST_REFUSED))
        #expect(code(try await alice.reject(in: world)) == Int(ERROR_REQUEST_REFUSED))
        #expect(code(try await alice.hangup(in: world)) == Int(ERROR_REQUEST_REFUSED))
        #expect(code(try await alice.ignore(in: world)) == Int(ERROR_REQUEST_REFUSED))
        await world.runUntilIdle()
        expectLog(alice, ["status none"])
        #expect(alice.callID == "")
    }

    @Test("after a call ended, accept, reject and hangup fail with -1203 and the ended call stays as it was")
    func endedCall() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .audio, in: world)
        #expect(try await bob.reject(in: world).isSuccess)
        try await alice.waitFor("ended \(id) audio reject by=bob", in: world)
        await world.runUntilIdle()
        for user in users {
            let before = snapshot(user)
            let lines = user.events
            #expect(code(try await user.accept(in: world)) == Int(ERROR_REQUEST_REFUSED))
            #expect(code(try await user.reject(in: world)) == Int(ERROR_REQUEST_REFUSED))
            #expect(code(try await user.hangup(in: world)) == Int(ERROR_REQUEST_REFUSED))
            await world.runUntilIdle()
            #expect(user.events == lines)
            #expect(snapshot(user) == before)
        }
    }

    @Test("the caller cannot accept or reject its own call (-1203); the callee keeps ringing")
    func callerCannotAnswer() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        _ = try await alice.ring([bob], .audio, in: world)
        await world.runUntilIdle()
        let lines = bob.events
        #expect(code(try await alice.accept(in: world)) == Int(ERROR_REQUEST_REFUSED))
        #expect(code(try await alice.reject(in: world)) == Int(ERROR_REQUEST_REFUSED))
        await world.runUntilIdle()
        #expect(bob.events == lines)
        #expect(alice.state.selfInfo.status == .waiting)
        #expect(bob.state.selfInfo.status == .waiting)
    }

    @Test("invite that would make more than 9 people fails with -1202 and nobody rings; up to 9 is fine")
    func inviteLimit() async throws {
        let world = TestWorld()
        let others = (1...8).map { "u\($0)" }
        var users = try await tencentUsers("alice", "bob", in: world)
        for name in others { users += try await tencentUsers(name, in: world) }
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .audio, in: world)
        try await bob.answer(in: world)
        try await alice.waitFor("tui.join bob", in: world)
        await world.runUntilIdle()
        let before = snapshot(alice)
        let lines = alice.events

        // 2 in the call + 8 = 10.
        let outcome = try await alice.invite(others, in: world)
        #expect(code(outcome) == Int(ERROR_PARAM_INVALID))
        #expect(message(outcome).contains("9 people"))
        await world.runUntilIdle()
        #expect(alice.events == lines)
        #expect(snapshot(alice) == before)
        for user in users[2...] { expectLog(user, ["status none"]) }

        // An empty list or only yourself: -1202 too.
        #expect(code(try await alice.invite([], in: world)) == Int(ERROR_PARAM_INVALID))
        #expect(code(try await alice.invite(["alice"], in: world)) == Int(ERROR_PARAM_INVALID))

        // 2 + 7 = 9.
        #expect(try await alice.invite(Array(others.prefix(7)), in: world).isSuccess)
        for user in users[2...8] { try await user.waitFor(prefix: "received \(id)", in: world) }
        #expect(alice.participants.count == 9)
        // Now full: one more is refused.
        let full = try await bob.invite(["u8"], in: world)
        #expect(code(full) == Int(ERROR_PARAM_INVALID))
        await world.runUntilIdle()
        expectLog(users[9], ["status none"])
    }

    @Test("invite while not connected (ringing, calling, idle) fails with -1203")
    func inviteNotConnected() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        #expect(code(try await alice.invite(["carol"], in: world)) == Int(ERROR_REQUEST_REFUSED))
        _ = try await alice.ring([bob], .audio, in: world)
        #expect(code(try await alice.invite(["carol"], in: world)) == Int(ERROR_REQUEST_REFUSED))
        #expect(code(try await bob.invite(["carol"], in: world)) == Int(ERROR_REQUEST_REFUSED))
        await world.runUntilIdle()
        expectLog(carol, ["status none"])
    }

    @Test("a refused calls leaves the previous call's activeCall as it was")
    func refusedKeepsPreviousCall() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .audio, in: world)
        #expect(try await alice.hangup(in: world).isSuccess)
        try await bob.waitFor("ended \(id) audio canceled by=alice", in: world)
        await world.runUntilIdle()
        let before = snapshot(alice)
        let lines = alice.events
        #expect(code(try await alice.calls([], .audio, in: world)) == Int(ERROR_PARAM_INVALID))
        var params = CallParams()
        params.timeout = -5
        #expect(code(try await alice.calls(["bob"], .audio, params: params, in: world)) == Int(ERROR_PARAM_INVALID))
        await world.runUntilIdle()
        #expect(alice.events == lines)
        #expect(snapshot(alice) == before)
        #expect(alice.callID == id)
    }
}
