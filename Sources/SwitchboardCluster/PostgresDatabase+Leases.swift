import PostgresNIO
import SwitchboardService

/// Nodes and leases, in SQL only: when to register, renew, take or give up is the cluster's policy, not
/// the database's (docs/SERVER.md, "PostgreSQL store"). Times are PostgreSQL's clock, so nodes whose
/// clocks differ agree on who holds what. These run on a connection of their own, so a lease renewal
/// never queues behind a step's commit.
extension PostgresDatabase {
    /// Registers node `name` (again): its epoch is one more than the last one registered under that name
    /// (1 the first time), its lease ends `leaseDuration` from now. Returns the new epoch.
    public func registerNode(name: String, leaseDuration: Duration) async throws(PostgresStoreError) -> Int64 {
        let result = try await runAsync("""
            INSERT INTO nodes (name, epoch, expires_at, started_at)
            VALUES (\(name), 1, now() + \(Self.milliseconds(leaseDuration)) * interval '1 millisecond', now())
            ON CONFLICT (name) DO UPDATE
                SET epoch = nodes.epoch + 1, expires_at = EXCLUDED.expires_at, started_at = EXCLUDED.started_at
            RETURNING epoch
            """, on: control)
        guard let row = result.rows.first else { throw .corrupt("registering a node returned no epoch") }
        return try Self.column(row, Int64.self)
    }

    /// Extends node `name`'s lease to `leaseDuration` from now; false when the node registered again since
    /// (another epoch) or its row is gone.
    public func renewNode(name: String, epoch: Int64, leaseDuration: Duration) async throws(PostgresStoreError) -> Bool {
        let result = try await runAsync("""
            UPDATE nodes SET expires_at = now() + \(Self.milliseconds(leaseDuration)) * interval '1 millisecond'
            WHERE name = \(name) AND epoch = \(epoch)
            """, on: control)
        return (result.metadata.rows ?? 0) > 0
    }

    /// Ends node `name`'s lease now (a node that stopped), so the others count it gone at once; only the
    /// given epoch's.
    public func retireNode(name: String, epoch: Int64) async throws(PostgresStoreError) {
        _ = try await runAsync(
            "UPDATE nodes SET expires_at = now() - interval '1 millisecond' WHERE name = \(name) AND epoch = \(epoch)",
            on: control)
    }

    /// Deletes bus payloads no node read: those for nodes that are not live, and any older than `age` (a
    /// payload is read within moments of its notification, or never: its destination died). Returns how many.
    @discardableResult
    public func deleteStalePayloads(olderThan age: Duration) async throws(PostgresStoreError) -> Int {
        let result = try await runAsync("""
            DELETE FROM bus_payloads
            WHERE created_at < now() - \(Self.milliseconds(age)) * interval '1 millisecond'
               OR destination NOT IN (SELECT name FROM nodes WHERE expires_at > now())
            """, on: control)
        return result.metadata.rows ?? 0
    }

    /// The nodes whose lease has not ended, by name.
    public func liveNodes() async throws(PostgresStoreError) -> [String] {
        let result = try await runAsync("SELECT name FROM nodes WHERE expires_at > now() ORDER BY name", on: control)
        var names: [String] = []
        for row in result.rows { names.append(try Self.column(row, String.self)) }
        return names
    }

    /// The nodes whose lease has not ended, with their epochs: a node that registered again under its name
    /// (it restarted) shows a new epoch, and what was bridged to or from its old run is gone.
    public func liveNodeEpochs() async throws(PostgresStoreError) -> [String: Int64] {
        let result = try await runAsync("SELECT name, epoch FROM nodes WHERE expires_at > now()", on: control)
        var nodes: [String: Int64] = [:]
        for row in result.rows {
            do {
                let (name, epoch) = try row.decode((String, Int64).self)
                nodes[name] = epoch
            } catch {
                throw .corrupt("a node row: \(error)")
            }
        }
        return nodes
    }

    /// Takes `app` for `node` until `leaseDuration` from now, when nobody holds it, its lease ended, or
    /// `node` itself holds it (a node that restarted under its name takes its apps back at once). Every
    /// taking is a new epoch, which fences the stores of every earlier one (``PostgresRealmStore``).
    /// Returns nil when another node holds it. A commit under way holds the lease row share-locked, so a
    /// takeover waits for it to finish.
    public func acquireLease(app: AppID, node: String, leaseDuration: Duration) async throws(PostgresStoreError)
        -> RealmLease?
    {
        let result = try await runAsync("""
            INSERT INTO realm_leases AS l (app, node, epoch, expires_at)
            VALUES (\(app.rawValue), \(node), 1, now() + \(Self.milliseconds(leaseDuration)) * interval '1 millisecond')
            ON CONFLICT (app) DO UPDATE
                SET node = EXCLUDED.node, epoch = l.epoch + 1, expires_at = EXCLUDED.expires_at
                WHERE l.expires_at <= now() OR l.node = EXCLUDED.node
            RETURNING epoch
            """, on: control)
        guard let row = result.rows.first else { return nil }
        return RealmLease(app: app, node: node, epoch: try Self.column(row, Int64.self))
    }

    /// Extends these leases to `leaseDuration` from now, in one statement; returns the apps still held
    /// (same node and epoch, lease not ended). A lease that ended is not renewed, even when nobody took it:
    /// the node acquires it again, under a new epoch.
    public func renewLeases(_ leases: [RealmLease], leaseDuration: Duration) async throws(PostgresStoreError)
        -> Set<AppID>
    {
        guard !leases.isEmpty else { return [] }
        let result = try await runAsync("""
            UPDATE realm_leases AS l
            SET expires_at = now() + \(Self.milliseconds(leaseDuration)) * interval '1 millisecond'
            FROM unnest(\(leases.map(\.app.rawValue))::text[], \(leases.map(\.node))::text[], \(leases.map(\.epoch))::bigint[])
                AS r(app, node, epoch)
            WHERE l.app = r.app AND l.node = r.node AND l.epoch = r.epoch AND l.expires_at > now()
            RETURNING l.app
            """, on: control)
        var held: Set<AppID> = []
        for row in result.rows { held.insert(AppID(rawValue: try Self.column(row, String.self))) }
        return held
    }

    /// Gives `lease` up at once (its end set just before now), so another node may take the app without
    /// waiting; nothing happens when it is no longer this node's at this epoch. Returns whether it was.
    @discardableResult
    public func releaseLease(_ lease: RealmLease) async throws(PostgresStoreError) -> Bool {
        let result = try await runAsync("""
            UPDATE realm_leases SET expires_at = now() - interval '1 millisecond'
            WHERE app = \(lease.app.rawValue) AND node = \(lease.node) AND epoch = \(lease.epoch)
            """, on: control)
        return (result.metadata.rows ?? 0) > 0
    }

    /// Every app's lease: its node, its epoch, and whether it is live (not ended).
    public func leases() async throws(PostgresStoreError) -> [AppID: (node: String, epoch: Int64, live: Bool)] {
        let result = try await runAsync("SELECT app, node, epoch, expires_at > now() FROM realm_leases", on: control)
        var leases: [AppID: (node: String, epoch: Int64, live: Bool)] = [:]
        for row in result.rows {
            do {
                let (app, node, epoch, live) = try row.decode((String, String, Int64, Bool).self)
                leases[AppID(rawValue: app)] = (node, epoch, live)
            } catch {
                throw .corrupt("a lease row: \(error)")
            }
        }
        return leases
    }

    /// `duration` in whole milliseconds (rounded down), as the SQL takes it.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
