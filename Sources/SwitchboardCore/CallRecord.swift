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
    /// The record's fields live in one box, shared by copies until one of them changes (copy on write):
    /// the engine hands records out in its effect lists and the service passes them on to its stores,
    /// and a copy then costs one reference instead of a dozen.
    private var storage: Storage

    private final class Storage: @unchecked Sendable {
        // @unchecked: `fields` is written only by `CallRecord`'s setters, each after `makeUnique()`: a
        // box shared by several records is never written.
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private struct Fields: Hashable {
        var callID: CallID
        var owner: UserID
        var caller: UserID
        var participants: [UserID]
        var mode: CallMode
        var mediaType: MediaType?
        var roomID: String?
        var groupID: String?
        var direction: CallDirection
        var outcome: ParticipantState
        var endReason: CallEndReason
        var answeredOn: DeviceID?
        var startedAt: Timestamp
        var duration: Duration
        var recordedAt: Timestamp
        var payload: String?
        var inviter: UserID?
        var members: [Member]
        var endedAt: Timestamp?
        var callEndReason: CallEndReason?
    }

    /// Gives this record a box of its own before one of its fields changes, if another copy shares it.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(storage.fields)
        }
    }

    public var callID: CallID {
        get { storage.fields.callID }
        set { makeUnique(); storage.fields.callID = newValue }
    }
    /// Whose history this record belongs to.
    public var owner: UserID {
        get { storage.fields.owner }
        set { makeUnique(); storage.fields.owner = newValue }
    }
    public var caller: UserID {
        get { storage.fields.caller }
        set { makeUnique(); storage.fields.caller = newValue }
    }
    /// Everyone who was part of the call, in call order.
    public var participants: [UserID] {
        get { storage.fields.participants }
        set { makeUnique(); storage.fields.participants = newValue }
    }
    public var mode: CallMode {
        get { storage.fields.mode }
        set { makeUnique(); storage.fields.mode = newValue }
    }
    public var mediaType: MediaType? {
        get { storage.fields.mediaType }
        set { makeUnique(); storage.fields.mediaType = newValue }
    }
    public var roomID: String? {
        get { storage.fields.roomID }
        set { makeUnique(); storage.fields.roomID = newValue }
    }
    public var groupID: String? {
        get { storage.fields.groupID }
        set { makeUnique(); storage.fields.groupID = newValue }
    }
    public var direction: CallDirection {
        get { storage.fields.direction }
        set { makeUnique(); storage.fields.direction = newValue }
    }
    /// The owner's final state in the call.
    public var outcome: ParticipantState {
        get { storage.fields.outcome }
        set { makeUnique(); storage.fields.outcome = newValue }
    }
    /// Why the owner's part ended.
    public var endReason: CallEndReason {
        get { storage.fields.endReason }
        set { makeUnique(); storage.fields.endReason = newValue }
    }
    /// The device the owner answered on, if they answered. A device that did not answer shows the call
    /// as answered elsewhere instead of missed (see ``answeredElsewhere(relativeTo:)``).
    public var answeredOn: DeviceID? {
        get { storage.fields.answeredOn }
        set { makeUnique(); storage.fields.answeredOn = newValue }
    }
    /// When the call was created.
    public var startedAt: Timestamp {
        get { storage.fields.startedAt }
        set { makeUnique(); storage.fields.startedAt = newValue }
    }
    /// How long the owner was connected (zero if never).
    public var duration: Duration {
        get { storage.fields.duration }
        set { makeUnique(); storage.fields.duration = newValue }
    }
    /// When the record was written (its position in the owner's newest-first history).
    public var recordedAt: Timestamp {
        get { storage.fields.recordedAt }
        set { makeUnique(); storage.fields.recordedAt = newValue }
    }
    /// The caller's payload (``Call/payload``).
    public var payload: String? {
        get { storage.fields.payload }
        set { makeUnique(); storage.fields.payload = newValue }
    }
    /// Who invited the owner (``Participant/invitedBy``); nil for the caller and for joiners.
    public var inviter: UserID? {
        get { storage.fields.inviter }
        set { makeUnique(); storage.fields.inviter = newValue }
    }
    /// Every participant as the call stood when the record was written, in call order.
    public var members: [Member] {
        get { storage.fields.members }
        set { makeUnique(); storage.fields.members = newValue }
    }
    /// When the call ended, if it had ended when the record was written.
    public var endedAt: Timestamp? {
        get { storage.fields.endedAt }
        set { makeUnique(); storage.fields.endedAt = newValue }
    }
    /// Why the call ended, if it had (``endReason`` is why the owner's part ended).
    public var callEndReason: CallEndReason? {
        get { storage.fields.callEndReason }
        set { makeUnique(); storage.fields.callEndReason = newValue }
    }

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
        storage = Storage(Fields(
            callID: callID, owner: owner, caller: caller, participants: participants, mode: mode,
            mediaType: mediaType, roomID: roomID, groupID: groupID, direction: direction, outcome: outcome,
            endReason: endReason, answeredOn: answeredOn, startedAt: startedAt, duration: duration,
            recordedAt: recordedAt, payload: payload, inviter: inviter, members: members, endedAt: endedAt,
            callEndReason: callEndReason))
    }

    public static func == (lhs: CallRecord, rhs: CallRecord) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    /// Whether, seen from `device`, the owner answered on another device ("answered elsewhere", not
    /// "missed").
    public func answeredElsewhere(relativeTo device: DeviceID) -> Bool {
        guard let answeredOn, direction == .incoming else { return false }
        return answeredOn != device
    }
}

extension CallRecord: CustomReflectable {
    /// The record shows its fields as before they moved into a box (debug output, test failures).
    public var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: storage.fields).children, displayStyle: .struct)
    }
}

extension CallRecord {
    /// Every participant of `call` as a record shows them.
    static func members(of call: Call) -> [Member] {
        call.participants.map { Member(user: $0.user, state: $0.state, data: $0.answerData, changedAt: $0.changedAt) }
    }
}
