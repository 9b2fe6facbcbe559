import Testing
@testable import SwitchboardCore

/// A general-mode call from invitation to its end, multi-device answering, and ephemeral calls.
@Suite("General call flow")
struct GeneralCallFlowTests {
    @Test func startTellsCallerCreatedAndInviteeInvitedAndArmsRingTimeout() throws {
        let (engine, effects) = try startCall()
        let expected: [Note] = [
            Note(.user("alice"), .created),
            Note(.user("bob"), .invited(by: "alice")),
        ]
        #expect(noteList(effects) == expected)
        #expect(deadlines(effects) == [sec(30)])
        #expect(effects.last == .armDeadline(sec(30)), "the deadline comes after the notifications")
        #expect(records(effects).isEmpty)
        #expect(engine.call.state == .ringing)
        #expect(engine.call.connectedAt == nil)
        #expect(engine.call.nextDeadline == sec(30))
        let bob = try #require(engine.participant("bob"))
        #expect(bob.state == .inviting)
        #expect(bob.invitedBy == "alice")
        #expect(bob.role == .invitee)
        #expect(bob.device == nil)
        #expect(bob.ringDeadline == sec(30))
        let caller = try #require(engine.participant("alice"))
        #expect(caller.role == .caller)
        #expect(caller.state == .accepted)
        #expect(caller.device == "a1")
        #expect(caller.answeredAt == t0)
    }

    @Test func acknowledgementTellsCallerThatInviteeReceived() throws {
        var (engine, _) = try startCall()
        let effects = try act(&engine, .acknowledgeDelivery, from: bob, at: sec(1))
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.user("bob"), .participantsChanged(["bob"])),
        ]
        #expect(noteList(effects.effects) == expected)
        #expect(deadlines(effects.effects).isEmpty, "the ring timeout counts from the invitation")
        #expect(engine.state(of: "bob") == .received)
        #expect(engine.participant("bob")?.device == nil, "an acknowledgement does not pick a device")
        #expect(engine.participant("bob")?.changedAt == sec(1))
        let carried = notifiedCalls(effects.effects)
        #expect(carried.allSatisfy { $0.participant("bob")?.state == .received }, "events carry the changed call")
    }

    @Test func oneToOneAcceptPinsDeviceAndEndsAllAnswered() throws {
        var (engine, _) = try startCall()
        try act(&engine, .acknowledgeDelivery, from: bob, at: sec(1))
        let outcome = try act(&engine, .accept(data: "ok"), from: bob, at: sec(5))
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(bob), .participantsChanged(["bob"])),
            Note(.userExcept(bob), .answeredElsewhere(device: "b1")),
            Note(.device(alice), .ended),
            Note(.device(bob), .ended),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(outcome.skipped.isEmpty)
        #expect(deadlines(outcome.effects).isEmpty, "an ended call arms nothing")

        let end = CallEnd(reason: .allAnswered, by: "bob", at: sec(5))
        #expect(engine.call.state == .ended(end))
        #expect(engine.call.connectedAt == sec(5))
        #expect(engine.call.nextDeadline == nil)
        let bobEntry = try #require(engine.participant("bob"))
        #expect(bobEntry.state == .accepted)
        #expect(bobEntry.device == "b1")
        #expect(bobEntry.answerData == "ok")
        #expect(bobEntry.answeredAt == sec(5))
        #expect(bobEntry.ringDeadline == nil)

        let expectedMembers: [CallRecord.Member] = [
            CallRecord.Member(user: "alice", state: .accepted, data: nil, changedAt: t0),
            CallRecord.Member(user: "bob", state: .accepted, data: "ok", changedAt: sec(5)),
        ]
        let aliceRecord = CallRecord(
            callID: "call-1", owner: "alice", caller: "alice", participants: ["alice", "bob"], mode: .general,
            mediaType: nil, roomID: nil, groupID: nil, direction: .outgoing, outcome: .accepted,
            endReason: .allAnswered, answeredOn: nil, startedAt: t0, duration: .zero, recordedAt: sec(5),
            payload: nil, inviter: nil, members: expectedMembers, endedAt: sec(5), callEndReason: .allAnswered)
        let bobRecord = CallRecord(
            callID: "call-1", owner: "bob", caller: "alice", participants: ["alice", "bob"], mode: .general,
            mediaType: nil, roomID: nil, groupID: nil, direction: .incoming, outcome: .accepted,
            endReason: .allAnswered, answeredOn: "b1", startedAt: t0, duration: .zero, recordedAt: sec(5),
            payload: nil, inviter: "alice", members: expectedMembers, endedAt: sec(5), callEndReason: .allAnswered)
        let expectedRecords: [CallRecord] = [aliceRecord, bobRecord]
        #expect(records(outcome.effects) == expectedRecords)
        #expect(engine.call.participants.allSatisfy { $0.isRecorded })
    }

    @Test func groupGeneralCallRecordsDurationsFromEachAnswer() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        let first = try act(&engine, .accept(data: nil), from: bob, at: sec(5))
        #expect(records(first.effects).isEmpty, "the call goes on while carol rings")
        #expect(engine.call.state == .connected)
        #expect(engine.call.connectedAt == sec(5))
        #expect(deadlines(first.effects).isEmpty, "carol's ring deadline is still the earliest")

        let second = try act(&engine, .accept(data: nil), from: carol, at: sec(12))
        #expect(engine.call.state.end?.reason == .allAnswered)
        #expect(engine.call.state.end?.by == "carol")
        #expect(engine.call.connectedAt == sec(5), "connectedAt is the first answer")
        let owners: [UserID] = records(second.effects).map(\.owner)
        #expect(owners == ["alice", "bob", "carol"])
        let aliceRecord = try #require(record(of: "alice", in: second.effects))
        let bobRecord = try #require(record(of: "bob", in: second.effects))
        let carolRecord = try #require(record(of: "carol", in: second.effects))
        #expect(aliceRecord.duration == .seconds(7), "the caller counts from the first answer")
        #expect(bobRecord.duration == .seconds(7))
        #expect(carolRecord.duration == .zero)
        #expect(aliceRecord.participants == ["alice", "bob", "carol"])
        #expect(carolRecord.startedAt == t0)
        #expect(carolRecord.recordedAt == sec(12))
        let endedTo: [Recipient] = noteList(second.effects).filter { $0.kind == .ended }.map(\.to)
        #expect(endedTo == [.device(alice), .device(bob), .device(carol)])
    }

    @Test func roomGroupMediaAndPayloadCarryIntoRecords() throws {
        var inv = invitation(payload: "hello")
        inv.roomID = "room-7"
        inv.groupID = "group-3"
        inv.mediaType = .video
        inv.attachments = ["push": "title"]
        var (engine, _) = try CallEngine.start(inv, at: t0)
        #expect(engine.call.payload == "hello")
        #expect(engine.call.attachments == ["push": "title"])
        let outcome = try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        let bobRecord = try #require(record(of: "bob", in: outcome.effects))
        #expect(bobRecord.roomID == "room-7")
        #expect(bobRecord.groupID == "group-3")
        #expect(bobRecord.mediaType == .video)
        #expect(bobRecord.payload == "hello")
        #expect(record(of: "alice", in: outcome.effects)?.payload == "hello")
    }

    @Test func recordsCarryPayloadInviterMembersAndEnd() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced, payload: "p")
        try act(&engine, .accept(data: "yes"), from: bob, at: sec(2))

        // carol's part ends while the call goes on: no end yet, and the members as they stand now.
        let rejected = try act(&engine, .reject(data: "no", reason: .declined), from: carol, at: sec(3))
        let carolRecord = try #require(record(of: "carol", in: rejected.effects))
        #expect(records(rejected.effects).count == 1)
        #expect(carolRecord.payload == "p")
        #expect(carolRecord.inviter == "alice")
        #expect(carolRecord.endedAt == nil)
        let afterReject: [CallRecord.Member] = [
            CallRecord.Member(user: "alice", state: .accepted, changedAt: sec(0)),
            CallRecord.Member(user: "bob", state: .accepted, data: "yes", changedAt: sec(2)),
            CallRecord.Member(user: "carol", state: .rejected(.declined), data: "no", changedAt: sec(3)),
        ]
        #expect(carolRecord.members == afterReject)
        #expect(carolRecord.participants == carolRecord.members.map(\.user))

        // bob invites dave, frank joins, and alice ends the call.
        try act(&engine, .inviteMore(invitees: ["dave"], status: [:]), from: bob, at: sec(4))
        try act(&engine, .join(data: "hi"), from: frank, at: sec(5))
        let ended = try act(&engine, .end(data: "bye"), from: alice, at: sec(10))
        let owners: [UserID] = records(ended.effects).map(\.owner)
        #expect(owners == ["alice", "bob", "dave", "frank", "carol"], "carol's record again, now with the end")
        let end = try #require(engine.call.state.end)
        #expect(end.at == sec(10))
        let inviters: [UserID?] = records(ended.effects).map(\.inviter)
        #expect(inviters == [nil, "alice", "bob", nil, "alice"], "the caller and the joiner have no inviter")
        let daveState = try #require(engine.state(of: "dave"))
        let atEnd: [CallRecord.Member] = [
            CallRecord.Member(user: "alice", state: try #require(engine.state(of: "alice")), changedAt: sec(0)),
            CallRecord.Member(user: "bob", state: try #require(engine.state(of: "bob")), data: "yes", changedAt: sec(2)),
            CallRecord.Member(user: "carol", state: .rejected(.declined), data: "no", changedAt: sec(3)),
            CallRecord.Member(user: "dave", state: daveState, changedAt: sec(4)),
            CallRecord.Member(user: "frank", state: try #require(engine.state(of: "frank")), data: "hi", changedAt: sec(5)),
        ]
        for record in records(ended.effects) {
            #expect(record.payload == "p")
            #expect(record.endedAt == sec(10))
            #expect(record.callEndReason == .hungUp)
            #expect(record.members == atEnd, "\(record.owner)")
            #expect(record.participants == ["alice", "bob", "carol", "dave", "frank"])
        }
        let daveRecord = try #require(record(of: "dave", in: ended.effects))
        #expect(daveRecord.outcome == daveState)
    }
}

@Suite("Multi-device")
struct MultiDeviceTests {
    @Test func acceptOnOneDeviceTellsTheOthersAnsweredElsewhere() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        try act(&engine, .acknowledgeDelivery, from: bob, at: sec(1))
        try act(&engine, .acknowledgeDelivery, from: bobTablet, at: sec(1))
        let outcome = try act(&engine, .accept(data: nil), from: bob, at: sec(3))
        let elsewhere: [Note] = noteList(outcome.effects).filter {
            if case .answeredElsewhere = $0.kind { return true }
            return false
        }
        #expect(elsewhere == [Note(.userExcept(bob), .answeredElsewhere(device: "b1"))])
        #expect(notes(outcome.effects, to: .device(bobTablet)).isEmpty, "the other device is reached through userExcept")
        #expect(notes(outcome.effects, to: .device(bob)) == [.participantsChanged(["bob"])])
        #expect(engine.participant("bob")?.device == "b1")
    }

    @Test func recordShowsAnsweredElsewhereOnlyForTheOtherDevice() throws {
        var (engine, _) = try startCall()
        let outcome = try act(&engine, .accept(data: nil), from: bob, at: sec(3))
        let bobRecord = try #require(record(of: "bob", in: outcome.effects))
        #expect(bobRecord.answeredOn == "b1")
        #expect(bobRecord.direction == .incoming)
        #expect(bobRecord.answeredElsewhere(relativeTo: "b2"))
        #expect(!bobRecord.answeredElsewhere(relativeTo: "b1"))
        let aliceRecord = try #require(record(of: "alice", in: outcome.effects))
        #expect(!aliceRecord.answeredElsewhere(relativeTo: "a2"), "an outgoing record is never answered elsewhere")
    }

    @Test func declineOnSecondDeviceIsAnsweredElsewhereForTheFirst() throws {
        var (engine, _) = try startCall()
        let outcome = try act(&engine, .reject(data: nil, reason: .declined), from: bobTablet, at: sec(3))
        #expect(notes(outcome.effects, to: .userExcept(bobTablet)) == [.answeredElsewhere(device: "b2")])
        let bobRecord = try #require(record(of: "bob", in: outcome.effects))
        #expect(bobRecord.direction == .incoming, "declining is answering")
        #expect(bobRecord.answeredOn == "b2")
        #expect(bobRecord.answeredElsewhere(relativeTo: "b1"))
        #expect(!bobRecord.answeredElsewhere(relativeTo: "b2"))
    }

    @Test func secondDeviceAcknowledgementIsANoOp() throws {
        var (engine, _) = try startCall()
        try act(&engine, .acknowledgeDelivery, from: bob, at: sec(1))
        let before = engine
        let outcome = try act(&engine, .acknowledgeDelivery, from: bobTablet, at: sec(2))
        #expect(outcome.effects.isEmpty)
        #expect(outcome.skipped.isEmpty)
        #expect(engine == before)
        #expect(engine.participant("bob")?.changedAt == sec(1))
    }

    @Test func acknowledgementAfterAnsweringIsANoOp() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        try act(&engine, .accept(data: nil), from: bob, at: sec(1))
        let before = engine
        let outcome = try act(&engine, .acknowledgeDelivery, from: bobTablet, at: sec(2))
        #expect(outcome.effects.isEmpty)
        #expect(engine == before)
    }
}

@Suite("Ephemeral calls")
struct EphemeralTests {
    @Test func generalFlowWritesNoRecords() throws {
        var policy = CallPolicy.tencent
        policy.ephemeral = true
        var all: [CallEffect] = []
        let status: [UserID: InviteeStatus] = ["dave": busy, "erin": offline]
        var (engine, started) = try startCall(["bob", "carol", "dave", "erin", "frank"], policy: policy, status: status)
        all += started
        #expect(engine.state(of: "dave") == .rejected(.busy))
        #expect(engine.state(of: "erin") == .timedOut(.offline))
        all += try act(&engine, .accept(data: nil), from: bob, at: sec(2)).effects
        all += try act(&engine, .reject(data: nil, reason: .declined), from: carol, at: sec(3)).effects
        all += engine.expire(at: sec(40))
        #expect(engine.state(of: "frank") == .timedOut(.noAnswer))
        #expect(engine.call.state.end?.reason == .allAnswered)
        #expect(records(all).isEmpty)
        #expect(!noteList(all).isEmpty)
    }

    @Test func advancedFlowWritesNoRecords() throws {
        var policy = CallPolicy.zim
        policy.ephemeral = true
        var all: [CallEffect] = []
        var (engine, started) = try startCall(["bob", "carol"], mode: .advanced, policy: policy)
        all += started
        all += try act(&engine, .accept(data: nil), from: bob, at: sec(2)).effects
        all += try act(&engine, .cancel(invitees: ["carol"], data: nil), from: alice, at: sec(3)).effects
        all += try act(&engine, .inviteMore(invitees: ["dave"], status: [:]), from: bob, at: sec(4)).effects
        all += try act(&engine, .join(data: nil), from: erin, at: sec(5)).effects
        all += try act(&engine, .quit(data: nil), from: erin, at: sec(6)).effects
        all += try act(&engine, .join(data: nil), from: erin, at: sec(7)).effects
        all += engine.expire(at: sec(200))
        #expect(engine.state(of: "dave") == .timedOut(.noAnswer))
        all += try act(&engine, .end(data: "bye"), from: bob, at: sec(300)).effects
        #expect(engine.call.state.isEnded)
        #expect(records(all).isEmpty)
        #expect(engine.call.participants.allSatisfy { !$0.isRecorded })
    }

    @Test func endByServerWritesNoRecords() throws {
        var policy = CallPolicy()
        policy.ephemeral = true
        var (engine, _) = try startCall(policy: policy)
        let effects = try engine.endByServer(at: sec(1)).effects
        #expect(records(effects).isEmpty)
        #expect(engine.call.state.end?.reason == .endedByServer)
    }
}
