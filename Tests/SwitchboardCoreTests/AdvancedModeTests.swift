import Testing
@testable import SwitchboardCore

/// ZIM advanced mode and Tencent calls: invite-more, join, quit, end, and end-when-alone.
@Suite("Advanced mode")
struct AdvancedModeTests {
    /// alice calls bob and carol; bob accepts at 2 s. Ring timeout 30 s, no other timers.
    func connectedCall(policy: CallPolicy = CallPolicy()) throws -> CallEngine {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced, policy: policy)
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        return engine
    }

    // MARK: Invite-more

    @Test func inviteMoreByAnAcceptedParticipantUsesTheRingTimeoutFromThatMoment() throws {
        var engine = try connectedCall()
        let outcome = try act(&engine, .inviteMore(invitees: ["dave"], status: [:]), from: bob, at: sec(10))
        let expected: [Note] = [
            Note(.user("dave"), .invited(by: "bob")),
            Note(.device(alice), .participantsChanged(["dave"])),
            Note(.device(bob), .participantsChanged(["dave"])),
            Note(.user("carol"), .participantsChanged(["dave"])),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(outcome.skipped.isEmpty)
        #expect(deadlines(outcome.effects).isEmpty, "carol's deadline at 30 s is still the earliest")
        let dave = try #require(engine.participant("dave"))
        #expect(dave.invitedBy == "bob")
        #expect(dave.role == .invitee)
        #expect(dave.state == .inviting)
        #expect(dave.invitedAt == sec(10))
        #expect(dave.ringDeadline == sec(40))

        let carolOut = engine.expire(at: sec(30))
        #expect(deadlines(carolOut) == [sec(40)])
        _ = engine.expire(at: sec(40))
        #expect(engine.state(of: "dave") == .timedOut(.noAnswer))
        #expect(engine.call.state == .connected, "the advanced call goes on")
    }

    @Test func onlyTheInviteMoreSenderMayCancelThatInvitation() throws {
        var engine = try connectedCall()
        try act(&engine, .inviteMore(invitees: ["dave"], status: [:]), from: bob, at: sec(10))
        #expect(refusal(&engine, .cancel(invitees: ["dave"], data: nil), from: alice, at: sec(11)) == .notInviter)
        let outcome = try act(&engine, .cancel(invitees: nil, data: "nvm"), from: bob, at: sec(12))
        #expect(engine.state(of: "dave") == .cancelled)
        #expect(engine.state(of: "carol") == .inviting, "cancel-all only covers bob's own invitations")
        #expect(notes(outcome.effects, to: .user("dave")) == [.cancelled(by: "bob", data: "nvm")])
    }

    @Test func inviteMoreSkipsUsersAlreadyRingingOrInTheCall() throws {
        var engine = try connectedCall()
        let outcome = try act(&engine, .inviteMore(invitees: ["carol", "erin"], status: [:]), from: bob, at: sec(5))
        #expect(outcome.skipped.keys.sorted() == ["carol"])
        #expect(outcome.skipped["carol"]?.code == .alreadyInCall)
        #expect(engine.state(of: "erin") == .inviting)
        #expect(engine.participant("carol")?.invitedBy == "alice", "the skipped invitation is untouched")
        #expect(refusal(&engine, .inviteMore(invitees: ["alice", "carol"], status: [:]), from: bob, at: sec(6))
                == .alreadyInCall)
    }

    @Test func inviteMoreIsRefusedToThoseNotInTheCall() throws {
        var engine = try connectedCall()
        #expect(refusal(&engine, .inviteMore(invitees: ["dave"], status: [:]), from: carol, at: sec(5)) == .notInCall)
        #expect(refusal(&engine, .inviteMore(invitees: ["dave"], status: [:]), from: frank, at: sec(5)) == .notParticipant)
        #expect(refusal(&engine, .inviteMore(invitees: ["bob"], status: [:]), from: bob, at: sec(5)) == .invalidInvitees)
        #expect(refusal(&engine, .inviteMore(invitees: [], status: [:]), from: bob, at: sec(5)) == .invalidInvitees)
        var (general, _) = try startCall(["bob", "carol"])
        try act(&general, .accept(data: nil), from: bob, at: sec(1))
        #expect(refusal(&general, .inviteMore(invitees: ["dave"], status: [:]), from: bob, at: sec(2)) == .notAdvancedMode)
    }

    @Test func capacityCountsEveryoneRingingOrInTheCall() throws {
        let policy = CallPolicy(maxInviteesPerInvitation: 3, maxParticipants: 4)
        var engine = try connectedCall(policy: policy)
        #expect(refusal(&engine, .inviteMore(invitees: ["dave", "erin"], status: [:]), from: bob, at: sec(3)) == .callFull)
        try act(&engine, .inviteMore(invitees: ["dave"], status: [:]), from: bob, at: sec(4))
        #expect(engine.call.activeUsers.count == 4)
        #expect(refusal(&engine, .join(data: nil), from: frank, at: sec(5)) == .callFull)
        try act(&engine, .reject(data: nil, reason: .declined), from: carol, at: sec(6))
        try act(&engine, .join(data: nil), from: frank, at: sec(7))
        #expect(engine.state(of: "frank") == .accepted)
        #expect(refusal(&engine, .join(data: nil), from: carol, at: sec(8)) == .callFull)
    }

    @Test func reInviteAfterRejectOrQuitStartsAFreshStint() throws {
        var engine = try connectedCall()
        var all: [CallEffect] = []
        all += try act(&engine, .reject(data: "later", reason: .declined), from: carol, at: sec(3)).effects
        let again = try act(&engine, .inviteMore(invitees: ["carol"], status: [:]), from: bob, at: sec(10))
        all += again.effects
        #expect(notes(again.effects, to: .user("carol")).first == .invited(by: "bob"))
        let fresh = try #require(engine.participant("carol"))
        #expect(fresh.state == .inviting)
        #expect(fresh.invitedBy == "bob")
        #expect(fresh.role == .invitee)
        #expect(fresh.invitedAt == sec(10))
        #expect(fresh.answerData == nil)
        #expect(fresh.device == nil)
        #expect(!fresh.isRecorded)
        #expect(fresh.ringDeadline == sec(40))
        #expect(engine.call.participants.map(\.user) == ["alice", "bob", "carol"], "the entry is reused in place")

        all += try act(&engine, .accept(data: nil), from: carolTablet, at: sec(12)).effects
        all += try act(&engine, .quit(data: nil), from: carolTablet, at: sec(20)).effects
        all += try act(&engine, .inviteMore(invitees: ["carol"], status: [:]), from: alice, at: sec(25)).effects
        #expect(engine.participant("carol")?.invitedBy == "alice")
        all += try act(&engine, .end(data: nil), from: alice, at: sec(26)).effects
        let carolRecords = records(all).filter { $0.owner == "carol" }
        #expect(carolRecords.map(\.outcome) == [.rejected(.declined), .quit, .inviting])
        // A record covers every stint: the 8 s connected earlier stay in the record that replaces it, and
        // a participant who was in the call is not "missed" for the invitation they let ring later.
        #expect(carolRecords.map(\.duration) == [.zero, .seconds(8), .seconds(8)])
        #expect(carolRecords.map(\.direction) == [.incoming, .incoming, .incoming])
    }

    // MARK: Join

    @Test func outsiderJoinsAsJoinerAndConnectsTheCall() throws {
        var (engine, _) = try startCall(["bob"], mode: .advanced)
        let outcome = try act(&engine, .join(data: "hi"), from: frank, at: sec(5))
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["frank"])),
            Note(.user("bob"), .participantsChanged(["frank"])),
            Note(.device(frank), .participantsChanged(["frank"])),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(deadlines(outcome.effects).isEmpty)
        #expect(records(outcome.effects).isEmpty)
        let joiner = try #require(engine.participant("frank"))
        #expect(joiner.role == .joiner)
        #expect(joiner.invitedBy == nil)
        #expect(joiner.state == .accepted)
        #expect(joiner.device == "f1")
        #expect(joiner.answerData == "hi")
        #expect(joiner.answeredAt == sec(5))
        #expect(engine.call.state == .connected)
        #expect(engine.call.connectedAt == sec(5))
    }

    @Test func ringingInviteeJoiningIsAnAccept() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced)
        let outcome = try act(&engine, .join(data: nil), from: bobTablet, at: sec(4))
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(bobTablet), .participantsChanged(["bob"])),
            Note(.user("carol"), .participantsChanged(["bob"])),
            Note(.userExcept(bobTablet), .answeredElsewhere(device: "b2")),
        ]
        #expect(noteList(outcome.effects) == expected)
        let entry = try #require(engine.participant("bob"))
        #expect(entry.state == .accepted)
        #expect(entry.device == "b2")
        #expect(entry.role == .invitee)
        #expect(entry.nextDeadline == nil)
        #expect(engine.call.connectedAt == sec(4))
    }

    @Test func joinFromASecondDeviceMovesTheCallThere() throws {
        var engine = try connectedCall()
        var expected = engine
        expected.call.participants[1].device = "b2"
        let outcome = try act(&engine, .join(data: nil), from: bobTablet, at: sec(6))
        let notesExpected: [Note] = [
            Note(.device(bob), .answeredElsewhere(device: "b2")),
            Note(.device(bobTablet), .synced),
        ]
        #expect(noteList(outcome.effects) == notesExpected)
        #expect(engine == expected, "only the acting device changes")
        #expect(refusal(&engine, .join(data: nil), from: bobTablet, at: sec(7)) == .alreadyInCall)
        #expect(refusal(&engine, .join(data: nil), from: alice, at: sec(7)) == .alreadyInCall)
    }

    @Test func participantWhoLeftMayJoinAgain() throws {
        var engine = try connectedCall()
        try act(&engine, .reject(data: nil, reason: .declined), from: carol, at: sec(3))
        let outcome = try act(&engine, .join(data: "back"), from: carolTablet, at: sec(8))
        #expect(noteList(outcome.effects).map(\.kind).allSatisfy { $0 == .participantsChanged(["carol"]) })
        let entry = try #require(engine.participant("carol"))
        #expect(entry.state == .accepted)
        #expect(entry.role == .invitee)
        #expect(entry.device == "c2")
        #expect(entry.answeredAt == sec(8))
        #expect(entry.invitedAt == sec(8))
        #expect(!entry.isRecorded)
    }

    // MARK: Quit and end

    @Test func quitRecordsTheStintAndTellsEveryoneIncludingTheQuitter() throws {
        var engine = try connectedCall()
        try act(&engine, .accept(data: nil), from: carol, at: sec(3))
        let outcome = try act(&engine, .quit(data: "bye"), from: bob, at: sec(20))
        // The quitter hears it among the others: users who quit keep receiving state changes (ZIM).
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(bob), .participantsChanged(["bob"])),
            Note(.device(carol), .participantsChanged(["bob"])),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(engine.call.state == .connected)
        let entry = try #require(engine.participant("bob"))
        #expect(entry.state == .quit)
        #expect(entry.leftAt == sec(20))
        #expect(entry.answerData == "bye")
        let bobRecord = try #require(record(of: "bob", in: outcome.effects))
        #expect(records(outcome.effects).count == 1)
        #expect(bobRecord.outcome == .quit)
        #expect(bobRecord.endReason == .hungUp)
        #expect(bobRecord.direction == .incoming)
        #expect(bobRecord.duration == .seconds(18))
        #expect(bobRecord.answeredOn == "b1")
        #expect(bobRecord.recordedAt == sec(20))
    }

    @Test func endKeepsStatesTellsEveryoneActiveAndRecordsTheRest() throws {
        var engine = try connectedCall()
        try act(&engine, .accept(data: nil), from: carol, at: sec(3))
        try act(&engine, .quit(data: nil), from: bob, at: sec(20))
        try act(&engine, .inviteMore(invitees: ["dave"], status: [:]), from: carol, at: sec(22))
        let outcome = try act(&engine, .end(data: "over"), from: alice, at: sec(30))
        let expected: [Note] = [
            Note(.device(alice), .ended),
            Note(.device(carol), .ended),
            Note(.user("dave"), .ended),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(engine.call.state == .ended(CallEnd(reason: .hungUp, by: "alice", at: sec(30), data: "over")))
        let states: [ParticipantState] = engine.call.participants.map(\.state)
        #expect(states == [.accepted, .quit, .accepted, .inviting])
        #expect(engine.call.nextDeadline == nil)
        #expect(engine.call.participants.allSatisfy { $0.nextDeadline == nil })
        #expect(records(outcome.effects).map(\.owner) == ["alice", "carol", "dave", "bob"],
                "bob, who quit earlier, gets his record again showing the end")
        #expect(record(of: "bob", in: outcome.effects)?.endedAt == sec(30))
        let aliceRecord = try #require(record(of: "alice", in: outcome.effects))
        #expect(aliceRecord.duration == .seconds(28))
        #expect(aliceRecord.endReason == .hungUp)
        #expect(record(of: "carol", in: outcome.effects)?.duration == .seconds(27))
        let daveRecord = try #require(record(of: "dave", in: outcome.effects))
        #expect(daveRecord.direction == .missed)
        #expect(daveRecord.outcome == .inviting)
        #expect(daveRecord.endReason == .hungUp)
    }

    @Test func keptEmptyCallLivesOnUntilSomeoneJoinsOrEnds() throws {
        var (engine, _) = try startCall(["bob"], mode: .advanced, policy: CallPolicy(keepsEmptyCall: true))
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        try act(&engine, .quit(data: nil), from: alice, at: sec(5))
        let last = try act(&engine, .quit(data: nil), from: bob, at: sec(9))
        #expect(engine.call.state == .connected, "ZIM: an advanced call lasts until callEnd")
        #expect(noteList(last.effects).map(\.kind).allSatisfy { $0 == .participantsChanged(["bob"]) })
        #expect(engine.call.nextDeadline == nil)
        #expect(records(last.effects).map(\.owner) == ["bob"])

        // Anyone may join it again; then it ends as usual.
        try act(&engine, .join(data: nil), from: carol, at: sec(20))
        #expect(engine.state(of: "carol") == .accepted)
        let ended = try act(&engine, .end(data: "bye"), from: carol, at: sec(30))
        #expect(engine.call.state == .ended(CallEnd(reason: .hungUp, by: "carol", at: sec(30), data: "bye")))
        #expect(records(ended.effects).map(\.owner).sorted() == ["alice", "bob", "carol"])
    }

    @Test func callNobodyIsInAnyMoreEnds() throws {
        var (engine, _) = try startCall(["bob"], mode: .advanced)
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        let first = try act(&engine, .quit(data: nil), from: alice, at: sec(5))
        #expect(engine.call.state == .connected, "bob is still in it")
        let aliceRecord = try #require(record(of: "alice", in: first.effects))
        #expect(aliceRecord.direction == .outgoing)
        #expect(aliceRecord.duration == .seconds(3))
        let last = try act(&engine, .quit(data: nil), from: bob, at: sec(9))
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(bob), .participantsChanged(["bob"])),
            Note(.device(bob), .ended),
        ]
        #expect(noteList(last.effects) == expected)
        #expect(engine.call.state == .ended(CallEnd(reason: .hungUp, by: "bob", at: sec(9))))
        #expect(records(last.effects).map(\.owner) == ["bob", "alice"], "alice's record again, with the end")
        #expect(record(of: "alice", in: last.effects)?.duration == .seconds(3))
        #expect(record(of: "alice", in: last.effects)?.recordedAt == sec(5))
    }

    @Test func callerQuittingWhileNobodyAnsweredEndsTheCall() throws {
        var (engine, _) = try startCall(["bob"], mode: .advanced)
        let outcome = try act(&engine, .quit(data: nil), from: alice, at: sec(3))
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["alice"])),
            Note(.user("bob"), .participantsChanged(["alice"])),
            Note(.user("bob"), .ended),
            Note(.device(alice), .ended),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(engine.call.state == .ended(CallEnd(reason: .hungUp, by: "alice", at: sec(3))))
        #expect(record(of: "bob", in: outcome.effects)?.direction == .missed)
    }

    // MARK: End when alone (Tencent)

    @Test func oneToOneHangUpEndsTheCallWhenAlone() throws {
        var (engine, _) = try startCall(["bob"], mode: .advanced, policy: .tencent)
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        let outcome = try act(&engine, .quit(data: nil), from: bob, at: sec(10))
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(bob), .participantsChanged(["bob"])),
            Note(.device(alice), .ended),
            Note(.device(bob), .ended),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(engine.call.state == .ended(CallEnd(reason: .hungUp, by: "bob", at: sec(10))))
        #expect(engine.state(of: "alice") == .accepted)
        #expect(records(outcome.effects).map(\.owner) == ["bob", "alice"])
        #expect(record(of: "alice", in: outcome.effects)?.duration == .seconds(8))
        #expect(record(of: "alice", in: outcome.effects)?.endReason == .hungUp)
        #expect(record(of: "bob", in: outcome.effects)?.duration == .seconds(8))
    }

    @Test func callerHangUpEndsTheOneToOneCallWhenAlone() throws {
        var (engine, _) = try startCall(["bob"], mode: .advanced, policy: .tencent)
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        try act(&engine, .quit(data: nil), from: alice, at: sec(4))
        #expect(engine.call.state == .ended(CallEnd(reason: .hungUp, by: "alice", at: sec(4))))
    }

    @Test func calleeRejectEndsTheOneToOneCallDeclinedWhenAlone() throws {
        var (engine, _) = try startCall(["bob"], mode: .advanced, policy: .tencent)
        try act(&engine, .reject(data: nil, reason: .declined), from: bob, at: sec(3))
        #expect(engine.call.state == .ended(CallEnd(reason: .declined, by: "bob", at: sec(3))))
    }

    @Test func groupCallContinuesWhileTwoAreInIt() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced, policy: .tencent)
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        try act(&engine, .accept(data: nil), from: carol, at: sec(3))
        try act(&engine, .quit(data: nil), from: bob, at: sec(10))
        #expect(engine.call.state == .connected)
        try act(&engine, .quit(data: nil), from: carol, at: sec(12))
        #expect(engine.call.state == .ended(CallEnd(reason: .hungUp, by: "carol", at: sec(12))))
    }

    @Test func aloneParticipantWaitsForRingingInvitees() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced, policy: .tencent)
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        try act(&engine, .quit(data: nil), from: alice, at: sec(5))
        #expect(engine.call.state == .connected, "carol still rings")
        _ = engine.expire(at: sec(30))
        #expect(engine.call.state == .ended(CallEnd(reason: .hungUp, by: nil, at: sec(30))))
    }

    /// Until it connects, an advanced call settles like a general one (ZIM: the modes do not differ in
    /// cancel, accept, reject and timeout), so a caller is never left alone in a call nobody answered.
    @Test func advancedCallEveryoneDeclinesBeforeConnectingEnds() throws {
        var (engine, _) = try startCall(["bob"], mode: .advanced, policy: .zim)
        let outcome = try act(&engine, .reject(data: nil, reason: .declined), from: bob, at: sec(3))
        #expect(engine.call.state == .ended(CallEnd(reason: .declined, by: "bob", at: sec(3))))
        #expect(engine.call.nextDeadline == nil)
        #expect(noteList(outcome.effects).contains(Note(.device(alice), .ended)))
    }

    /// Once connected, an advanced call lives on with the caller alone after the others declined.
    @Test func connectedAdvancedCallOutlivesLaterDeclines() throws {
        var engine = try connectedCall()
        try act(&engine, .reject(data: nil, reason: .declined), from: carol, at: sec(3))
        try act(&engine, .quit(data: nil), from: bob, at: sec(4))
        #expect(engine.call.state == .connected)
        try act(&engine, .end(data: nil), from: alice, at: sec(5))
        #expect(engine.call.state.end?.reason == .hungUp)
    }

    // MARK: The caller's later stints

    /// A record covers every stint of its owner in the call: after the caller quit and joined again,
    /// the record that replaces the first one counts both stints (8 s + 10 s), not the time away.
    @Test func callerRejoiningIsRecordedForBothStints() throws {
        var engine = try connectedCall()
        try act(&engine, .accept(data: nil), from: carol, at: sec(3))
        let first = try act(&engine, .quit(data: nil), from: alice, at: sec(10))
        #expect(record(of: "alice", in: first.effects)?.duration == .seconds(8))
        try act(&engine, .join(data: nil), from: alice, at: sec(20))
        let second = try act(&engine, .quit(data: nil), from: alice, at: sec(30))
        let aliceRecord = try #require(record(of: "alice", in: second.effects))
        #expect(aliceRecord.duration == .seconds(18))
        #expect(aliceRecord.direction == .outgoing)
    }

    /// A caller who quit and is invited back keeps the `.caller` role; a cancelled re-invitation adds no
    /// connected time: the record keeps the 8 s of the first stint.
    @Test func reInvitedCallerWhoIsCancelledWasNotConnectedAgain() throws {
        var engine = try connectedCall()
        try act(&engine, .accept(data: nil), from: carol, at: sec(3))
        try act(&engine, .quit(data: nil), from: alice, at: sec(10))
        try act(&engine, .inviteMore(invitees: ["alice"], status: [:]), from: bob, at: sec(20))
        #expect(engine.participant("alice")?.role == .caller)
        #expect(engine.participant("alice")?.invitedBy == "bob")
        let outcome = try act(&engine, .cancel(invitees: ["alice"], data: nil), from: bob, at: sec(25))
        let aliceRecord = try #require(record(of: "alice", in: outcome.effects))
        #expect(aliceRecord.duration == .seconds(8))
    }

    /// Under three-way accept, a caller invited back is confirmed by the user who invited them.
    @Test func reInvitedCallerCanBeConfirmedByTheirInviter() throws {
        let policy = CallPolicy(acceptConfirmation: .seconds(5))
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced, policy: policy)
        try act(&engine, .accept(data: nil), from: bob, at: sec(1))
        try act(&engine, .confirmAccept(invitee: "bob"), from: alice, at: sec(2))
        try act(&engine, .quit(data: nil), from: alice, at: sec(3))
        try act(&engine, .inviteMore(invitees: ["alice"], status: [:]), from: bob, at: sec(4))
        try act(&engine, .accept(data: nil), from: alice, at: sec(5))
        #expect(engine.state(of: "alice") == .accepting)
        try act(&engine, .confirmAccept(invitee: "alice"), from: bob, at: sec(6))
        #expect(engine.state(of: "alice") == .accepted)
    }
}

@Suite("End by server")
struct EndByServerTests {
    @Test func endByServerTellsEveryoneActiveAndRecordsEveryone() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        try act(&engine, .reject(data: nil, reason: .declined), from: carol, at: sec(1))
        let outcome = try engine.endByServer(at: sec(3))
        let expected: [Note] = [
            Note(.device(alice), .ended),
            Note(.user("bob"), .ended),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(deadlines(outcome.effects).isEmpty)
        #expect(engine.call.state == .ended(CallEnd(reason: .endedByServer, by: nil, at: sec(3))))
        #expect(engine.state(of: "bob") == .inviting)
        #expect(records(outcome.effects).map(\.owner) == ["alice", "bob", "carol"],
                "carol was recorded when she declined; her record now shows the end")
        #expect(record(of: "carol", in: outcome.effects)?.recordedAt == sec(1))
        #expect(record(of: "carol", in: outcome.effects)?.endReason == .declined)
        #expect(record(of: "bob", in: outcome.effects)?.endReason == .endedByServer)
        #expect(record(of: "bob", in: outcome.effects)?.direction == .missed)
        #expect(record(of: "alice", in: outcome.effects)?.endReason == .endedByServer)
    }

    @Test func endByServerOfAConnectedAdvancedCallRecordsDurations() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced)
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        try act(&engine, .accept(data: nil), from: carol, at: sec(4))
        try act(&engine, .quit(data: nil), from: carol, at: sec(6))
        let outcome = try engine.endByServer(at: sec(12))
        #expect(noteList(outcome.effects).map(\.to) == [.device(alice), .device(bob)])
        #expect(record(of: "alice", in: outcome.effects)?.duration == .seconds(10))
        #expect(record(of: "bob", in: outcome.effects)?.duration == .seconds(10))
        #expect(record(of: "carol", in: outcome.effects)?.duration == .seconds(2), "carol's record again, unchanged but for the end")
        #expect(record(of: "carol", in: outcome.effects)?.endedAt == sec(12))
    }

    @Test func endByServerOnAnEndedCallIsCallEnded() throws {
        var (engine, _) = try startCall()
        _ = try engine.endByServer(at: sec(3))
        let before = engine
        do {
            _ = try engine.endByServer(at: sec(4))
            Issue.record("a second endByServer was accepted")
        } catch {
            #expect(error.code == .callEnded)
        }
        #expect(engine == before)
        #expect(refusal(&engine, .accept(data: nil), from: bob, at: sec(5)) == .callEnded)
        #expect(engine.presenceChanged(of: "alice", isOnline: false, at: sec(5)).isEmpty)
        #expect(engine == before)
    }
}
