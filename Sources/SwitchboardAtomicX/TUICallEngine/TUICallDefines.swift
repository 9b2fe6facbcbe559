import Foundation

// Swift mirrors of the legacy TUICallEngine types from `TUICallDefine.h` and `TUICommonDefine.h`. Case
// names are what ClangImporter makes of the Objective-C enumerators (`TUICallMediaTypeAudio` → `.audio`).
// Tencent's sources give the underlying type of `TUICallMediaType` (NSUInteger) and `TUINetworkQuality`
// (NSInteger) only; the other enums follow them by header, `UInt` for TUICallDefine.h and `Int` for
// TUICommonDefine.h. What is inferred here, and why, is docs/TENCENT.md, "Inferred TUICallEngine types".
// The data classes are plain `NSObject` subclasses whose properties start at the Objective-C zero values
// (empty strings, 0, NO, the raw-value-0 case), except where a documented default is noted
// (`TUICallParams.timeout`, `TUIOfflinePushInfo.androidVIVOClassification`).

// MARK: - Callbacks (TUICallEngine.h)

/// TUICallEngine.h `TUICallSucc` (`void (^)(void)`): a successful engine call.
public typealias TUICallSucc = () -> Void
/// TUICallEngine.h `TUICallFail` (`void (^)(int code, NSString *errMsg)`): a failed engine call, with an `ERROR_*` code and message.
public typealias TUICallFail = (Int32, String?) -> Void
/// TUICallEngine.h `TUIJsonAPIResponseBlock`: the reply of `call(api:param:callback:)`, as code, message, data.
public typealias TUIJsonAPIResponseBlock = (Int32, String, String) -> Void

// MARK: - Call enums (TUICallDefine.h)

/// TUICallDefine.h `TUICallMediaType` (NS_ENUM(NSUInteger)): the call's media; AtomicXCore's `CallMediaType` without `unknown`.
public enum TUICallMediaType: UInt, Sendable, CaseIterable {
    /// TUICallMediaTypeUnknown (0): unknown.
    case unknown = 0
    /// TUICallMediaTypeAudio (1): an audio call.
    case audio = 1
    /// TUICallMediaTypeVideo (2): a video call.
    case video = 2
}

/// TUICallDefine.h `TUICallRole` (NSUInteger): the local user's role in a call.
public enum TUICallRole: UInt, Sendable, CaseIterable {
    /// TUICallRoleNone (0): no role (not in a call).
    case none = 0
    /// TUICallRoleCall (1): the caller.
    case call = 1
    /// TUICallRoleCalled (2): the callee.
    case called = 2
}

/// TUICallDefine.h `TUICallStatus` (NSUInteger): a user's call status; AtomicXCore's `CallParticipantStatus`.
public enum TUICallStatus: UInt, Sendable, CaseIterable {
    /// TUICallStatusNone (0): not in a call.
    case none = 0
    /// TUICallStatusWaiting (1): calling or being called.
    case waiting = 1
    /// TUICallStatusAccept (2): in a connected call.
    case accept = 2
}

/// TUICallDefine.h `TUICallScene` (NSUInteger): the kind of call, with the current header's raw values
/// (older tables differ: docs/TENCENT.md, "TUICallScene raw values").
public enum TUICallScene: UInt, Sendable, CaseIterable {
    /// TUICallSceneNone (0, current header): no scene.
    case none = 0
    /// TUICallSceneGroup (1, current header; 0 in trtc.io 54902 and TUICallEngine 1.9.0): a group call.
    case group = 1
    /// TUICallSceneMulti (2, current header; 1 in older tables): a multi-person call without an IM group.
    case multi = 2
    /// TUICallSceneSingle (3, current header; 2 in older tables): a one-to-one call.
    case single = 3
}

/// TUICallDefine.h `TUICallEndReason` (NSUInteger): why a call ended or failed to connect; AtomicXCore's `CallEndReason`.
public enum TUICallEndReason: UInt, Sendable, CaseIterable {
    /// TUICallEndReasonUnknown (0): unknown.
    case unknown = 0
    /// TUICallEndReasonHangup (1): a user hung up.
    case hangup = 1
    /// TUICallEndReasonReject (2): the callee rejected.
    case reject = 2
    /// TUICallEndReasonNoResponse (3): the callee did not answer in time.
    case noResponse = 3
    /// TUICallEndReasonOffline (4): the callee is offline.
    case offline = 4
    /// TUICallEndReasonLineBusy (5): the callee is already in a call.
    case lineBusy = 5
    /// TUICallEndReasonCanceled (6): the caller cancelled before an answer.
    case canceled = 6
    /// TUICallEndReasonOtherDeviceAccepted (7): accepted on another device of the same account.
    case otherDeviceAccepted = 7
    /// TUICallEndReasonOtherDeviceReject (8): rejected on another device of the same account.
    case otherDeviceReject = 8
    /// TUICallEndReasonEndByServer (9): the server ended the call.
    case endByServer = 9
}

/// TUICallDefine.h `TUICallResultType` (NSUInteger): a call record's direction; AtomicXCore's `CallDirection`.
public enum TUICallResultType: UInt, Sendable, CaseIterable {
    /// TUICallResultTypeUnknown (0): unknown.
    case unknown = 0
    /// TUICallResultTypeMissed (1): a missed incoming call.
    case missed = 1
    /// TUICallResultTypeIncoming (2): an incoming call.
    case incoming = 2
    /// TUICallResultTypeOutgoing (3): an outgoing call.
    case outgoing = 3
}

/// TUICallDefine.h `TUICallIOSOfflinePushType` (NS_ENUM(NSUInteger)): how the callee's iOS device is woken by an offline push.
public enum TUICallIOSOfflinePushType: UInt, Sendable, CaseIterable {
    /// TUICallIOSOfflinePushTypeAPNs (0): an ordinary APNs push (`apns`: ClangImporter lowercases the
    /// leading "APNs"; KIT4 compiles `pushInfo.iOSPushType = .apns`).
    case apns = 0
    /// TUICallIOSOfflinePushTypeVoIP (1): a VoIP push (`voIP`; KIT35 compiles `pushInfo.iOSPushType = .voIP`).
    case voIP = 1
}

/// TUICallDefine.h `TUICloudRecordPolicy` (values as AtomicXCore `CloudRecordPolicy`'s: the sources give none): cloud recording of the call.
public enum TUICloudRecordPolicy: UInt, Sendable, CaseIterable {
    /// TUICloudRecordPolicyFollowConsoleConfig (0): follow the console's recording setting.
    case followConsoleConfig = 0
    /// TUICloudRecordPolicyEnable (1): record this call.
    case enable = 1
    /// TUICloudRecordPolicyDisable (2): do not record this call.
    case disable = 2
}

// MARK: - Device and media enums (TUICommonDefine.h)

/// TUICommonDefine.h `TUIAudioPlaybackDevice` (NSInteger): where call audio plays.
public enum TUIAudioPlaybackDevice: Int, Sendable, CaseIterable {
    /// TUIAudioPlaybackDeviceSpeakerphone (0): the loudspeaker.
    case speakerphone = 0
    /// TUIAudioPlaybackDeviceEarpiece (1): the earpiece.
    case earpiece = 1
}

/// TUICommonDefine.h `TUICamera` (NSInteger): which camera.
public enum TUICamera: Int, Sendable, CaseIterable {
    /// TUICameraFront (0): the front camera.
    case front = 0
    /// TUICameraBack (1): the back camera.
    case back = 1
}

/// TUICommonDefine.h `TUINetworkQuality` (NS_ENUM(NSInteger)): a user's network quality; AtomicXCore's `NetworkQuality`.
public enum TUINetworkQuality: Int, Sendable, CaseIterable {
    /// TUINetworkQualityUnknown (0): unknown.
    case unknown = 0
    /// TUINetworkQualityExcellent (1): excellent.
    case excellent = 1
    /// TUINetworkQualityGood (2): good.
    case good = 2
    /// TUINetworkQualityPoor (3): poor.
    case poor = 3
    /// TUINetworkQualityBad (4): bad.
    case bad = 4
    /// TUINetworkQualityVbad (5): very bad (AtomicXCore spells it `veryBad`).
    case vbad = 5
    /// TUINetworkQualityDown (6): disconnected.
    case down = 6
}

/// TUICommonDefine.h `TUIVideoRenderParamsFillMode` (NSInteger): how a video fills its view.
public enum TUIVideoRenderParamsFillMode: Int, Sendable, CaseIterable {
    /// TUIVideoRenderParamsFillModeFill (0): fill the view, cropping.
    case fill = 0
    /// TUIVideoRenderParamsFillModeFit (1): fit inside the view, letterboxing.
    case fit = 1
}

/// TUICommonDefine.h `TUIVideoRenderParamsRotation` (NSInteger): the clockwise render rotation.
public enum TUIVideoRenderParamsRotation: Int, Sendable, CaseIterable {
    /// TUIVideoRenderParamsRotation_0 (0): no rotation (`._0`, ClangImporter keeps the underscore before a digit).
    case _0 = 0
    /// TUIVideoRenderParamsRotation_90 (1): 90°.
    case _90 = 1
    /// TUIVideoRenderParamsRotation_180 (2): 180°.
    case _180 = 2
    /// TUIVideoRenderParamsRotation_270 (3): 270°.
    case _270 = 3
}

/// TUICommonDefine.h `TUIVideoEncoderParamsResolutionMode` (NSInteger): landscape or portrait encoding.
public enum TUIVideoEncoderParamsResolutionMode: Int, Sendable, CaseIterable {
    /// TUIVideoEncoderParamsResolutionModeLandscape (0): landscape.
    case landscape = 0
    /// TUIVideoEncoderParamsResolutionModePortrait (1): portrait.
    case portrait = 1
}

/// TUICommonDefine.h `TUIVideoEncoderParamsResolution` (NSInteger): the encoded resolution. There is no 0.
public enum TUIVideoEncoderParamsResolution: Int, Sendable, CaseIterable {
    /// TUIVideoEncoderParamsResolution_640_360 (1): 640×360 (`._640_360`).
    case _640_360 = 1
    /// TUIVideoEncoderParamsResolution_960_540 (2): 960×540.
    case _960_540 = 2
    /// TUIVideoEncoderParamsResolution_1280_720 (3): 1280×720.
    case _1280_720 = 3
    /// TUIVideoEncoderParamsResolution_1920_1080 (4): 1920×1080.
    case _1920_1080 = 4
}

// MARK: - Data classes

/// TUICommonDefine.h `TUIRoomId`: a media room, by number or by string (trtc.io 54902).
///
/// The two forms are mutually exclusive; if both are set, `intRoomId` wins.
open class TUIRoomId: NSObject {
    /// TUIRoomId.intRoomId (UInt32): the numeric room id, 1…2^31-1; 0 means unset.
    public var intRoomId: UInt32 = 0
    /// TUIRoomId.strRoomId (NSString *): the string room id, at most 64 bytes; "" means unset.
    public var strRoomId: String = ""

    /// -init.
    public override init() {
        super.init()
    }
}

/// TUICallDefine.h `TUIOfflinePushInfo`: the offline push the callee's devices get while none of them is
/// online, as the current header declares it (docs/TENCENT.md, "Offline push").
///
/// The header's Objective-C property names import lowercased where they start with capitals, as
/// ClangImporter lowercases a leading word (`AndroidSound` → `androidSound`, `OPPOCategory` →
/// `oppoCategory`); the kits compile `pushInfo.androidSound`, `.androidVIVOClassification`,
/// `.androidHuaWeiCategory`. The invitation carries every field to the server's push hook
/// (`tencent.offlinePushInfo`), where the app's backend delivers it; nothing here pushes by itself.
open class TUIOfflinePushInfo: NSObject {
    /// TUIOfflinePushInfo.title (NSString *): the push title.
    public var title: String = ""
    /// TUIOfflinePushInfo.desc (NSString *): the push body.
    public var desc: String = ""
    /// TUIOfflinePushInfo.ignoreIOSBadge (BOOL): do not increase the iOS app badge.
    public var ignoreIOSBadge: Bool = false
    /// TUIOfflinePushInfo.enableIOSBackgroundNotification (BOOL): deliver as an iOS background notification.
    public var enableIOSBackgroundNotification: Bool = false
    /// TUIOfflinePushInfo.iOSInterruptionLevel (NSString *): the iOS 15 interruption level ("passive", "active", "time-sensitive", "critical").
    public var iOSInterruptionLevel: String = ""
    /// TUIOfflinePushInfo.iOSImage (NSString *): the URL of an image for the iOS notification.
    public var iOSImage: String = ""
    /// TUIOfflinePushInfo.iOSSound (NSString *): the iOS notification sound file.
    public var iOSSound: String = ""
    /// TUIOfflinePushInfo.AndroidSound (NSString *): the Android notification sound file.
    public var androidSound: String = ""
    /// TUIOfflinePushInfo.AndroidOPPOChannelID (NSString *): the OPPO notification channel.
    public var androidOPPOChannelID: String = ""
    /// TUIOfflinePushInfo.OPPOCategory (NSString *): the OPPO message category.
    public var oppoCategory: String = ""
    /// TUIOfflinePushInfo.OPPONotifyLevel (NSInteger): the OPPO notification level.
    public var oppoNotifyLevel: Int = 0
    /// TUIOfflinePushInfo.AndroidFCMChannelID (NSString *): the FCM notification channel.
    public var androidFCMChannelID: String = ""
    /// TUIOfflinePushInfo.fcmImage (NSString *): the URL of an image for the FCM notification.
    public var fcmImage: String = ""
    /// TUIOfflinePushInfo.AndroidVIVOClassification (NSInteger): the vivo message classification, 0 operational,
    /// 1 system; 1 by default (the TUICallEngine 1.x header: "默认值为：1").
    public var androidVIVOClassification: Int = 1
    /// TUIOfflinePushInfo.VIVOCategory (NSString *): the vivo message category.
    public var vivoCategory: String = ""
    /// TUIOfflinePushInfo.AndroidXiaoMiChannelID (NSString *): the Xiaomi notification channel.
    public var androidXiaoMiChannelID: String = ""
    /// TUIOfflinePushInfo.AndroidHuaWeiCategory (NSString *): the Huawei message category.
    public var androidHuaWeiCategory: String = ""
    /// TUIOfflinePushInfo.huaweiImage (NSString *): the URL of an image for the Huawei notification.
    public var huaweiImage: String = ""
    /// TUIOfflinePushInfo.honorImportance (NSString *): the Honor notification importance.
    public var honorImportance: String = ""
    /// TUIOfflinePushInfo.honorImage (NSString *): the URL of an image for the Honor notification.
    public var honorImage: String = ""
    /// TUIOfflinePushInfo.isDisablePush (BOOL): the app wants no offline push for this invitation.
    public var isDisablePush: Bool = false
    /// TUIOfflinePushInfo.iOSPushType (TUICallIOSOfflinePushType): APNs (the header's "Default") or VoIP.
    public var iOSPushType: TUICallIOSOfflinePushType = .apns
    /// TUIOfflinePushInfo.extraInfo (NSString *): extra data passed to the push, usually JSON.
    public var extraInfo: String = ""

    /// -init.
    public override init() {
        super.init()
    }
}

/// TUICallDefine.h `TUICallParams`: the optional parameters of `calls` and `inviteUser`.
open class TUICallParams: NSObject {
    /// TUICallParams.roomId (TUIRoomId *): the media room, a fresh `TUIRoomId` by default; unset (both forms empty) lets the server assign one.
    public var roomId: TUIRoomId = TUIRoomId()
    /// TUICallParams.offlinePushInfo (TUIOfflinePushInfo *): the callee's offline push, a fresh `TUIOfflinePushInfo` by default.
    public var offlinePushInfo: TUIOfflinePushInfo = TUIOfflinePushInfo()
    /// TUICallParams.timeout (int, seconds; "default: 30s", trtc.io 54902): how long the invitation rings; 0 means the 30 s default.
    public var timeout: Int32 = 30
    /// TUICallParams.userData (NSString *): passed through to the callee's `onCallReceived`.
    public var userData: String = ""
    /// TUICallParams.chatGroupId (NSString *): the IM group id, for calls started from a group chat.
    public var chatGroupId: String = ""
    /// TUICallParams.isEphemeralCall (BOOL): an ephemeral call that leaves no call record or message.
    public var isEphemeralCall: Bool = false
    /// TUICallParams.cloudRecordPolicy (TUICloudRecordPolicy): the call's cloud-recording policy.
    public var cloudRecordPolicy: TUICloudRecordPolicy = .followConsoleConfig

    /// -init.
    public override init() {
        super.init()
    }
}

/// TUICallDefine.h `TUICallObserverExtraInfo`: the call details passed to the `TUICallObserver` call events.
open class TUICallObserverExtraInfo: NSObject {
    /// TUICallObserverExtraInfo.roomId (TUIRoomId *): the call's media room.
    public var roomId: TUIRoomId = TUIRoomId()
    /// TUICallObserverExtraInfo.role (TUICallRole): the local user's role.
    public var role: TUICallRole = .none
    /// TUICallObserverExtraInfo.userData (NSString *): the caller's `TUICallParams.userData`.
    public var userData: String = ""
    /// TUICallObserverExtraInfo.chatGroupId (NSString *): the IM group id, "" for a non-group call.
    public var chatGroupId: String = ""
    /// TUICallObserverExtraInfo.isEphemeralCall (BOOL): the call leaves no record or message.
    public var isEphemeralCall: Bool = false

    /// -init.
    public override init() {
        super.init()
    }
}

/// TUICommonDefine.h `TUINetworkQualityInfo`: one user's network quality, in `onUserNetworkQualityChanged(networkQualityList:)`.
open class TUINetworkQualityInfo: NSObject {
    /// TUINetworkQualityInfo.userId (NSString *): the user.
    public var userId: String = ""
    /// TUINetworkQualityInfo.quality (TUINetworkQuality): the quality.
    public var quality: TUINetworkQuality = .unknown

    /// -init.
    public override init() {
        super.init()
    }
}

/// TUICallDefine.h `TUICallRecords`: one call record, from `queryRecentCalls(filter:succ:fail:)`.
open class TUICallRecords: NSObject {
    /// TUICallRecords.callId (NSString *): the call's id.
    public var callId: String = ""
    /// TUICallRecords.inviter (NSString *): the caller.
    public var inviter: String = ""
    /// TUICallRecords.inviteList (NSArray *): the invitees.
    public var inviteList: [String] = []
    /// TUICallRecords.groupId (NSString *): the IM group id, "" for a non-group call.
    public var groupId: String = ""
    /// TUICallRecords.scene (TUICallScene): the kind of call.
    public var scene: TUICallScene = .none
    /// TUICallRecords.mediaType (TUICallMediaType): audio or video.
    public var mediaType: TUICallMediaType = .unknown
    /// TUICallRecords.role (TUICallRole): the local user's role.
    public var role: TUICallRole = .none
    /// TUICallRecords.result (TUICallResultType): missed, incoming or outgoing.
    public var result: TUICallResultType = .unknown
    /// TUICallRecords.beginTime (NSTimeInterval): when the call began, in seconds since 1970 (unit undocumented; taken as `CallInfo.startTime`'s).
    public var beginTime: TimeInterval = 0
    /// TUICallRecords.totalTime (NSTimeInterval): the call's length in seconds.
    public var totalTime: TimeInterval = 0

    /// -init.
    public override init() {
        super.init()
    }
}

/// TUICallDefine.h `TUICallRecentCallsFilter`: which records `queryRecentCalls(filter:succ:fail:)` returns.
///
/// Older headers also had `NSTimeInterval begin, end`; the current header has only `result`, which is mirrored.
open class TUICallRecentCallsFilter: NSObject {
    /// TUICallRecentCallsFilter.result (TUICallResultType): only records with this result; `.unknown`, the default, returns all (undocumented).
    public var result: TUICallResultType = .unknown

    /// -init.
    public override init() {
        super.init()
    }
}

/// TUICommonDefine.h `TUIVideoRenderParams` (fields named after its enums: no source quotes them): how a user's video is rendered.
open class TUIVideoRenderParams: NSObject {
    /// TUIVideoRenderParams.fillMode (TUIVideoRenderParamsFillMode): fill or fit.
    public var fillMode: TUIVideoRenderParamsFillMode = .fill
    /// TUIVideoRenderParams.rotation (TUIVideoRenderParamsRotation): the render rotation.
    public var rotation: TUIVideoRenderParamsRotation = ._0

    /// -init.
    public override init() {
        super.init()
    }
}

/// TUICommonDefine.h `TUIVideoEncoderParams` (fields named after its enums: no source quotes them): how the local video is encoded.
open class TUIVideoEncoderParams: NSObject {
    /// TUIVideoEncoderParams.resolution (TUIVideoEncoderParamsResolution): the encoded resolution (no case is 0; the lowest, 640×360).
    public var resolution: TUIVideoEncoderParamsResolution = ._640_360
    /// TUIVideoEncoderParams.resolutionMode (TUIVideoEncoderParamsResolutionMode): landscape or portrait.
    public var resolutionMode: TUIVideoEncoderParamsResolutionMode = .landscape

    /// -init.
    public override init() {
        super.init()
    }
}
