import Foundation
import Testing
import SwitchboardCore
@testable import SwitchboardServer
import SwitchboardWire

/// A store in a folder of its own, removed after the test.
private struct TemporaryStoreFile: ~Copyable {
    let directory: URL
    var path: String { directory.appendingPathComponent("store.sqlite").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-checkpoint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func size(_ suffix: String = "") -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path + suffix))?[.size] as? Int) ?? 0
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}

private func record(_ index: Int) -> CallRecord {
    let ms = Int64(1_000_000 + index)
    return CallRecord(
        callID: CallID("c\(index)"), owner: "bob", caller: "alice", participants: ["alice", "bob"], mode: .general,
        mediaType: .audio, roomID: nil, groupID: nil, direction: .incoming, outcome: .accepted, endReason: .allAnswered,
        answeredOn: "bob-1", startedAt: Timestamp(millisecondsSince1970: ms - 1000), duration: .seconds(3),
        recordedAt: Timestamp(millisecondsSince1970: ms))
}

/// The store's checkpoints and its one-server lock (docs/PERFORMANCE.md, "Checkpoints";
/// docs/SERVER.md, "Durability").
@Suite("SQLite store: checkpoints and the file lock")
struct SQLiteCheckpointTests {
    @Test("past the threshold the checkpointer copies the WAL into the file on its own connection; commits never checkpoint")
    func backgroundCheckpoints() throws {
        let file = try TemporaryStoreFile()
        let store = try SQLiteStore(path: file.path, checkpoints: .init(threshold: 100, inlineLimit: 1_000_000))
        let before = file.size()
        for index in 0..<400 {
            try store.commit([.record("a", record(index))])
        }
        store.waitForCheckpoints()
        #expect(store.checkpoints.background >= 1)
        #expect(store.checkpoints.inline == 0)
        // The pages reached the database file itself, not only the WAL.
        #expect(file.size() > before)
        #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 1000).records.count == 400)
    }

    @Test("with the checkpointer stalled the writer checkpoints itself past the limit, and the WAL starts over")
    func inlineFallback() throws {
        let file = try TemporaryStoreFile()
        let store = try SQLiteStore(path: file.path, checkpoints: .init(threshold: 100, inlineLimit: 300, background: false))
        for index in 0..<300 {
            try store.commit([.record("a", record(index))])
        }
        #expect(store.checkpoints.background == 0)
        #expect(store.checkpoints.inline >= 1)
        // Bounded by the limit (in 4 KiB pages, with the WAL's frame headers), not by the writes.
        let walBound = 2 * 300 * (4096 + 24)
        for index in 300..<1200 {
            try store.commit([.record("a", record(index))])
        }
        #expect(file.size("-wal") < walBound)
        #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 2000).records.count == 1200)
    }

    @Test("a second store on a file in use is refused with a clear error; once the first is closed the file opens")
    func oneServerPerFile() throws {
        let file = try TemporaryStoreFile()
        do {
            let store = try SQLiteStore(path: file.path)
            try store.commit([.record("a", record(1))])
            let error = #expect(throws: StoreFileLockError.self) { try SQLiteStore(path: file.path) }
            #expect(error?.description.contains("another server has it open") == true)
            #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 10).records.count == 1)
        }
        let reopened = try SQLiteStore(path: file.path)
        #expect(try reopened.records(app: "a", owner: "bob", after: nil, limit: 10).records.count == 1)
    }
}
