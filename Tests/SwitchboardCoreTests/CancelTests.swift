import Testing
@testable import SwitchboardCore

@Suite("Cancel")
struct CancelTests {
    @Test func cancelAllTellsEveryInviteeWithTheDataAndEndsCancelled() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        try act(&engine, .acknowledgeDelivery, from: bob, at: sec(1))
        let outcome = try act(&engine, .cancel(invitees: nil, data: "sorry"), from: alice, at: sec(4))
        let expected: [Note] = [
            Note(.user("bob"), .cancelled(by: "alice", data: "sorry")),
            Note(.user("carol"), .cancelled(by: "alice", data: "sorry")),
            Note(.device(alice), .participantsChanged(["bob", "carol"])),
            Note(.device(alice), .ended),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(outcome.skipped.isEmpty)
        #expect(deadlines(outcome.effects).isEmpty)
        #expect(engine.call.state == .ended(CallEnd(reason: .cancelled, by: "alice", at: sec(4))))
        #expect(engine.state(of: "bob") == .cancelled)
        #expect(engine.state(of: "carol") == .cancelled)
        #expect(engine.call.nextDeadline == nil)

        let owners: [UserID] = records(outcome.effects).map(\.owner)
        #expect(owners == ["bob", "carol", "alice"], "the cancelled first, then the rest at the end")
        let bobRecord = try #require(record(of: "bob", in: outcome.effects))
        #expect(bobRecord.direction == .missed)
        #expect(bobRecord.outcome == .cancelled)
        #expect(bobRecord.endReason == .cancelled)
        #expect(bobRecord.answeredOn == nil)
        #expect(bobRecord.duration == .zero)
        #expect(bobRecord.recordedAt == sec(4))
        let aliceRecord = try #require(record(of: "alice", in: outcome.effects))
        #expect(aliceRecord.direction == .outgoing)
        #expect(aliceRecord.endReason == .cancelled)
        #expect(aliceRecord.outcome == .accepted)
    }

    @Test func cancelDataReachesTheInviteeOnTheCancelledEvent() throws {
        var (engine, _) = try startCall()
        let outcome = try act(&engine, .cancel(invitees: ["bob"], data: "{\"why\":\"oops\"}"), from: alice, at: sec(2))
        #expect(notes(outcome.effects, to: .user("bob")) == [.cancelled(by: "alice", data: "{\"why\":\"oops\"}")])
        #expect(engine.call.state.end?.reason == .cancelled)
    }

    @Test func partialCancelInGroupCallLeavesTheOthersRinging() throws {
        var (engine, _) = try startCall(["bob", "carol", "dave"])
        let outcome = try act(&engine, .cancel(invitees: ["bob"], data: nil), from: alice, at: sec(2))
        let expected: [Note] = [
            Note(.user("bob"), .cancelled(by: "alice", data: nil)),
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.user("carol"), .participantsChanged(["bob"])),
            Note(.user("dave"), .participantsChanged(["bob"])),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(records(outcome.effects).map(\.owner) == ["bob"])
        #expect(deadlines(outcome.effects).isEmpty, "carol and dave keep the same deadline")
        #expect(engine.call.state == .ringing)
        #expect(engine.state(of: "carol") == .inviting)

        let rest = try act(&engine, .cancel(invitees: ["carol", "dave"], data: nil), from: alice, at: sec(3))
        #expect(engine.call.state == .ended(CallEnd(reason: .cancelled, by: "alice", at: sec(3))))
        #expect(records(rest.effects).map(\.owner) == ["carol", "dave", "alice", "bob"],
                "bob's record again, showing the end")
        #expect(notes(rest.effects, to: .user("bob")).isEmpty, "bob is no longer part of the call")
    }

    @Test func partialCancelReArmsTheNextDeadline() throws {
        let policy = CallPolicy(ringTimeout: .seconds(60), ringTimeoutStart: .atDelivery, deliveryTimeout: .seconds(30))
        var (engine, started) = try startCall(["bob", "carol"], policy: policy)
        #expect(deadlines(started) == [sec(30)])
        let acked = try act(&engine, .acknowledgeDelivery, from: bob, at: sec(10))
        #expect(deadlines(acked.effects).isEmpty, "carol's delivery deadline is still the earliest")
        let outcome = try act(&engine, .cancel(invitees: ["carol"], data: nil), from: alice, at: sec(12))
        #expect(deadlines(outcome.effects) == [sec(70)])
        #expect(engine.call.nextDeadline == sec(70))
    }

    @Test func cancellingTheLastRingingInviteeOfAConnectedCallEndsItAllAnswered() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        let outcome = try act(&engine, .cancel(invitees: nil, data: nil), from: alice, at: sec(5))
        #expect(engine.call.state == .ended(CallEnd(reason: .allAnswered, by: "alice", at: sec(5))))
        #expect(engine.state(of: "bob") == .accepted)
        #expect(engine.state(of: "carol") == .cancelled)
        #expect(record(of: "carol", in: outcome.effects)?.endReason == .cancelled)
        #expect(record(of: "bob", in: outcome.effects)?.endReason == .allAnswered)
    }

    @Test func cancelByNonInviterIsRefused() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        try act(&engine, .accept(data: nil), from: bob, at: sec(1))
        #expect(refusal(&engine, .cancel(invitees: ["carol"], data: nil), from: bob, at: sec(2)) == .notInviter)
        #expect(refusal(&engine, .cancel(invitees: nil, data: nil), from: bob, at: sec(2)) == .notInviter,
                "bob invited nobody")
    }

    @Test func cancelBySomeoneNotInTheCallIsRefused() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        #expect(refusal(&engine, .cancel(invitees: ["bob"], data: nil), from: carol, at: sec(1)) == .notInCall)
        #expect(refusal(&engine, .cancel(invitees: ["bob"], data: nil), from: frank, at: sec(1)) == .notParticipant)
    }

    @Test func partialListSkipsInvitationsOfAnotherInviter() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced)
        try act(&engine, .accept(data: nil), from: bob, at: sec(1))
        try act(&engine, .inviteMore(invitees: ["dave"], status: [:]), from: bob, at: sec(2))
        let outcome = try act(&engine, .cancel(invitees: ["carol", "dave"], data: "x"), from: bob, at: sec(3))
        #expect(outcome.skipped.keys.sorted() == ["carol"])
        #expect(outcome.skipped["carol"]?.code == .notInviter)
        #expect(engine.state(of: "dave") == .cancelled)
        #expect(engine.state(of: "carol") == .inviting)
        #expect(notes(outcome.effects, to: .user("dave")) == [.cancelled(by: "bob", data: "x")])
        #expect(records(outcome.effects).map(\.owner) == ["dave"])
    }

    @Test func cancelAfterAcceptIsAlreadyAccepted() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        try act(&engine, .accept(data: nil), from: bob, at: sec(1))
        #expect(refusal(&engine, .cancel(invitees: ["bob"], data: nil), from: alice, at: sec(2)) == .alreadyAccepted)

        let outcome = try act(&engine, .cancel(invitees: ["bob", "carol"], data: nil), from: alice, at: sec(3))
        #expect(outcome.skipped["bob"]?.code == .alreadyAccepted)
        #expect(outcome.skipped.count == 1)
        #expect(engine.state(of: "carol") == .cancelled)
        #expect(engine.state(of: "bob") == .accepted)
    }

    @Test func cancelWhileAcceptanceAwaitsConfirmationIsAlreadyAccepted() throws {
        let policy = CallPolicy(acceptConfirmation: .seconds(5))
        var (engine, _) = try startCall(policy: policy)
        try act(&engine, .accept(data: nil), from: bob, at: sec(1))
        #expect(engine.state(of: "bob") == .accepting)
        #expect(refusal(&engine, .cancel(invitees: nil, data: nil), from: alice, at: sec(2)) == .alreadyAccepted)
        #expect(refusal(&engine, .cancel(invitees: ["bob"], data: nil), from: alice, at: sec(2)) == .alreadyAccepted)
    }

    @Test func cancelOfFinishedInvitationsNamesTheirOutcome() throws {
        var (engine, _) = try startCall(["bob", "carol", "dave"])
        try act(&engine, .reject(data: nil, reason: .declined), from: bob, at: sec(1))
        try act(&engine, .cancel(invitees: ["carol"], data: nil), from: alice, at: sec(2))
        #expect(refusal(&engine, .cancel(invitees: ["bob"], data: nil), from: alice, at: sec(3)) == .alreadyRejected)
        #expect(refusal(&engine, .cancel(invitees: ["carol"], data: nil), from: alice, at: sec(3)) == .invitationCancelled)
        #expect(refusal(&engine, .cancel(invitees: ["zed"], data: nil), from: alice, at: sec(3)) == .notParticipant)
        let outcome = try act(&engine, .cancel(invitees: ["zed", "bob", "dave"], data: nil), from: alice, at: sec(4))
        #expect(outcome.skipped["zed"]?.code == .notParticipant)
        #expect(outcome.skipped["bob"]?.code == .alreadyRejected)
        #expect(engine.call.state.end?.reason == .cancelled)
    }

    @Test func cancelAllWithNothingRingingReportsTheFirstOutcome() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced)
        try act(&engine, .reject(data: nil, reason: .busy), from: bob, at: sec(1))
        try act(&engine, .accept(data: nil), from: carol, at: sec(2))
        #expect(refusal(&engine, .cancel(invitees: nil, data: nil), from: alice, at: sec(3)) == .alreadyRejected)
    }

    @Test func cancelListMustNotBeEmptyOrRepeatAUser() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        #expect(refusal(&engine, .cancel(invitees: [], data: nil), from: alice, at: sec(1)) == .invalidInvitees)
        #expect(refusal(&engine, .cancel(invitees: ["bob", "bob"], data: nil), from: alice, at: sec(1)) == .invalidInvitees)
    }

    @Test func cancelAllEndsAnEndWhenAloneAdvancedCall() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced, policy: .tencent)
        try act(&engine, .cancel(invitees: nil, data: nil), from: alice, at: sec(2))
        #expect(engine.call.state == .ended(CallEnd(reason: .cancelled, by: "alice", at: sec(2))))
    }

    /// A per-user cancel in an advanced call leaves the call alone while anyone else still rings or is
    /// in it (ZIM 2.16); cancelling the last invitee of a call nobody answered ends it as cancelled, as in
    /// general mode (the two modes do not differ in cancel).
    @Test func namedCancelInAnAdvancedCallEndsItOnlyWhenNobodyIsLeft() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced, policy: .zim)
        try act(&engine, .cancel(invitees: ["bob"], data: nil), from: alice, at: sec(2))
        #expect(engine.call.state == .ringing)
        #expect(engine.state(of: "carol") == .inviting)
        try act(&engine, .inviteMore(invitees: ["bob"], status: [:]), from: alice, at: sec(3))
        #expect(engine.state(of: "bob") == .inviting)
        try act(&engine, .cancel(invitees: ["bob", "carol"], data: nil), from: alice, at: sec(4))
        #expect(engine.call.state == .ended(CallEnd(reason: .cancelled, by: "alice", at: sec(4))))
    }

    /// Cancelling every invitation of an advanced call nobody accepted ends it as cancelled.
    @Test func cancelAllEndsAnAdvancedCallNobodyAccepted() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced, policy: .zim)
        try act(&engine, .cancel(invitees: nil, data: nil), from: alice, at: sec(2))
        #expect(engine.call.state == .ended(CallEnd(reason: .cancelled, by: "alice", at: sec(2))))
        #expect(engine.call.nextDeadline == nil)
    }
}
