import Testing
@testable import SwitchboardCore

@Suite("Timers")
struct TimerTests {
    @Test func ringTimeoutFromInvitationTimesOutAsNoAnswer() throws {
        var (engine, _) = try startCall()
        try act(&engine, .acknowledgeDelivery, from: bob, at: sec(1))
        let effects = engine.expire(at: sec(30))
        let expected: [Note] = [
            Note(.user("bob"), .timedOut(.noAnswer)),
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(alice), .ended),
        ]
        #expect(noteList(effects) == expected)
        #expect(deadlines(effects).isEmpty)
        #expect(engine.call.state == .ended(CallEnd(reason: .noAnswer, by: nil, at: sec(30))))
        #expect(records(effects).map(\.owner) == ["bob", "alice"])
        let bobRecord = try #require(record(of: "bob", in: effects))
        #expect(bobRecord.outcome == .timedOut(.noAnswer))
        #expect(bobRecord.endReason == .noAnswer)
        #expect(bobRecord.direction == .missed)
        #expect(bobRecord.recordedAt == sec(30))
    }

    @Test func expireBeforeTheDeadlineDoesNothing() throws {
        var (engine, _) = try startCall()
        let before = engine
        #expect(engine.expire(at: sec(29)).isEmpty)
        #expect(engine.expire(at: Timestamp(millisecondsSince1970: sec(30).millisecondsSince1970 - 1)).isEmpty)
        #expect(engine == before)
    }

    @Test func expireOnAnEndedCallDoesNothing() throws {
        var (engine, _) = try startCall()
        try act(&engine, .cancel(invitees: nil, data: nil), from: alice, at: sec(1))
        let before = engine
        #expect(engine.expire(at: sec(1000)).isEmpty)
        #expect(engine == before)
    }

    @Test func lateExpiryHandlesTheDeadlineAtItsOwnInstant() throws {
        var (engine, _) = try startCall()
        let effects = engine.expire(at: sec(45))
        #expect(engine.participant("bob")?.changedAt == sec(30))
        #expect(engine.call.state.end?.at == sec(30))
        #expect(records(effects).allSatisfy { $0.recordedAt == sec(30) })
    }

    // MARK: Agora: 30 s delivery timeout, 60 s ring from the acknowledgement

    @Test func agoraArmsTheDeliveryDeadlineOnly() throws {
        let (engine, effects) = try startCall(policy: .agora)
        #expect(deadlines(effects) == [sec(30)])
        let entry = try #require(engine.participant("bob"))
        #expect(entry.deliveryDeadline == sec(30))
        #expect(entry.ringDeadline == nil, "the ring timeout waits for the acknowledgement")
    }

    @Test func deliveryTimeoutFailsOfflineInviteeAsOffline() throws {
        var (engine, _) = try startCall(policy: .agora, status: ["bob": offline])
        #expect(engine.state(of: "bob") == .inviting, "kept while the delivery timeout runs")
        #expect(engine.expire(at: sec(29)).isEmpty)
        let effects = engine.expire(at: sec(30))
        let expected: [Note] = [
            Note(.user("bob"), .timedOut(.offline)),
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(alice), .ended),
        ]
        #expect(noteList(effects) == expected)
        #expect(engine.call.state == .ended(CallEnd(reason: .offline, by: nil, at: sec(30))))
        #expect(record(of: "bob", in: effects)?.endReason == .offline)
    }

    @Test func deliveryTimeoutFailsOnlineUnacknowledgedInviteeAsNoAcknowledgement() throws {
        var (engine, _) = try startCall(policy: .agora)
        let effects = engine.expire(at: sec(30))
        #expect(notes(effects, to: .user("bob")) == [.timedOut(.noAcknowledgement)])
        #expect(engine.call.state == .ended(CallEnd(reason: .noAnswer, by: nil, at: sec(30))))
        #expect(record(of: "bob", in: effects)?.endReason == .noAnswer)
    }

    @Test func inviteeWhoComesOnlineButNeverAcknowledgesFailsAsNoAcknowledgement() throws {
        var (engine, _) = try startCall(policy: .agora, status: ["bob": offline])
        #expect(engine.presenceChanged(of: "bob", isOnline: true, at: sec(10)).isEmpty)
        _ = engine.expire(at: sec(30))
        #expect(engine.state(of: "bob") == .timedOut(.noAcknowledgement))
    }

    @Test func inviteeWhoGoesOfflineBeforeTheDeliveryTimeoutFailsAsOffline() throws {
        var (engine, _) = try startCall(policy: .agora)
        _ = engine.presenceChanged(of: "bob", isOnline: false, at: sec(10))
        _ = engine.expire(at: sec(30))
        #expect(engine.state(of: "bob") == .timedOut(.offline))
    }

    @Test func acknowledgedInviteeRingsSixtySecondsFromTheAcknowledgement() throws {
        var (engine, _) = try startCall(policy: .agora)
        let acked = try act(&engine, .acknowledgeDelivery, from: bob, at: sec(10))
        #expect(deadlines(acked.effects) == [sec(70)])
        let entry = try #require(engine.participant("bob"))
        #expect(entry.ringDeadline == sec(70))
        #expect(entry.deliveryDeadline == nil)
        #expect(engine.expire(at: sec(30)).isEmpty, "the delivery deadline is gone")
        #expect(engine.expire(at: sec(69)).isEmpty)
        let effects = engine.expire(at: sec(70))
        let expected: [Note] = [
            Note(.user("bob"), .timedOut(.noAnswer)),
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(alice), .ended),
        ]
        #expect(noteList(effects) == expected)
        #expect(engine.call.state == .ended(CallEnd(reason: .noAnswer, by: nil, at: sec(70))))
    }

    // MARK: Several deadlines

    @Test func farExpiryProcessesDeadlinesInOrderEachAtItsOwnInstant() throws {
        let policy = CallPolicy(ringTimeout: .seconds(30), deliveryTimeout: .seconds(10))
        var (engine, _) = try startCall(["bob", "carol", "dave"], policy: policy, status: ["dave": offline])
        try act(&engine, .acknowledgeDelivery, from: carol, at: sec(1))
        let effects = engine.expire(at: sec(100))
        let expected: [Note] = [
            Note(.user("bob"), .timedOut(.noAcknowledgement)),
            Note(.user("dave"), .timedOut(.offline)),
            Note(.device(alice), .participantsChanged(["bob", "dave"])),
            Note(.user("carol"), .participantsChanged(["bob", "dave"])),
            Note(.user("carol"), .timedOut(.noAnswer)),
            Note(.device(alice), .participantsChanged(["carol"])),
            Note(.device(alice), .ended),
        ]
        #expect(noteList(effects) == expected)
        let stamps: [Timestamp] = records(effects).map(\.recordedAt)
        #expect(stamps == [sec(10), sec(10), sec(30), sec(30)])
        #expect(records(effects).map(\.owner) == ["bob", "dave", "carol", "alice"])
        #expect(engine.participant("bob")?.changedAt == sec(10))
        #expect(engine.participant("carol")?.changedAt == sec(30))
        #expect(engine.call.state == .ended(CallEnd(reason: .noAnswer, by: nil, at: sec(30))))
        #expect(deadlines(effects).isEmpty)
    }

    @Test func expiryStopsAtNowAndArmsTheNextDeadline() throws {
        let policy = CallPolicy(ringTimeout: .seconds(30), deliveryTimeout: .seconds(10))
        var (engine, _) = try startCall(["bob", "carol"], policy: policy)
        try act(&engine, .acknowledgeDelivery, from: carol, at: sec(1))
        let effects = engine.expire(at: sec(20))
        #expect(engine.state(of: "bob") == .timedOut(.noAcknowledgement))
        #expect(engine.state(of: "carol") == .received)
        #expect(deadlines(effects) == [sec(30)])
        #expect(effects.last == .armDeadline(sec(30)))
        #expect(engine.call.nextDeadline == sec(30))
    }

    @Test func inviteesDueAtTheSameInstantComeInOneChangeEvent() throws {
        var (engine, _) = try startCall(["bob", "carol", "dave"])
        let effects = engine.expire(at: sec(30))
        let changes: [Note] = noteList(effects).filter {
            if case .participantsChanged = $0.kind { return true }
            return false
        }
        #expect(changes == [Note(.device(alice), .participantsChanged(["bob", "carol", "dave"]))])
        #expect(notes(effects, to: .user("carol")) == [.timedOut(.noAnswer)])
        #expect(records(effects).count == 4)
    }

    /// The engine's contract: deadlines at or before a command's instant are expired first (the
    /// service does so before every command). Then both invitees ring out at 30 s, and an accept at 40 s
    /// finds the call ended.
    @Test func deadlinesExpiredBeforeALaterCommandKeepTimeConsistent() throws {
        var (engine, _) = try startCall(["bob", "carol"])
        _ = engine.expire(at: sec(40))
        let end = try #require(engine.call.state.end)
        #expect(end == CallEnd(reason: .noAnswer, by: nil, at: sec(30)))
        #expect(refusal(&engine, .accept(data: nil), from: bob, at: sec(40)) == .callEnded)
    }
}

@Suite("ZIM not-yet-received check and catch-up")
struct NotYetReceivedTests {
    @Test func checkMarksUnreachedInviteeNotYetReceivedAndKeepsRinging() throws {
        var (engine, started) = try startCall(policy: .zim)
        #expect(deadlines(started) == [sec(5)])
        let effects = engine.expire(at: sec(5))
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.user("bob"), .participantsChanged(["bob"])),
        ]
        #expect(noteList(effects) == expected)
        #expect(records(effects).isEmpty)
        #expect(deadlines(effects) == [sec(90)])
        #expect(engine.call.state == .ringing)
        let entry = try #require(engine.participant("bob"))
        #expect(entry.state == .notYetReceived)
        #expect(entry.ringDeadline == sec(90), "the ring timeout is kept")
        #expect(entry.notReceivedDeadline == nil)
    }

    @Test func acknowledgementAfterTheCheckMovesToReceived() throws {
        var (engine, _) = try startCall(policy: .zim)
        _ = engine.expire(at: sec(5))
        let acked = try act(&engine, .acknowledgeDelivery, from: bob, at: sec(7))
        #expect(engine.state(of: "bob") == .received)
        #expect(deadlines(acked.effects).isEmpty, "the ring deadline did not move")
        #expect(noteList(acked.effects).count == 2)
        #expect(engine.participant("bob")?.ringDeadline == sec(90))
    }

    @Test func acknowledgementBeforeTheCheckDropsIt() throws {
        var (engine, _) = try startCall(policy: .zim)
        let acked = try act(&engine, .acknowledgeDelivery, from: bob, at: sec(2))
        #expect(deadlines(acked.effects) == [sec(90)])
        #expect(engine.participant("bob")?.notReceivedDeadline == nil)
        #expect(engine.expire(at: sec(5)).isEmpty)
        #expect(engine.state(of: "bob") == .received)
    }

    @Test func checkOnlyMovesInviteesStillInviting() throws {
        var (engine, _) = try startCall(["bob", "carol"], policy: .zim)
        try act(&engine, .acknowledgeDelivery, from: carol, at: sec(1))
        let effects = engine.expire(at: sec(5))
        #expect(notes(effects, to: .device(alice)) == [.participantsChanged(["bob"])])
        #expect(engine.state(of: "carol") == .received)
    }

    @Test func offlineInviteeIsKeptAndCaughtUpOnAnyDeviceWhileRinging() throws {
        var (engine, started) = try startCall(["bob", "carol"], policy: .zim, status: ["bob": offline])
        #expect(notes(started, to: .user("bob")) == [.invited(by: "alice")])
        let entry = try #require(engine.participant("bob"))
        #expect(entry.state == .inviting)
        #expect(!entry.isOnline)
        _ = engine.expire(at: sec(5))
        #expect(engine.state(of: "bob") == .notYetReceived)

        for device in [bob, bobTablet] {
            let caught = engine.catchUp(for: device)
            #expect(caught.map(\.kind) == [.invited(by: "alice")])
            #expect(caught.first?.call == engine.call)
        }
    }

    @Test func presenceOnlineOnlyFlipsTheFlag() throws {
        var (engine, _) = try startCall(["bob", "carol"], policy: .zim, status: ["bob": offline])
        var expected = engine
        expected.call.participants[1].isOnline = true
        let effects = engine.presenceChanged(of: "bob", isOnline: true, at: sec(3))
        #expect(effects.isEmpty)
        #expect(engine == expected)
        let again = engine
        #expect(engine.presenceChanged(of: "bob", isOnline: true, at: sec(4)).isEmpty)
        #expect(engine == again, "no change when the flag is already set")
        #expect(engine.presenceChanged(of: "zed", isOnline: true, at: sec(4)).isEmpty)
        #expect(engine == again)
    }

    @Test func catchUpAfterAnsweringIsASnapshotForTheActingDeviceOnly() throws {
        var (engine, _) = try startCall(["bob", "carol"], policy: .zim)
        try act(&engine, .accept(data: nil), from: bob, at: sec(3))
        #expect(engine.call.state == .connected)
        let acting = engine.catchUp(for: bob)
        #expect(acting.map(\.kind) == [.synced])
        #expect(acting.first?.call == engine.call)
        #expect(engine.catchUp(for: bobTablet).isEmpty)
        #expect(engine.catchUp(for: alice).map(\.kind) == [.synced])
        #expect(engine.catchUp(for: Endpoint(user: "alice", device: "a2")).isEmpty)
        #expect(engine.catchUp(for: carol).map(\.kind) == [.invited(by: "alice")])
        #expect(engine.catchUp(for: frank).isEmpty)
    }

    @Test func catchUpGivesNothingAfterTheInvitationIsOverOrTheCallEnded() throws {
        var (engine, _) = try startCall(["bob", "carol"], policy: .zim)
        try act(&engine, .reject(data: nil, reason: .declined), from: bob, at: sec(2))
        #expect(engine.catchUp(for: bob).isEmpty)
        #expect(engine.catchUp(for: bobTablet).isEmpty)
        try act(&engine, .accept(data: nil), from: carol, at: sec(3))
        #expect(engine.call.state.isEnded)
        #expect(engine.catchUp(for: carol).isEmpty)
        #expect(engine.catchUp(for: alice).isEmpty)
    }
}
