import Dispatch
import GRDB
import Logging
import Synchronization
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// Copies the store's WAL back into its file on a connection and a thread of its own (docs/PERFORMANCE.md,
/// "Checkpoints"), so that no commit of the service waits for a checkpoint's page copies and `fdatasync`s.
///
/// The writer's connection reports the WAL's length after each commit (SQLite's WAL hook, which replaces
/// SQLite's own checkpoint-in-the-commit). Past ``threshold`` frames this schedules one `PASSIVE`
/// checkpoint on its own serial queue; a passive checkpoint never blocks the writer, and the writer starts
/// the WAL over at its next commit once a checkpoint has copied all of it. Should this fall behind (a disk
/// slower than the writes), the writer checkpoints in its commit past a limit (16,000 frames), as SQLite
/// would on its own: the WAL stays bounded whatever the disk does.
///
/// Durability is unchanged (docs/DECISIONS.md, "Transport and durability"): a commit is in the WAL before it
/// returns, as before; checkpoints sync the WAL before they copy it, as SQLite's own do.
final class SQLiteCheckpointer: Sendable {
    /// When checkpoints run.
    struct Policy: Sendable {
        /// WAL frames (pages) past which a checkpoint is scheduled: SQLite's own default (4,000 and 16,000
        /// measured no better, docs/PERFORMANCE.md, "The last levers, measured").
        var threshold: Int32 = 1000
        /// WAL frames past which the writer checkpoints in its own commit.
        var inlineLimit: Int32 = 16_000
        /// Whether the checkpointing connection runs at all (off: only the writer's own, past the limit;
        /// tests of that fallback).
        var background = true
    }

    private let path: String
    private let policy: Policy
    private let logger: Logger
    private let queue = DispatchQueue(label: "switchboard.sqlite.checkpoint", qos: .utility)
    /// The checkpointing connection, once ``start()`` opened it (the writer's migrations come first).
    private let connection = Mutex<DatabaseQueue?>(nil)
    /// A checkpoint is scheduled and has not begun: the hook schedules one at a time.
    private let scheduled = Atomic(false)
    /// Checkpoints run so far, by whom (for tests and the store's metrics).
    private let counts = Mutex<(background: Int, inline: Int)>((0, 0))

    init(path: String, policy: Policy = Policy(), logger: Logger) {
        self.path = path
        self.policy = policy
        self.logger = logger
    }

    /// Opens the checkpointing connection; checkpoints run from now on.
    func start() throws {
        guard policy.background else { return }
        var configuration = Configuration()
        configuration.label = "switchboard.sqlite.checkpoint"
        // As the writer's (SQLiteStore): a busy file is waited for, not an error.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // A checkpoint syncs as its connection's setting says: the same as the writer's.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        connection.withLock { $0 = queue }
    }

    /// Reports the writer's WAL length to this after each of its commits.
    func install(on db: Database) {
        sqlite3_wal_hook(db.sqliteConnection, { context, writer, _, frames in
            guard let context else { return SQLITE_OK }
            Unmanaged<SQLiteCheckpointer>.fromOpaque(context).takeUnretainedValue().walGrew(to: frames, writer: writer)
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Stops reports from the writer (before this goes).
    func uninstall(from db: Database) {
        sqlite3_wal_hook(db.sqliteConnection, nil, nil)
    }

    /// Waits for the checkpoint under way or scheduled, if any.
    func waitUntilIdle() {
        queue.sync {}
    }

    /// Checkpoints run so far: on this one's thread, and in the writer's commits.
    var checkpoints: (background: Int, inline: Int) { counts.withLock { $0 } }

    /// In the writer's commit (SQLite's WAL hook): schedules a checkpoint, or carries one out when the
    /// WAL has grown past the limit. Returns at once otherwise.
    private func walGrew(to frames: Int32, writer: OpaquePointer?) {
        if frames >= policy.inlineLimit {
            // PASSIVE: it never waits; should a background checkpoint run right now, that one catches up.
            if sqlite3_wal_checkpoint_v2(writer, "main", SQLITE_CHECKPOINT_PASSIVE, nil, nil) == SQLITE_OK {
                counts.withLock { $0.inline += 1 }
            }
            return
        }
        guard frames >= policy.threshold, !scheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.async { self.checkpoint() }
    }

    private func checkpoint() {
        scheduled.store(false, ordering: .releasing)
        guard let connection = connection.withLock({ $0 }) else { return }
        do {
            try connection.writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
            counts.withLock { $0.background += 1 }
        } catch {
            // The writer carries on, and checkpoints itself should the WAL keep growing.
            logger.warning("checkpointing the store \(path) failed: \(error)")
        }
    }
}
