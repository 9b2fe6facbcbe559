/// What the engine tells the `ZIM` instance, as values that cross to the callback queue, where the
/// instance builds the info objects and calls its `ZIMEventHandler`.
enum ZIMEvent: Hashable, Sendable {
    case connectionStateChanged(ZIMConnectionState, ZIMConnectionEvent)
    case tokenWillExpire(seconds: UInt32)
    /// The user's own information, changed on another device.
    case userInfoUpdated(ZIMKnownUser)
    case callInvitationCreated(ZIMCallView)
    case callInvitationReceived(ZIMCallView, inviter: String)
    case callInvitationCancelled(callID: String, inviter: String, mode: ZIMCallInvitationMode, extendedData: String)
    /// Delivered as both `callInvitationTimeout(_:callID:)` and the legacy `callInvitationTimeout(_:)`.
    case callInvitationTimeout(callID: String, mode: ZIMCallInvitationMode)
    case callInvitationEnded(ZIMCallView, operatedUserID: String, extendedData: String)
    case callUserStateChanged(callID: String, users: [ZIMCallUser])
    /// Legacy (deprecated in 2.9): to the inviter, beside `callUserStateChanged`.
    case callInvitationAccepted(callID: String, invitee: String, extendedData: String)
    case callInvitationRejected(callID: String, invitee: String, extendedData: String)
    case callInviteesAnsweredTimeout(callID: String, invitees: [String])
    /// For the instance's `ZPNs`: the service accepted a token (`onRegistered`).
    case zpnsRegistered(pushID: String)
    /// For the instance's `ZPNs`: a token could not be registered (`ZPNsRegisterFailed`).
    case zpnsRegisterFailed(ZPNsFailure)
}
