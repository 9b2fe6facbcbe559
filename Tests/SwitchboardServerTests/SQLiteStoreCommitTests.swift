import Foundation
import GRDB
import Logging
import ServerTestSupport
import Synchronization
import Testing
import SwitchboardCore
import SwitchboardProfiles
@testable import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// Counts the store's SQLite commits (GRDB calls it from SQLite's commit hook: write transactions only).
private final class CommitCounter: TransactionObserver, Sendable {
    private let count = Mutex(0)
    var commits: Int { count.withLock { $0 } }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { count.withLock { $0 += 1 } }
    func databaseDidRollback(_ db: Database) {}
}

/// A connection that keeps what the service sends it.
private final class Inbox: ServiceConnection, Sendable {
    private let frames = Mutex<[ServerFrame]>([])
    func send(_ frame: ServerFrame) { frames.withLock { $0.append(frame) } }
    func close() {}

    var responses: [Response] {
        frames.withLock { $0.compactMap { if case .response(let response) = $0 { response } else { nil } } }
    }
}

private func temporaryDatabase() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-commits-\(UUID().uuidString).sqlite").path
}

private func record(_ call: String, owner: UserID = "bob", at ms: Int64) -> CallRecord {
    CallRecord(
        callID: CallID(call), owner: owner, caller: "alice", participants: ["alice", "bob"], mode: .general,
        mediaType: .audio, roomID: nil, groupID: nil, direction: .incoming, outcome: .accepted, endReason: .allAnswered,
        answeredOn: "bob-1", startedAt: Timestamp(millisecondsSince1970: ms - 1000), duration: .seconds(3),
        recordedAt: Timestamp(millisecondsSince1970: ms))
}

/// What a call costs the store (docs/PERFORMANCE.md, "The store"): one commit per request, and queries
/// that an index serves.
@Suite("SQLite store: commits and indexes")
struct SQLiteStoreCommitTests {
    @Test("a complete call through the service is one SQLite commit per request, none for a request that writes nothing")
    func oneCommitPerRequest() throws {
        let store = try SQLiteStore(path: temporaryDatabase())
        let counter = CommitCounter()
        store.database.add(transactionObserver: counter, extent: .databaseLifetime)
        let service = testService(store: store)
        var next: Int64 = 0
        func login(_ user: UserID) -> (ConnectionID, Inbox) {
            let inbox = Inbox()
            let id = service.open(inbox)
            service.receive(.hello(Hello(app: "app", user: user, device: DeviceID("\(user.rawValue)-1"), token: "t", loginPolicy: .multiDevice)), from: id)
            return (id, inbox)
        }
        /// Sends a request; returns the commits it cost and its result.
        func request(_ operation: ServiceOperation, from user: (ConnectionID, Inbox)) throws
            -> (commits: Int, result: Result<Reply, SignalingError>)
        {
            next += 1
            let before = counter.commits
            service.receive(.request(Request(id: RequestID(rawValue: next), operation: operation)), from: user.0)
            let response = try #require(user.1.responses.last { $0.id == RequestID(rawValue: next) })
            return (counter.commits - before, response.result)
        }
        let alice = login("alice")
        let bob = login("bob")
        #expect(counter.commits == 2, "each first login stores that the user exists")

        let invite = try request(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced,
                                                       parameters: CallParameters(confirmsAccept: true))), from: alice)
        guard case .success(.call(let call, _)) = invite.result else {
            Issue.record("no call: \(invite.result)")
            return
        }
        let steps = try [
            ("invite", invite),
            ("ack", request(.call(call.id, .acknowledge), from: bob)),
            ("accept", request(.call(call.id, .accept(data: nil)), from: bob)),
            ("confirm", request(.call(call.id, .confirm(invitee: "bob")), from: alice)),
            ("end", request(.call(call.id, .end(data: nil)), from: alice)),
            ("get", request(.getCall(call.id), from: alice)),
            ("records", request(.callRecords(RecordQuery(limit: 10)), from: bob)),
        ]
        #expect(steps.map { "\($0.0): \($0.1.commits)" }
            == ["invite: 1", "ack: 1", "accept: 1", "confirm: 1", "end: 1", "get: 0", "records: 0"])
        #expect(steps.prefix(5).allSatisfy { (try? $0.1.result.get()) != nil })
        #expect(try store.restore(nil).allSatisfy { $0.value.liveCalls.isEmpty })
        #expect(try store.records(app: .development, owner: "alice", after: nil, limit: 10).records.map(\.callID) == [call.id])
        #expect(try store.records(app: .development, owner: "bob", after: nil, limit: 10).records.map(\.callID) == [call.id])
    }

    @Test("every query of the store is served by an index: record pages and their cursor, deletes, retention, live calls")
    func queriesUseIndexes() throws {
        let store = try SQLiteStore(path: temporaryDatabase())
        let plans: [(String, String)] = [
            (SQLiteStore.Statements.recordsPage, "USING INDEX records_newest_first (app=? AND owner=?)"),
            (SQLiteStore.Statements.recordsPageAfter,
             "USING INDEX records_newest_first (app=? AND owner=? AND (recorded_at,call_id)<(?,?))"),
            (SQLiteStore.Statements.deleteRecord, "USING INDEX sqlite_autoindex_records_1 (app=? AND owner=? AND call_id=?)"),
            (SQLiteStore.Statements.deleteRecordsBefore, "USING INTEGER PRIMARY KEY (rowid<?)"),
            (SQLiteStore.Statements.saveRecord, "USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)"),
            (SQLiteStore.Statements.removeLiveCall, "USING INDEX sqlite_autoindex_live_calls_1 (app=? AND call_id=?)"),
        ]
        for (sql, expected) in plans {
            // The parameters stay unbound (NULL): the plan does not depend on their values.
            let plan = try store.database.read { db in
                let statement = try db.makeStatement(sql: "EXPLAIN QUERY PLAN " + sql)
                statement.setUncheckedArguments(StatementArguments())
                return try Row.fetchAll(statement).map { $0["detail"] as String }
            }.joined(separator: "; ")
            #expect(plan.contains(expected), "\(sql): \(plan)")
            #expect(!plan.contains("SCAN"), "\(sql): \(plan)")
        }
        let indexes = try store.database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'records' ORDER BY name")
        }
        #expect(indexes == ["records_newest_first", "sqlite_autoindex_records_1"], "three b-trees per record, with the table")
    }

    @Test("records of one millisecond get keys in the order saved; retention cuts at the millisecond")
    func recordKeys() throws {
        let store = try SQLiteStore(path: temporaryDatabase())
        for item in [record("c2", at: 2000), record("c1", at: 2000), record("c0", at: 1999), record("c3", owner: "carol", at: 2000)] {
            try store.commit([.record("a", item)])
        }
        try store.commit([.record("a", record("c1", at: 2001))])
        let keys = try store.database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, call_id, owner FROM records ORDER BY id").map { row -> String in
                let id: Int64 = row["id"]
                return "\(id >> 20).\(id & 0xFFFFF) \(row["owner"] as String)/\(row["call_id"] as String)"
            }
        }
        #expect(keys == ["1999.0 bob/c0", "2000.0 bob/c2", "2000.2 carol/c3", "2001.0 bob/c1"], "the newer c1 replaced the older")
        #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 10).records.map(\.callID) == ["c1", "c2", "c0"])
        #expect(try store.deleteRecords(recordedBefore: Timestamp(millisecondsSince1970: 2000)) == 1)
        #expect(try store.deleteRecords(recordedBefore: Timestamp(millisecondsSince1970: 2001)) == 2)
        #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 10).records.map(\.callID) == ["c1"])
    }
}
