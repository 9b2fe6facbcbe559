import SwitchboardCore

/// What ``ServerFrameScanner`` reads of a server frame: a successful response or a call event, as far as
/// a client that places and answers calls needs it, and nothing else.
public enum ScannedFrame: Hashable, Sendable {
    /// A successful response to request `id`; `callID` is the call its reply names (`ok.call.id`), nil
    /// for a reply of another kind.
    /// `echoes` are the call events folded into the response (docs/DECISIONS.md, "Echoes in the reply"),
    /// each about the reply's call, in sequence order: to be handled as events right after the response.
    case success(id: Int64, callID: CallID?, echoes: [ScannedEcho] = [])
    /// A call event at `sequence` of the session's stream.
    case callEvent(sequence: EventSequence, ScannedCallEvent)
}

/// A call event folded into a response, as ``ServerFrameScanner`` reads it.
public struct ScannedEcho: Hashable, Sendable {
    public var sequence: EventSequence
    public var event: ScannedCallEvent

    public init(sequence: EventSequence, event: ScannedCallEvent) {
        self.sequence = sequence
        self.event = event
    }
}

/// A call event as ``ServerFrameScanner`` reads it, seen by the connection's user (the scanner's viewer)
/// with two users followed: the scanner's caller and callee.
public struct ScannedCallEvent: Hashable, Sendable {
    /// The event's kind, without what the scan steps over (who invited, who cancelled with what data,
    /// which participants changed, which device answered).
    public enum Kind: Hashable, Sendable {
        case created, invited, participantsChanged, cancelled, acceptConfirmed, answeredElsewhere, ended, synced
        case timedOut(TimeoutCause)
        case acceptFailed(AcceptFailure)
    }

    /// Where the call stands as a whole: ``/SwitchboardCore/CallState`` without the end's details (who
    /// ended it, when, with what data).
    public enum Phase: Hashable, Sendable {
        case ringing, connected
        case ended(CallEndReason)
    }

    public var kind: Kind
    public var callID: CallID
    /// Whether the call's caller is the followed caller.
    public var isFromCaller: Bool
    public var phase: Phase
    /// The followed callee's state in the call, if they are in it (the first entry of theirs).
    public var calleeState: ParticipantState?
    /// The participants accepting whom the viewer invited (with no inviter named, whom the call's caller
    /// invited, when the viewer is the caller): their acceptance is the viewer's to confirm (the three-way
    /// accept, docs/CALL-MODEL.md, "Participant states"). In the call's order.
    public var acceptingInvitees: [UserID]

    public init(
        kind: Kind, callID: CallID, isFromCaller: Bool, phase: Phase, calleeState: ParticipantState?, acceptingInvitees: [UserID]
    ) {
        self.kind = kind
        self.callID = callID
        self.isFromCaller = isFromCaller
        self.phase = phase
        self.calleeState = calleeState
        self.acceptingInvitees = acceptingInvitees
    }
}

extension ScannedCallEvent.Kind {
    /// `kind` without what the scan steps over.
    public init(_ kind: CallNotification.Kind) {
        switch kind {
        case .created: self = .created
        case .invited: self = .invited
        case .participantsChanged: self = .participantsChanged
        case .cancelled: self = .cancelled
        case .timedOut(let cause): self = .timedOut(cause)
        case .acceptConfirmed: self = .acceptConfirmed
        case .acceptFailed(let failure): self = .acceptFailed(failure)
        case .answeredElsewhere: self = .answeredElsewhere
        case .ended: self = .ended
        case .synced: self = .synced
        }
    }
}

extension ScannedCallEvent.Phase {
    /// `state` without the end's details.
    public init(_ state: CallState) {
        switch state {
        case .ringing: self = .ringing
        case .connected: self = .connected
        case .ended(let end): self = .ended(end.reason)
        }
    }

    /// The end's reason, nil while the call goes on.
    public var endReason: CallEndReason? {
        if case .ended(let reason) = self { return reason }
        return nil
    }
}
