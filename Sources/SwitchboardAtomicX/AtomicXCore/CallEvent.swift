// Swift mirror of AtomicXCore `CallEvent` (DocC `callevent.json`) plus the 4.x case
// (docs/TENCENT.md, "onSuggestSwitchToCellular"). Not `Equatable`, no raw values, as in DocC
// (docs/TENCENT.md, "Equatable only where declared"). Published on `CallStore.shared.callEventPublisher`;
// 4.x consumers are expected to `switch` with a `default`.

/// AtomicXCore `CallEvent` (DocC `callevent.json`): a one-shot call event, next to the state in `CallStore.state`.
public enum CallEvent: Sendable {
    /// AtomicXCore `CallEvent.onCallStarted(callId:mediaType:)`: `calls` succeeded (caller only); not a media-connected signal.
    case onCallStarted(callId: String, mediaType: CallMediaType)
    /// AtomicXCore `CallEvent.onCallReceived(callId:mediaType:userData:)`: an incoming call; read inviter, room and group from `state.activeCall`.
    case onCallReceived(callId: String, mediaType: CallMediaType, userData: String)
    /// AtomicXCore `CallEvent.onCallEnded(callId:mediaType:reason:userId:)`: the call ended, for every outcome; `userId` is who triggered the end. Read the duration from `state.activeCall.duration`.
    case onCallEnded(callId: String, mediaType: CallMediaType, reason: CallEndReason, userId: String)
    /// AtomicXCore 4.x `CallEvent.onSuggestSwitchToCellular` (no associated values, as on Android): Wi-Fi is poor, cellular is suggested; emitted only through an explicit test hook.
    case onSuggestSwitchToCellular
}
