import Testing
@testable import SwitchboardCore

/// Participant media (Tencent microphone / camera through `setMedia`) and the offline policy that keeps
/// invitations for apps with offline push.
@Suite("Participant media and offline push")
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
}
