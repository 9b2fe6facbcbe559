import Foundation

/// TUICallObserver.h `@protocol TUICallObserver <NSObject>`: the legacy TUICallEngine
/// events, registered with `TUICallEngine.addObserver(_:)`. Every method is `@optional` in Objective-C,
/// so the extension below gives each an empty default. The Swift spellings are those KIT35
/// `CallEngineObserver.swift` implements.
///
/// The v3.0-deprecated events keep their documented labels; their parameter types are not documented,
/// so they follow the other methods and `TUICallObserverExtraInfo`
/// (docs/TENCENT.md, "Inferred TUICallEngine types").
public protocol TUICallObserver: AnyObject {
    // MARK: Errors

    /// `onError:message:`: an engine error not tied to a method call.
    func onError(code: Int32, message: String?)

    // MARK: Call lifecycle

    /// `onCallReceived:callerId:calleeIdList:mediaType:info:`: an incoming call (the header's NS_SWIFT_NAME is ignored by clang; KIT35's form).
    func onCallReceived(_ callId: String, callerId: String, calleeIdList: [String], mediaType: TUICallMediaType, info: TUICallObserverExtraInfo)

    /// `onCallBegin:mediaType:info:`: the call connected (both sides).
    func onCallBegin(callId: String, mediaType: TUICallMediaType, info: TUICallObserverExtraInfo)

    /// `onCallEnd:mediaType:reason:userId:totalTime:info:`: a connected call ended (both sides); `totalTime` is the client-side length in seconds.
    func onCallEnd(callId: String, mediaType: TUICallMediaType, reason: TUICallEndReason, userId: String, totalTime: Float, info: TUICallObserverExtraInfo)

    /// `onCallNotConnected:mediaType:reason:userId:info:`: the call ended before connecting (cancel, timeout, reject, busy, interruption).
    func onCallNotConnected(callId: String, mediaType: TUICallMediaType, reason: TUICallEndReason, userId: String, info: TUICallObserverExtraInfo)

    /// `onCallMediaTypeChanged:newCallMediaType:`: the call switched between audio and video.
    func onCallMediaTypeChanged(oldCallMediaType: TUICallMediaType, newCallMediaType: TUICallMediaType)

    // MARK: Participants

    /// `onUserReject:`: an invitee rejected (1:1: the inviter only; group: every member).
    func onUserReject(userId: String)

    /// `onUserNoResponse:`: an invitee did not answer in time.
    func onUserNoResponse(userId: String)

    /// `onUserLineBusy:`: an invitee is in another call (or called `ignore`).
    func onUserLineBusy(userId: String)

    /// `onUserInviting:`: a user was invited to the call.
    func onUserInviting(userId: String)

    /// `onUserJoin:`: a user joined the call's media room.
    func onUserJoin(userId: String)

    /// `onUserLeave:`: a user left the call's media room.
    func onUserLeave(userId: String)

    /// `onUserVideoAvailable:isVideoAvailable:`: a user's camera stream started or stopped.
    func onUserVideoAvailable(userId: String, isVideoAvailable: Bool)

    /// `onUserAudioAvailable:isAudioAvailable:`: a user's microphone stream started or stopped.
    func onUserAudioAvailable(userId: String, isAudioAvailable: Bool)

    /// `onUserVoiceVolumeChanged:`: userId → volume 0…100.
    func onUserVoiceVolumeChanged(volumeMap: [String: NSNumber])

    /// `onUserNetworkQualityChanged:`: the users' network qualities.
    func onUserNetworkQualityChanged(networkQualityList: [TUINetworkQualityInfo])

    // MARK: Login

    /// `onKickedOffline`: the same user logged in elsewhere.
    func onKickedOffline()

    /// `onUserSigExpired`: the UserSig expired.
    func onUserSigExpired()

    // MARK: Global JSON event

    /// `on:data:`: a global event of the semantic JSON API, as a key and a JSON string.
    func on(key: String, data: String)

    // MARK: Deprecated since v3.0 (2025-03)

    /// `onCallReceived:calleeIdList:groupId:callMediaType:` (deprecated since v3.0; types inferred).
    @available(*, deprecated, message: "Deprecated since TUICallEngine 3.0; use onCallReceived(_:callerId:calleeIdList:mediaType:info:)")
    func onCallReceived(callerId: String, calleeIdList: [String], groupId: String?, callMediaType: TUICallMediaType)

    /// `onCallReceived:calleeIdList:groupId:callMediaType:userData:` (deprecated since v3.0; types inferred).
    @available(*, deprecated, message: "Deprecated since TUICallEngine 3.0; use onCallReceived(_:callerId:calleeIdList:mediaType:info:)")
    func onCallReceived(callerId: String, calleeIdList: [String], groupId: String?, callMediaType: TUICallMediaType, userData: String?)

    /// `onCallCancelled:` (deprecated since v3.0; types inferred): the caller cancelled.
    @available(*, deprecated, message: "Deprecated since TUICallEngine 3.0; use onCallNotConnected(callId:mediaType:reason:userId:info:)")
    func onCallCancelled(callerId: String)

    /// `onCallBegin:callMediaType:callRole:` (deprecated since v3.0; types inferred).
    @available(*, deprecated, message: "Deprecated since TUICallEngine 3.0; use onCallBegin(callId:mediaType:info:)")
    func onCallBegin(roomId: TUIRoomId, callMediaType: TUICallMediaType, callRole: TUICallRole)

    /// `onCallEnd:callMediaType:callRole:totalTime:` (deprecated since v3.0; types inferred).
    @available(*, deprecated, message: "Deprecated since TUICallEngine 3.0; use onCallEnd(callId:mediaType:reason:userId:totalTime:info:)")
    func onCallEnd(roomId: TUIRoomId, callMediaType: TUICallMediaType, callRole: TUICallRole, totalTime: Float)
}

extension TUICallObserver {
    public func onError(code: Int32, message: String?) {}
    public func onCallReceived(_ callId: String, callerId: String, calleeIdList: [String], mediaType: TUICallMediaType, info: TUICallObserverExtraInfo) {}
    public func onCallBegin(callId: String, mediaType: TUICallMediaType, info: TUICallObserverExtraInfo) {}
    public func onCallEnd(callId: String, mediaType: TUICallMediaType, reason: TUICallEndReason, userId: String, totalTime: Float, info: TUICallObserverExtraInfo) {}
    public func onCallNotConnected(callId: String, mediaType: TUICallMediaType, reason: TUICallEndReason, userId: String, info: TUICallObserverExtraInfo) {}
    public func onCallMediaTypeChanged(oldCallMediaType: TUICallMediaType, newCallMediaType: TUICallMediaType) {}
    public func onUserReject(userId: String) {}
    public func onUserNoResponse(userId: String) {}
    public func onUserLineBusy(userId: String) {}
    public func onUserInviting(userId: String) {}
    public func onUserJoin(userId: String) {}
    public func onUserLeave(userId: String) {}
    public func onUserVideoAvailable(userId: String, isVideoAvailable: Bool) {}
    public func onUserAudioAvailable(userId: String, isAudioAvailable: Bool) {}
    public func onUserVoiceVolumeChanged(volumeMap: [String: NSNumber]) {}
    public func onUserNetworkQualityChanged(networkQualityList: [TUINetworkQualityInfo]) {}
    public func onKickedOffline() {}
    public func onUserSigExpired() {}
    public func on(key: String, data: String) {}
    public func onCallReceived(callerId: String, calleeIdList: [String], groupId: String?, callMediaType: TUICallMediaType) {}
    public func onCallReceived(callerId: String, calleeIdList: [String], groupId: String?, callMediaType: TUICallMediaType, userData: String?) {}
    public func onCallCancelled(callerId: String) {}
    public func onCallBegin(roomId: TUIRoomId, callMediaType: TUICallMediaType, callRole: TUICallRole) {}
    public func onCallEnd(roomId: TUIRoomId, callMediaType: TUICallMediaType, callRole: TUICallRole, totalTime: Float) {}
}
