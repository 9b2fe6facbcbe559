import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardWire

/// What the service does for the Tencent surface: the latestDevice login policy, profiles, participant
/// media, deleting records, rooms assigned on request, and invitations kept for apps with offline push.
@Suite("Service: Tencent surface support")
struct TencentServiceTests {
    private func invitedNotes(_ connection: RawConnection) -> [CallNotification] {
        connection.callNotes.filter { if case .invited = $0.kind { true } else { false } }
    }

    @Test func latestDeviceRingsOnlyTheNewestLoginUntilMultiDeviceIsOn() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let phone = try harness.login("bob", device: "phone", policy: .latestDevice)
        let tablet = try harness.login("bob", device: "tablet", policy: .latestDevice)
        #expect(!phone.isClosed, "a latestDevice login keeps the user's other sessions")

        let first = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        #expect(invitedNotes(tablet).map(\.call.id) == [first.id])
        #expect(invitedNotes(phone).isEmpty)

        // The phone asks to ring too; the next invitation reaches both.
        #expect(try phone.request(.setMultiDevice(true)).get() == .empty)
        _ = try alice.call(.call(first.id, .cancel(invitees: nil, data: nil)))
        let second = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        #expect(invitedNotes(tablet).map(\.call.id) == [first.id, second.id])
        #expect(invitedNotes(phone).map(\.call.id) == [second.id])
    }

    @Test func aNewerLatestDeviceLoginCatchesUpOnARingingInvitation() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let phone = try harness.login("bob", device: "phone", policy: .latestDevice)
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        #expect(invitedNotes(phone).map(\.call.id) == [call.id])
        let tablet = try harness.login("bob", device: "tablet", policy: .latestDevice)
        #expect(invitedNotes(tablet).map(\.call.id) == [call.id])
        // The phone, which rang, still hears how its invitation ended.
        _ = try alice.call(.call(call.id, .cancel(invitees: nil, data: nil)))
        #expect(phone.callNotes.contains { if case .cancelled = $0.kind { true } else { false } })
    }

    @Test func profilesAreStoredMergedAndAnnouncedToCallPeersAndOtherDevices() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let aliceTablet = try harness.login("alice", device: "alice-2")
        let bob = try harness.login("bob")
        let carol = try harness.login("carol")
        _ = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))

        let set = try alice.request(.setProfile(nickname: "Alice", avatarURL: "https://a.invalid/a.png")).get()
        #expect(set == .profiles([Profile(user: "alice", nickname: "Alice", avatarURL: "https://a.invalid/a.png")]))
        let changed: (RawConnection) -> [Profile] = { connection in
            connection.events.compactMap { if case .profileChanged(let profile) = $0.event { profile } else { nil } }
        }
        #expect(changed(bob).map(\.nickname) == ["Alice"])
        #expect(changed(aliceTablet).map(\.nickname) == ["Alice"])
        #expect(changed(carol).isEmpty, "carol shares no call with alice")
        #expect(changed(alice).isEmpty, "the sender has the reply")

        // A nil field stays; an unchanged profile announces nothing.
        _ = try alice.request(.setProfile(nickname: nil, avatarURL: "https://a.invalid/b.png")).get()
        _ = try alice.request(.setProfile(nickname: "Alice", avatarURL: nil)).get()
        #expect(changed(bob).map(\.avatarURL) == ["https://a.invalid/a.png", "https://a.invalid/b.png"])
        let queried = try carol.request(.queryProfiles(["alice", "zed"])).get()
        #expect(queried == .profiles([Profile(user: "alice", nickname: "Alice", avatarURL: "https://a.invalid/b.png"),
                                      Profile(user: "zed")], unknown: ["zed"]))

        let tooLong = try alice.request(.setProfile(nickname: String(repeating: "x", count: Profile.maxFieldBytes + 1), avatarURL: nil))
        #expect(tooLong.failure?.code == .service(.invalidRequest))
    }

    @Test func mediaReportsReachEveryoneInTheCall() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        _ = try bob.call(.call(call.id, .accept(data: nil)))
        let after = try bob.call(.call(call.id, .setMedia(ParticipantMedia(microphone: true, camera: true))))
        #expect(after.participant("bob")?.media == ParticipantMedia(microphone: true, camera: true))
        let seen = alice.callNotes.last { if case .participantsChanged(["bob"]) = $0.kind { true } else { false } }
        #expect(seen?.call.participant("bob")?.media == ParticipantMedia(microphone: true, camera: true))
        let outsider = try harness.login("carol")
        #expect(try outsider.request(.call(call.id, .setMedia(.off))).failure?.code == .call(.callNotFound))
    }

    @Test func deleteRecordsRemovesOnlyTheSendersRecords() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        _ = try bob.call(.call(call.id, .reject(data: nil, reason: .declined)))
        #expect(try bob.request(.deleteRecords([call.id, "c-unknown"])).get() == .deletedRecords([call.id]))
        guard case .records(let bobs) = try bob.request(.callRecords(RecordQuery())).get(),
              case .records(let alices) = try alice.request(.callRecords(RecordQuery())).get() else {
            Issue.record("no record pages")
            return
        }
        #expect(bobs.records.isEmpty)
        #expect(alices.records.map(\.callID) == [call.id])
        let tooMany = (0...100).map { CallID("c\($0)") }
        #expect(try bob.request(.deleteRecords(tooMany)).failure?.code == .service(.invalidRequest))
    }

    @Test func anEmptyRoomIsRefusedAndAGivenOneKept() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let empty = try alice.request(.invite(InviteRequest(invitees: ["bob"], roomID: "")))
        #expect(empty.failureCode == "invalid_argument")
        #expect(harness.service.activeCalls().isEmpty)
        let given = try alice.call(.invite(InviteRequest(invitees: ["bob"], roomID: "room-1")))
        #expect(given.roomID == "room-1")
        let none = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        #expect(none.roomID == nil)
    }

    @Test func offlineInviteesAreKeptOnlyWhenTheAppPushesOfflineInvitations() throws {
        let plain = ServiceHarness(
            configuration: ServiceConfiguration(apps: [AppConfiguration(id: "a", vendorIDs: ["app"], secret: "s")]),
            verifier: ScriptedVerifier())
        let pushing = ServiceHarness(
            configuration: ServiceConfiguration(apps: [AppConfiguration(id: "a", vendorIDs: ["app"], secret: "s",
                                                                        pushesOfflineInvitations: true)]),
            verifier: ScriptedVerifier())
        let failed = try plain.login("alice", token: "ok").call(.invite(InviteRequest(invitees: ["bob"], profile: .tencent)))
        #expect(failed.participant("bob")?.state == .timedOut(.offline))
        #expect(failed.state.end?.reason == .offline)
        let kept = try pushing.login("alice", token: "ok").call(.invite(InviteRequest(invitees: ["bob"], profile: .tencent)))
        #expect(kept.participant("bob")?.state == .inviting)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
