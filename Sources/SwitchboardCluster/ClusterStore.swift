import Synchronization
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// A cluster node's store: each app it hosts has a ``PostgresRealmStore`` under the app's lease, and
/// every write of an app is checked against that lease in its commit (docs/ARCHITECTURE.md, "One node
/// or many"). Writes for an app the node holds no lease of are refused as fenced, like writes under a
/// lease another node took over.
public final class ClusterStore: TransactionalStore, CallRecordStore, LiveCallStore, ProfileStore, UserDataStore {
    private let database: PostgresDatabase
    private let node: String
    private let stores = Mutex<[AppID: PostgresRealmStore]>([:])

    public init(database: PostgresDatabase, node: String) {
        self.database = database
        self.node = node
    }

    /// The node holds `lease` now: its app's writes go through it.
    func hold(_ lease: RealmLease) {
        let store = PostgresRealmStore(database: database, app: lease.app, lease: lease)
        stores.withLock { $0[lease.app] = store }
    }

    /// The node gave the app's lease up, or lost it.
    func drop(_ app: AppID) {
        stores.withLock { $0[app] = nil }
    }

    private func store(of app: AppID) throws -> PostgresRealmStore {
        guard let store = stores.withLock({ $0[app] }) else {
            throw StoreFenced(app: app, node: node, epoch: 0)
        }
        return store
    }

    /// Each app's writes in a transaction of their own, under that app's lease. Every app is tried; the
    /// apps whose writes were refused are thrown together (``FencedApps``), and the service counts only
    /// their writes as failed. A commit that could not reach PostgreSQL counts as fenced too: the node
    /// cannot prove it still holds the lease, nor that the write was not made, so it must not tell anyone
    /// of the step, and gives the app up (docs/ARCHITECTURE.md, "One node or many").
    public func commit(_ writes: [StoreWrite]) throws {
        var byApp: [(app: AppID, writes: [StoreWrite])] = []
        for write in writes {
            let app = write.app
            if let index = byApp.firstIndex(where: { $0.app == app }) {
                byApp[index].writes.append(write)
            } else {
                byApp.append((app, [write]))
            }
        }
        var fenced = FencedApps()
        for (app, writes) in byApp {
            do {
                try store(of: app).commit(writes)
            } catch let error as StoreFenced {
                fenced.fencedApps.insert(app)
                fenced.reasons.append("\(error)")
            } catch let error as PostgresStoreError {
                fenced.fencedApps.insert(app)
                fenced.reasons.append("\(error)")
            }
        }
        if !fenced.fencedApps.isEmpty { throw fenced }
    }

    public func save(_ record: CallRecord, app: AppID) throws { try store(of: app).save(record, app: app) }

    /// Records are read straight from PostgreSQL, whichever node hosts the app: any node answers the
    /// admin API.
    public func page(app: AppID, owner: UserID, after cursor: RecordCursor?, limit: Int) throws -> (records: [CallRecord], next: RecordCursor?) {
        try database.records(app: app, owner: owner, after: cursor, limit: limit)
    }

    public func delete(app: AppID, owner: UserID, calls: [CallID]) throws -> [CallID] {
        try store(of: app).delete(app: app, owner: owner, calls: calls)
    }

    public func save(_ call: Call, app: AppID) throws { try store(of: app).save(call, app: app) }
    public func remove(_ id: CallID, app: AppID) throws { try store(of: app).remove(id, app: app) }

    /// `app`'s live calls as PostgreSQL has them, whichever node hosts the app (the admin API on any node).
    public func liveCallsOfAnyNode(app: AppID) throws -> [Call] {
        try database.liveCalls(app: app)
    }

    /// A node never reads every app back at once: it takes apps over one by one.
    public func liveCalls() throws -> [(app: AppID, call: Call)] { [] }
    public func liveCalls(app: AppID) throws -> [Call] { try store(of: app).liveCalls().map(\.call) }

    public func save(_ profile: Profile, app: AppID) throws { try store(of: app).save(profile, app: app) }
    public func profiles() throws -> [(app: AppID, profile: Profile)] { [] }
    public func profiles(app: AppID) throws -> [Profile] { try store(of: app).profiles().map(\.profile) }

    public func write(_ write: StoreWrite) throws { try commit([write]) }
    public func userData() throws -> [AppID: StoredUserData] { [:] }
    public func userData(app: AppID) throws -> StoredUserData { try store(of: app).userData(app: app) }
}

extension StoreFenced: FencedStoreError {
    public var fencedApps: Set<AppID> { [app] }
}

/// The apps of one commit whose writes were refused, and why.
public struct FencedApps: FencedStoreError, CustomStringConvertible {
    public var fencedApps: Set<AppID> = []
    public var reasons: [String] = []
    public var description: String { "fenced: \(reasons.joined(separator: "; "))" }
}
