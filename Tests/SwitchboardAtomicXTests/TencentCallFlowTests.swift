import Testing
import SwitchboardAtomicX
import SwitchboardTesting

/// The call flows of the Tencent surface: the state stream (`CallStore.state`) along a call, group
/// calls, invite-more and join mid-call, and ephemeral calls.
@Suite("Tencent surface: call flows and state")
struct TencentCallFlowTests {
    // MARK: - State stream

    @Test("selfInfo.status goes none → waiting → accept → none on both sides")
    func statusStream() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        #expect(alice.state.selfInfo.id == "alice")
        #expect(alice.state.selfInfo.status == .none)
        _ = try await alice.ring([bob], .video, in: world)
        #expect(alice.state.selfInfo.status == .waiting)
        #expect(bob.state.selfInfo.status == .waiting)
        try await bob.answer(in: world)
        try await alice.waitUntil("connected", in: world) { $0.selfInfo.status == .accept }
        #expect(bob.state.selfInfo.status == .accept)
        #expect(try await bob.hangup(in: world).isSuccess)
        try await alice.waitUntil("idle", in: world) { $0.selfInfo.status == .none }
        await world.runUntilIdle()
        #expect(alice.events("status") == ["status none", "status waiting", "status accept", "status none"])
        #expect(bob.events("status") == ["status none", "status waiting", "status accept", "status none"])
        #expect(bob.state.selfInfo.status == .none)
    }

    @Test("activeCall describes the call on both sides: inviter, invitees, service-assigned room, media, direction, start time")
    func activeCallFields() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .audio, in: world)
        for user in users {
            let call = user.state.activeCall
            #expect(call.callId == id)
            #expect(call.inviterId == "alice")
            #expect(call.inviteeIds == ["bob"])
            #expect(!call.roomId.isEmpty)
            #expect(call.chatGroupId == "")
            #expect(call.mediaType == .audio)
            #expect(call.duration == 0)
            #expect(call.startTime == Double(TestWorld.defaultEpoch.millisecondsSince1970) / 1000)
        }
        #expect(alice.state.activeCall.roomId == bob.state.activeCall.roomId)
        #expect(alice.state.activeCall.result == .outgoing)
        // Ringing, not answered yet: the callee's direction is incoming.
        #expect(bob.state.activeCall.result == .incoming)
        try await bob.answer(in: world)
        #expect(bob.state.activeCall.result == .incoming)
        #expect(alice.state.activeCall.result == .outgoing)
    }

    @Test("a roomId and a chatGroupId given in params are kept on both sides")
    func givenRoomAndGroup() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        var params = CallParams()
        params.roomId = "room-42"
        params.chatGroupId = "group-7"
        params.userData = "{\"k\":1}"
        let id = try await alice.ring([bob], .video, params: params, in: world)
        #expect(bob.events.contains("received \(id) video data={\"k\":1}"))
        for user in users {
            #expect(user.state.activeCall.roomId == "room-42")
            #expect(user.state.activeCall.chatGroupId == "group-7")
            #expect(user.state.activeCall.mediaType == .video)
        }
    }

    @Test("a callee who never answers sees the call as missed")
    func missed() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let id = try await alice.ring([bob], .audio, in: world)
        await world.advance(by: .seconds(30))
        try await bob.waitFor("ended \(id) audio noResponse by=bob", in: world)
        #expect(bob.state.activeCall.result == .missed)
        #expect(alice.state.activeCall.result == .outgoing)
    }

    @Test("activeCall.duration counts each second of the test clock and is final inside onCallEnded")
    func durationCounts() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let durations = CallValues<Int>()
        let atEnd = CallValues<String>()
        let store = bob.callStore
        let subscriptions = [
            store.state.subscribe(StatePublisherSelector<SwitchboardAtomicX.CallState, Int>(projector: { $0.activeCall.duration }))
                .sink { durations.append($0) },
            store.callEventPublisher.sink { event in
                if case .onCallEnded(let callId, _, _, _) = event {
                    let state = store.state.value
                    atEnd.append("\(callId) \(state.activeCall.callId) \(state.activeCall.duration) \(state.selfInfo.status)")
                }
            },
        ]
        let id = try await alice.ring([bob], .video, in: world)
        try await bob.answer(in: world)
        try await alice.waitFor("tui.begin \(id)", in: world)
        for second in 1...3 {
            await world.advance(by: .milliseconds(999))
            await world.runUntilIdle()
            #expect(bob.state.activeCall.duration == second - 1)
            await world.advance(by: .milliseconds(1))
            try await bob.waitUntil("duration \(second)", in: world) { $0.activeCall.duration == second }
            try await alice.waitUntil("duration \(second)", in: world) { $0.activeCall.duration == second }
        }
        await world.advance(by: .milliseconds(500))
        #expect(try await alice.hangup(in: world).isSuccess)
        try await bob.waitFor("ended \(id) video hangup by=alice", in: world)
        try await bob.waitFor("tui.end \(id) hangup by=alice total=3", in: world)
        await world.advance(by: .seconds(2))
        await world.runUntilIdle()
        #expect(durations.all == [0, 1, 2, 3])
        #expect(atEnd.all == ["\(id) \(id) 3 none"])
        #expect(bob.state.activeCall.duration == 3)
        #expect(alice.state.activeCall.duration == 3)
        withExtendedLifetime(subscriptions) {}
    }

    @Test("activeCall keeps its final value after onCallEnded and is overwritten by the next call")
    func activeCallKeptThenOverwritten() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let first = try await alice.ring([bob], .video, in: world)
        try await bob.answer(in: world)
        try await alice.waitFor("tui.begin \(first)", in: world)
        await world.advance(by: .seconds(2))
        try await alice.waitUntil("duration 2", in: world) { $0.activeCall.duration == 2 }
        #expect(try await bob.hangup(in: world).isSuccess)
        try await alice.waitFor("ended \(first) video hangup by=bob", in: world)
        await world.advance(by: .seconds(5))
        await world.runUntilIdle()
        for user in [alice, bob] {
            let call = user.state.activeCall
            #expect(call.callId == first)
            #expect(call.duration == 2)
            #expect(call.inviterId == "alice")
            #expect(call.inviteeIds == ["bob"])
            #expect(call.mediaType == .video)
            #expect(user.state.selfInfo.status == .none)
            #expect(user.state.allParticipants.isEmpty)
        }

        // The next call, with other people, replaces it.
        let second = try await carol.ring([alice], .audio, in: world)
        #expect(second != first)
        let call = alice.state.activeCall
        #expect(call.callId == second)
        #expect(call.inviterId == "carol")
        #expect(call.inviteeIds == ["alice"])
        #expect(call.mediaType == .audio)
        #expect(call.duration == 0)
        #expect(call.result == .incoming)
        #expect(alice.participants == ["carol:waiting", "alice:waiting"])
        // Bob is not in it and still shows his last call.
        #expect(bob.state.activeCall.callId == first)
    }

    @Test("allParticipants shows each participant's status and is empty after the end")
    func allParticipants() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        #expect(alice.participants == [])
        _ = try await alice.ring([bob, carol], .video, in: world)
        #expect(alice.participants == ["alice:waiting", "bob:waiting", "carol:waiting"])
        #expect(bob.participants == ["alice:waiting", "bob:waiting", "carol:waiting"])
        try await bob.answer(in: world)
        try await alice.waitUntil("bob accepted", in: world) { $0.allParticipants.count == 3 && $0.allParticipants[1].status == .accept }
        try await carol.waitUntil("bob accepted", in: world) { $0.allParticipants.count == 3 && $0.allParticipants[1].status == .accept }
        #expect(alice.participants == ["alice:accept", "bob:accept", "carol:waiting"])
        #expect(bob.participants == ["alice:accept", "bob:accept", "carol:waiting"])
        #expect(carol.participants == ["alice:accept", "bob:accept", "carol:waiting"])
        #expect(alice.state.allParticipants[0] == alice.state.selfInfo)
        try await carol.answer(in: world)
        try await alice.waitFor("tui.join carol", in: world)
        try await bob.waitFor("tui.join carol", in: world)
        for user in users {
            #expect(user.participants == ["alice:accept", "bob:accept", "carol:accept"], "\(user.name)")
        }
        #expect(try await alice.hangup(in: world).isSuccess)
        try await bob.waitFor("tui.leave alice", in: world)
        #expect(bob.participants == ["bob:accept", "carol:accept"])
        #expect(try await bob.hangup(in: world).isSuccess)
        try await carol.waitFor(prefix: "ended", in: world)
        await world.runUntilIdle()
        for user in users {
            #expect(user.participants == [], "\(user.name)")
            #expect(user.state.selfInfo.status == .none)
        }
    }

    // MARK: - Group calls

    @Test("a group call: one invitee rejects (tui.reject, the call goes on), the other accepts, then it ends when one is left")
    func groupRejectAndAccept() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await alice.ring([bob, carol], .audio, in: world)
        #expect(bob.events.contains("tui.received \(id) caller=alice callees=bob,carol audio role=called"))
        #expect(carol.events.contains("tui.received \(id) caller=alice callees=bob,carol audio role=called"))

        #expect(try await bob.reject(in: world).isSuccess)
        try await bob.waitFor(prefix: "tui.notConnected", in: world)
        try await alice.waitFor("tui.reject bob", in: world)
        try await carol.waitFor("tui.reject bob", in: world)
        await world.runUntilIdle()
        expectCallLog(bob, [
            "received \(id) audio data=", "tui.received \(id) caller=alice callees=bob,carol audio role=called",
            "ended \(id) audio reject by=bob", "tui.notConnected \(id) reject by=bob",
        ])
        expectLog(alice, ["status none", "status waiting", "started \(id) audio", "tui.reject bob"])
        #expect(alice.participants == ["alice:waiting", "carol:waiting"])
        #expect(carol.participants == ["alice:waiting", "carol:waiting"])

        try await carol.answer(in: world)
        try await alice.waitFor("tui.join carol", in: world)
        await world.runUntilIdle()
        expectLog(alice, [
            "status none", "status waiting", "started \(id) audio", "tui.reject bob",
            "status accept", "tui.begin \(id)", "tui.join carol",
        ])
        expectLog(carol, [
            "status none", "status waiting", "received \(id) audio data=",
            "tui.received \(id) caller=alice callees=bob,carol audio role=called",
            "tui.reject bob", "status accept", "tui.begin \(id)",
        ])
        #expect(alice.participants == ["alice:accept", "carol:accept"])

        for user in users { user.clear() }
        #expect(try await carol.hangup(in: world).isSuccess)
        try await alice.waitFor(prefix: "tui.end", in: world)
        await world.runUntilIdle()
        expectLog(alice, ["tui.leave carol", "status none", "ended \(id) audio hangup by=carol", "tui.end \(id) hangup by=carol total=0"])
        expectLog(carol, ["status none", "ended \(id) audio hangup by=carol", "tui.end \(id) hangup by=carol total=0"])
        expectLog(bob, [])
    }

    @Test("a group call where everyone rejects ends reject for the caller")
    func groupAllReject() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await alice.ring([bob, carol], .video, in: world)
        #expect(try await bob.reject(in: world).isSuccess)
        try await alice.waitFor("tui.reject bob", in: world)
        #expect(try await carol.reject(in: world).isSuccess)
        try await alice.waitFor(prefix: "tui.notConnected", in: world)
        await world.runUntilIdle()
        expectCallLog(alice, [
            "started \(id) video", "tui.reject bob", "tui.reject carol",
            "ended \(id) video reject by=carol", "tui.notConnected \(id) reject by=carol",
        ])
        expectCallLog(carol, [
            "received \(id) video data=", "tui.received \(id) caller=alice callees=bob,carol video role=called",
            "tui.reject bob", "ended \(id) video reject by=carol", "tui.notConnected \(id) reject by=carol",
        ])
    }

    @Test("invite mid-call rings a third user who sees received; the others hear tui.inviting then tui.join")
    func inviteMidCall() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await alice.ring([bob], .audio, in: world)
        try await bob.answer(in: world)
        try await alice.waitFor("tui.join bob", in: world)
        await world.runUntilIdle()
        alice.clear()
        bob.clear()

        #expect(try await alice.invite(["carol"], in: world).isSuccess)
        try await carol.waitFor(prefix: "received \(id)", in: world)
        try await bob.waitFor("tui.inviting carol", in: world)
        await world.runUntilIdle()
        expectLog(alice, ["tui.inviting carol"])
        expectLog(bob, ["tui.inviting carol"])
        expectLog(carol, [
            "status none", "status waiting", "received \(id) audio data=",
            "tui.received \(id) caller=alice callees=bob,carol audio role=called",
        ])
        #expect(carol.state.activeCall.inviteeIds == ["bob", "carol"])
        #expect(alice.participants == ["alice:accept", "bob:accept", "carol:waiting"])
        #expect(carol.participants == ["alice:accept", "bob:accept", "carol:waiting"])

        try await carol.answer(in: world)
        try await alice.waitFor("tui.join carol", in: world)
        try await bob.waitFor("tui.join carol", in: world)
        await world.runUntilIdle()
        expectLog(alice, ["tui.inviting carol", "tui.join carol"])
        expectLog(bob, ["tui.inviting carol", "tui.join carol"])
        #expect(carol.events.suffix(2) == ["status accept", "tui.begin \(id)"])
        for user in users {
            #expect(user.participants == ["alice:accept", "bob:accept", "carol:accept"], "\(user.name)")
        }
    }

    @Test("an invitee of invite-more who does not answer rings out with the call's timeout; the call goes on")
    func inviteMoreRingsOut() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        var params = CallParams()
        params.timeout = 10
        let id = try await alice.ring([bob], .audio, params: params, in: world)
        try await bob.answer(in: world)
        try await alice.waitFor("tui.join bob", in: world)
        #expect(try await bob.invite(["carol"], in: world).isSuccess)
        try await carol.waitFor(prefix: "received \(id)", in: world)
        await world.advance(by: .seconds(10))
        try await carol.waitFor("ended \(id) audio noResponse by=carol", in: world)
        try await alice.waitFor("tui.noResponse carol", in: world)
        try await bob.waitFor("tui.noResponse carol", in: world)
        await world.runUntilIdle()
        #expect(alice.state.selfInfo.status == .accept)
        #expect(alice.participants == ["alice:accept", "bob:accept"])
        #expect(!alice.events.contains { $0.hasPrefix("ended") })
    }

    @Test("an outsider joins by call id: the others hear tui.join, the joiner gets tui.begin but no received")
    func joinByID() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "dave", in: world)
        let (alice, bob, dave) = (users[0], users[1], users[2])
        let id = try await alice.ring([bob], .video, in: world)
        try await bob.answer(in: world)
        try await alice.waitFor("tui.join bob", in: world)
        await world.runUntilIdle()
        alice.clear()
        bob.clear()

        #expect(try await dave.join(id, in: world).isSuccess)
        try await dave.waitFor("tui.begin \(id)", in: world)
        try await alice.waitFor("tui.join dave", in: world)
        try await bob.waitFor("tui.join dave", in: world)
        await world.runUntilIdle()
        expectLog(dave, ["status none", "status accept", "tui.begin \(id)"])
        expectLog(alice, ["tui.join dave"])
        expectLog(bob, ["tui.join dave"])
        #expect(dave.state.activeCall.callId == id)
        #expect(dave.state.activeCall.inviterId == "alice")
        #expect(dave.participants == ["alice:accept", "bob:accept", "dave:accept"])
        #expect(alice.participants == ["alice:accept", "bob:accept", "dave:accept"])

        // Leaving one by one: the call ends when one person is left.
        #expect(try await alice.hangup(in: world).isSuccess)
        try await bob.waitFor("tui.leave alice", in: world)
        try await dave.waitFor("tui.leave alice", in: world)
        #expect(try await dave.hangup(in: world).isSuccess)
        try await bob.waitFor("ended \(id) video hangup by=dave", in: world)
        await world.runUntilIdle()
        expectLog(bob, [
            "tui.join dave", "tui.leave alice", "tui.leave dave", "status none",
            "ended \(id) video hangup by=dave", "tui.end \(id) hangup by=dave total=0",
        ])
        expectLog(dave, [
            "status none", "status accept", "tui.begin \(id)", "tui.leave alice",
            "status none", "ended \(id) video hangup by=dave", "tui.end \(id) hangup by=dave total=0",
        ])
    }

    @Test("joining a call id that does not exist fails and leaves the device idle")
    func joinUnknown() async throws {
        let world = TestWorld()
        let dave = try await tencentUsers("dave", in: world)[0]
        let outcome = try await dave.join("c-no-such-call", in: world)
        #expect(code(outcome) == Int(ERROR_REQUEST_REFUSED))
        await world.runUntilIdle()
        expectLog(dave, ["status none"])
        #expect(dave.state.selfInfo.status == .none)
        #expect(dave.callID == "")
    }

    // MARK: - Ephemeral calls

    @Test("an ephemeral call leaves no record; a normal call does")
    func ephemeralLeavesNoRecord() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        var params = CallParams()
        params.isEphemeralCall = true
        let ephemeral = try await alice.ring([bob], .audio, params: params, in: world)
        try await bob.answer(in: world)
        #expect(try await alice.hangup(in: world).isSuccess)
        try await bob.waitFor("ended \(ephemeral) audio hangup by=alice", in: world)

        let normal = try await alice.ring([bob], .video, in: world)
        try await bob.answer(in: world)
        #expect(try await bob.hangup(in: world).isSuccess)
        try await alice.waitFor("ended \(normal) video hangup by=bob", in: world)
        await world.runUntilIdle()

        for user in users {
            #expect(try await user.queryRecentCalls(cursor: "", count: 10, in: world).isSuccess)
            let ids = user.state.recentCalls.map(\.callId)
            #expect(ids == [normal], "\(user.name)")
            #expect(user.state.cursor == "")
        }
        #expect(alice.state.recentCalls.first?.result == .outgoing)
        #expect(bob.state.recentCalls.first?.result == .incoming)
    }
}
