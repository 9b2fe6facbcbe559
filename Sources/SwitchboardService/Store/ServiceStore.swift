import SwitchboardCore
import SwitchboardWire

/// The service's one storage engine: what it keeps so that nothing a client was told had succeeded is
/// lost across a restart, and so that another cluster node can take an app over (docs/ARCHITECTURE.md,
/// "Store engines"). The service is handed one engine, once, and uses exactly these operations.
///
/// Three engines implement it: ``MemoryStore`` (the embedded default and tests), the server's SQLite
/// store (one node) and the cluster's PostgreSQL store (many nodes, each app's writes fenced by its
/// lease). One conformance suite runs against all three.
///
/// The service calls it from one thread at a time and in the order of its steps: ``commit(_:)`` from
/// whoever ends a step (docs/ARCHITECTURE.md, "Steps and durability"), the reads from a step that needs
/// them after committing what it wrote before. Retention (``deleteRecords(recordedBefore:)``) runs on a
/// task of its own, at the same time as commits, so an engine is thread-safe. An engine may block the
/// calling thread until its writes are durable; it must not call back into the service.
public protocol ServiceStore: AnyObject, Sendable {
    /// Carries out one step's writes, in order: all of them are durable when it returns, or it throws and,
    /// app by app, none is (``StoreCommitError``).
    func commit(_ writes: [StoreWrite]) throws(StoreCommitError)

    /// What is kept of `apps` (nil: of every app that has anything kept), to go on with after a restart or
    /// when a cluster node takes an app over. An app with nothing kept may be absent from the answer.
    func restore(_ apps: Set<AppID>?) throws -> [AppID: StoredApp]

    /// One page of `owner`'s call records, newest first (by `recordedAt`, then call id), starting after
    /// `cursor`; `next` is where the page after it starts, nil on the last page.
    func records(app: AppID, owner: UserID, after cursor: RecordCursor?, limit: Int) throws
        -> (records: [CallRecord], next: RecordCursor?)

    /// Deletes `owner`'s records of these calls; returns the ids that were there, in the order asked. A
    /// cluster's engine refuses it for an app whose lease the node does not hold (the service answers
    /// `internal_error`, and the client may retry on the app's host).
    func deleteRecords(app: AppID, owner: UserID, calls: [CallID]) throws -> [CallID]

    /// Retention: deletes every app's records recorded before `cutoff`. Returns how many went, or nil when
    /// the engine's other users sweep now (a cluster sweeps from one node at a time).
    func deleteRecords(recordedBefore cutoff: Timestamp) async throws -> Int?
}

/// Why a commit did not take (``ServiceStore/commit(_:)``).
public enum StoreCommitError: Error, CustomStringConvertible {
    /// Nothing of the commit was written.
    case failed(any Error)
    /// These apps' writes were refused, because this node no longer holds (or cannot prove that it holds)
    /// their leases: another node may host them now (docs/ARCHITECTURE.md, "One node or many"). Every other
    /// app's writes of the commit are durable. The service stops acting on these apps at once.
    case fenced(apps: Set<AppID>, reason: String)

    /// The apps whose writes were not made: `all` for a failure that took the whole commit.
    public func appsNotWritten(of all: Set<AppID>) -> Set<AppID> {
        switch self {
        case .failed: all
        case .fenced(let apps, _): apps
        }
    }

    public var description: String {
        switch self {
        case .failed(let error): "\(error)"
        case .fenced(let apps, let reason):
            "fenced (\(apps.map(\.rawValue).sorted().joined(separator: ", "))): \(reason)"
        }
    }
}

/// What an engine keeps of one app beside its records, as it read it back.
public struct StoredApp: Sendable, Equatable {
    /// The live calls (ringing or connected), with their internals, by call id.
    public var liveCalls: [Call]
    /// Users' profiles, by user id.
    public var profiles: [Profile]
    /// Peer messages kept for offline users, and users' and channels' attributes.
    public var userData: StoredUserData
    /// Devices' push tokens (docs/SERVER.md, "Push"), by user, device and platform.
    public var pushRegistrations: [PushRegistration]

    public init(liveCalls: [Call] = [], profiles: [Profile] = [], userData: StoredUserData = StoredUserData(),
                pushRegistrations: [PushRegistration] = []) {
        self.liveCalls = liveCalls
        self.profiles = profiles
        self.userData = userData
        self.pushRegistrations = pushRegistrations
    }

    public var isEmpty: Bool { liveCalls.isEmpty && profiles.isEmpty && userData.isEmpty }
}

extension PushRegistration {
    /// The order every engine restores push tokens in: by user, device, then platform.
    public static func storedOrder(_ a: PushRegistration, _ b: PushRegistration) -> Bool {
        (a.user.rawValue, a.device.rawValue, a.platform.rawValue) < (b.user.rawValue, b.device.rawValue, b.platform.rawValue)
    }
}
