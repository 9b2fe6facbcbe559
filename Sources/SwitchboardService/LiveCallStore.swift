import SwitchboardCore
import SwitchboardWire

/// Where the service keeps its live calls (ringing or connected, with their internals: deadlines,
/// online flags, record marks), so that a restarted service goes on with them: ringing calls keep their
/// deadlines, answered calls stay answered.
///
/// The service writes a call after every transition, under its lock and before any response says the
/// request succeeded (like ``CallRecordStore``), and removes it once it ended.
public protocol LiveCallStore: Sendable {
    /// Keeps `call` as it is now.
    func save(_ call: Call, app: AppID) throws
    /// The call ended: it is no longer live.
    func remove(_ id: CallID, app: AppID) throws
    /// Every live call, to resume with after a restart.
    func liveCalls() throws -> [(app: AppID, call: Call)]
    /// One app's live calls, for a cluster node taking the app over.
    func liveCalls(app: AppID) throws -> [Call]
}

extension LiveCallStore {
    public func liveCalls(app: AppID) throws -> [Call] {
        try liveCalls().filter { $0.app == app }.map(\.call)
    }
}

/// No durability: live calls exist only in the service's memory (the embedded default and tests).
public struct MemoryOnlyLiveCalls: LiveCallStore {
    public init() {}
    public func save(_ call: Call, app: AppID) {}
    public func remove(_ id: CallID, app: AppID) {}
    public func liveCalls() -> [(app: AppID, call: Call)] { [] }
}

/// Where the service keeps users' profiles (`profile.set`), written before the answer that says a profile
/// was set, and read back at start.
public protocol ProfileStore: Sendable {
    func save(_ profile: Profile, app: AppID) throws
    func profiles() throws -> [(app: AppID, profile: Profile)]
    /// One app's profiles, for a cluster node taking the app over.
    func profiles(app: AppID) throws -> [Profile]
}

extension ProfileStore {
    public func profiles(app: AppID) throws -> [Profile] {
        try profiles().filter { $0.app == app }.map(\.profile)
    }
}

/// No durability: profiles live in the service's memory only.
public struct MemoryOnlyProfiles: ProfileStore {
    public init() {}
    public func save(_ profile: Profile, app: AppID) {}
    public func profiles() -> [(app: AppID, profile: Profile)] { [] }
}
