import SwitchboardCore
import SwitchboardWire

/// One write the service hands its store engine (``ServiceStore/commit(_:)``). The writes of one step of the service (one hold of its lock:
/// a request, a batch of frames, the timers due) reach the engine together, in one commit, at the end of the step and
/// before any frame of it goes out (docs/ARCHITECTURE.md, "Steps and durability").
public enum StoreWrite: Sendable, Equatable {
    /// A call record: it replaces the owner's earlier record of the call (a participant who left and
    /// rejoined has one record, the latest).
    case record(AppID, CallRecord)
    /// A live call as it is now, with its internals (deadlines, online flags, record marks), so that a
    /// restarted service goes on with it.
    case liveCall(AppID, Call)
    /// A live call ended: it is no longer live.
    case callEnded(AppID, CallID)
    /// A user's profile (`profile.set`).
    case profile(AppID, Profile)
    /// A peer message kept for an offline recipient.
    case offlineMessageKept(AppID, KeptPeerMessage)
    /// Kept messages that went: handed to their recipient at login, or replaced by newer ones.
    case offlineMessagesRemoved(AppID, recipient: UserID, sequences: [Int64])
    /// Every kept message of the app sent at or before this instant went (their retention is over).
    case offlineMessagesExpired(AppID, sentAtOrBefore: Timestamp)
    /// A user's attributes as they are now, by key; none left when empty.
    case userAttributes(AppID, UserID, [Attribute])
    /// A channel's attributes as they are now, by key; none left when empty.
    case channelAttributes(AppID, channel: String, [ChannelAttribute])
    /// A device's push token as now registered (`push.register`): it replaces the token the device had for
    /// the platform (docs/SERVER.md, "Push").
    case pushRegistered(AppID, PushRegistration)
    /// A device's push token of a platform went: the device logged out for good or unregistered it, another
    /// user took the token over, or the provider said it is gone.
    case pushUnregistered(AppID, PushRegistration.Key)
}
