import Foundation
import Synchronization
import SwitchboardCore
import SwitchboardPublishers

/// TUICallEngine.h `@interface TUICallEngine : NSObject`: the legacy call API still
/// shipped in RTCRoomEngine, over the same engine as the AtomicXCore stores of its ``AtomicXInstance``
/// (a call placed here shows in `CallStore.state`, and the reverse).
///
/// Callbacks (`succ`, `fail`) and `TUICallObserver` events run on the main queue by default
/// (docs/TENCENT.md, "Main-queue delivery"). Failures carry the engine's codes (`ERROR_PARAM_INVALID`
/// -1202, `ERROR_REQUEST_REFUSED` -1203, `ERROR_INIT_FAIL` -1201 before `init`, ...). The rendering and
/// beauty calls render nothing (docs/TENCENT.md, "Headless UIKit"); `setBlurBackground` and
/// `setVirtualBackground` are checked and otherwise ignored.
open class TUICallEngine: NSObject, @unchecked Sendable {
    // @unchecked: the engine is Sendable; `switchedMediaType` is behind a Mutex.
    let client: TencentClient
    /// The media type `switchCallMediaType` last switched the shown call to (by call id).
    private let switchedMediaType = Mutex<(callID: String, mediaType: TUICallMediaType)?>(nil)

    init(client: TencentClient) {
        self.client = client
    }

    // MARK: - Instance

    /// `+ createInstance`: the process's engine (``AtomicXInstance/shared``).
    open class func createInstance() -> TUICallEngine {
        AtomicXInstance.shared.callEngine
    }

    /// `+ destroyInstance`: logs the process's engine out (the stores share its login).
    open class func destroyInstance() {
        AtomicXInstance.shared.client.logout(completion: nil)
    }

    /// `- init:userId:userSig:succ:fail:` (Swift spelling: docs/TENCENT.md, "TUICallEngine init spelling"):
    /// logs in, as `LoginStore.login` does.
    open func `init`(_ sdkAppId: Int32, userId: String, userSig: String, succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        client.login(sdkAppID: sdkAppId, user: userId, userSig: userSig, completion: callbacks(succ, fail))
    }

    /// `- addObserver:` (held weakly, as the vendor does).
    open func addObserver(_ observer: TUICallObserver) {
        let entry = TencentClient.WeakObserver(value: observer, id: ObjectIdentifier(observer))
        client.observers.withLock { observers in
            observers.removeAll { $0.value == nil || $0.id == entry.id }
            observers.append(entry)
        }
    }

    /// `- removeObserver:`.
    open func removeObserver(_ observer: TUICallObserver) {
        let id = ObjectIdentifier(observer)
        client.observers.withLock { $0.removeAll { $0.value == nil || $0.id == id } }
    }

    // MARK: - Calls

    /// `- calls:callMediaType:params:succ:fail:`: calls the users (the kit's guards apply, as in
    /// `CallStore.calls`). `params` nil means a 30 s timeout; its `offlinePushInfo` travels with the
    /// invitation to the server's push hook (docs/TENCENT.md, "Offline push").
    open func calls(userIdList: [String], callMediaType: TUICallMediaType, params: TUICallParams?,
                    succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        place(userIdList, callMediaType, params, completion: callbacks(succ, fail))
    }

    /// `- accept:fail:`.
    open func accept(succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        client.accept(completion: callbacks(succ, fail))
    }

    /// `- reject:fail:`.
    open func reject(succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        client.reject(completion: callbacks(succ, fail))
    }

    /// `- hangup:fail:`.
    open func hangup(succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        client.hangup(completion: callbacks(succ, fail))
    }

    /// `- ignore:fail:`: answers busy; the caller gets `onUserLineBusy`.
    open func ignore(succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        client.ignore(completion: callbacks(succ, fail))
    }

    /// `- joinInCall:succ:fail:` (Swift `join(callId:succ:fail:)`).
    open func join(callId: String, succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        client.join(callID: callId, completion: callbacks(succ, fail))
    }

    /// `- inviteUser:params:succ:fail:`: `succ` gets the users invited.
    open func inviteUser(userIdList: [String], params: TUICallParams, succ: @escaping ([String]) -> Void,
                         fail: @escaping TUICallFail) {
        let succBox = Unchecked(value: succ)
        let failBox = Unchecked(value: fail)
        client.invite(userIdList) { result in
            switch result {
            case .success(let users): succBox.value(users)
            case .failure(let error): failBox.value(Int32(clamping: error.code), error.message)
            }
        }
    }

    /// `- switchCallMediaType:`: recorded and announced locally (`onCallMediaTypeChanged`), once per
    /// change of the call in progress; the media type does not travel (no vendor surface carries a
    /// change mid-call). Without a call in progress, or to `.unknown`, nothing happens.
    open func switchCallMediaType(_ callMediaType: TUICallMediaType) {
        guard callMediaType != .unknown else { return }
        let shown: (callID: String, mediaType: TUICallMediaType)? = client.state.withLock { state in
            guard let view = state.device.view, view.ending == nil else { return nil }
            return (view.callID, view.tuiMediaType)
        }
        guard let shown else { return }
        let old: TUICallMediaType? = switchedMediaType.withLock { switched in
            let old = switched?.callID == shown.callID ? switched?.mediaType ?? shown.mediaType : shown.mediaType
            guard old != callMediaType else { return nil }
            switched = (shown.callID, callMediaType)
            return old
        }
        guard let old else { return }
        client.notifyObservers { $0.onCallMediaTypeChanged(oldCallMediaType: old, newCallMediaType: callMediaType) }
    }

    // MARK: - Devices

    /// `- openCamera:videoView:succ:fail:`.
    open func openCamera(_ camera: TUICamera, videoView: TUIVideoView, succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        client.openCamera(isFront: camera == .front, completion: callbacks(succ, fail))
    }

    /// `- closeCamera`.
    open func closeCamera() {
        client.closeCamera()
    }

    /// `- switchCamera:`.
    open func switchCamera(_ camera: TUICamera) {
        client.updateDevices { $0.isFrontCamera = camera == .front }
    }

    /// `- openMicrophone:fail:`.
    open func openMicrophone(succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        client.openMicrophone(completion: callbacks(succ, fail))
    }

    /// `- closeMicrophone`.
    open func closeMicrophone() {
        client.closeMicrophone()
    }

    /// `- selectAudioPlaybackDevice:`.
    open func selectAudioPlaybackDevice(_ device: TUIAudioPlaybackDevice) {
        client.updateDevices { $0.currentAudioRoute = device == .earpiece ? .earpiece : .speakerphone }
    }

    /// `- startRemoteView:videoView:onPlaying:onLoading:onError:`: nothing to render; reports playing.
    open func startRemoteView(userId: String, videoView: TUIVideoView, onPlaying: @escaping (String) -> Void,
                              onLoading: @escaping (String) -> Void, onError: @escaping (String, Int32, String) -> Void) {
        let box = Unchecked(value: onPlaying)
        client.post { box.value(userId) }
    }

    /// `- stopRemoteView:`.
    open func stopRemoteView(userId: String) {}

    // MARK: - Profile, multi-device, records

    /// `- setSelfInfo:avatar:succ:fail:`.
    open func setSelfInfo(nickname: String?, avatar: String?, succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        client.setSelfInfo(nickname: nickname, avatarURL: avatar, userID: "", completion: callbacks(succ, fail))
    }

    /// `- enableMultiDeviceAbility:succ:fail:`: with it on, every logged-in device of the user rings and
    /// the first answer wins (the others end with `otherDeviceAccepted` / `otherDeviceReject`); off
    /// (the default), only the latest login rings. Call it after login.
    open func enableMultiDeviceAbility(enable: Bool, succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        client.enableMultiDevice(enable, completion: callbacks(succ, fail))
    }

    /// `- queryRecentCalls:succ:fail:`: the newest 100 records matching `filter.result` (`.unknown`: all).
    open func queryRecentCalls(filter: TUICallRecentCallsFilter, succ: @escaping ([TUICallRecords]) -> Void,
                               fail: @escaping () -> Void) {
        let succBox = Unchecked(value: succ)
        let failBox = Unchecked(value: fail)
        let wanted = filter.result
        client.submit(.callRecords(.init(cursor: nil, limit: 100))) { [client] result in
            guard case .success(.records(let page)) = result else {
                return client.post { failBox.value() }
            }
            let records = page.records.map(Self.record).filter { wanted == .unknown || $0.result == wanted }
            let box = Unchecked(value: records)
            client.post { succBox.value(box.value) }
        }
    }

    /// `- deleteRecordCalls:succ:fail:`: `succ` gets the ids deleted.
    open func deleteRecordCalls(_ callIdList: [String], succ: @escaping ([String]) -> Void, fail: @escaping () -> Void) {
        let succBox = Unchecked(value: succ)
        let failBox = Unchecked(value: fail)
        client.deleteRecentCalls(callIdList) { result in
            switch result {
            case .success(let ids): succBox.value(ids)
            case .failure: failBox.value()
            }
        }
    }

    // MARK: - Experimental

    /// `- callExperimentalAPI:`: `{"api": ..., "params": {...}}` for `forceUseV2API`, `setFramework`,
    /// `setExcludeFromHistoryMessage`, `configPictureInPicture`, `enablePictureInPicture`, parsed by
    /// the jansson layer and checked against `Schemas/experimental/`. An accepted call shows in
    /// ``experimentalSettings``; a refused one (unknown api, malformed JSON or params) changes nothing
    /// and is reported to the observers as `onError(code: ERROR_PARAM_INVALID, message:)`.
    open func callExperimentalAPI(jsonObject: String) {
        do throws(ExperimentalAPIError) {
            _ = try client.experimental.withLock { settings throws(ExperimentalAPIError) in
                try settings.apply(jsonObject: jsonObject)
            }
        } catch {
            let message = error.message
            client.notifyObservers { $0.onError(code: ERROR_PARAM_INVALID, message: message) }
        }
    }

    /// Switchboard addition: what `callExperimentalAPI` has set so far.
    public var experimentalSettings: ExperimentalSettings {
        client.experimental.withLock { $0 }
    }

    // MARK: - Rendering and effects (headless)

    /// `- setVideoRenderParams:params:succ:fail:`: accepted; nothing renders here.
    open func setVideoRenderParams(userId: String, params: TUIVideoRenderParams, succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        client.complete(callbacks(succ, fail), .success(()))
    }

    /// `- setVideoEncoderParams:succ:fail:`: accepted; nothing is encoded here.
    open func setVideoEncoderParams(_ params: TUIVideoEncoderParams, succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        client.complete(callbacks(succ, fail), .success(()))
    }

    /// `- setBeautyLevel:succ:fail:`: accepted; nothing is captured here.
    open func setBeautyLevel(_ level: CGFloat, succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        client.complete(callbacks(succ, fail), .success(()))
    }

    /// `- setBlurBackground:fail:`: 0 off, 1 low, 2 middle, 3 high; accepted (nothing is captured
    /// here), -1202 for another level.
    open func setBlurBackground(_ level: Int, fail: TUICallFail?) {
        guard (0...3).contains(level) else {
            let box = Unchecked(value: fail)
            return client.post { box.value?(ERROR_PARAM_INVALID, "blur level must be 0 to 3, not \(level)") }
        }
    }

    /// `- setVirtualBackground:fail:`: accepted (nothing is captured here); -1202 for an empty path.
    open func setVirtualBackground(_ imagePath: String, fail: TUICallFail?) {
        guard !imagePath.isEmpty else {
            let box = Unchecked(value: fail)
            return client.post { box.value?(ERROR_PARAM_INVALID, "imagePath is empty") }
        }
    }

    /// `- getTRTCCloudInstance`: the headless `TRTCCloud` (docs/TENCENT.md, "Headless UIKit").
    open func getTRTCCloudInstance() -> TRTCCloud {
        TRTCCloud.sharedInstance()
    }

    /// `- callAPI:param:callback:` (Swift `call(api:param:callback:)`), the "semantic JSON API". No
    /// semantic API is documented for calls, so every api is answered `ERROR_SCENE_NOT_SUPPORTED`
    /// (-1205) with the api's name, and nothing changes.
    open func call(api: String, param: String, callback: @escaping TUIJsonAPIResponseBlock) {
        let box = Unchecked(value: callback)
        client.post { box.value(ERROR_SCENE_NOT_SUPPORTED, "api \(String(reflecting: api)) is not supported", "") }
    }

    /// `- queryAPI:param:` (Swift `query(api:param:)`): "" for every api (none is documented).
    open func query(api: String, param: String) -> String {
        ""
    }

    // MARK: - Helpers

    func callbacks(_ succ: @escaping TUICallSucc, _ fail: @escaping TUICallFail) -> TencentClient.Done? {
        let succBox = Unchecked(value: succ)
        let failBox = Unchecked(value: fail)
        return { result in
            switch result {
            case .success: succBox.value()
            case .failure(let error): failBox.value(Int32(clamping: error.code), error.message)
            }
        }
    }

    /// Every way the engine places a call (`calls`, `call`, `groupCall`): `room` and `groupID`, when
    /// given, replace `params`' room and group.
    func place(_ users: [String], _ mediaType: TUICallMediaType, _ params: TUICallParams?, room: TUIRoomId? = nil,
               groupID: String? = nil, completion: TencentClient.Done?) {
        guard mediaType != .unknown else {
            return client.complete(completion, .failure(TencentErrorMapping.info(ERROR_PARAM_INVALID, "callMediaType is unknown")))
        }
        var converted = Self.params(params)
        if let room = room ?? params?.roomId {
            if let failure = Self.check(room) { return client.complete(completion, .failure(failure)) }
            converted.roomId = Self.roomString(room)
        }
        if let groupID { converted.chatGroupId = groupID }
        let push: [String: String]?
        do {
            push = try params.map { try TencentOfflinePush.attachments($0.offlinePushInfo) }
        } catch {
            return client.complete(completion, .failure(TencentErrorMapping.info(
                ERROR_PARAM_INVALID, "offlinePushInfo cannot be encoded: \(error)")))
        }
        client.calls(users, mediaType: mediaType == .audio ? .audio : .video, params: converted, pushAttachments: push,
                     completion: completion)
    }

    /// -1202 for a numeric room past 2^31-1 (trtc.io/document/54902).
    static func check(_ room: TUIRoomId) -> ErrorInfo? {
        guard room.intRoomId > UInt32(Int32.max) else { return nil }
        return TencentErrorMapping.info(ERROR_PARAM_INVALID, "roomId.intRoomId must be 1 to \(Int32.max), not \(room.intRoomId)")
    }

    /// A `TUIRoomId` as the call's room: the int form wins when both are set (trtc.io/document/54902);
    /// "" when neither is.
    static func roomString(_ room: TUIRoomId) -> String {
        room.intRoomId != 0 ? String(room.intRoomId) : room.strRoomId
    }

    static func params(_ params: TUICallParams?) -> CallParams {
        var converted = CallParams()
        guard let params else { return converted }
        converted.roomId = roomString(params.roomId)
        converted.timeout = Int(params.timeout)
        converted.userData = params.userData
        converted.chatGroupId = params.chatGroupId
        converted.isEphemeralCall = params.isEphemeralCall
        converted.offlinePushTitle = params.offlinePushInfo.title
        converted.offlinePushDescription = params.offlinePushInfo.desc
        return converted
    }

    static func record(_ record: CallRecord) -> TUICallRecords {
        let info = TencentClient.callInfo(record)
        let converted = TUICallRecords()
        converted.callId = info.callId
        converted.inviter = info.inviterId
        converted.inviteList = info.inviteeIds
        converted.groupId = info.chatGroupId
        converted.scene = !info.chatGroupId.isEmpty ? .group : (info.inviteeIds.count > 1 ? .multi : .single)
        converted.mediaType = info.mediaType == .audio ? .audio : (info.mediaType == .video ? .video : .unknown)
        converted.role = record.direction == .outgoing ? .call : .called
        converted.result = TUICallResultType(rawValue: UInt(info.result.rawValue)) ?? .unknown
        converted.beginTime = info.startTime
        converted.totalTime = TimeInterval(info.duration)
        return converted
    }
}
