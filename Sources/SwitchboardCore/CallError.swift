/// Why a command was refused. The call is unchanged whenever one is thrown.
///
/// Codes are stable strings: they cross the wire as `{code, message}` and each surface maps them to its
/// vendor's own error codes.
public struct CallError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// No call with that id (or it is no longer kept). Issued by the service.
        case callNotFound = "call_not_found"
        /// The call has ended; nothing more can be done to it.
        case callEnded = "call_ended"
        /// The sender (or a named user) is not a participant of the call.
        case notParticipant = "not_participant"
        /// Only the user who invited a participant may cancel that invitation.
        case notInviter = "not_inviter"
        /// The invitation was already accepted (or the acceptance is being confirmed).
        case alreadyAccepted = "already_accepted"
        /// The invitation was already rejected.
        case alreadyRejected = "already_rejected"
        /// The invitation was cancelled.
        case invitationCancelled = "invitation_cancelled"
        /// The invitation timed out.
        case invitationTimedOut = "invitation_timed_out"
        /// The invitation is over for another reason (the participant quit, or the acceptance failed).
        case invitationEnded = "invitation_ended"
        /// The command needs the sender to be in the call (accepted).
        case notInCall = "not_in_call"
        /// The user is already ringing or in the call (or this device already acts for them).
        case alreadyInCall = "already_in_call"
        /// The command exists only for advanced-mode calls.
        case notAdvancedMode = "not_advanced_mode"
        /// More invitees than the call's policy allows in one invitation.
        case tooManyInvitees = "too_many_invitees"
        /// The call would exceed its participant limit.
        case callFull = "call_full"
        /// The invitee list is empty, names the sender, repeats a user or holds an invalid id.
        case invalidInvitees = "invalid_invitees"
        /// A payload, answer or the attachments are larger than allowed.
        case payloadTooLarge = "payload_too_large"
        /// A room id, group id or attachment is malformed (too long, empty key, too many).
        case invalidArgument = "invalid_argument"
        /// The policy is inconsistent or outside the service's bounds.
        case invalidPolicy = "invalid_policy"
        /// There is no acceptance of that participant waiting for confirmation.
        case nothingToConfirm = "nothing_to_confirm"
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// The error for acting on an invitation that is no longer ringing.
    static func notRinging(_ participant: Participant) -> CallError {
        let user = participant.user
        switch participant.state {
        case .accepting, .accepted:
            return CallError(.alreadyAccepted, "\(user) has already accepted")
        case .rejected:
            return CallError(.alreadyRejected, "\(user) has already rejected")
        case .cancelled:
            return CallError(.invitationCancelled, "the invitation of \(user) was cancelled")
        case .timedOut:
            return CallError(.invitationTimedOut, "the invitation of \(user) timed out")
        case .acceptFailed, .quit:
            return CallError(.invitationEnded, "the invitation of \(user) is over (\(participant.state))")
        case .inviting, .notYetReceived, .received:
            preconditionFailure("\(user) is ringing")
        }
    }
}
