import Synchronization
import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardWire

/// Each hold of the service's lock is one step: what it wrote reaches a transactional store in one
/// commit, before any frame of the step goes out (docs/ARCHITECTURE.md, "Steps and durability").
@Suite("Steps: one commit, then the frames")
struct StepTests {
    private func harness(_ store: RecordingStore) -> ServiceHarness {
        ServiceHarness(store: store)
    }

    @Test("each request of a complete call is one commit, made before its response and its events go out")
    func oneCommitPerRequest() throws {
        let store = RecordingStore()
        let harness = harness(store)
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        store.watched = alice
        #expect(store.commits.count == 2, "each first login stores that the user exists")

        /// Runs `step` and returns the one commit it made, checking that alice had not been sent
        /// anything of it yet when it ran.
        func oneCommit(_ what: String, _ step: () throws -> Void) throws -> [StoreWrite] {
            let before = (commits: store.commits.count, frames: alice.frames.count)
            try step()
            let commits = store.commits.dropFirst(before.commits)
            #expect(commits.count == 1, "\(what): \(commits.count) commits")
            #expect(commits.first?.framesBefore == before.frames, "\(what): committed after a frame went out")
            #expect(alice.frames.count > before.frames, "\(what): nothing reached alice")
            return commits.first?.writes ?? []
        }

        var call = Call?.none
        let invited = try oneCommit("invite") {
            call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced,
                                                        parameters: CallParameters(confirmsAccept: true))))
        }
        let id = try #require(call?.id)
        #expect(invited.map(\.kind) == ["liveCall"])
        #expect(try oneCommit("ack") { _ = try bob.call(.call(id, .acknowledge)) }.map(\.kind) == ["liveCall"])
        #expect(try oneCommit("accept") { _ = try bob.call(.call(id, .accept(data: nil))) }.map(\.kind) == ["liveCall"])
        #expect(try oneCommit("confirm") { _ = try alice.call(.call(id, .confirm(invitee: "bob"))) }.map(\.kind) == ["liveCall"])
        let ended = try oneCommit("end") { _ = try alice.call(.call(id, .end(data: nil))) }
        #expect(ended.map(\.kind).sorted() == ["callEnded", "record", "record"])
        #expect(store.live.isEmpty)
        #expect(store.records(app: .development, owner: "bob", after: nil, limit: 10).records.map(\.callID) == [id])

        let idle = store.commits.count
        alice.send(.ping)
        _ = try alice.request(.getCall(id))
        _ = try alice.request(.callRecords(RecordQuery(limit: 10)))
        #expect(store.commits.count == idle, "a step that writes nothing commits nothing")
    }

    @Test("frames that arrive together are one step: one commit for all their writes, then every answer")
    func groupCommit() throws {
        let store = RecordingStore()
        let harness = harness(store)
        let alice = try harness.login("alice")
        let carol = try harness.login("carol")
        store.watched = alice
        let before = (commits: store.commits.count, frames: alice.frames.count)
        harness.service.receive([
            (.request(Request(id: 7, operation: .invite(InviteRequest(invitees: ["bob"])))), alice.id),
            (.request(Request(id: 8, operation: .invite(InviteRequest(invitees: ["dave"])))), carol.id),
            (.ping, alice.id),
        ])
        let commits = store.commits.dropFirst(before.commits)
        #expect(commits.count == 1)
        #expect(commits.first?.writes.map(\.kind) == ["liveCall", "liveCall"])
        #expect(commits.first?.framesBefore == before.frames, "alice's answer and pong came after the commit")
        #expect(alice.frames.dropFirst(before.frames).contains { if case .response(let response) = $0 { response.id == 7 } else { false } })
        #expect(alice.frames.last?.type == "pong")
        #expect(carol.frames.contains { if case .response(let response) = $0 { response.id == 8 } else { false } })
        #expect(store.live.count == 2)
    }

    @Test("a commit that fails still answers; its records stay pending and go with the next record")
    func failedCommitKeepsRecords() throws {
        let store = RecordingStore()
        let harness = harness(store)
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        store.fail(true)
        let first = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        #expect(try alice.request(.call(first.id, .cancel(invitees: nil, data: nil))).failure == nil)
        #expect(store.records(app: .development, owner: "alice", after: nil, limit: 10).records.isEmpty)
        store.fail(false)
        let second = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        _ = try alice.call(.call(second.id, .cancel(invitees: nil, data: nil)))
        let kept = store.records(app: .development, owner: "alice", after: nil, limit: 10).records.map(\.callID)
        #expect(Set(kept) == [first.id, second.id])
        #expect(store.commits.last?.writes.filter { $0.kind == "record" }.count == 4, "both calls' records, in one commit")
    }

    @Test("a live call's write that failed goes with the next commit, or at shutdown: an ended call is not read back as live, a placed one is")
    func failedCommitKeepsCallWrites() throws {
        let store = RecordingStore()
        let harness = harness(store)
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let first = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        let second = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        #expect(Set(store.live.keys) == [first.id, second.id])
        store.fail(true)
        _ = try alice.call(.call(first.id, .cancel(invitees: nil, data: nil)))
        #expect(store.live[first.id] != nil, "the end was refused")
        store.fail(false)
        // The next commit carries the end along, before the step's own writes.
        _ = try alice.request(.setProfile(nickname: "A", avatarURL: nil)).get()
        #expect(Set(store.live.keys) == [second.id])

        // A call placed while the store refuses (no record pending, only the live call): nothing else
        // writes, so the shutdown does, and a restart resumes it.
        store.fail(true)
        let third = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        store.fail(false)
        #expect(store.live[third.id] == nil)
        harness.service.shutDown()
        #expect(Set(store.live.keys) == [second.id, third.id])
    }

    @Test("a profile the store refuses is answered internal_error and changes nothing")
    func refusedProfile() throws {
        let store = RecordingStore()
        let harness = harness(store)
        let alice = try harness.login("alice")
        _ = try alice.request(.setProfile(nickname: "A", avatarURL: nil, extendedData: nil))
        store.fail(true)
        #expect(try alice.request(.setProfile(nickname: "B", avatarURL: nil, extendedData: nil)).failureCode == "internal_error")
        store.fail(false)
        #expect(try alice.request(.queryProfiles(["alice"])) == .success(.profiles([Profile(user: "alice", nickname: "A")])))
    }
}

extension StoreWrite {
    var kind: String {
        switch self {
        case .record: "record"
        case .liveCall: "liveCall"
        case .callEnded: "callEnded"
        case .profile: "profile"
        case .offlineMessageKept: "offlineMessageKept"
        case .offlineMessagesRemoved: "offlineMessagesRemoved"
        case .offlineMessagesExpired: "offlineMessagesExpired"
        case .userAttributes: "userAttributes"
        case .channelAttributes: "channelAttributes"
        case .pushRegistered: "pushRegistered"
        case .pushUnregistered: "pushUnregistered"
        }
    }
}
