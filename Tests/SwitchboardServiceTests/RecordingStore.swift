import Synchronization
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// The memory engine with a journal and faults, for the service's tests: it keeps every commit's writes
/// and how many frames a watched connection had received when each commit ran; it refuses commits while
/// told to (all of them, or those holding a write a test picks), and refuses a fenced app's writes as a
/// cluster engine does while keeping the other apps'. Reads of apps are logged.
final class RecordingStore: ServiceStore, @unchecked Sendable {
    // @unchecked: `watched` is set before the step it watches, with no step running.
    struct Commit {
        var writes: [StoreWrite]
        var framesBefore: Int
    }

    struct Refused: Error {}

    private struct State {
        var commits: [Commit] = []
        /// Which writes make a commit fail; nil: none.
        var failing: (@Sendable (StoreWrite) -> Bool)?
        var fenced: Set<AppID> = []
        var reads: [String] = []
    }

    /// What the store keeps: read it as any engine.
    let kept = MemoryStore()
    private let state = Mutex(State())
    var watched: RawConnection?

    /// A store that holds `writes` already (what a restarted service finds).
    init(holding writes: [StoreWrite] = []) {
        kept.commit(writes)
    }

    /// Every commit that took, in order.
    var commits: [Commit] { state.withLock { $0.commits } }

    /// The records kept, and the frames the watched connection had before the commit of each.
    var savedRecords: [(record: CallRecord, framesBefore: Int)] {
        commits.flatMap { commit in
            commit.writes.compactMap { write in
                if case .record(_, let record) = write { (record, commit.framesBefore) } else { nil }
            }
        }
    }

    /// The profiles saved, in order.
    var savedProfiles: [Profile] {
        commits.flatMap(\.writes).compactMap { if case .profile(_, let profile) = $0 { profile } else { nil } }
    }

    /// The live calls kept now, every app's.
    var live: [CallID: Call] {
        Dictionary(kept.restore(nil).values.flatMap(\.liveCalls).map { ($0.id, $0) }, uniquingKeysWith: { $1 })
    }

    /// What is kept for users of every app written to (empty once all of it went), not logged as a read.
    func userData() -> [AppID: StoredUserData] {
        let restored = kept.restore(nil)
        let written = Set(commits.flatMap(\.writes).map(\.app))
        return Dictionary(uniqueKeysWithValues: written.map { ($0, restored[$0]?.userData ?? StoredUserData()) })
    }

    /// `app`'s live calls kept now (not logged as a read).
    func liveCalls(app: AppID) -> [Call] {
        kept.restore([app])[app]?.liveCalls ?? []
    }

    /// What was read back, in order: "restore <app>" (or "restore every app").
    var reads: [String] { state.withLock { $0.reads } }

    func clearReads() {
        state.withLock { $0.reads = [] }
    }

    /// Refuses every commit from now on (true), or none (false).
    func fail(_ failing: Bool) {
        if failing {
            fail(where: Self.everyWrite)
        } else {
            state.withLock { $0.failing = nil }
        }
    }

    private static let everyWrite: @Sendable (StoreWrite) -> Bool = { _ in true }

    /// Refuses every commit that holds a write `matching` says yes to.
    func fail(where matching: @escaping @Sendable (StoreWrite) -> Bool) {
        state.withLock { $0.failing = matching }
    }

    /// Refuses `app`'s writes from now on, as a lease lost to another node.
    func fence(_ app: AppID) {
        state.withLock { _ = $0.fenced.insert(app) }
    }

    func commit(_ writes: [StoreWrite]) throws(StoreCommitError) {
        let framesBefore = watched?.frames.count ?? 0
        let kept = kept
        // nil: refused whole; else the apps fenced.
        let fenced: Set<AppID>? = state.withLock { (state: inout State) -> Set<AppID>? in
            if let failing = state.failing, writes.contains(where: failing) { return nil }
            let fenced = Set(writes.map(\.app)).intersection(state.fenced)
            let taken = writes.filter { !fenced.contains($0.app) }
            if !taken.isEmpty {
                state.commits.append(Commit(writes: taken, framesBefore: framesBefore))
                kept.commit(taken)
            }
            return fenced
        }
        guard let fenced else { throw .failed(Refused()) }
        if !fenced.isEmpty { throw .fenced(apps: fenced, reason: "fenced by the test") }
    }

    func restore(_ apps: Set<AppID>?) -> [AppID: StoredApp] {
        state.withLock { state in
            state.reads += apps.map { $0.map { "restore \($0.rawValue)" }.sorted() } ?? ["restore every app"]
        }
        return kept.restore(apps)
    }

    func records(app: AppID, owner: UserID, after cursor: RecordCursor?, limit: Int) -> (records: [CallRecord], next: RecordCursor?) {
        kept.records(app: app, owner: owner, after: cursor, limit: limit)
    }

    func deleteRecords(app: AppID, owner: UserID, calls: [CallID]) -> [CallID] {
        kept.deleteRecords(app: app, owner: owner, calls: calls)
    }

    func deleteRecords(recordedBefore cutoff: Timestamp) -> Int? {
        kept.deleteRecords(recordedBefore: cutoff)
    }
}
