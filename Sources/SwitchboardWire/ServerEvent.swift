import SwitchboardCore

/// Something the service tells a session without being asked. Each has a wire name and a body schema
/// in `Schemas/events/`.
public enum ServerEvent: Hashable, Sendable {
    case call(CallNotification)
    case message(PeerMessage)
    case presenceChanged(PresenceStatus)
    case channelMemberJoined(channel: String, user: UserID)
    case channelMemberLeft(channel: String, user: UserID)
    case channelMessage(ChannelMessage)
    /// The session's token expires at this time (sent as long before as the hello's lead says). Not
    /// renewed by then, the session ends with `bye(tokenExpired)` (docs/SECURITY.md, "Tokens").
    case tokenWillExpire(expiresAt: Timestamp)
    /// A user this session shares an active call with (or the session's own user) changed their profile.
    case profileChanged(Profile)
    /// A channel the session is in has these attributes now (sent when the change asked to notify).
    case channelAttributesChanged(channel: String, attributes: [ChannelAttribute])

    /// The wire name.
    public var name: String {
        switch self {
        case .call(let note):
            switch note.kind {
            case .created: "call.created"
            case .invited: "call.invited"
            case .participantsChanged: "call.participantsChanged"
            case .cancelled: "call.cancelled"
            case .timedOut: "call.timedOut"
            case .acceptConfirmed: "call.acceptConfirmed"
            case .acceptFailed: "call.acceptFailed"
            case .answeredElsewhere: "call.answeredElsewhere"
            case .ended: "call.ended"
            case .synced: "call.synced"
            }
        case .message: "message.received"
        case .presenceChanged: "presence.changed"
        case .channelMemberJoined: "channel.memberJoined"
        case .channelMemberLeft: "channel.memberLeft"
        case .channelMessage: "channel.message"
        case .tokenWillExpire: "session.tokenWillExpire"
        case .profileChanged: "profile.changed"
        case .channelAttributesChanged: "channel.attributesChanged"
        }
    }
}

/// An event frame: one event at its place in the session's stream.
public struct EventEnvelope: Hashable, Sendable {
    public var sequence: EventSequence
    /// When the service emitted it.
    public var time: Timestamp
    public var event: ServerEvent
    /// The event's body encoded once for all the sessions it goes to, when the service shares it
    /// (``SharedEventBody``). Not part of the envelope's value: equality and hashing ignore it.
    public var shared: SharedEventBody?

    public init(sequence: EventSequence, time: Timestamp, event: ServerEvent) {
        self.sequence = sequence
        self.time = time
        self.event = event
        self.shared = nil
    }

    /// An envelope around a body shared with other sessions' envelopes.
    public init(sequence: EventSequence, time: Timestamp, shared: SharedEventBody) {
        self.sequence = sequence
        self.time = time
        self.event = shared.event
        self.shared = shared
    }

    public static func == (lhs: EventEnvelope, rhs: EventEnvelope) -> Bool {
        lhs.sequence == rhs.sequence && lhs.time == rhs.time && lhs.event == rhs.event
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sequence)
        hasher.combine(time)
        hasher.combine(event)
    }
}
