import Synchronization
import Testing
import SwitchboardAtomicX
import SwitchboardService
import SwitchboardTesting

/// TUICallEngine's `call`, `groupCall` and `joinInGroupCall` (deprecated in the header, still what
/// TUICallKit 3.5 places calls with): the same calls as `calls` and `join`, through the service
/// (docs/TENCENT.md, "Group calls"). A refused request changes nothing.
@Suite("Tencent surface: TUICallEngine call, groupCall and joinInGroupCall")
struct TencentGroupCallTests {
    @Test("call(userId:callMediaType:params:) calls one user; bob answers and both begin")
    func callOneUser() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let params = TUICallParams()
        params.userData = "hi"
        params.roomId.strRoomId = "room-9"
        #expect(try await alice.awaiting.engineCall("bob", .audio, params: params, in: world).isSuccess)
        let id = alice.callID
        #expect(!id.isEmpty)
        #expect(alice.events.contains("started \(id) audio"))
        try await bob.waitFor("tui.received \(id) caller=alice callees=bob audio role=called", in: world)
        #expect(bob.events.contains("received \(id) audio data=hi"))
        #expect(bob.state.activeCall.roomId == "room-9")
        #expect(bob.state.activeCall.chatGroupId == "")
        try await bob.answer(in: world)
        try await alice.waitFor("tui.begin \(id)", in: world)
        #expect(alice.state.selfInfo.status == .accept)
        #expect(world.service.activeCalls().map(\.id.rawValue) == [id])
    }

    @Test("call(roomId:userId:...) places the call in roomId, whose number wins over params' room")
    func callInRoom() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let info = ExtraInfoObserver()
        bob.engine.addObserver(info)
        let params = TUICallParams()
        params.roomId.strRoomId = "ignored"
        #expect(try await alice.awaiting.engineCall("bob", params: params, room: room(4242), in: world).isSuccess)
        try await bob.waitFor(prefix: "tui.received \(alice.callID)", in: world)
        #expect(bob.state.activeCall.roomId == "4242")
        #expect(info.received.first?.intRoomId == 4242)
        withExtendedLifetime(info) {}
    }

    @Test("call(userId:) refuses bad input with the engine's codes and changes nothing")
    func callRefusals() async throws {
        let world = TestWorld()
        let stranger = TencentUser("zoe", in: world)
        #expect(try await stranger.awaiting.engineCall("bob", in: world).engineCode == ERROR_INIT_FAIL)
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        #expect(try await alice.awaiting.engineCall("", in: world).engineCode == ERROR_PARAM_INVALID)
        #expect(try await alice.awaiting.engineCall("alice", in: world).engineCode == ERROR_PARAM_INVALID)
        #expect(try await alice.awaiting.engineCall("bob", .unknown, in: world).engineCode == ERROR_PARAM_INVALID)
        #expect(try await alice.awaiting.engineCall("bob", room: room(UInt32(Int32.max) + 1), in: world).engineCode
                == ERROR_PARAM_INVALID)
        let tooLong = TUICallParams()
        tooLong.roomId.strRoomId = String(repeating: "r", count: 65)
        #expect(try await alice.awaiting.engineCall("bob", params: tooLong, in: world).engineCode == ERROR_PARAM_INVALID)
        await world.runUntilIdle()
        for user in users { expectLog(user, ["status none"]) }
        #expect(world.service.activeCalls().isEmpty)

        // While ringing out, another call is refused with -1203.
        let id = try await alice.ring([bob], in: world)
        #expect(try await alice.awaiting.engineCall("carol", in: world).engineCode == ERROR_REQUEST_REFUSED)
        await world.runUntilIdle()
        expectLog(carol, ["status none"])
        #expect(world.service.activeCalls().map(\.id.rawValue) == [id])
    }

    @Test("groupCall(groupId:...) carries the group: every callee sees it in the call and its info")
    func groupCallCarriesGroup() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let info = ExtraInfoGroupObserver()
        carol.engine.addObserver(info)
        let params = TUICallParams()
        params.chatGroupId = "replaced"
        #expect(try await alice.awaiting.engineGroupCall("group-1", ["bob", "carol", "alice"], .audio, params: params,
                                                          in: world).isSuccess)
        let id = alice.callID
        #expect(alice.state.activeCall.chatGroupId == "group-1")
        #expect(alice.state.activeCall.inviteeIds == ["bob", "carol"])
        for callee in [bob, carol] {
            try await callee.waitFor("tui.received \(id) caller=alice callees=bob,carol audio role=called", in: world)
            #expect(callee.state.activeCall.chatGroupId == "group-1")
        }
        #expect(info.groups == ["group-1"])
        #expect(world.service.activeCalls().first?.groupID == "group-1")
        withExtendedLifetime(info) {}
    }

    @Test("groupCall(roomId:groupId:...) places the call in roomId")
    func groupCallInRoom() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        #expect(try await alice.awaiting.engineGroupCall("group-1", ["bob"], room: room("hall"), in: world).isSuccess)
        try await bob.waitFor(prefix: "tui.received \(alice.callID)", in: world)
        #expect(bob.state.activeCall.roomId == "hall")
        #expect(bob.state.activeCall.chatGroupId == "group-1")
    }

    @Test("groupCall refuses an empty group, too many callees or a too long group with -1202, and changes nothing")
    func groupCallRefusals() async throws {
        let world = TestWorld()
        let names = (1...9).map { "u\($0)" }
        var users = try await tencentUsers("alice", in: world)
        for name in names { users += try await tencentUsers(name, in: world) }
        let alice = users[0]
        #expect(try await alice.awaiting.engineGroupCall("", ["u1"], in: world).engineCode == ERROR_PARAM_INVALID)
        #expect(try await alice.awaiting.engineGroupCall("group-1", [], in: world).engineCode == ERROR_PARAM_INVALID)
        #expect(try await alice.awaiting.engineGroupCall("group-1", names, in: world).engineCode == ERROR_PARAM_INVALID)
        #expect(try await alice.awaiting.engineGroupCall(String(repeating: "g", count: 65), ["u1"], in: world).engineCode
                == ERROR_PARAM_INVALID)
        #expect(try await alice.awaiting.engineGroupCall("group-1", ["u1"], .unknown, in: world).engineCode
                == ERROR_PARAM_INVALID)
        await world.runUntilIdle()
        for user in users { expectLog(user, ["status none"]) }
        #expect(world.service.activeCalls().isEmpty)
    }

    @Test("joinInGroupCall finds the group's call by its room: carol joins, everyone hears her")
    func joinInGroupCall() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        #expect(try await alice.awaiting.engineGroupCall("group-1", ["bob"], .audio, room: room(1234), in: world).isSuccess)
        let id = alice.callID
        try await bob.waitFor(prefix: "tui.received \(id)", in: world)
        try await bob.answer(in: world)
        try await alice.waitFor("tui.begin \(id)", in: world)

        #expect(try await carol.awaiting.engineJoinInGroupCall(room(1234), groupId: "group-1", .audio, in: world).isSuccess)
        #expect(carol.callID == id)
        #expect(carol.state.selfInfo.status == .accept)
        #expect(carol.state.activeCall.chatGroupId == "group-1")
        try await carol.waitFor("tui.begin \(id)", in: world)
        try await alice.waitFor("tui.join carol", in: world)
        try await bob.waitFor("tui.join carol", in: world)
        try await alice.waitUntil("carol listed", in: world) { $0.allParticipants.map(\.id).sorted() == ["alice", "bob", "carol"] }
        #expect(world.service.activeCalls().first?.participant("carol")?.state.isInCall == true)

        // Joined like any participant: carol leaves, the call goes on.
        #expect(try await carol.hangup(in: world).isSuccess)
        try await alice.waitFor("tui.leave carol", in: world)
        #expect(alice.state.selfInfo.status == .accept)
    }

    @Test("joinInGroupCall with the call's room in string form, and while the call still rings")
    func joinInGroupCallByStringRoom() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let params = TUICallParams()
        params.roomId.strRoomId = "hall-7"
        #expect(try await alice.awaiting.engineGroupCall("group-2", ["bob"], params: params, in: world).isSuccess)
        let id = alice.callID
        try await bob.waitFor(prefix: "tui.received \(id)", in: world)
        #expect(try await carol.awaiting.engineJoinInGroupCall(room("hall-7"), groupId: "group-2", in: world).isSuccess)
        #expect(carol.callID == id)
        try await alice.waitFor("tui.begin \(id)", in: world)
        try await alice.waitFor("tui.join carol", in: world)
        #expect(bob.state.selfInfo.status == .waiting)
    }

    @Test("joinInGroupCall refusals: bad input -1202, no such call or not idle -1203; nothing changes")
    func joinInGroupCallRefusals() async throws {
        let world = TestWorld()
        let stranger = TencentUser("zoe", in: world)
        #expect(try await stranger.awaiting.engineJoinInGroupCall(room(1), groupId: "g", in: world).engineCode
                == ERROR_INIT_FAIL)
        let users = try await tencentUsers("alice", "bob", "carol", "dave", in: world)
        let (alice, bob, carol, dave) = (users[0], users[1], users[2], users[3])
        #expect(try await alice.awaiting.engineGroupCall("group-1", ["bob"], room: room(77), in: world).isSuccess)
        let id = alice.callID
        try await bob.waitFor(prefix: "tui.received \(id)", in: world)
        await world.runUntilIdle()
        let before = [alice.events, bob.events]

        let invalid: [(TUIRoomId, String, TUICallMediaType)] = [
            (room(77), "", .video), (TUIRoomId(), "group-1", .video), (room(77), "group-1", .unknown),
            (room(UInt32(Int32.max) + 1), "group-1", .video), (room(String(repeating: "r", count: 65)), "group-1", .video),
            (room(77), String(repeating: "g", count: 65), .video),
        ]
        for (room, group, mediaType) in invalid {
            let outcome = try await carol.awaiting.engineJoinInGroupCall(room, groupId: group, mediaType, in: world)
            #expect(outcome.engineCode == ERROR_PARAM_INVALID, "\(room.intRoomId) \(room.strRoomId) \(group) \(mediaType)")
        }
        // No call of that group in that room: -1203, as for an unknown call id.
        for (room, group) in [(room(78), "group-1"), (room(77), "group-2"), (room("77x"), "group-1")] {
            #expect(try await carol.awaiting.engineJoinInGroupCall(room, groupId: group, in: world).engineCode
                    == ERROR_REQUEST_REFUSED)
        }
        await world.runUntilIdle()
        #expect([alice.events, bob.events] == before)
        expectLog(carol, ["status none"])
        #expect(world.service.activeCalls().first?.participant("carol") == nil)

        // Not idle: the ringing bob, and dave in a call of his own.
        #expect(try await bob.awaiting.engineJoinInGroupCall(room(77), groupId: "group-1", in: world).engineCode
                == ERROR_REQUEST_REFUSED)
        _ = try await dave.ring([carol], in: world)
        #expect(try await dave.awaiting.engineJoinInGroupCall(room(77), groupId: "group-1", in: world).engineCode
                == ERROR_REQUEST_REFUSED)
        #expect(world.service.activeCalls().first { $0.id.rawValue == id }?.participant("dave") == nil)

        // An ended call is not found.
        #expect(try await alice.hangup(in: world).isSuccess)
        try await alice.waitFor(prefix: "tui.notConnected \(id)", in: world)
        let users2 = try await tencentUsers("erin", in: world)
        #expect(try await users2[0].awaiting.engineJoinInGroupCall(room(77), groupId: "group-1", in: world).engineCode
                == ERROR_REQUEST_REFUSED)
    }

    @Test("joinInGroupCall of a call one was not invited to: allowed by default, refused as not found under calls.join invited",
          arguments: [AppCallRules.JoinRule.app, .invited])
    func joinRule(_ rule: AppCallRules.JoinRule) async throws {
        let world = TestWorld(configuration: ServiceConfiguration(callRules: AppCallRules(join: rule)))
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        #expect(try await alice.awaiting.engineGroupCall("group-1", ["bob"], room: room(5), in: world).isSuccess)
        let id = alice.callID
        try await bob.waitFor(prefix: "tui.received \(id)", in: world)
        try await bob.answer(in: world)
        await world.runUntilIdle()
        let before = [alice.events, bob.events]

        let unknown = try await carol.awaiting.engineJoinInGroupCall(room(6), groupId: "group-1", in: world)
        let outcome = try await carol.awaiting.engineJoinInGroupCall(room(5), groupId: "group-1", in: world)
        switch rule {
        case .app:
            #expect(outcome.isSuccess)
            try await alice.waitFor("tui.join carol", in: world)
        case .invited:
            // Word for word what a room with no call gets.
            #expect(outcome.engineCode == ERROR_REQUEST_REFUSED)
            #expect(unknown.engineCode == ERROR_REQUEST_REFUSED)
            #expect(outcome.failureMessage == "no live call in room 5 of group group-1")
            #expect(unknown.failureMessage == "no live call in room 6 of group group-1")
            await world.runUntilIdle()
            #expect([alice.events, bob.events] == before)
            #expect(carol.state.selfInfo.status == .none)
            #expect(world.service.activeCalls().first?.participant("carol") == nil)
        }
    }

    @Test("groupCall records are group scenes with the group id")
    func groupCallRecords() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        #expect(try await alice.awaiting.engineGroupCall("group-3", ["bob"], in: world).isSuccess)
        let id = alice.callID
        try await bob.waitFor(prefix: "tui.received \(id)", in: world)
        #expect(try await alice.hangup(in: world).isSuccess)
        try await bob.waitFor(prefix: "tui.notConnected \(id)", in: world)
        let records = try #require(try await alice.awaiting.engineQueryRecentCalls(.unknown, in: world))
        let record = try #require(records.first { $0.callId == id })
        #expect(record.groupId == "group-3")
        #expect(record.scene == .group)
    }
}

/// Keeps the `chatGroupId` of the invitations it hears of.
final class ExtraInfoGroupObserver: TUICallObserver, @unchecked Sendable {
    // @unchecked: the list is behind a Mutex.
    private let received = Mutex<[String]>([])
    var groups: [String] { received.withLock { $0 } }

    func onCallReceived(_ callId: String, callerId: String, calleeIdList: [String], mediaType: TUICallMediaType,
                        info: TUICallObserverExtraInfo) {
        let group = info.chatGroupId
        received.withLock { $0.append(group) }
    }
}

extension Result where Failure == EngineFailure {
    /// The `fail` message, "" when `succ` ran.
    var failureMessage: String {
        if case .failure(let failure) = self { return failure.message }
        return ""
    }
}
