import SwitchboardCore

/// The body of a successful response. Self-describing on the wire (each case has its own key), so a
/// response decodes without knowing which request it answers.
public enum Reply: Hashable, Sendable {
    case empty
    /// The call after the request, and the users the request named but could not act on.
    case call(Call, skipped: [SkippedUser])
    /// Live calls; `nextCursor` (``ActiveCallQuery/cursor``) when a `call.active` page has more after it.
    case calls([Call], nextCursor: String? = nil)
    case records(RecordPage)
    case token(expiresAt: Timestamp?)
    case message(MessageDelivery)
    case presence([PresenceStatus])
    case members([UserID])
    /// Profiles, one per user asked, in order; `unknown` lists the users asked about who do not exist
    /// in the app (never logged in, no profile: docs/SERVER.md, "User profiles").
    case profiles([Profile], unknown: [UserID] = [])
    /// The calls whose records a delete removed.
    case deletedRecords([CallID])
    /// A user's attributes (`attributes.user.*`), by key.
    case attributes([Attribute])
    /// A channel's attributes (`attributes.channel.*`), by key.
    case channelAttributes([ChannelAttribute])
    /// Channels' member counts, in the order asked.
    case memberCounts([ChannelMemberCount])
    /// Users (`presence.subscriptions`), sorted.
    case users([UserID])
}

/// A user a partial cancel or invite-more could not act on, and why.
public struct SkippedUser: Hashable, Sendable {
    public var user: UserID
    public var error: SignalingError

    public init(user: UserID, error: SignalingError) {
        self.user = user
        self.error = error
    }
}

/// One page of call records, newest first.
public struct RecordPage: Hashable, Sendable {
    public var records: [CallRecord]
    /// Opaque; pass it to get the next page. Nil when there are no more records.
    public var nextCursor: String?

    public init(records: [CallRecord], nextCursor: String?) {
        self.records = records
        self.nextCursor = nextCursor
    }
}

/// A response frame.
public struct Response: Hashable, Sendable {
    public var id: RequestID
    public var result: Result<Reply, SignalingError>
    /// The call events the request made for the session that sent it, folded into the response instead of
    /// following it as frames of their own (docs/DECISIONS.md, "Echoes in the reply"): in sequence order,
    /// each about the reply's call as the reply shows it. Only on a connection whose hello asked for it,
    /// and only with a successful call reply; the client handles them as events right after the response.
    public var echoes: [EventEnvelope]

    public init(id: RequestID, result: Result<Reply, SignalingError>, echoes: [EventEnvelope] = []) {
        self.id = id
        self.result = result
        self.echoes = echoes
    }
}
