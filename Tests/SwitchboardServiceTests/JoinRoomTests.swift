import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardWire

/// `call.joinRoom` (Tencent `joinInGroupCall`): the live call of a group found by its room and joined as
/// `call.join` joins it by id, for the users the app's join rule admits; to anyone else, and for a group
/// or room without a live call, `call_not_found` (docs/SECURITY.md, "Calls").
@Suite("Service: call.joinRoom")
struct JoinRoomTests {
    private func groupCall(_ alice: RawConnection, group: String = "team", room: String = "r-1",
                           profile: CallProfile = .tencent) throws -> Call {
        try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: profile, roomID: room, groupID: group)))
    }

    @Test("a member of the app joins the group's call by its room; the others hear it as a join")
    func joinsByRoom() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let carol = try harness.login("carol")
        let call = try groupCall(alice)
        _ = try bob.call(.call(call.id, .accept(data: nil)))
        let joined = try carol.call(.joinRoom(groupID: "team", roomID: "r-1", data: "hi"))
        #expect(joined.id == call.id)
        #expect(joined.participant("carol")?.state == .accepted)
        #expect(alice.callNotes.last?.call.participant("carol")?.state == .accepted)
        #expect(bob.callNotes.last?.call.participant("carol")?.state == .accepted)
    }

    @Test("another room, another group, a call without a group, an ended call: call_not_found, and nothing changes")
    func notFound() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let carol = try harness.login("carol")
        let call = try groupCall(alice)
        let loose = try alice.call(.invite(InviteRequest(invitees: ["carol"], profile: .tencent, roomID: "r-2")))
        _ = try alice.call(.call(loose.id, .cancel(invitees: nil, data: nil)))
        let before = try alice.call(.getCall(call.id))
        for (group, room) in [("team", "r-9"), ("other", "r-1"), ("team", "r-2"), ("r-1", "team")] {
            let outcome = try carol.request(.joinRoom(groupID: group, roomID: room, data: nil))
            #expect(outcome.failureCode == "call_not_found", "\(group) \(room)")
        }
        #expect(try alice.call(.getCall(call.id)) == before)
        _ = try alice.call(.call(call.id, .cancel(invitees: nil, data: nil)))
        #expect(try carol.request(.joinRoom(groupID: "team", roomID: "r-1", data: nil)).failureCode == "call_not_found")
    }

    @Test("with calls.join invited, an outsider gets call_not_found word for word as for no call; an invitee joins")
    func joinRuleInvited() throws {
        let rules = AppCallRules(join: .invited)
        let harness = ServiceHarness(
            configuration: ServiceConfiguration(apps: [AppConfiguration(id: "a", vendorIDs: ["app"], secret: "s", callRules: rules)]),
            verifier: ScriptedVerifier())
        let alice = try harness.login("alice", token: "ok")
        let bob = try harness.login("bob", token: "ok")
        let carol = try harness.login("carol", token: "ok")
        let call = try groupCall(alice)
        let outsider = try carol.request(.joinRoom(groupID: "team", roomID: "r-1", data: nil))
        guard case .failure(let error) = outsider else {
            Issue.record("carol joined under calls.join invited")
            return
        }
        #expect(error.code.rawValue == "call_not_found")
        #expect(error.message == "no live call in room r-1 of group team")
        #expect(!alice.callNotes.contains { $0.call.participant("carol") != nil })
        #expect(harness.service.activeCalls(app: "a").first?.participant("carol") == nil)
        let joined = try bob.call(.joinRoom(groupID: "team", roomID: "r-1", data: nil))
        #expect(joined.id == call.id)
        #expect(joined.participant("bob")?.state == .accepted)
    }

    @Test("a general-mode group call cannot be joined by an outsider (joins are for advanced calls)")
    func generalCallsAreNotJoinable() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let carol = try harness.login("carol")
        _ = try groupCall(alice, profile: .zimGeneral)
        #expect(try carol.request(.joinRoom(groupID: "team", roomID: "r-1", data: nil)).failureCode == "call_not_found")
    }

    @Test("of two live calls of a group in one room, the newest is joined")
    func newestOfTwo() async throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let dave = try harness.login("dave")
        _ = try harness.login("frank")
        let erin = try harness.login("erin")
        _ = try groupCall(alice)
        await harness.advance(by: .seconds(1))
        let newer = try dave.call(.invite(InviteRequest(invitees: ["frank"], profile: .tencent, roomID: "r-1", groupID: "team")))
        #expect(try erin.call(.joinRoom(groupID: "team", roomID: "r-1", data: nil)).id == newer.id)
    }

    @Test("a group's call whose ring deadline has passed is over before the join")
    func overdueCallIsOver() async throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let carol = try harness.login("carol")
        _ = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .tencent,
                                                 parameters: CallParameters(ringTimeout: .seconds(5)),
                                                 roomID: "r-1", groupID: "team")))
        await harness.clock.advance(by: .seconds(6))
        #expect(try carol.request(.joinRoom(groupID: "team", roomID: "r-1", data: nil)).failureCode == "call_not_found")
    }
}
