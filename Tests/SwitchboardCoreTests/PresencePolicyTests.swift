import Testing
@testable import SwitchboardCore

@Suite("Busy and offline invitee policies")
struct BusyOfflinePolicyTests {
    @Test func busyRejectPolicyRejectsWithoutInvitingAndEndsOneToOneCallBusy() throws {
        let policy = CallPolicy(busyInvitees: .reject)
        let (engine, effects) = try startCall(policy: policy, status: ["bob": busy])
        let expected: [Note] = [
            Note(.user("alice"), .created),
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(alice), .ended),
        ]
        #expect(noteList(effects) == expected)
        #expect(deadlines(effects).isEmpty)
        #expect(engine.state(of: "bob") == .rejected(.busy))
        #expect(engine.call.state == .ended(CallEnd(reason: .busy, by: nil, at: t0)))
        #expect(records(effects).map(\.owner) == ["bob", "alice"])
        let bobRecord = try #require(record(of: "bob", in: effects))
        #expect(bobRecord.outcome == .rejected(.busy))
        #expect(bobRecord.endReason == .busy)
        #expect(bobRecord.direction == .missed)
        #expect(bobRecord.recordedAt == t0)
        #expect(record(of: "alice", in: effects)?.endReason == .busy)
    }

    @Test func busyRejectPolicyInGroupRingsTheOthers() throws {
        let (engine, effects) = try startCall(["bob", "carol"], policy: .tencent, status: ["bob": busy])
        let expected: [Note] = [
            Note(.user("alice"), .created),
            Note(.user("carol"), .invited(by: "alice")),
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.user("carol"), .participantsChanged(["bob"])),
        ]
        #expect(noteList(effects) == expected)
        #expect(records(effects).map(\.owner) == ["bob"])
        #expect(deadlines(effects) == [sec(30)])
        #expect(engine.call.state == .ringing)
        #expect(engine.participant("bob")?.nextDeadline == nil)
    }

    @Test func offlineFailPolicyTimesOutAtOnceAndEndsOneToOneCallOffline() throws {
        let policy = CallPolicy(offlineInvitees: .fail)
        let (engine, effects) = try startCall(policy: policy, status: ["bob": offline])
        #expect(engine.state(of: "bob") == .timedOut(.offline))
        #expect(notes(effects, to: .user("bob")).isEmpty, "no invitation is delivered")
        #expect(engine.call.state == .ended(CallEnd(reason: .offline, by: nil, at: t0)))
        #expect(record(of: "bob", in: effects)?.endReason == .offline)
        #expect(record(of: "bob", in: effects)?.direction == .missed)
        #expect(record(of: "alice", in: effects)?.endReason == .offline)
    }

    @Test func ringPoliciesRingBusyAndOfflineInviteesAnyway() throws {
        let (engine, effects) = try startCall(["bob", "carol"], status: ["bob": busy, "carol": offline])
        #expect(engine.state(of: "bob") == .inviting)
        #expect(engine.state(of: "carol") == .inviting)
        #expect(engine.participant("carol")?.isOnline == false)
        #expect(engine.participant("carol")?.ringDeadline == sec(30))
        #expect(notes(effects, to: .user("bob")) == [.invited(by: "alice")])
        #expect(notes(effects, to: .user("carol")) == [.invited(by: "alice")])
        #expect(records(effects).isEmpty)
    }

    @Test func anInviteeWhoseDevicesAnswerBusyIsRejectedBusyUnderTheRingPolicyToo() throws {
        let answersBusy = InviteeStatus(isOnline: true, isBusy: true, answersBusyWhileBusy: true)
        let (engine, _) = try startCall(["bob", "carol"], policy: CallPolicy(busyInvitees: .ring),
                                        status: ["bob": answersBusy, "carol": busy])
        #expect(engine.state(of: "bob") == .rejected(.busy))
        #expect(engine.state(of: "carol") == .inviting, "a busy invitee without the rule rings")
        let idle = InviteeStatus(isOnline: true, isBusy: false, answersBusyWhileBusy: true)
        let (ringing, _) = try startCall(policy: CallPolicy(busyInvitees: .ring), status: ["bob": idle])
        #expect(ringing.state(of: "bob") == .inviting, "the rule answers busy only while busy")
    }

    @Test func busyTakesPrecedenceOverOffline() throws {
        let policy = CallPolicy(offlineInvitees: .fail, busyInvitees: .reject)
        let status = InviteeStatus(isOnline: false, isBusy: true)
        let (engine, _) = try startCall(policy: policy, status: ["bob": status])
        #expect(engine.state(of: "bob") == .rejected(.busy))
        #expect(engine.call.state.end?.reason == .busy)
    }

    @Test func inviteMoreAppliesTheBusyPolicy() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced, policy: .tencent)
        try act(&engine, .accept(data: nil), from: bob, at: sec(1))
        let outcome = try act(&engine, .inviteMore(invitees: ["dave", "erin"], status: ["dave": busy, "erin": offline]),
                              from: bob, at: sec(2))
        #expect(engine.state(of: "dave") == .rejected(.busy))
        #expect(engine.state(of: "erin") == .timedOut(.offline))
        #expect(noteList(outcome.effects).allSatisfy { $0.to.user != "dave" && $0.to.user != "erin" })
        #expect(records(outcome.effects).map(\.owner) == ["dave", "erin"])
        #expect(engine.call.state == .connected)
    }
}

/// ZIM: a caller who logs out or drops before anyone accepted cancels the call.
@Suite("Caller offline cancels")
struct CallerOfflineTests {
    @Test func callerOfflineBeforeAnyAcceptCancelsTheRingingInvitees() throws {
        var (engine, _) = try startCall(["bob", "carol"], policy: .zim)
        try act(&engine, .acknowledgeDelivery, from: bob, at: sec(1))
        let effects = engine.presenceChanged(of: "alice", isOnline: false, at: sec(3))
        let expected: [Note] = [
            Note(.user("bob"), .cancelled(by: "alice", data: nil)),
            Note(.user("carol"), .cancelled(by: "alice", data: nil)),
            Note(.device(alice), .participantsChanged(["bob", "carol"])),
            Note(.device(alice), .ended),
        ]
        #expect(noteList(effects) == expected)
        #expect(deadlines(effects).isEmpty)
        #expect(engine.state(of: "bob") == .cancelled)
        #expect(engine.state(of: "carol") == .cancelled)
        #expect(engine.call.state == .ended(CallEnd(reason: .callerOffline, by: "alice", at: sec(3))))
        #expect(engine.participant("alice")?.isOnline == false)
        #expect(records(effects).map(\.owner) == ["bob", "carol", "alice"])
        for record in records(effects) {
            #expect(record.endReason == .callerOffline, "\(record.owner)")
        }
        #expect(record(of: "bob", in: effects)?.outcome == .cancelled)
        #expect(record(of: "bob", in: effects)?.direction == .missed)
    }

    @Test func callerOfflineCancelsAnAdvancedCallNobodyAccepted() throws {
        var (engine, _) = try startCall(["bob"], mode: .advanced, policy: .zim)
        _ = engine.presenceChanged(of: "alice", isOnline: false, at: sec(3))
        #expect(engine.call.state.end?.reason == .callerOffline)
    }

    @Test func callerOfflineAfterAnAcceptDoesNothingButFlipTheFlag() throws {
        var (engine, _) = try startCall(["bob", "carol"], policy: .zim)
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        var expected = engine
        expected.call.participants[0].isOnline = false
        let effects = engine.presenceChanged(of: "alice", isOnline: false, at: sec(3))
        #expect(effects.isEmpty)
        #expect(engine == expected)
        #expect(engine.state(of: "carol") == .inviting)
    }

    @Test func callerOfflineWithoutThePolicyDoesNothingButFlipTheFlag() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        var expected = engine
        expected.call.participants[0].isOnline = false
        #expect(engine.presenceChanged(of: "alice", isOnline: false, at: sec(3)).isEmpty)
        #expect(engine == expected)
    }

    @Test func inviteeOfflineDoesNotCancelAnything() throws {
        var (engine, _) = try startCall(["bob", "carol"], policy: .zim)
        var expected = engine
        expected.call.participants[1].isOnline = false
        #expect(engine.presenceChanged(of: "bob", isOnline: false, at: sec(3)).isEmpty)
        #expect(engine == expected)
    }

    @Test func callerOfflineKeepsAnAcceptanceAwaitingConfirmation() throws {
        var policy = CallPolicy.zim
        policy.acceptConfirmation = .seconds(5)
        var (engine, _) = try startCall(["bob", "carol"], policy: policy)
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        let effects = engine.presenceChanged(of: "alice", isOnline: false, at: sec(3))
        #expect(engine.state(of: "carol") == .cancelled)
        #expect(engine.state(of: "bob") == .accepting)
        #expect(!engine.call.state.isEnded)
        #expect(records(effects).map(\.owner) == ["carol"])
        _ = engine.expire(at: sec(7))
        #expect(engine.state(of: "bob") == .acceptFailed(.notConfirmed))
        #expect(engine.call.state.end?.reason == .acceptFailed)
    }

    /// The caller-offline cancel runs the settle rules: an end-when-alone call left with one participant
    /// (awaiting confirmation) and nobody ringing ends at once.
    @Test func callerOfflineCancelAppliesEndWhenAlone() throws {
        let policy = CallPolicy(acceptConfirmation: .seconds(5), endWhenAlone: true, cancelWhenCallerOffline: true)
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced, policy: policy)
        try act(&engine, .accept(data: nil), from: bob, at: sec(1))
        try act(&engine, .quit(data: nil), from: alice, at: sec(2))
        #expect(engine.call.state == .ringing, "carol still rings")
        _ = engine.presenceChanged(of: "alice", isOnline: false, at: sec(3))
        #expect(engine.state(of: "carol") == .cancelled)
        #expect(engine.call.state.end?.reason == .callerOffline)
    }
}
