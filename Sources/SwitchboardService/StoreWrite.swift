import SwitchboardCore
import SwitchboardWire

/// One write the service hands its stores. The writes of one step of the service (one hold of its lock:
/// a request, a batch of frames, the timers due) reach the stores together, at the end of the step and
/// before any frame of it goes out (docs/ARCHITECTURE.md, "Steps and durability").
public enum StoreWrite: Sendable, Equatable {
    /// A call record (``CallRecordStore/save(_:app:)``): it replaces the owner's earlier record of the call.
    case record(AppID, CallRecord)
    /// A live call as it is now (``LiveCallStore/save(_:app:)``).
    case liveCall(AppID, Call)
    /// A live call ended (``LiveCallStore/remove(_:app:)``).
    case callEnded(AppID, CallID)
    /// A user's profile (``ProfileStore/save(_:app:)``).
    case profile(AppID, Profile)
    /// A peer message kept for an offline recipient (``UserDataStore``).
    case offlineMessageKept(AppID, KeptPeerMessage)
    /// Kept messages that went: handed to their recipient at login, or replaced by newer ones.
    case offlineMessagesRemoved(AppID, recipient: UserID, sequences: [Int64])
    /// Every kept message of the app sent at or before this instant went (their retention is over).
    case offlineMessagesExpired(AppID, sentAtOrBefore: Timestamp)
    /// A user's attributes as they are now, by key; none left when empty.
    case userAttributes(AppID, UserID, [Attribute])
    /// A channel's attributes as they are now, by key; none left when empty.
    case channelAttributes(AppID, channel: String, [ChannelAttribute])
}

extension StoreWrite {
    /// Whether the write is for a ``UserDataStore`` (offline messages and attributes).
    public var isUserData: Bool {
        switch self {
        case .record, .liveCall, .callEnded, .profile: false
        case .offlineMessageKept, .offlineMessagesRemoved, .offlineMessagesExpired, .userAttributes, .channelAttributes: true
        }
    }
}

/// A store that takes a step's writes in one transaction: all of them are durable when ``commit(_:)``
/// returns, or, when it throws, none is. The server's SQLite store is the record, live-call, profile and
/// user-data store at once, so a step costs it one commit whatever it wrote.
///
/// A store that is not transactional gets its writes one by one, through its protocol's methods.
public protocol TransactionalStore: AnyObject, Sendable {
    /// Carries out `writes` in order, in one transaction.
    func commit(_ writes: [StoreWrite]) throws
}
