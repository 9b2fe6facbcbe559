import SwitchboardCore
import SwitchboardWire

/// A peer message kept for an offline recipient: its place in the app's order of kept messages (the
/// service numbers them, so one can be dropped alone: a newer one replaced it) and the message.
public struct KeptPeerMessage: Hashable, Sendable {
    public var recipient: UserID
    /// Increasing within the app, across restarts and hosts (the service goes on from the largest one
    /// read back).
    public var sequence: Int64
    public var message: PeerMessage

    public init(recipient: UserID, sequence: Int64, message: PeerMessage) {
        self.recipient = recipient
        self.sequence = sequence
        self.message = message
    }
}

/// What one app keeps for its users beside calls and profiles, as a store read it back.
public struct StoredUserData: Sendable, Equatable {
    /// Kept peer messages, by sequence.
    public var offlineMessages: [KeptPeerMessage]
    /// Users' attributes, each user's by key.
    public var userAttributes: [UserID: [Attribute]]
    /// Channels' attributes, each channel's by key.
    public var channelAttributes: [String: [ChannelAttribute]]

    public init(offlineMessages: [KeptPeerMessage] = [], userAttributes: [UserID: [Attribute]] = [:],
                channelAttributes: [String: [ChannelAttribute]] = [:]) {
        self.offlineMessages = offlineMessages
        self.userAttributes = userAttributes
        self.channelAttributes = channelAttributes
    }

    public var isEmpty: Bool { offlineMessages.isEmpty && userAttributes.isEmpty && channelAttributes.isEmpty }
}

/// Where the service keeps what it holds for users beside calls and profiles, so that a restart, or
/// another cluster node taking the app over, goes on with it (docs/SERVER.md, "What survives a restart"):
/// peer messages kept for offline users, users' attributes and channels' attributes.
///
/// The service writes them with the rest of a step, before any answer or event of the step goes out
/// (``StoreWrite``), and reads them back with the live calls.
public protocol UserDataStore: Sendable {
    /// Carries out one write of the kinds this store keeps (``StoreWrite/isUserData``).
    func write(_ write: StoreWrite) throws
    /// Every app's kept data, to resume with after a restart.
    func userData() throws -> [AppID: StoredUserData]
    /// One app's, for a cluster node taking the app over.
    func userData(app: AppID) throws -> StoredUserData
}

extension UserDataStore {
    public func userData(app: AppID) throws -> StoredUserData {
        try userData()[app] ?? StoredUserData()
    }
}

/// No durability: offline messages and attributes live in the service's memory only (the embedded
/// default and tests).
public struct MemoryOnlyUserData: UserDataStore {
    public init() {}
    public func write(_ write: StoreWrite) {}
    public func userData() -> [AppID: StoredUserData] { [:] }
}
