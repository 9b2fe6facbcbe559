/// How a call looks from one participant's history.
public enum CallDirection: String, Hashable, Sendable, CaseIterable {
    /// The participant placed the call.
    case outgoing
    /// The participant answered it: accepted, joined, or declined it themselves.
    case incoming
    /// It rang out, was cancelled, or was rejected as busy without the participant answering.
    case missed
}

/// One participant's record of a call, written when their part in it ends (or the call ends).
/// Ephemeral calls leave none.
public struct CallRecord: Hashable, Sendable {
    public var callID: CallID
    /// Whose history this record belongs to.
    public var owner: UserID
    public var caller: UserID
    /// Everyone who was part of the call, in call order.
    public var participants: [UserID]
    public var mode: CallMode
    public var mediaType: MediaType?
    public var roomID: String?
    public var groupID: String?
    public var direction: CallDirection
    /// The owner's final state in the call.
    public var outcome: ParticipantState
    /// Why the owner's part ended.
    public var endReason: CallEndReason
    /// The device the owner answered on, if they answered. A device that did not answer shows the call
    /// as answered elsewhere instead of missed (see ``answeredElsewhere(relativeTo:)``).
    public var answeredOn: DeviceID?
    /// When the call was created.
    public var startedAt: Timestamp
    /// How long the owner was connected (zero if never).
    public var duration: Duration
    /// When the record was written (its position in the owner's newest-first history).
    public var recordedAt: Timestamp
    /// The caller's payload (``Call/payload``).
    public var payload: String?
    /// Who invited the owner (``Participant/invitedBy``); nil for the caller and for joiners.
    public var inviter: UserID?
    /// Every participant as the call stood when the record was written, in call order.
    public var members: [Member]
    /// When the call ended, if it had ended when the record was written.
    public var endedAt: Timestamp?
    /// Why the call ended, if it had (``endReason`` is why the owner's part ended).
    public var callEndReason: CallEndReason?

    /// One participant of the call as it stood when the record was written.
    public struct Member: Hashable, Sendable {
        public var user: UserID
        /// The participant's state (final, if their part had ended).
        public var state: ParticipantState
        /// The participant's answer data (``Participant/answerData``).
        public var data: String?
        /// When the state last changed (``Participant/changedAt``); nil in records from before it was kept.
        public var changedAt: Timestamp?

        public init(user: UserID, state: ParticipantState, data: String? = nil, changedAt: Timestamp? = nil) {
            self.user = user
            self.state = state
            self.data = data
            self.changedAt = changedAt
        }
    }

    public init(
        callID: CallID, owner: UserID, caller: UserID, participants: [UserID], mode: CallMode,
        mediaType: MediaType?, roomID: String?, groupID: String?, direction: CallDirection,
        outcome: ParticipantState, endReason: CallEndReason, answeredOn: DeviceID?,
        startedAt: Timestamp, duration: Duration, recordedAt: Timestamp,
        payload: String? = nil, inviter: UserID? = nil, members: [Member] = [], endedAt: Timestamp? = nil,
        callEndReason: CallEndReason? = nil
    ) {
        self.callID = callID
        self.owner = owner
        self.caller = caller
        self.participants = participants
        self.mode = mode
        self.mediaType = mediaType
        self.roomID = roomID
        self.groupID = groupID
        self.direction = direction
        self.outcome = outcome
        self.endReason = endReason
        self.answeredOn = answeredOn
        self.startedAt = startedAt
        self.duration = duration
        self.recordedAt = recordedAt
        self.payload = payload
        self.inviter = inviter
        self.members = members
        self.endedAt = endedAt
        self.callEndReason = callEndReason
    }

    /// Whether, seen from `device`, the owner answered on another device ("answered elsewhere", not
    /// "missed").
    public func answeredElsewhere(relativeTo device: DeviceID) -> Bool {
        guard let answeredOn, direction == .incoming else { return false }
        return answeredOn != device
    }
}

extension CallRecord {
    /// Every participant of `call` as a record shows them.
    static func members(of call: Call) -> [Member] {
        call.participants.map { Member(user: $0.user, state: $0.state, data: $0.answerData, changedAt: $0.changedAt) }
    }
}
