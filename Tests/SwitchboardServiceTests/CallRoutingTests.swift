import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardWire

@Suite("Call routing")
struct CallRoutingTests {
    @Test("the caller's response comes before the invitee's invitation, and every device of the invitee rings")
    func inviteRouting() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let phone = try harness.login("bob", device: "phone")
        let tablet = try harness.login("bob", device: "tablet")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], payload: "p")))
        #expect(call.participant("bob")?.state == .inviting)
        // The response, then the created event.
        guard alice.frames.count >= 3, case .response = alice.frames[1], case .event(let created) = alice.frames[2] else {
            Issue.record("unexpected frames \(alice.frames)")
            return
        }
        #expect(created.event.name == "call.created")
        #expect(phone.callNotes.map(\.kind) == [.invited(by: "alice")])
        #expect(tablet.callNotes.map(\.kind) == [.invited(by: "alice")])
    }

    @Test("the first device to answer wins; the other device is told it was answered elsewhere")
    func answeredElsewhere() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let phone = try harness.login("bob", device: "phone")
        let tablet = try harness.login("bob", device: "tablet")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        _ = try tablet.call(.call(call.id, .accept(data: nil)))
        #expect(phone.callNotes.last?.kind == .answeredElsewhere(device: "tablet"))
        #expect(try phone.request(.call(call.id, .accept(data: nil))).failureCode == "already_accepted")
        // Later events of the call go to the device in the call only.
        let phoneCount = phone.callNotes.count
        _ = try alice.call(.call(call.id, .end(data: "bye")))
        #expect(tablet.callNotes.last?.kind == .ended)
        #expect(phone.callNotes.count == phoneCount)
    }

    @Test("an invitee who logs in while the call rings gets the invitation; a second device logging in rings too")
    func catchUpAtLogin() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], parameters: CallParameters(ringTimeout: .seconds(60)))))
        #expect(call.participant("bob")?.state == .inviting)
        let phone = try harness.login("bob", device: "phone")
        #expect(phone.callNotes.map(\.kind) == [.invited(by: "alice")])
        let tablet = try harness.login("bob", device: "tablet")
        #expect(tablet.callNotes.map(\.kind) == [.invited(by: "alice")])
        _ = try phone.call(.call(call.id, .acknowledge))
        #expect(alice.callNotes.last?.call.participant("bob")?.state == .received)
    }

    @Test("an invitation that timed out while the invitee was offline is not delivered at login")
    func noDeliveryAfterTimeout() async throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try alice.call(.invite(InviteRequest(invitees: ["bob"], parameters: CallParameters(ringTimeout: .seconds(5)))))
        for _ in 0..<6 {
            await harness.advance(by: .seconds(1))
            alice.send(.ping)
        }
        #expect(harness.service.activeCalls().isEmpty)
        #expect(alice.callNotes.last?.kind == .ended)
        let bob = try harness.login("bob")
        #expect(bob.callNotes.isEmpty)
    }

    @Test("under the reject-busy policy an invitee already in a call is rejected as busy and never rings")
    func busy() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let carol = try harness.login("carol")
        _ = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        let second = try carol.call(.invite(InviteRequest(invitees: ["bob"], profile: .tencent)))
        #expect(second.participant("bob")?.state == .rejected(.busy))
        #expect(second.state.end?.reason == .busy)
        #expect(bob.callNotes.count == 1, "only the first invitation")
        #expect(carol.callNotes.last?.kind == .ended)
        // Ringing anyway is the other policy.
        let third = try carol.call(.invite(InviteRequest(invitees: ["bob"])))
        #expect(third.participant("bob")?.state == .inviting)
    }

    @Test("a caller who goes offline cancels an unanswered call under the ZIM policy")
    func callerOfflineCancels() async throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .zimGeneral)))
        alice.drop()
        for _ in 0..<29 {
            await harness.advance(by: .seconds(1))
            bob.send(.ping)
        }
        #expect(harness.service.activeCalls().count == 1, "still within the caller's grace period")
        await harness.advance(by: .seconds(1))
        bob.send(.ping)
        #expect(harness.service.activeCalls().isEmpty)
        #expect(bob.callNotes.last?.kind == .cancelled(by: "alice", data: nil))
        let records = try bob.request(.callRecords(RecordQuery()))
        guard case .success(.records(let page)) = records else { Issue.record("\(records)"); return }
        #expect(page.records.map(\.callID) == [call.id])
        #expect(page.records.first?.endReason == .callerOffline)
    }

    @Test("the admin operation ends any call as ended by the server")
    func endByServer() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        _ = try bob.call(.call(call.id, .accept(data: nil)))
        try harness.service.endCall(call.id)
        #expect(alice.callNotes.last?.call.state.end?.reason == .endedByServer)
        #expect(bob.callNotes.last?.kind == .ended)
        #expect(throws: SignalingError.self) { try harness.service.endCall(call.id) }
        #expect(throws: SignalingError.self) { try harness.service.endCall("x", app: "nope") }
    }

    @Test("an advanced call can be joined by anyone in the app who knows its id, and read once joined")
    func joinByID() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let dave = try harness.login("dave")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        _ = try bob.call(.call(call.id, .accept(data: nil)))
        #expect(try dave.request(.getCall(call.id)).failureCode == "call_not_found")
        let joined = try dave.call(.call(call.id, .join(data: "hi")))
        #expect(joined.participant("dave")?.role == .joiner)
        #expect(alice.callNotes.last?.kind == .participantsChanged(["dave"]))
        guard case .success(.calls(let active, _)) = try dave.request(.activeCalls(ActiveCallQuery())) else { Issue.record("no calls"); return }
        #expect(active.map(\.id) == [call.id])
    }

    @Test("a deadline whose timer has not fired yet is handled before a later command, so time never runs backwards")
    func overdueDeadlineBeforeCommand() async throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], parameters: CallParameters(ringTimeout: .seconds(5)))))
        await harness.clock.advance(by: .seconds(8))  // the timer loop is not running: nothing fired
        #expect(harness.service.activeCalls().count == 1)
        #expect(try bob.request(.call(call.id, .accept(data: nil))).failureCode == "call_not_found")
        #expect(bob.callNotes.last?.kind == .timedOut(.noAnswer))
        let end = try #require(alice.callNotes.last?.call.state.end)
        #expect(end.reason == .noAnswer)
        #expect(end.at == harness.service.clock.epoch + .seconds(5), "ended at its deadline, not when noticed")
    }
}
