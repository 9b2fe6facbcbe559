import Testing
@testable import SwitchboardCore

/// Participant media (Tencent microphone / camera through `setMedia`), the offline policy that keeps
/// invitations for apps with offline push, and participants whose device left for good.
@Suite("Participant media, offline push, departed devices")
struct MediaAndPushTests {
    @Test func setMediaRecordsTheStateAndTellsEveryoneActive() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced)
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        let outcome = try act(&engine, .setMedia(ParticipantMedia(microphone: true, camera: false)), from: bob, at: sec(3))
        #expect(engine.participant("bob")?.media == ParticipantMedia(microphone: true, camera: false))
        let expected: [Note] = [
            Note(.device(alice), .participantsChanged(["bob"])),
            Note(.device(bob), .participantsChanged(["bob"])),
            Note(.user("carol"), .participantsChanged(["bob"])),
        ]
        #expect(noteList(outcome.effects) == expected)
        #expect(records(outcome.effects).isEmpty)
        #expect(deadlines(outcome.effects).isEmpty)
    }

    @Test func anUnchangedReportChangesNothingAndTellsNoOne() throws {
        var (engine, _) = try startCall(["bob"], mode: .advanced)
        try act(&engine, .setMedia(ParticipantMedia(microphone: true)), from: alice, at: sec(1))
        let again = try act(&engine, .setMedia(ParticipantMedia(microphone: true)), from: alice, at: sec(2))
        #expect(again.effects.isEmpty)
    }

    @Test func aRingingInviteeMayReportAndTheCallerWhileRinging() throws {
        var (engine, _) = try startCall(["bob"], mode: .general)
        try act(&engine, .setMedia(ParticipantMedia(microphone: true, camera: true)), from: alice, at: sec(1))
        try act(&engine, .setMedia(ParticipantMedia(camera: true)), from: bob, at: sec(1))
        #expect(engine.participant("alice")?.media == ParticipantMedia(microphone: true, camera: true))
        #expect(engine.participant("bob")?.media == ParticipantMedia(camera: true))
    }

    @Test func refusals() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced)
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        try act(&engine, .reject(data: nil, reason: .declined), from: carol, at: sec(2))
        #expect(refusal(&engine, .setMedia(.off), from: dave, at: sec(3)) == .notParticipant)
        #expect(refusal(&engine, .setMedia(ParticipantMedia(microphone: true)), from: carol, at: sec(3)) == .notInCall)
        #expect(refusal(&engine, .setMedia(ParticipantMedia(microphone: true)), from: bobTablet, at: sec(3)) == .notInCall,
                "bob takes part from his phone")
        try act(&engine, .end(data: nil), from: alice, at: sec(4))
        #expect(engine.call.state.isEnded)
        #expect(refusal(&engine, .setMedia(ParticipantMedia(microphone: true)), from: alice, at: sec(5)) == .callEnded)
    }

    @Test func failPolicyKeepsOfflineInviteesReachableByPush() throws {
        let policy = CallPolicy(offlineInvitees: .fail)
        let (engine, _) = try startCall(
            ["bob", "carol"], policy: policy,
            status: ["bob": InviteeStatus(isOnline: false, isBusy: false),
                     "carol": InviteeStatus(isOnline: false, isBusy: false, isReachableByPush: true)])
        #expect(engine.state(of: "bob") == .timedOut(.offline))
        #expect(engine.state(of: "carol") == .inviting)
        #expect(engine.participant("carol")?.ringDeadline == t0 + policy.ringTimeout)
    }

    @Test func aDepartedDeviceLeavesTheCallUnderLeavesWithDevice() throws {
        let policy = CallPolicy(endWhenAlone: true, leavesWithDevice: true)
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced, policy: policy)
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        try act(&engine, .accept(data: nil), from: carol, at: sec(3))
        #expect(engine.deviceGone(bobTablet, at: sec(4)).isEmpty, "bob takes part from his phone")
        #expect(engine.deviceGone(dave, at: sec(4)).isEmpty)
        let effects = engine.deviceGone(bob, at: sec(5))
        #expect(engine.state(of: "bob") == .quit)
        #expect(engine.call.state == .connected, "alice and carol talk on")
        #expect(record(of: "bob", in: effects)?.endReason == .hungUp)
        _ = engine.deviceGone(carol, at: sec(6))
        #expect(engine.call.state.end?.reason == .hungUp, "alice is alone")
    }

    @Test func aDepartedCallerDeviceCancelsAnUnansweredCall() throws {
        var (engine, _) = try startCall(["bob"], mode: .advanced, policy: CallPolicy(leavesWithDevice: true))
        let effects = engine.deviceGone(alice, at: sec(1))
        #expect(engine.state(of: "bob") == .cancelled)
        #expect(engine.call.state.end?.reason == .cancelled)
        #expect(notes(effects, to: .user("bob")).first == .cancelled(by: "alice", data: nil))
    }

    @Test func withoutLeavesWithDeviceNothingChanges() throws {
        var (engine, _) = try startCall(["bob"], mode: .advanced)
        try act(&engine, .accept(data: nil), from: bob, at: sec(2))
        let before = engine
        #expect(engine.deviceGone(bob, at: sec(3)).isEmpty)
        #expect(engine == before)
    }
}
