/// Where one participant stands in a call: the union of the states the vendors need. Each surface maps
/// it onto its own enum (ZIM `ZIMCallUserState`, Agora invitation states, Tencent `CallParticipantStatus`).
public enum ParticipantState: Hashable, Sendable, CustomStringConvertible {
    /// Invited; no device of the invitee has acknowledged the invitation yet.
    case inviting
    /// Invited, and the not-yet-received check elapsed without an acknowledgement (ZIM `notYetReceived`).
    case notYetReceived
    /// A device of the invitee acknowledged the invitation; it is ringing there.
    case received
    /// Accepted, waiting for the caller's confirmation (three-way accept only).
    case accepting
    /// In the call. The caller starts here.
    case accepted
    /// Declined, or rejected as busy.
    case rejected(RejectionReason)
    /// The inviter cancelled this invitation (or the whole call) before it was answered.
    case cancelled
    /// The invitation ended unanswered.
    case timedOut(TimeoutCause)
    /// The acceptance did not complete (three-way accept only).
    case acceptFailed(AcceptFailure)
    /// Left the call after being in it.
    case quit

    /// Invited and not answered yet: the states in which accept and reject are allowed.
    public var isRinging: Bool {
        switch self {
        case .inviting, .notYetReceived, .received: true
        default: false
        }
    }

    /// Answered yes and still in the call (an acceptance awaiting confirmation counts).
    public var isInCall: Bool {
        switch self {
        case .accepting, .accepted: true
        default: false
        }
    }

    /// Ringing or in the call: the participant still takes part and receives the call's events.
    public var isActive: Bool { isRinging || isInCall }

    /// The participant's part in the call is over.
    public var isTerminal: Bool { !isActive }

    public var description: String {
        switch self {
        case .inviting: "inviting"
        case .notYetReceived: "notYetReceived"
        case .received: "received"
        case .accepting: "accepting"
        case .accepted: "accepted"
        case .rejected(let reason): "rejected(\(reason.rawValue))"
        case .cancelled: "cancelled"
        case .timedOut(let cause): "timedOut(\(cause.rawValue))"
        case .acceptFailed(let failure): "acceptFailed(\(failure.rawValue))"
        case .quit: "quit"
        }
    }

    /// Every state, with every associated value: the rows of the state-by-command table.
    public static let allCases: [ParticipantState] =
        [.inviting, .notYetReceived, .received, .accepting, .accepted]
        + RejectionReason.allCases.map { .rejected($0) }
        + [.cancelled]
        + TimeoutCause.allCases.map { .timedOut($0) }
        + AcceptFailure.allCases.map { .acceptFailed($0) }
        + [.quit]
}

/// Why an invitee rejected. Decided in one place: a busy rejection is automatic (busy policy) or the
/// invitee's own "I'm busy" (Tencent `ignore`); a glare rejection is the service's (the invitee was
/// calling the inviter at the same moment, and the other call survives: docs/CALL-MODEL.md, "Glare");
/// everything else is a decline.
public enum RejectionReason: String, Hashable, Sendable, CaseIterable {
    case declined
    case busy
    case glare
}

/// Why an invitation ended unanswered.
public enum TimeoutCause: String, Hashable, Sendable, CaseIterable {
    /// It rang for the whole ring timeout.
    case noAnswer
    /// The invitee was online but no device acknowledged it within the delivery timeout.
    case noAcknowledgement
    /// The invitee was offline (at once under ``CallPolicy/OfflineInviteePolicy/fail``, or still offline
    /// when the delivery timeout elapsed).
    case offline
}

/// Why an acceptance did not complete (three-way accept).
public enum AcceptFailure: String, Hashable, Sendable, CaseIterable {
    /// The caller was offline when the invitee accepted (Agora `localOffline`).
    case callerOffline
    /// The caller's confirmation did not arrive in time (Agora `acceptFailure`).
    case notConfirmed
}
