import Foundation

// Swift mirrors of the AtomicXCore CallStore state (DocC `callstate.json`, `callinfo.json`,
// `callparticipantinfo.json`). Defaults are the zero values of the declared types, `mediaType` nil,
// `result` `.unknown`, `status` `.none` (idle) (docs/TENCENT.md, "Default values"). Only
// `CallParticipantInfo` is `Equatable`, as in DocC: an added conformance on `CallState` or `CallInfo`
// would switch `StatePublisher.subscribe(_:)` to its deduplicating overload
// (docs/TENCENT.md, "Equatable only where declared").

/// AtomicXCore `CallState` (DocC `callstate.json`): `CallStore.shared.state.value`. Not `Equatable`.
public struct CallState: Sendable {
    /// AtomicXCore `CallState.init()`: no call, no records.
    public init() {}

    /// AtomicXCore `CallState.activeCall`: the current call; not cleared by `onCallEnded`, it keeps the final state until the next call.
    public var activeCall: CallInfo = CallInfo()
    /// AtomicXCore `CallState.recentCalls`: the last page fetched by `queryRecentCalls`, overwritten (not appended) by each query.
    public var recentCalls: [CallInfo] = []
    /// AtomicXCore `CallState.cursor`: the cursor for the next `queryRecentCalls` page ("" before the first query).
    public var cursor: String = ""
    /// AtomicXCore `CallState.selfInfo`: the local user as a call participant; `status != .none` means busy.
    public var selfInfo: CallParticipantInfo = CallParticipantInfo()
    /// AtomicXCore `CallState.allParticipants`: every participant of the current call, self included.
    public var allParticipants: [CallParticipantInfo] = []
    /// AtomicXCore `CallState.speakerVolumes`: userId → volume (0…100: DocC gives none; `TUICallObserver.onUserVoiceVolumeChanged` documents it).
    public var speakerVolumes: [String: Int] = [:]
    /// AtomicXCore `CallState.networkQualities`: userId → network quality.
    public var networkQualities: [String: NetworkQuality] = [:]
}

/// AtomicXCore `CallInfo` (DocC `callinfo.json`): one call, current (`activeCall`) or past (`recentCalls`). Not `Equatable`.
public struct CallInfo: Sendable {
    /// AtomicXCore `CallInfo.init()`: empty strings and lists, `mediaType` nil, `result` `.unknown`, times 0.
    public init() {}

    /// AtomicXCore `CallInfo.callId`: the call's unique id.
    public var callId: String = ""
    /// AtomicXCore `CallInfo.roomId`: the media room id.
    public var roomId: String = ""
    /// AtomicXCore `CallInfo.inviterId`: the caller; `selfInfo.id == activeCall.inviterId` tests "I am the caller".
    public var inviterId: String = ""
    /// AtomicXCore `CallInfo.inviteeIds`: the invited users.
    public var inviteeIds: [String] = []
    /// AtomicXCore `CallInfo.chatGroupId`: the IM group the call belongs to, "" for a non-group call.
    public var chatGroupId: String = ""
    /// AtomicXCore `CallInfo.mediaType`: audio or video; may be nil early in a call or in historical records.
    public var mediaType: CallMediaType? = nil
    /// AtomicXCore `CallInfo.result`: the call's direction (not its end reason).
    public var result: CallDirection = .unknown
    /// AtomicXCore `CallInfo.startTime` (`TimeInterval`): when the call started, in seconds since 1970 (DocC; HARMONY-DOC says milliseconds).
    public var startTime: TimeInterval = 0
    /// AtomicXCore `CallInfo.duration`: the connected time in whole seconds, incremented every second while connected.
    ///
    /// DocC declares `TimeInterval`; the module uses `Int` so that GUIDE-IOS's timer sample
    /// (`duration / 60`, `duration % 60`, `%02d`) compiles unchanged (docs/TENCENT.md, "duration is an Int").
    public var duration: Int = 0
}

/// AtomicXCore `CallParticipantInfo: Equatable` (DocC `callparticipantinfo.json`): one participant. Volume and network quality live in `CallState`.
public struct CallParticipantInfo: Sendable, Equatable {
    /// AtomicXCore `CallParticipantInfo.init()`: empty strings, `.none`, devices closed.
    public init() {}

    /// AtomicXCore `CallParticipantInfo.id`: the user id.
    public var id: String = ""
    /// AtomicXCore `CallParticipantInfo.name`: the nickname.
    public var name: String = ""
    /// AtomicXCore `CallParticipantInfo.avatarURL`: the avatar URL.
    public var avatarURL: String = ""
    /// AtomicXCore `CallParticipantInfo.remark`: the local user's friend remark for this user.
    public var remark: String = ""
    /// AtomicXCore `CallParticipantInfo.status`: `.none` (idle), `.waiting` (ringing) or `.accept` (connected).
    public var status: CallParticipantStatus = .none
    /// AtomicXCore `CallParticipantInfo.isMicrophoneOpened`: the participant's microphone is on.
    public var isMicrophoneOpened: Bool = false
    /// AtomicXCore `CallParticipantInfo.isCameraOpened`: the participant's camera is on.
    public var isCameraOpened: Bool = false
}
