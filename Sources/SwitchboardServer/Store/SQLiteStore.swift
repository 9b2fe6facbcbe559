import Foundation
import GRDB
import Logging
import SwitchboardCore
import SwitchboardJSON
import SwitchboardService
import SwitchboardWire

/// The server's durable store (SQLite through GRDB): call records, live calls, profiles, and what is kept
/// for users (offline peer messages, users' and channels' attributes), in one file.
///
/// Durability is against a process crash (`kill -9`), as DECISIONS.md says: WAL journal with
/// `synchronous=NORMAL`; every write is committed before it returns, and the service answers a request
/// only after its writes returned. The store is one of the service's storage engines
/// (``/SwitchboardService/ServiceStore``): a step of the service (a request, a batch of frames, the timers
/// due) commits everything it wrote in one transaction (docs/SERVER.md, "Durability"). Calls and records are
/// stored as the wire codec's JSON (live calls with their internals), so the schema holds only what queries need as
/// columns. The schema is versioned with GRDB migrations (`migrator`): add a migration, never edit one that shipped.
///
/// The service writes through one connection (a `DatabaseQueue`); reads are rare (record pages) and share
/// it. A second connection on a thread of its own checkpoints the WAL (`SQLiteCheckpointer`), so no commit
/// waits for a checkpoint's copies and syncs. One server per file: a lock of the store's own
/// (`StoreFileLock`) refuses a second server at start.
public final class SQLiteStore: ServiceStore, Sendable {
    let database: DatabaseQueue
    private let checkpointer: SQLiteCheckpointer
    private let lock: StoreFileLock
    private static let parser = JSONParser(limits: .maximum)

    /// Opens (or creates) the store at `path` and brings its schema up to date. Throws
    /// ``StoreFileLockError`` when another server has the file open.
    public convenience init(path: String) throws {
        try self.init(path: path, checkpoints: SQLiteCheckpointer.Policy())
    }

    init(path: String, checkpoints: SQLiteCheckpointer.Policy) throws {
        lock = try StoreFileLock(storeAt: path)
        let checkpointer = SQLiteCheckpointer(path: path, policy: checkpoints, logger: Logger(label: "switchboard.store"))
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // A WAL that a burst made long is cut back to this once checkpointed.
            try db.execute(sql: "PRAGMA journal_size_limit = \(64 << 20)")
            checkpointer.install(on: db)
        }
        configuration.journalMode = .wal
        // The file's only other connection is the checkpointer's (StoreFileLock keeps other servers out), and
        // a connection closing takes the file for its last checkpoint: one opening or writing right then
        // waits for it, instead of failing with "database is locked" (seen when a store is reopened at once).
        configuration.busyMode = .timeout(5)
        database = try DatabaseQueue(path: path, configuration: configuration)
        try Self.migrator.migrate(database)
        try checkpointer.start()
        self.checkpointer = checkpointer
    }

    deinit {
        // The writer's hook points at the checkpointer, which goes with this store.
        database.inDatabase { db in checkpointer.uninstall(from: db) }
        checkpointer.waitUntilIdle()
    }

    /// Checkpoints run so far: on the checkpointer's thread, and in the writer's commits (when it fell behind).
    var checkpoints: (background: Int, inline: Int) { checkpointer.checkpoints }

    /// Waits for the checkpoint under way or scheduled, if any (tests).
    func waitForCheckpoints() { checkpointer.waitUntilIdle() }


    /// Every schema version, in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: records and live calls") { db in
            try db.execute(sql: """
                CREATE TABLE records (
                    app TEXT NOT NULL,
                    owner TEXT NOT NULL,
                    call_id TEXT NOT NULL,
                    recorded_at INTEGER NOT NULL,
                    body TEXT NOT NULL,
                    PRIMARY KEY (app, owner, call_id)
                );
                CREATE INDEX records_newest_first ON records (app, owner, recorded_at DESC, call_id DESC);
                CREATE INDEX records_by_age ON records (recorded_at);
                CREATE TABLE live_calls (
                    app TEXT NOT NULL,
                    call_id TEXT NOT NULL,
                    body TEXT NOT NULL,
                    PRIMARY KEY (app, call_id)
                );
                """)
        }
        migrator.registerMigration("v2: profiles") { db in
            try db.execute(sql: """
                CREATE TABLE profiles (
                    app TEXT NOT NULL,
                    user TEXT NOT NULL,
                    nickname TEXT,
                    avatar_url TEXT,
                    PRIMARY KEY (app, user)
                );
                """)
        }
        migrator.registerMigration("v3: profile extended data") { db in
            // Existing rows keep their values; their extended data is absent (NULL).
            try db.execute(sql: "ALTER TABLE profiles ADD COLUMN extended_data TEXT")
        }
        migrator.registerMigration("v4: records keyed by age") { db in
            // Three b-trees per record instead of four (each is a page written per call): the table's
            // own key orders records by age (``Statements/recordKeyShift``, 20 bits), so retention
            // deletes a range of it and the index by age goes. The rows keep their values.
            try db.execute(sql: """
                CREATE TABLE records_by_key (
                    id INTEGER PRIMARY KEY,
                    app TEXT NOT NULL,
                    owner TEXT NOT NULL,
                    call_id TEXT NOT NULL,
                    recorded_at INTEGER NOT NULL,
                    body TEXT NOT NULL,
                    UNIQUE (app, owner, call_id)
                );
                INSERT INTO records_by_key (id, app, owner, call_id, recorded_at, body)
                    SELECT (max(recorded_at, 0) << 20)
                           + row_number() OVER (PARTITION BY max(recorded_at, 0) ORDER BY app, owner, call_id) - 1,
                           app, owner, call_id, recorded_at, body
                    FROM records;
                DROP TABLE records;
                ALTER TABLE records_by_key RENAME TO records;
                CREATE INDEX records_newest_first ON records (app, owner, recorded_at DESC, call_id DESC);
                """)
        }
        migrator.registerMigration("v5: offline messages and attributes") { db in
            // docs/SERVER.md, "What survives a restart". Bodies are the wire's shapes (ModelCoding).
            try db.execute(sql: """
                CREATE TABLE offline_messages (
                    app TEXT NOT NULL,
                    recipient TEXT NOT NULL,
                    seq INTEGER NOT NULL,
                    sender TEXT NOT NULL,
                    sent_at INTEGER NOT NULL,
                    content TEXT NOT NULL,
                    PRIMARY KEY (app, recipient, seq)
                ) WITHOUT ROWID;
                CREATE INDEX offline_messages_by_age ON offline_messages (app, sent_at);
                CREATE TABLE user_attributes (
                    app TEXT NOT NULL,
                    user TEXT NOT NULL,
                    body TEXT NOT NULL,
                    PRIMARY KEY (app, user)
                ) WITHOUT ROWID;
                CREATE TABLE channel_attributes (
                    app TEXT NOT NULL,
                    channel TEXT NOT NULL,
                    body TEXT NOT NULL,
                    PRIMARY KEY (app, channel)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v6: push tokens") { db in
            // docs/SERVER.md, "Push": one token per device and platform.
            try db.execute(sql: """
                CREATE TABLE push_registrations (
                    app TEXT NOT NULL,
                    user TEXT NOT NULL,
                    device TEXT NOT NULL,
                    platform TEXT NOT NULL,
                    token TEXT NOT NULL,
                    topic TEXT NOT NULL,
                    environment TEXT NOT NULL,
                    registered_at INTEGER NOT NULL,
                    PRIMARY KEY (app, user, device, platform)
                ) WITHOUT ROWID;
                """)
        }
        return migrator
    }

    // MARK: - Writes

    /// Carries out a step's writes in one transaction (a single write is its own statement's transaction).
    public func commit(_ writes: [StoreWrite]) throws(StoreCommitError) {
        do {
            guard writes.count > 1 else {
                if let write = writes.first {
                    try database.writeWithoutTransaction { db in try Self.apply(write, in: db) }
                }
                return
            }
            try database.write { db in
                for write in writes {
                    try Self.apply(write, in: db)
                }
            }
        } catch {
            throw .failed(error)
        }
    }

    /// One write, through a cached statement (these are on the hot path of every call transition).
    private static func apply(_ write: StoreWrite, in db: Database) throws {
        switch write {
        case .record(let app, let record):
            let key = max(0, record.recordedAt.millisecondsSince1970) << Statements.recordKeyShift
            try db.cachedStatement(sql: Statements.saveRecord).execute(arguments: [
                key, key + (1 << Statements.recordKeyShift), app.rawValue, record.owner.rawValue, record.callID.rawValue,
                record.recordedAt.millisecondsSince1970, ModelCoding.text(record),
            ])
        case .liveCall(let app, let call):
            try db.cachedStatement(sql: Statements.saveLiveCall).execute(arguments: [
                app.rawValue, call.id.rawValue, ModelCoding.text(call, includeInternals: true),
            ])
        case .callEnded(let app, let id):
            try db.cachedStatement(sql: Statements.removeLiveCall).execute(arguments: [app.rawValue, id.rawValue])
        case .profile(let app, let profile):
            try db.cachedStatement(sql: Statements.saveProfile).execute(arguments: [
                app.rawValue, profile.user.rawValue, profile.nickname, profile.avatarURL, profile.extendedData,
            ])
        case .offlineMessageKept(let app, let kept):
            try db.cachedStatement(sql: Statements.keepOfflineMessage).execute(arguments: [
                app.rawValue, kept.recipient.rawValue, kept.sequence, kept.message.from.rawValue,
                kept.message.sentAt.millisecondsSince1970, ModelCoding.text(kept.message.content),
            ])
        case .offlineMessagesRemoved(let app, let recipient, let sequences):
            let statement = try db.cachedStatement(sql: Statements.removeOfflineMessage)
            for sequence in sequences {
                try statement.execute(arguments: [app.rawValue, recipient.rawValue, sequence])
            }
        case .offlineMessagesExpired(let app, let oldest):
            try db.cachedStatement(sql: Statements.expireOfflineMessages).execute(arguments: [
                app.rawValue, oldest.millisecondsSince1970,
            ])
        case .userAttributes(let app, let user, let attributes):
            if attributes.isEmpty {
                try db.cachedStatement(sql: Statements.removeUserAttributes).execute(arguments: [app.rawValue, user.rawValue])
            } else {
                try db.cachedStatement(sql: Statements.saveUserAttributes).execute(arguments: [
                    app.rawValue, user.rawValue, ModelCoding.text(attributes),
                ])
            }
        case .channelAttributes(let app, let channel, let attributes):
            if attributes.isEmpty {
                try db.cachedStatement(sql: Statements.removeChannelAttributes).execute(arguments: [app.rawValue, channel])
            } else {
                try db.cachedStatement(sql: Statements.saveChannelAttributes).execute(arguments: [
                    app.rawValue, channel, ModelCoding.text(attributes),
                ])
            }
        case .pushRegistered(let app, let registration):
            try db.cachedStatement(sql: Statements.savePushRegistration).execute(arguments: [
                app.rawValue, registration.user.rawValue, registration.device.rawValue, registration.platform.rawValue,
                registration.token, registration.topic, registration.environment.rawValue,
                registration.registeredAt.millisecondsSince1970,
            ])
        case .pushUnregistered(let app, let key):
            try db.cachedStatement(sql: Statements.removePushRegistration).execute(arguments: [
                app.rawValue, key.user.rawValue, key.device.rawValue, key.platform.rawValue,
            ])
        }
    }

    // MARK: - Records

    public func records(app: AppID, owner: UserID, after cursor: SwitchboardService.RecordCursor?, limit: Int) throws
        -> (records: [CallRecord], next: SwitchboardService.RecordCursor?)
    {
        // One more than asked: whether there is a next page.
        let rows: [Row] = try database.read { db in
            if let cursor {
                try Row.fetchAll(db, sql: Statements.recordsPageAfter, arguments: [
                    app.rawValue, owner.rawValue, cursor.recordedAt.millisecondsSince1970, cursor.callID.rawValue, limit + 1,
                ])
            } else {
                try Row.fetchAll(db, sql: Statements.recordsPage, arguments: [app.rawValue, owner.rawValue, limit + 1])
            }
        }
        var records = try rows.map { row in try Self.record(row["body"]) }
        let hasMore = records.count > limit
        if hasMore { records.removeLast() }
        return (records, hasMore ? records.last.map(SwitchboardService.RecordCursor.init(after:)) : nil)
    }

    public func deleteRecords(app: AppID, owner: UserID, calls: [CallID]) throws -> [CallID] {
        try database.write { db in
            var deleted: [CallID] = []
            for call in calls {
                try db.execute(sql: Statements.deleteRecord, arguments: [app.rawValue, owner.rawValue, call.rawValue])
                if db.changesCount > 0 { deleted.append(call) }
            }
            return deleted
        }
    }

    /// Deletes every record written before `cutoff` (retention): a range of the table's key
    /// (`Statements/recordKeyShift`). Returns how many went.
    public func deleteRecords(recordedBefore cutoff: Timestamp) throws -> Int? {
        try database.write { db in
            try db.execute(sql: Statements.deleteRecordsBefore,
                           arguments: [max(0, cutoff.millisecondsSince1970) << Statements.recordKeyShift])
            return db.changesCount
        }
    }

    // MARK: - Restore

    /// Every app's live calls (by call id), profiles (by user), kept messages (by sequence) and attributes,
    /// read in one transaction; only `apps`' when given.
    public func restore(_ apps: Set<AppID>?) throws -> [AppID: StoredApp] {
        try database.read { db in
            var byApp: [AppID: StoredApp] = [:]
            func wanted(_ row: Row) -> AppID? {
                let app = AppID(rawValue: row["app"])
                return apps?.contains(app) ?? true ? app : nil
            }
            for row in try Row.fetchAll(db, sql: Statements.liveCalls) {
                guard let app = wanted(row) else { continue }
                let body: String = row["body"]
                byApp[app, default: StoredApp()].liveCalls.append(
                    try ModelCoding.call(try Self.parser.parse(body), includeInternals: true))
            }
            for row in try Row.fetchAll(db, sql: Statements.profiles) {
                guard let app = wanted(row) else { continue }
                byApp[app, default: StoredApp()].profiles.append(
                    Profile(user: UserID(rawValue: row["user"]), nickname: row["nickname"], avatarURL: row["avatar_url"],
                            extendedData: row["extended_data"]))
            }
            for row in try Row.fetchAll(db, sql: Statements.offlineMessages) {
                guard let app = wanted(row) else { continue }
                let content = try ModelCoding.content(try Self.parser.parse(row["content"] as String))
                let message = PeerMessage(from: UserID(rawValue: row["sender"]), content: content,
                                          sentAt: Timestamp(millisecondsSince1970: row["sent_at"]), isOffline: true)
                byApp[app, default: StoredApp()].userData.offlineMessages.append(
                    KeptPeerMessage(recipient: UserID(rawValue: row["recipient"]), sequence: row["seq"], message: message))
            }
            for row in try Row.fetchAll(db, sql: Statements.userAttributes) {
                guard let app = wanted(row) else { continue }
                let attributes = try ModelCoding.attributes(try Self.parser.parse(row["body"] as String))
                byApp[app, default: StoredApp()].userData.userAttributes[UserID(rawValue: row["user"])] = attributes
            }
            for row in try Row.fetchAll(db, sql: Statements.channelAttributes) {
                guard let app = wanted(row) else { continue }
                let attributes = try ModelCoding.channelAttributes(try Self.parser.parse(row["body"] as String))
                byApp[app, default: StoredApp()].userData.channelAttributes[row["channel"]] = attributes
            }
            for row in try Row.fetchAll(db, sql: Statements.pushRegistrations) {
                guard let app = wanted(row) else { continue }
                guard let platform = PushPlatform(rawValue: row["platform"]),
                      let environment = PushEnvironment(rawValue: row["environment"]) else {
                    throw SignalingError(.internalError, "a stored push token of \(app) has an unknown platform or environment")
                }
                byApp[app, default: StoredApp()].pushRegistrations.append(PushRegistration(
                    user: UserID(rawValue: row["user"]), device: DeviceID(rawValue: row["device"]), platform: platform,
                    token: row["token"], topic: row["topic"], environment: environment,
                    registeredAt: Timestamp(millisecondsSince1970: row["registered_at"])))
            }
            return byApp
        }
    }

    // MARK: - Decoding

    private static func record(_ body: String) throws -> CallRecord {
        try ModelCoding.record(try parser.parse(body))
    }
}
