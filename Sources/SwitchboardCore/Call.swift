/// One call: its fixed facts, its participants and its state. A plain value (the wire layer and stores
/// rebuild it); the live call of the service is the one inside a ``CallEngine``, which only the engine
/// changes.
public struct Call: Hashable, Sendable {
    public let id: CallID
    public let caller: UserID
    public let mode: CallMode
    public let policy: CallPolicy
    public var mediaType: MediaType?
    /// The room or media channel (Agora `channelId`, Tencent `roomId`).
    public var roomID: String?
    /// The chat group the call belongs to (Tencent `chatGroupId`).
    public var groupID: String?
    /// The caller's payload (Agora `content`, ZIM `extendedData`, Tencent `userData`).
    public var payload: String?
    /// Opaque data the creating surface keeps with the call (offline push fields and the like).
    public var attachments: [String: String]
    /// The caller first, then everyone invited or joined, in order.
    public var participants: [Participant]
    public var state: CallState
    public let createdAt: Timestamp
    /// When the first invitee accepted or someone joined.
    public var connectedAt: Timestamp?

    public init(
        id: CallID,
        caller: UserID,
        mode: CallMode,
        policy: CallPolicy,
        mediaType: MediaType? = nil,
        roomID: String? = nil,
        groupID: String? = nil,
        payload: String? = nil,
        attachments: [String: String] = [:],
        participants: [Participant],
        state: CallState = .ringing,
        createdAt: Timestamp,
        connectedAt: Timestamp? = nil
    ) {
        self.id = id
        self.caller = caller
        self.mode = mode
        self.policy = policy
        self.mediaType = mediaType
        self.roomID = roomID
        self.groupID = groupID
        self.payload = payload
        self.attachments = attachments
        self.participants = participants
        self.state = state
        self.createdAt = createdAt
        self.connectedAt = connectedAt
    }

    /// The participant entry of `user`, if any.
    public func participant(_ user: UserID) -> Participant? {
        participants.first { $0.user == user }
    }

    func index(of user: UserID) -> Int? {
        participants.firstIndex { $0.user == user }
    }

    /// Users ringing or in the call.
    public var activeUsers: [UserID] {
        participants.filter { $0.state.isActive }.map(\.user)
    }

    /// The earliest deadline of the call, or nil when nothing is pending (always nil once ended).
    public var nextDeadline: Timestamp? {
        guard !state.isEnded else { return nil }
        var earliest: Timestamp?
        for index in participants.indices {
            earliest = Timestamp.earliest(earliest, participants[index].nextDeadline)
        }
        return earliest
    }
}
