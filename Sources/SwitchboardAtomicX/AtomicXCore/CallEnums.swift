// Swift mirrors of the AtomicXCore CallStore enums. Case names are DocC's; raw values are HARMONY-DOC's
// (docs/TENCENT.md, "CallStore raw values"), DocC's own table for `NetworkQuality`, and a project choice
// for `VolumeLevel` (docs/TENCENT.md, "VolumeLevel and CallLayoutTemplate"). Every enum here is
// `Hashable` (implicitly: no associated values), so they work as dictionary keys
// (`[NetworkQuality: String]`, `[VolumeLevel: String]`).

/// AtomicXCore `CallMediaType: Int` (DocC `callmediatype.json`): audio or video. There is no `unknown` case.
public enum CallMediaType: Int, Sendable, CaseIterable {
    /// AtomicXCore `CallMediaType.audio` (1, HARMONY-DOC raw value): an audio call.
    case audio = 1
    /// AtomicXCore `CallMediaType.video` (2, HARMONY-DOC raw value): a video call.
    case video = 2
}

/// AtomicXCore `CallParticipantStatus: Int` (DocC `callparticipantstatus.json`): a participant's call status, as `TUICallStatus`.
public enum CallParticipantStatus: Int, Sendable, CaseIterable {
    /// AtomicXCore `CallParticipantStatus.none` (0): not in a call (idle).
    case none = 0
    /// AtomicXCore `CallParticipantStatus.waiting` (1): calling or being called (ringing).
    case waiting = 1
    /// AtomicXCore `CallParticipantStatus.accept` (2): in a connected call.
    case accept = 2
}

/// AtomicXCore `CallDirection: Int` (DocC `calldirection.json`): the direction of a call, stored in `CallInfo.result`; as `TUICallResultType`.
public enum CallDirection: Int, Sendable, CaseIterable {
    /// AtomicXCore `CallDirection.unknown` (0): unknown.
    case unknown = 0
    /// AtomicXCore `CallDirection.missed` (1): an incoming call that was not answered.
    case missed = 1
    /// AtomicXCore `CallDirection.incoming` (2): an incoming call.
    case incoming = 2
    /// AtomicXCore `CallDirection.outgoing` (3): an outgoing call.
    case outgoing = 3
}

/// AtomicXCore `CallEndReason: Int` (DocC `callendreason.json`): why a call ended, in `CallEvent.onCallEnded`; identical to `TUICallEndReason`.
public enum CallEndReason: Int, Sendable, CaseIterable {
    /// AtomicXCore `CallEndReason.unknown` (0): the reason cannot be determined.
    case unknown = 0
    /// AtomicXCore `CallEndReason.hangup` (1): the user hung up.
    case hangup = 1
    /// AtomicXCore `CallEndReason.reject` (2): the callee rejected.
    case reject = 2
    /// AtomicXCore `CallEndReason.noResponse` (3): the callee did not answer within the timeout.
    case noResponse = 3
    /// AtomicXCore `CallEndReason.offline` (4): the callee is offline.
    case offline = 4
    /// AtomicXCore `CallEndReason.lineBusy` (5): the callee is already in a call.
    case lineBusy = 5
    /// AtomicXCore `CallEndReason.canceled` (6): the caller cancelled before the callee answered.
    case canceled = 6
    /// AtomicXCore `CallEndReason.otherDeviceAccepted` (7): the same account accepted on another device.
    case otherDeviceAccepted = 7
    /// AtomicXCore `CallEndReason.otherDeviceReject` (8): the same account rejected on another device.
    case otherDeviceReject = 8
    /// AtomicXCore `CallEndReason.endByServer` (9): the server terminated the call.
    case endByServer = 9
}

/// AtomicXCore `NetworkQuality: UInt` (DocC `networkquality.json`, raw values from its table): a user's network quality.
public enum NetworkQuality: UInt, Sendable, CaseIterable {
    /// AtomicXCore `NetworkQuality.unknown` (0): unknown.
    case unknown = 0
    /// AtomicXCore `NetworkQuality.excellent` (1): excellent.
    case excellent = 1
    /// AtomicXCore `NetworkQuality.good` (2): good.
    case good = 2
    /// AtomicXCore `NetworkQuality.poor` (3): poor.
    case poor = 3
    /// AtomicXCore `NetworkQuality.bad` (4): bad.
    case bad = 4
    /// AtomicXCore `NetworkQuality.veryBad` (5): very bad.
    case veryBad = 5
    /// AtomicXCore `NetworkQuality.down` (6): disconnected.
    case down = 6
}

/// AtomicXCore `VolumeLevel: Int` (DocC `volumelevel.json`): a speaker's volume band, keys of `CallCoreView.setVolumeLevelIcons(icons:)`.
///
/// DocC gives no raw values; `mute = 0 … peak = 4` is the module's choice
/// (docs/TENCENT.md, "VolumeLevel and CallLayoutTemplate"). The bands are GUIDE-IOS's: `.mute` while the
/// microphone is closed, otherwise [0, 25] → `.low`, (25, 50] → `.medium`, (50, 75] → `.high`,
/// (75, 100] → `.peak`.
public enum VolumeLevel: Int, Sendable, CaseIterable {
    /// AtomicXCore `VolumeLevel.mute` (0): the microphone is closed.
    case mute = 0
    /// AtomicXCore `VolumeLevel.low` (1): volume 0…25.
    case low = 1
    /// AtomicXCore `VolumeLevel.medium` (2): volume (25, 50].
    case medium = 2
    /// AtomicXCore `VolumeLevel.high` (3): volume (50, 75].
    case high = 3
    /// AtomicXCore `VolumeLevel.peak` (4): volume (75, 100].
    case peak = 4
}

/// AtomicXCore `CallLayoutTemplate` (DocC `calllayouttemplate.json`, no raw type): the layout of `CallCoreView`.
public enum CallLayoutTemplate: Sendable, CaseIterable {
    /// AtomicXCore `CallLayoutTemplate.float`: one full-screen video with a draggable small window (the 1:1 default).
    case float
    /// AtomicXCore `CallLayoutTemplate.grid`: every participant in a grid (the group-call default).
    case grid
    /// AtomicXCore `CallLayoutTemplate.pip`: the other party (1:1) or the active speaker (group), for a floating window.
    case pip
}
