import Testing
@testable import SwitchboardCore

@Suite("Reject and end reasons")
struct RejectAndEndReasonTests {
    @Test func declineEndsOneToOneCallDeclinedAndTellsTheDecliningDevice() throws {
        var (engine, _) = try startCall()
        let outcome = try act(&engine, .reject(data: "no thanks", reason: .declined), from: bob, at: sec(3))
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(bob), .participantsChanged(["bob"])),
            Note(.userExcept(bob), .answeredElsewhere(device: "b1")),
            Note(.device(alice), .ended),
            Note(.device(bob), .ended),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(engine.call.state == .ended(CallEnd(reason: .declined, by: "bob", at: sec(3))))
        #expect(engine.call.connectedAt == nil)
        let entry = try #require(engine.participant("bob"))
        #expect(entry.state == .rejected(.declined))
        #expect(entry.answerData == "no thanks")
        #expect(entry.device == "b1")
        #expect(entry.nextDeadline == nil)

        #expect(records(outcome.effects).map(\.owner) == ["bob", "alice"])
        let bobRecord = try #require(record(of: "bob", in: outcome.effects))
        #expect(bobRecord.direction == .incoming)
        #expect(bobRecord.outcome == .rejected(.declined))
        #expect(bobRecord.endReason == .declined)
        #expect(bobRecord.answeredOn == "b1")
        #expect(bobRecord.duration == .zero)
        #expect(bobRecord.recordedAt == sec(3))
        let aliceRecord = try #require(record(of: "alice", in: outcome.effects))
        #expect(aliceRecord.endReason == .declined)
        #expect(aliceRecord.duration == .zero)
    }

    /// The user's own "I'm busy" (Tencent `ignore`) is an answer made on a device: incoming, with the
    /// device, so the user's other devices show it answered elsewhere. An automatic busy rejection (the
    /// busy policy) is missed; see PresencePolicyTests.
    @Test func ownBusyRejectionEndsOneToOneCallBusyAndIsAnAnswer() throws {
        var (engine, _) = try startCall()
        let outcome = try act(&engine, .reject(data: nil, reason: .busy), from: bob, at: sec(2))
        #expect(engine.call.state == .ended(CallEnd(reason: .busy, by: "bob", at: sec(2))))
        let bobRecord = try #require(record(of: "bob", in: outcome.effects))
        #expect(bobRecord.outcome == .rejected(.busy))
        #expect(bobRecord.endReason == .busy)
        #expect(bobRecord.direction == .incoming)
        #expect(bobRecord.answeredOn == "b1")
        #expect(bobRecord.answeredElsewhere(relativeTo: "b2"))
    }

    @Test func groupRejectionLeavesTheOthersRinging() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        let outcome = try act(&engine, .reject(data: nil, reason: .declined), from: bob, at: sec(2))
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.user("carol"), .participantsChanged(["bob"])),
            Note(.device(bob), .participantsChanged(["bob"])),
            Note(.userExcept(bob), .answeredElsewhere(device: "b1")),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(records(outcome.effects).map(\.owner) == ["bob"])
        #expect(engine.call.state == .ringing)
    }

    @Test func generalGroupWithOneAcceptAndOneRejectEndsAllAnswered() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        try act(&engine, .reject(data: nil, reason: .declined), from: carol, at: sec(4))
        #expect(engine.call.state == .ended(CallEnd(reason: .allAnswered, by: "carol", at: sec(4))))
    }

    @Test func generalGroupWithRejectThenAcceptEndsAllAnswered() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        try act(&engine, .reject(data: nil, reason: .busy), from: carol, at: sec(2))
        try act(&engine, .accept(data: nil), from: bob, at: sec(4))
        #expect(engine.call.state == .ended(CallEnd(reason: .allAnswered, by: "bob", at: sec(4))))
    }

    // MARK: The summary of an unanswered call: acceptFailed > declined > busy > cancelled > all offline > noAnswer

    @Test func acceptFailureOutranksDecline() throws {
        var (engine, _) = try startCall(["bob", "carol"], policy: CallPolicy(acceptConfirmation: .seconds(5)))
        _ = engine.presenceChanged(of: "alice", isOnline: false, at: sec(1))
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        #expect(engine.state(of: "bob") == .acceptFailed(.callerOffline))
        try act(&engine, .reject(data: nil, reason: .declined), from: carol, at: sec(3))
        #expect(engine.call.state.end?.reason == .acceptFailed)
    }

    @Test func declineOutranksBusy() throws {
        let policy = CallPolicy(busyInvitees: .reject)
        var (engine, _) = try startCall(["bob", "carol"], policy: policy, status: ["carol": busy])
        #expect(engine.state(of: "carol") == .rejected(.busy))
        try act(&engine, .reject(data: nil, reason: .declined), from: bob, at: sec(3))
        #expect(engine.call.state.end?.reason == .declined)
    }

    @Test func busyOutranksCancelled() throws {
        let policy = CallPolicy(busyInvitees: .reject)
        var (engine, _) = try startCall(["bob", "carol", "dave"], policy: policy, status: ["carol": busy])
        try act(&engine, .cancel(invitees: ["dave"], data: nil), from: alice, at: sec(1))
        let effects = engine.expire(at: sec(30))
        #expect(engine.state(of: "bob") == .timedOut(.noAnswer))
        #expect(engine.call.state == .ended(CallEnd(reason: .busy, by: nil, at: sec(30))))
        #expect(record(of: "alice", in: effects)?.endReason == .busy)
    }

    @Test func cancelledOutranksTimeouts() throws {
        let policy = CallPolicy(offlineInvitees: .fail)
        var (engine, _) = try startCall(["bob", "carol", "dave"], policy: policy, status: ["bob": offline])
        #expect(engine.state(of: "bob") == .timedOut(.offline))
        try act(&engine, .cancel(invitees: ["carol"], data: nil), from: alice, at: sec(1))
        _ = engine.expire(at: sec(30))
        #expect(engine.call.state.end?.reason == .cancelled)
        #expect(engine.call.state.end?.by == nil, "the timeout ended it, not the canceller")
    }

    @Test func everyInviteeOfflineEndsOffline() throws {
        let policy = CallPolicy(deliveryTimeout: .seconds(10))
        var (engine, _) = try startCall(["bob", "carol"], policy: policy, status: ["bob": offline, "carol": offline])
        let effects = engine.expire(at: sec(10))
        #expect(engine.call.state == .ended(CallEnd(reason: .offline, by: nil, at: sec(10))))
        #expect(record(of: "bob", in: effects)?.endReason == .offline)
    }

    @Test func offlineAndUnacknowledgedTogetherEndNoAnswer() throws {
        let policy = CallPolicy(deliveryTimeout: .seconds(10))
        var (engine, _) = try startCall(["bob", "carol"], policy: policy, status: ["bob": offline])
        let effects = engine.expire(at: sec(10))
        #expect(engine.state(of: "bob") == .timedOut(.offline))
        #expect(engine.state(of: "carol") == .timedOut(.noAcknowledgement))
        #expect(engine.call.state.end?.reason == .noAnswer)
        #expect(record(of: "carol", in: effects)?.endReason == .noAnswer)
        #expect(record(of: "bob", in: effects)?.endReason == .offline)
    }

    @Test func ringingOutEndsNoAnswer() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        _ = engine.expire(at: sec(30))
        #expect(engine.call.state.end?.reason == .noAnswer)
    }
}
