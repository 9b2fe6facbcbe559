/// Glare: two users who invite each other at the same moment (docs/CALL-MODEL.md, "Glare").
///
/// Two calls cross when each is a one-to-one call, still ringing, from the other's only invitee to the
/// other's caller, and that invitee has not answered yet. Of two crossing calls the one with the
/// smaller id survives (ids order by creation, whichever node issued them); the other ends at once
/// with ``CallEndReason/glare``, its invitee rejected as ``RejectionReason/glare``. The rule reads only
/// the two calls, so every surface pair, and every arrival order, gets the same answer.
public enum Glare {
    /// Whether `call` is a ringing one-to-one call from `caller` to `invitee` that `invitee` has not
    /// answered: the call a new invitation from `invitee` to `caller` would cross.
    public static func crosses(_ call: Call, from caller: UserID, to invitee: UserID) -> Bool {
        guard call.caller == caller, call.state == .ringing, call.participants.count == 2,
              let callee = call.participant(invitee), callee.role == .invitee
        else { return false }
        return callee.state.isRinging
    }

    /// Which of two crossing calls survives: the one with the smaller id.
    public static func survivor(_ first: CallID, _ second: CallID) -> CallID {
        min(first, second)
    }
}
