/// One call: its fixed facts, its participants and its state. A plain value (the wire layer and stores
/// rebuild it); the live call of the service is the one inside a ``CallEngine``, which only the engine
/// changes.
///
/// Every notification carries the whole call, so a transition copies it several times. The facts the
/// engine never changes (id, caller, policy, payload, …) are therefore kept in one shared
/// `CallFacts` box: a copy of the call costs a few references instead of a few hundred bytes. The box
/// is immutable; setting one of its properties on a call replaces the call's box (copy on write).
public struct Call: Hashable, Sendable {
    private var facts: CallFacts
    /// The caller first, then everyone invited or joined, in order.
    public var participants: [Participant]
    public var state: CallState
    /// When the first invitee accepted or someone joined.
    public var connectedAt: Timestamp?

    public var id: CallID { facts.id }
    public var caller: UserID { facts.caller }
    public var mode: CallMode { facts.mode }
    public var policy: CallPolicy { facts.policy }
    public var createdAt: Timestamp { facts.createdAt }
    public var mediaType: MediaType? {
        get { facts.mediaType }
        set { facts = facts.with { $0.mediaType = newValue } }
    }
    /// The room or media channel (Agora `channelId`, Tencent `roomId`).
    public var roomID: String? {
        get { facts.roomID }
        set { facts = facts.with { $0.roomID = newValue } }
    }
    /// The chat group the call belongs to (Tencent `chatGroupId`).
    public var groupID: String? {
        get { facts.groupID }
        set { facts = facts.with { $0.groupID = newValue } }
    }
    /// The caller's payload (Agora `content`, ZIM `extendedData`, Tencent `userData`).
    public var payload: String? {
        get { facts.payload }
        set { facts = facts.with { $0.payload = newValue } }
    }
    /// Opaque data the creating surface keeps with the call (offline push fields and the like).
    public var attachments: [String: String] {
        get { facts.attachments }
        set { facts = facts.with { $0.attachments = newValue } }
    }
    /// The name of the surface profile the call was placed through (the service's bookkeeping, kept with
    /// the call's internals, never sent to clients): its pushes use that surface's layout
    /// (docs/SERVER.md, "Push").
    public var placedThrough: String? {
        get { facts.placedThrough }
        set { facts = facts.with { $0.placedThrough = newValue } }
    }

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
        connectedAt: Timestamp? = nil,
        placedThrough: String? = nil
    ) {
        self.facts = CallFacts(CallFacts.Values(
            id: id, caller: caller, mode: mode, policy: policy, mediaType: mediaType, roomID: roomID,
            groupID: groupID, payload: payload, attachments: attachments, createdAt: createdAt,
            placedThrough: placedThrough))
        self.participants = participants
        self.state = state
        self.connectedAt = connectedAt
    }

    public static func == (lhs: Call, rhs: Call) -> Bool {
        (lhs.facts === rhs.facts || lhs.facts.values == rhs.facts.values)
            && lhs.participants == rhs.participants
            && lhs.state == rhs.state
            && lhs.connectedAt == rhs.connectedAt
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(facts.values)
        hasher.combine(participants)
        hasher.combine(state)
        hasher.combine(connectedAt)
    }

    /// Whether `other` has the same fixed facts (id, caller, mode, policy, media type, room, group,
    /// payload, attachments, creation time): at once when both share the facts' box, as every copy of
    /// one call made by the engine does.
    public func sharesFacts(with other: Call) -> Bool {
        facts === other.facts || facts.values == other.facts.values
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

extension Call: CustomReflectable {
    /// The call shows its properties as before the facts moved into a box (debug output, test failures).
    public var customMirror: Mirror {
        Mirror(self, children: [
            "id": id, "caller": caller, "mode": mode, "policy": policy, "mediaType": mediaType as Any,
            "roomID": roomID as Any, "groupID": groupID as Any, "payload": payload as Any,
            "attachments": attachments, "participants": participants, "state": state, "createdAt": createdAt,
            "connectedAt": connectedAt as Any,
        ], displayStyle: .struct)
    }
}
