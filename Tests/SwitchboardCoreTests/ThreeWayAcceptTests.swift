import Testing
@testable import SwitchboardCore

/// Agora's three-way accept: the callee accepts, the caller's client confirms, only then is it final.
@Suite("Three-way accept")
struct ThreeWayAcceptTests {
    let policy = CallPolicy(ringTimeout: .seconds(30), acceptConfirmation: .seconds(5))

    @Test func acceptWaitsForConfirmationAndArmsTheConfirmDeadline() throws {
        var (engine, _) = try startCall(policy: policy)
        let outcome = try act(&engine, .accept(data: "yes"), from: bob, at: sec(3))
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(bob), .participantsChanged(["bob"])),
            Note(.userExcept(bob), .answeredElsewhere(device: "b1")),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(deadlines(outcome.effects) == [sec(8)])
        #expect(records(outcome.effects).isEmpty)
        #expect(engine.call.state == .ringing, "not connected before the confirmation")
        #expect(engine.call.connectedAt == nil)
        let entry = try #require(engine.participant("bob"))
        #expect(entry.state == .accepting)
        #expect(entry.confirmDeadline == sec(8))
        #expect(entry.ringDeadline == nil)
        #expect(entry.answeredAt == nil)
        #expect(entry.device == "b1")
        #expect(entry.answerData == "yes")
    }

    @Test func confirmationByTheInviterConnectsAndEndsTheGeneralCall() throws {
        var (engine, _) = try startCall(policy: policy)
        try act(&engine, .accept(data: nil), from: bob, at: sec(3))
        let outcome = try act(&engine, .confirmAccept(invitee: "bob"), from: alice, at: sec(4))
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["bob"])),
            // Bob hears it once: acceptConfirmed carries the same call.
            Note(.device(bob), .acceptConfirmed),
            Note(.device(alice), .ended),
            Note(.device(bob), .ended),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(engine.state(of: "bob") == .accepted)
        #expect(engine.call.connectedAt == sec(4))
        #expect(engine.call.state == .ended(CallEnd(reason: .allAnswered, by: "bob", at: sec(4))))
        #expect(engine.participant("bob")?.answeredAt == sec(4))
        #expect(engine.participant("bob")?.confirmDeadline == nil)
        let bobRecord = try #require(record(of: "bob", in: outcome.effects))
        #expect(bobRecord.direction == .incoming)
        #expect(bobRecord.answeredOn == "b1")
        #expect(bobRecord.outcome == .accepted)
    }

    @Test func confirmationInAGroupConnectsAndKeepsTheOthersRinging() throws {
        var (engine, _) = try startCall(["bob", "carol"], policy: policy)
        try act(&engine, .accept(data: nil), from: bob, at: sec(3))
        let outcome = try act(&engine, .confirmAccept(invitee: "bob"), from: alice, at: sec(4))
        #expect(engine.call.state == .connected)
        #expect(deadlines(outcome.effects) == [sec(30)], "the confirm deadline is gone; carol's ring remains")
        #expect(notes(outcome.effects, to: .device(bob)) == [.acceptConfirmed], "once, not also as a participant change")
        #expect(notes(outcome.effects, to: .device(carol)).isEmpty, "carol still rings: not in the call yet")
    }

    @Test func acceptanceAwaitingConfirmationKeepsAGeneralCallOpen() throws {
        var (engine, _) = try startCall(["bob", "carol"], policy: policy)
        try act(&engine, .accept(data: nil), from: bob, at: sec(3))
        try act(&engine, .reject(data: nil, reason: .declined), from: carol, at: sec(4))
        #expect(engine.call.state == .ringing)
        try act(&engine, .confirmAccept(invitee: "bob"), from: alice, at: sec(5))
        #expect(engine.call.state == .ended(CallEnd(reason: .allAnswered, by: "bob", at: sec(5))))
    }

    @Test func missingConfirmationFailsTheAcceptanceAsNotConfirmed() throws {
        var (engine, _) = try startCall(policy: policy)
        try act(&engine, .accept(data: nil), from: bob, at: sec(3))
        #expect(engine.expire(at: sec(7)).isEmpty)
        let effects = engine.expire(at: sec(8))
        let expected: [Note] = [
            Note(.device(bob), .acceptFailed(.notConfirmed)),
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(alice), .ended),
        ]
        #expect(noteList(effects) == expected)
        #expect(engine.state(of: "bob") == .acceptFailed(.notConfirmed))
        #expect(engine.call.state == .ended(CallEnd(reason: .acceptFailed, by: nil, at: sec(8))))
        #expect(engine.call.connectedAt == nil)
        let bobRecord = try #require(record(of: "bob", in: effects))
        #expect(bobRecord.outcome == .acceptFailed(.notConfirmed))
        #expect(bobRecord.endReason == .acceptFailed)
        #expect(bobRecord.direction == .incoming)
        #expect(bobRecord.answeredOn == "b1")
        #expect(bobRecord.duration == .zero)
        #expect(record(of: "alice", in: effects)?.endReason == .acceptFailed)
    }

    @Test func acceptWhileTheInviterIsOfflineFailsAtOnce() throws {
        var (engine, _) = try startCall(policy: policy)
        #expect(engine.presenceChanged(of: "alice", isOnline: false, at: sec(1)).isEmpty)
        let outcome = try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        let expected: [Note] = [
            Note(.device(bob), .acceptFailed(.callerOffline)),
            Note(.userExcept(bob), .answeredElsewhere(device: "b1")),
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(alice), .ended),
            Note(.device(bob), .ended),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(engine.state(of: "bob") == .acceptFailed(.callerOffline))
        #expect(engine.call.state == .ended(CallEnd(reason: .acceptFailed, by: "bob", at: sec(2))))
        #expect(records(outcome.effects).map(\.owner) == ["bob", "alice"])
        #expect(record(of: "bob", in: outcome.effects)?.outcome == .acceptFailed(.callerOffline))
    }

    @Test func confirmationByANonInviterIsRefused() throws {
        var (engine, _) = try startCall(["bob", "carol"], policy: policy)
        try act(&engine, .accept(data: nil), from: bob, at: sec(3))
        #expect(refusal(&engine, .confirmAccept(invitee: "bob"), from: carol, at: sec(4)) == .notInviter)
        #expect(refusal(&engine, .confirmAccept(invitee: "bob"), from: bob, at: sec(4)) == .notInviter)
        #expect(refusal(&engine, .confirmAccept(invitee: "alice"), from: alice, at: sec(4)) == .notInviter)
        #expect(refusal(&engine, .confirmAccept(invitee: "bob"), from: frank, at: sec(4)) == .notParticipant)
        #expect(refusal(&engine, .confirmAccept(invitee: "zed"), from: alice, at: sec(4)) == .notParticipant)
    }

    @Test func lateOrPrematureConfirmationHasNothingToConfirm() throws {
        var (engine, _) = try startCall(["bob", "carol"], policy: policy)
        #expect(refusal(&engine, .confirmAccept(invitee: "carol"), from: alice, at: sec(1)) == .nothingToConfirm)
        try act(&engine, .accept(data: nil), from: bob, at: sec(3))
        _ = engine.expire(at: sec(8))
        #expect(engine.state(of: "bob") == .acceptFailed(.notConfirmed))
        #expect(engine.call.state == .ringing, "carol still rings")
        #expect(refusal(&engine, .confirmAccept(invitee: "bob"), from: alice, at: sec(9)) == .nothingToConfirm)
    }

    @Test func confirmationAfterTheCallEndedIsCallEnded() throws {
        var (engine, _) = try startCall(policy: policy)
        try act(&engine, .accept(data: nil), from: bob, at: sec(3))
        _ = engine.expire(at: sec(8))
        #expect(refusal(&engine, .confirmAccept(invitee: "bob"), from: alice, at: sec(9)) == .callEnded)
    }

    @Test func agoraPolicyAcceptAfterAcknowledgementUsesTheConfirmDeadline() throws {
        var (engine, _) = try startCall(policy: .agora)
        try act(&engine, .acknowledgeDelivery, from: bob, at: sec(10))
        let outcome = try act(&engine, .accept(data: nil), from: bob, at: sec(20))
        #expect(deadlines(outcome.effects) == [sec(25)])
        try act(&engine, .confirmAccept(invitee: "bob"), from: alice, at: sec(21))
        #expect(engine.call.state.end?.reason == .allAnswered)
    }
}
