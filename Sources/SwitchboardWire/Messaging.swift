import SwitchboardCore

/// The body of a peer or channel message.
public enum MessageContent: Hashable, Sendable {
    case text(String)
    /// Binary data with a text description (Agora `AgoraRtmRawMessage`); base64 on the wire.
    case raw([UInt8], description: String)

    /// The size that counts against message limits: UTF-8 text, or raw bytes plus description.
    public var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .raw(let bytes, let description): bytes.count + description.utf8.count
        }
    }
}

/// A peer-to-peer message to send.
public struct PeerMessageRequest: Hashable, Sendable {
    public var to: UserID
    public var content: MessageContent
    /// Keep the message for the peer if it is offline (Agora `enableOfflineMessaging`).
    public var storeIfOffline: Bool

    public init(to: UserID, content: MessageContent, storeIfOffline: Bool = false) {
        self.to = to
        self.content = content
        self.storeIfOffline = storeIfOffline
    }
}

/// What became of a sent peer message.
public enum MessageDelivery: String, Hashable, Sendable, CaseIterable {
    /// Handed to the peer's online session(s).
    case delivered
    /// The peer is offline; the service keeps it for them.
    case stored
    /// The peer is offline and the message was not kept.
    case peerOffline
}

/// A peer message as received.
public struct PeerMessage: Hashable, Sendable {
    public var from: UserID
    public var content: MessageContent
    /// When the service received it.
    public var sentAt: Timestamp
    /// It was kept while the recipient was offline.
    public var isOffline: Bool

    public init(from: UserID, content: MessageContent, sentAt: Timestamp, isOffline: Bool) {
        self.from = from
        self.content = content
        self.sentAt = sentAt
        self.isOffline = isOffline
    }
}

/// A user's online state, as Agora's peer online states define them.
public enum PresenceState: String, Hashable, Sendable, CaseIterable {
    case online
    /// A session exists but has sent nothing for a while (6 s).
    case unreachable
    case offline
}

/// One user's online state, as `presence.query` answers it and `presence.changed` tells a subscriber.
public struct PresenceStatus: Hashable, Sendable {
    public var user: UserID
    public var state: PresenceState

    public init(user: UserID, state: PresenceState) {
        self.user = user
        self.state = state
    }
}

/// A channel message as received.
public struct ChannelMessage: Hashable, Sendable {
    public var channel: String
    public var from: UserID
    public var content: MessageContent
    public var sentAt: Timestamp

    public init(channel: String, from: UserID, content: MessageContent, sentAt: Timestamp) {
        self.channel = channel
        self.from = from
        self.content = content
        self.sentAt = sentAt
    }
}
