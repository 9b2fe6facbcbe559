import Foundation
import Testing
import SwitchboardCore
import SwitchboardServer
import SwitchboardService
import SwitchboardWire

private func temporaryDatabase() -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("store.sqlite").path
}

private func record(_ call: String, owner: UserID = "bob", at ms: Int64) -> CallRecord {
    CallRecord(
        callID: CallID(call), owner: owner, caller: "alice", participants: ["alice", "bob"], mode: .general,
        mediaType: .audio, roomID: nil, groupID: nil, direction: .incoming, outcome: .accepted, endReason: .allAnswered,
        answeredOn: "bob-1", startedAt: Timestamp(millisecondsSince1970: ms - 1000), duration: .seconds(3),
        recordedAt: Timestamp(millisecondsSince1970: ms))
}

@Suite("SQLite store")
struct SQLiteStoreTests {
    @Test("records page newest first with the same cursor rule as the in-memory store; a newer save replaces")
    func recordsPage() throws {
        let store = try SQLiteStore(path: temporaryDatabase())
        let memory = InMemoryCallRecordStore()
        let records = [record("c1", at: 1000), record("c2", at: 2000), record("c3", at: 2000), record("c4", at: 3000),
                       record("c0", owner: "carol", at: 5000)]
        for item in records {
            try store.save(item, app: "a")
            memory.save(item, app: "a")
        }
        var cursor: RecordCursor?
        var pages: [[String]] = []
        repeat {
            let page = try store.page(app: "a", owner: "bob", after: cursor, limit: 2)
            let expected = memory.page(app: "a", owner: "bob", after: cursor, limit: 2)
            #expect(page.records == expected.records)
            #expect(page.next == expected.next)
            pages.append(page.records.map(\.callID.rawValue))
            cursor = page.next
        } while cursor != nil
        #expect(pages == [["c4", "c3"], ["c2", "c1"]])

        var newer = record("c1", at: 4000)
        newer.duration = .seconds(9)
        try store.save(newer, app: "a")
        #expect(try store.page(app: "a", owner: "bob", after: nil, limit: 1).records == [newer])
        #expect(try store.page(app: "other", owner: "bob", after: nil, limit: 10).records.isEmpty)
    }

    @Test("delete returns what was there; retention deletes by age")
    func deleteAndRetention() throws {
        let store = try SQLiteStore(path: temporaryDatabase())
        for item in [record("c1", at: 1000), record("c2", at: 2000), record("c3", at: 3000)] { try store.save(item, app: "a") }
        #expect(try store.delete(app: "a", owner: "bob", calls: ["c2", "nope"]) == ["c2"])
        #expect(try store.deleteRecords(olderThan: Timestamp(millisecondsSince1970: 2500)) == 1)
        #expect(try store.page(app: "a", owner: "bob", after: nil, limit: 10).records.map(\.callID) == ["c3"])
    }

    @Test("live calls round-trip with their internals, survive reopening, and go when removed")
    func liveCalls() throws {
        let path = temporaryDatabase()
        let t0 = Timestamp(millisecondsSince1970: 1_767_225_600_000)
        let invitation = Invitation(callID: "c1", from: Endpoint(user: "alice", device: "a1"), invitees: ["bob"],
                                    mode: .advanced, policy: CallPolicy(ringTimeout: .seconds(60)), payload: "hi")
        let (engine, _) = try CallEngine.start(invitation, at: t0)
        try SQLiteStore(path: path).save(engine.call, app: "a")
        let reopened = try SQLiteStore(path: path)
        let kept = try reopened.liveCalls()
        #expect(kept.count == 1)
        #expect(kept.first?.app == "a")
        #expect(kept.first?.call == engine.call)
        #expect(kept.first?.call.participant("bob")?.ringDeadline == t0 + .seconds(60))
        try reopened.remove("c1", app: "a")
        #expect(try reopened.liveCalls().isEmpty)
    }

    @Test("a second store on a file in use is refused (two servers must not share one file)")
    func exclusive() throws {
        let path = temporaryDatabase()
        let store = try SQLiteStore(path: path)
        try store.save(Profile(user: "alice"), app: "a")
        #expect(throws: (any Error).self) { try SQLiteStore(path: path).profiles() }
        #expect(try store.profiles().count == 1)
    }

    @Test("profiles are kept and replaced")
    func profiles() throws {
        let path = temporaryDatabase()
        do {
            let store = try SQLiteStore(path: path)
            try store.save(Profile(user: "alice", nickname: "Alice"), app: "a")
            try store.save(Profile(user: "alice", nickname: "Alice B", avatarURL: "x"), app: "a")
            try store.save(Profile(user: "bob"), app: "b")
        }
        let kept = try SQLiteStore(path: path).profiles()
        #expect(kept.map(\.app) == ["a", "b"])
        #expect(kept.map(\.profile) == [Profile(user: "alice", nickname: "Alice B", avatarURL: "x"), Profile(user: "bob")])
    }
}
