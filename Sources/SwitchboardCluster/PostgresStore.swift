import Synchronization
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// The PostgreSQL engine (``/SwitchboardService/ServiceStore``): a cluster node's store. Each app the node
/// hosts has a ``PostgresRealmStore`` under the app's lease, and every write of an app is checked against
/// that lease in its commit (docs/ARCHITECTURE.md, "One node or many"). Writes for an app the node holds
/// no lease of are refused as fenced, like writes under a lease another node took over.
///
/// Its methods block the calling thread until PostgreSQL answers, as the service's lock needs
/// (docs/DECISIONS.md, "PostgreSQL access").
public final class PostgresStore: ServiceStore {
    private let database: PostgresDatabase
    private let node: String
    private let stores = Mutex<[AppID: PostgresRealmStore]>([:])

    /// The engine of node `node` on `database` (open and migrated). It holds no lease yet: every write is
    /// fenced until ``hold(_:)``.
    public init(database: PostgresDatabase, node: String) {
        self.database = database
        self.node = node
    }

    // MARK: - Leases

    /// The node holds `lease` now: its app's writes go through it.
    public func hold(_ lease: RealmLease) {
        let store = PostgresRealmStore(database: database, app: lease.app, lease: lease)
        stores.withLock { $0[lease.app] = store }
    }

    /// The node gave the app's lease up, or lost it: its writes are fenced from now on.
    public func drop(_ app: AppID) {
        stores.withLock { $0[app] = nil }
    }

    private func store(of app: AppID) throws(StoreFenced) -> PostgresRealmStore {
        guard let store = stores.withLock({ $0[app] }) else {
            throw StoreFenced(app: app, node: node, epoch: 0)
        }
        return store
    }

    // MARK: - ServiceStore

    /// Each app's writes in a transaction of their own, under that app's lease. Every app is tried; the
    /// apps whose writes were refused are thrown together (``/SwitchboardService/StoreCommitError/fenced(apps:reason:)``),
    /// and the service counts only their writes as failed. A commit that could not reach PostgreSQL counts
    /// as fenced too: the node cannot prove it still holds the lease, nor that the write was not made, so it
    /// must not tell anyone of the step, and gives the app up (docs/ARCHITECTURE.md, "One node or many").
    public func commit(_ writes: [StoreWrite]) throws(StoreCommitError) {
        var byApp: [(app: AppID, writes: [StoreWrite])] = []
        for write in writes {
            let app = write.app
            if let index = byApp.firstIndex(where: { $0.app == app }) {
                byApp[index].writes.append(write)
            } else {
                byApp.append((app, [write]))
            }
        }
        var fenced: Set<AppID> = []
        var reasons: [String] = []
        for (app, writes) in byApp {
            do {
                try store(of: app).commit(writes)
            } catch {
                fenced.insert(app)
                reasons.append("\(error)")
            }
        }
        if !fenced.isEmpty { throw .fenced(apps: fenced, reason: reasons.joined(separator: "; ")) }
    }

    /// A node reads apps back as it takes them over, and only apps whose leases it holds (nil: every one
    /// of those); asking for another app's is fenced (``StoreFenced``): it is another node's.
    public func restore(_ apps: Set<AppID>?) throws -> [AppID: StoredApp] {
        var stored: [AppID: StoredApp] = [:]
        for app in apps ?? Set(stores.withLock { $0.keys }) {
            let realm = try store(of: app)
            stored[app] = StoredApp(liveCalls: try realm.liveCalls(), profiles: try realm.profiles(),
                                    userData: try realm.userData(), pushRegistrations: try realm.pushRegistrations())
        }
        return stored
    }

    /// Records are read straight from PostgreSQL, whichever node hosts the app: any node answers the
    /// admin API.
    public func records(app: AppID, owner: UserID, after cursor: RecordCursor?, limit: Int) throws
        -> (records: [CallRecord], next: RecordCursor?)
    {
        try database.records(app: app, owner: owner, after: cursor, limit: limit)
    }

    /// Deletes under the app's lease (else ``StoreFenced``).
    public func deleteRecords(app: AppID, owner: UserID, calls: [CallID]) throws -> [CallID] {
        try store(of: app).delete(owner: owner, calls: calls)
    }

    /// Every app's old records, from one node of the cluster at a time (nil while another sweeps).
    public func deleteRecords(recordedBefore cutoff: Timestamp) async throws -> Int? {
        try await database.deleteRecords(olderThan: cutoff)
    }

    /// `app`'s live calls as PostgreSQL has them, whichever node hosts the app (the admin API on any node).
    public func liveCallsOfAnyNode(app: AppID) throws -> [Call] {
        try database.liveCalls(app: app)
    }
}
