/// A participant's (or would-be participant's) request to change a call. Issued from one device; see
/// ``CallEngine/handle(_:from:at:)``.
public enum CallCommand: Hashable, Sendable {
    /// Cancel unanswered invitations made by the sender: the named invitees, or all of them when nil.
    case cancel(invitees: [UserID]?, data: String?)
    /// Accept a ringing invitation.
    case accept(data: String?)
    /// Reject a ringing invitation.
    case reject(data: String?, reason: RejectionReason)
    /// A device of the invitee received the invitation (sent automatically by the client).
    case acknowledgeDelivery
    /// The caller's client has the acceptance of `invitee` (sent automatically; three-way accept).
    case confirmAccept(invitee: UserID)
    /// Invite more users into an advanced call; the sender must be in the call.
    case inviteMore(invitees: [UserID], status: [UserID: InviteeStatus])
    /// Join an advanced call (an outsider, or a participant moving the call to this device).
    case join(data: String?)
    /// Leave an advanced call.
    case quit(data: String?)
    /// End an advanced call for everyone.
    case end(data: String?)
    /// Report the sender's microphone and camera (ringing or in the call); everyone active is told.
    case setMedia(ParticipantMedia)

    /// The command's name as used in errors, logs and the state-by-command table.
    public var name: String {
        switch self {
        case .cancel: "cancel"
        case .accept: "accept"
        case .reject: "reject"
        case .acknowledgeDelivery: "acknowledgeDelivery"
        case .confirmAccept: "confirmAccept"
        case .inviteMore: "inviteMore"
        case .join: "join"
        case .quit: "quit"
        case .end: "end"
        case .setMedia: "setMedia"
        }
    }
}
