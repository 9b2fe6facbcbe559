/// One user's part in a call.
public struct Participant: Hashable, Sendable {
    /// How the user came into the call.
    public enum Role: String, Hashable, Sendable, CaseIterable {
        case caller
        case invitee
        /// Came in through `join` without an invitation.
        case joiner
    }

    public var user: UserID
    public var role: Role
    /// Who invited this participant: the caller, or whoever used invite-more. Nil for the caller and joiners.
    /// Only this user may cancel the invitation.
    public var invitedBy: UserID?
    public var state: ParticipantState
    /// The data the participant answered, joined or quit with (Agora `response`, ZIM `extendedData`).
    public var answerData: String?
    /// When ``state`` last changed.
    public var changedAt: Timestamp
    /// When the participant was (last) invited or joined.
    public var invitedAt: Timestamp
    /// When the participant entered the call (accepted, joined, or created it); nil if never.
    public var answeredAt: Timestamp?
    /// When the participant left a call they were in.
    public var leftAt: Timestamp?
    /// The device that acts for this participant (the caller's device, the device that answered or
    /// joined). Once set, the call's events go to this device only (ZIM's primary device); until then to
    /// every device of the user.
    public var device: DeviceID?
    /// Whether the user has a device online, as last told by the service.
    public var isOnline: Bool
    /// The participant's microphone and camera as their device last reported them
    /// (``CallCommand/setMedia(_:)``).
    public var media: ParticipantMedia

    /// An invitee's device has not acknowledged the invitation by then: it fails (delivery timeout).
    public var deliveryDeadline: Timestamp?
    /// The not-yet-received check fires then.
    public var notReceivedDeadline: Timestamp?
    /// The invitation times out then.
    public var ringDeadline: Timestamp?
    /// The acceptance fails then unless confirmed.
    public var confirmDeadline: Timestamp?
    /// A call record was written for this participant's current stint in the call.
    public var isRecorded: Bool
    /// Time connected in earlier stints (a participant who left and came back), not counting the
    /// current one.
    public var earlierConnectedTime: Duration
    /// The devices the service rang by push, and whether each ring is settled (docs/SERVER.md, "Push").
    public var pushMarks: [PushMark]

    public init(
        user: UserID,
        role: Role,
        invitedBy: UserID?,
        state: ParticipantState,
        at now: Timestamp,
        device: DeviceID? = nil,
        isOnline: Bool = true
    ) {
        self.user = user
        self.role = role
        self.invitedBy = invitedBy
        self.state = state
        self.answerData = nil
        self.changedAt = now
        self.invitedAt = now
        self.answeredAt = state.isInCall ? now : nil
        self.leftAt = nil
        self.device = device
        self.isOnline = isOnline
        self.media = .off
        self.deliveryDeadline = nil
        self.notReceivedDeadline = nil
        self.ringDeadline = nil
        self.confirmDeadline = nil
        self.isRecorded = false
        self.earlierConnectedTime = .zero
        self.pushMarks = []
    }

    /// The earliest of this participant's deadlines.
    public var nextDeadline: Timestamp? {
        Timestamp.earliest(Timestamp.earliest(deliveryDeadline, notReceivedDeadline),
                           Timestamp.earliest(ringDeadline, confirmDeadline))
    }

    /// Whether any deadline is armed. Checked before ``clearDeadlines()`` where the participant list may
    /// be shared with notifications already made, so that clearing nothing does not copy the list.
    var hasDeadline: Bool {
        deliveryDeadline != nil || notReceivedDeadline != nil || ringDeadline != nil || confirmDeadline != nil
    }

    mutating func clearDeadlines() {
        deliveryDeadline = nil
        notReceivedDeadline = nil
        ringDeadline = nil
        confirmDeadline = nil
    }

    mutating func enter(_ newState: ParticipantState, at now: Timestamp) {
        state = newState
        changedAt = now
        if newState.isTerminal {
            clearDeadlines()
        }
    }
}
