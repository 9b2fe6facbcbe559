import SwitchboardCore

/// What ``ServerFrameScanner`` keeps of a call its connection carried, to read the call's compact frames
/// (docs/DECISIONS.md, "Compact call events"): whether the followed caller placed it, and each participant
/// as far as ``ScannedCallEvent`` needs them. Users are their ids' UTF-8, compared byte for byte.
public struct ScannedCall: Hashable, Sendable {
    /// One participant as the scan needs it.
    public struct Participant: Hashable, Sendable {
        /// The user's id, UTF-8.
        public var user: [UInt8]
        /// Whether the user is the followed callee.
        public var isCallee: Bool
        /// Whether the viewer invited them (or, with no inviter named, placed the call): their
        /// acceptance is the viewer's to confirm.
        public var invitedByViewer: Bool
        public var state: ParticipantState

        public init(user: [UInt8], isCallee: Bool, invitedByViewer: Bool, state: ParticipantState) {
            self.user = user
            self.isCallee = isCallee
            self.invitedByViewer = invitedByViewer
            self.state = state
        }
    }

    /// Whether the call's caller is the followed caller.
    public var isFromCaller: Bool
    /// Whether the viewer placed the call (an invitee with no inviter named was invited by them).
    public var callerIsViewer: Bool
    /// In the call's order.
    public var participants: [Participant]

    public init(isFromCaller: Bool, callerIsViewer: Bool, participants: [Participant]) {
        self.isFromCaller = isFromCaller
        self.callerIsViewer = callerIsViewer
        self.participants = participants
    }

    /// `call` as the scan keeps it, seen by `viewer` with `caller` and `callee` followed (ids' UTF-8).
    init(_ call: Call, viewer: [UInt8], caller: [UInt8], callee: [UInt8]) {
        isFromCaller = call.caller.rawValue.utf8.elementsEqual(caller)
        callerIsViewer = call.caller.rawValue.utf8.elementsEqual(viewer)
        participants = call.participants.map { participant in
            Participant(user: Array(participant.user.rawValue.utf8), isCallee: participant.user.rawValue.utf8.elementsEqual(callee),
                        invitedByViewer: (participant.invitedBy ?? call.caller).rawValue.utf8.elementsEqual(viewer),
                        state: participant.state)
        }
    }

    /// The event of `kind` about this call, as the viewer reads it.
    func event(_ kind: ScannedCallEvent.Kind, id: CallID, phase: ScannedCallEvent.Phase) -> ScannedCallEvent {
        let calleeState = participants.first(where: \.isCallee)?.state
        let accepting = participants.lazy.filter { $0.state == .accepting && $0.invitedByViewer }
            .map { UserID(String(decoding: $0.user, as: UTF8.self)) }
        return ScannedCallEvent(kind: kind, callID: id, isFromCaller: isFromCaller, phase: phase, calleeState: calleeState,
                                acceptingInvitees: Array(accepting))
    }
}
