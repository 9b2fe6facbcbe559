import PostgresNIO
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// One app's store in the cluster's PostgreSQL, under one lease (docs/SERVER.md, "PostgreSQL store"): the
/// PostgreSQL twin of the server's SQLite store for the realm a node serves. A step's writes reach
/// PostgreSQL as one call of `switchboard_commit`, one round trip and one transaction, which applies them
/// only while the lease is current; otherwise nothing is written and ``commit(_:)`` throws
/// ``StoreFenced``. Reads return the app's rows only. A node's engine, ``PostgresStore``, holds one per app
/// it hosts. Bodies are the SQLite store's (the wire codec's
/// JSON, live calls with their internals).
///
/// Its methods block the calling thread until PostgreSQL answers, as the service's lock needs
/// (docs/DECISIONS.md, "PostgreSQL access").
public final class PostgresRealmStore: Sendable {
    public let database: PostgresDatabase
    public let app: AppID
    public let lease: RealmLease

    /// The store of `app` under `lease` (which must be `app`'s).
    public init(database: PostgresDatabase, app: AppID, lease: RealmLease) {
        precondition(lease.app == app, "a realm store's lease must be its app's")
        self.database = database
        self.app = app
        self.lease = lease
    }

    // MARK: - Writes

    /// Carries out a step's writes in order, in one transaction, while the lease is current. Throws
    /// ``StoreFenced`` (nothing written) when it is not, ``PostgresStoreError/wrongApp(store:asked:)``
    /// (nothing written) for a write of another app.
    public func commit(_ writes: [StoreWrite]) throws {
        guard !writes.isEmpty else { return }
        for write in writes where write.app != app {
            throw PostgresStoreError.wrongApp(store: app, asked: write.app)
        }
        let payload = StoredBodies.writes(writes)
        let result = try database.run("""
            SELECT switchboard_commit(\(app.rawValue), \(lease.node), \(lease.epoch), \(payload)::jsonb)
            """, on: database.writer)
        guard let row = result.rows.first else { throw PostgresStoreError.corrupt("switchboard_commit returned no row") }
        guard try PostgresDatabase.column(row, Bool.self) else { throw fenced }
    }

    // MARK: - Records

    /// Deletes `owner`'s records of these calls while the lease is current (else ``StoreFenced``); returns
    /// the ids that were there, in the order asked.
    public func delete(owner: UserID, calls: [CallID]) throws -> [CallID] {
        guard !calls.isEmpty else { return [] }
        let result = try database.run("""
            SELECT switchboard_delete_records(\(app.rawValue), \(lease.node), \(lease.epoch), \(owner.rawValue),
                \(calls.map(\.rawValue))::text[])
            """, on: database.writer)
        guard let row = result.rows.first else { throw PostgresStoreError.corrupt("switchboard_delete_records returned no row") }
        guard let deleted = try PostgresDatabase.column(row, [String]?.self) else { throw fenced }
        let gone = Set(deleted)
        var seen: Set<String> = []
        return calls.filter { gone.contains($0.rawValue) && seen.insert($0.rawValue).inserted }
    }

    // MARK: - Reads

    /// The app's live calls, by call id.
    public func liveCalls() throws -> [Call] {
        let result = try database.run(
            "SELECT body FROM live_calls WHERE app = \(app.rawValue) ORDER BY call_id", on: database.reader)
        return try result.rows.map { row in try StoredBodies.call(try PostgresDatabase.column(row, String.self)) }
    }

    /// The app's profiles, by user id.
    public func profiles() throws -> [Profile] {
        let result = try database.run(
            "SELECT body FROM profiles WHERE app = \(app.rawValue) ORDER BY user_id", on: database.reader)
        return try result.rows.map { row in try StoredBodies.profile(try PostgresDatabase.column(row, String.self)) }
    }

    /// The app's kept messages (by sequence) and attributes.
    public func userData() throws -> StoredUserData {
        var data = StoredUserData()
        let messages = try database.run("""
            SELECT recipient, seq, sender, sent_at, content FROM offline_messages WHERE app = \(app.rawValue) ORDER BY seq
            """, on: database.reader)
        for row in messages.rows {
            let (recipient, sequence, sender, sentAt, content) = try Self.columns(row, (String, Int64, String, Int64, String).self)
            let message = PeerMessage(from: UserID(rawValue: sender), content: try StoredBodies.content(content),
                                      sentAt: Timestamp(millisecondsSince1970: sentAt), isOffline: true)
            data.offlineMessages.append(KeptPeerMessage(recipient: UserID(rawValue: recipient), sequence: sequence, message: message))
        }
        let users = try database.run(
            "SELECT user_id, body FROM user_attributes WHERE app = \(app.rawValue) ORDER BY user_id", on: database.reader)
        for row in users.rows {
            let (user, body) = try Self.columns(row, (String, String).self)
            data.userAttributes[UserID(rawValue: user)] = try StoredBodies.attributes(body)
        }
        let channels = try database.run(
            "SELECT channel, body FROM channel_attributes WHERE app = \(app.rawValue) ORDER BY channel", on: database.reader)
        for row in channels.rows {
            let (channel, body) = try Self.columns(row, (String, String).self)
            data.channelAttributes[channel] = try StoredBodies.channelAttributes(body)
        }
        return data
    }

    /// The app's push tokens, by user, device and platform.
    public func pushRegistrations() throws -> [PushRegistration] {
        let result = try database.run("""
            SELECT user_id, device, platform, token, topic, environment, registered_at FROM push_registrations
            WHERE app = \(app.rawValue) ORDER BY user_id, device, platform
            """, on: database.reader)
        return try result.rows.map { row throws(PostgresStoreError) in
            let (user, device, platform, token, topic, environment, registeredAt) =
                try Self.columns(row, (String, String, String, String, String, String, Int64).self)
            guard let platform = PushPlatform(rawValue: platform), let environment = PushEnvironment(rawValue: environment) else {
                throw .corrupt("a push token of \(app) has an unknown platform or environment")
            }
            return PushRegistration(user: UserID(rawValue: user), device: DeviceID(rawValue: device), platform: platform,
                                    token: token, topic: topic, environment: environment,
                                    registeredAt: Timestamp(millisecondsSince1970: registeredAt))
        }
    }

    // MARK: - Pieces

    private var fenced: StoreFenced {
        StoreFenced(app: app, node: lease.node, epoch: lease.epoch)
    }

    /// A row's columns as `types`, or ``PostgresStoreError/corrupt(_:)``.
    private static func columns<each Value: PostgresDecodable>(
        _ row: PostgresRow, _ types: (repeat each Value).Type
    ) throws(PostgresStoreError) -> (repeat each Value) {
        do {
            return try row.decode((repeat each Value).self)
        } catch {
            throw .corrupt("a row does not have the columns asked for: \(error)")
        }
    }
}
