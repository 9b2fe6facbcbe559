import Foundation
import Synchronization
import SwitchboardPublishers

/// TUICallKit's `TUICallKit` (`TUICallKit.swift` of KIT35, over TUICallEngine, and of KIT4, over the
/// AtomicXCore stores), headless: every public member of both, on the engine and stores of its
/// ``AtomicXInstance`` (docs/TENCENT.md, "TUICallKit").
///
/// The calls go through the kit's own guards first (its codes and messages: -1201 "call failed, please
/// login" and "call failed, not to call self", -1202 for an empty list, more than 8 callees or an unknown
/// media type), then through the engine or the stores, whose state shows the call. The calls without
/// a completion report a failure nowhere, as the kit only shows it in a toast. There is no UI on Linux:
/// the settings calls are kept in ``settings``.
public class TUICallKit: NSObject, @unchecked Sendable {
    // @unchecked: `kept` is behind a Mutex; the rest is set once.
    private let engine: TUICallEngine
    private let callStore: CallStore
    private let loginStore: LoginStore
    private let client: TencentClient
    private let kept = Mutex(TUICallKitSettings())

    init(client: TencentClient, engine: TUICallEngine, callStore: CallStore, loginStore: LoginStore) {
        self.client = client
        self.engine = engine
        self.callStore = callStore
        self.loginStore = loginStore
    }

    /// `createInstance()`: the process's kit (``AtomicXInstance/shared``'s).
    public static func createInstance() -> TUICallKit {
        AtomicXInstance.shared.callKit
    }

    /// Switchboard addition: what the settings calls have set (the kit's UI would read them).
    public var settings: TUICallKitSettings {
        kept.withLock { $0 }
    }

    // MARK: - Profile

    /// KIT35 `setSelfInfo(nickname:avatar:succ:fail:)`: `TUICallEngine.setSelfInfo`.
    public func setSelfInfo(nickname: String, avatar: String, succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        engine.setSelfInfo(nickname: nickname, avatar: avatar, succ: succ, fail: fail)
    }

    /// KIT4 `setSelfInfo(nickname:avatar:completion:)`: `LoginStore.setSelfInfo(userProfile:)` with the
    /// logged-in user's profile, renamed.
    public func setSelfInfo(nickname: String, avatar: String, completion: CompletionClosure?) {
        var profile = loginStore.state.value.loginUserInfo ?? UserProfile(userID: "")
        profile.nickname = nickname
        profile.avatarURL = avatar
        loginStore.setSelfInfo(userProfile: profile, completion: completion)
    }

    // MARK: - Calls (KIT35, TUICallEngine types)

    /// KIT35 `call(userId:callMediaType:)`: as the next one, with the kit's parameters (its offline push,
    /// `OfflinePushInfoConfig.createOfflinePushInfo()`, and a 30 s timeout).
    @available(*, deprecated, message: "This interface has been deprecated, please use the 'calls' interface.")
    public func call(userId: String, callMediaType: TUICallMediaType) {
        call(userId: userId, callMediaType: callMediaType, params: Self.kitParams(), succ: {}, fail: { _, _ in })
    }

    /// KIT35 `call(userId:callMediaType:params:succ:fail:)`: the kit's guards, then
    /// `TUICallEngine.call(userId:callMediaType:params:succ:fail:)`.
    @available(*, deprecated, message: "This interface has been deprecated, please use the 'calls' interface.")
    public func call(userId: String, callMediaType: TUICallMediaType, params: TUICallParams,
                     succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        let completion = engine.callbacks(succ, fail)
        let me = loggedInUser
        let failure: ErrorInfo? =
            if me == nil { TencentErrorMapping.info(ERROR_INIT_FAIL, "call failed, please login") }
            else if userId == me { TencentErrorMapping.info(ERROR_INIT_FAIL, "call failed, not to call self") }
            else if userId.isEmpty { TencentErrorMapping.info(ERROR_PARAM_INVALID, "call failed, invalid params 'userId'") }
            else if callMediaType == .unknown { Self.unknownMediaType }
            else { nil }
        if let failure { return client.complete(completion, .failure(failure)) }
        engine.call(userId: userId, callMediaType: callMediaType, params: params, succ: succ, fail: fail)
    }

    /// KIT35 `groupCall(groupId:userIdList:callMediaType:)`: as the next one, with the kit's parameters.
    @available(*, deprecated, message: "This interface has been deprecated, please use the 'calls' interface.")
    public func groupCall(groupId: String, userIdList: [String], callMediaType: TUICallMediaType) {
        groupCall(groupId: groupId, userIdList: userIdList, callMediaType: callMediaType, params: Self.kitParams(),
                  succ: {}, fail: { _, _ in })
    }

    /// KIT35 `groupCall(groupId:userIdList:callMediaType:params:succ:fail:)`: the kit's guards (yourself
    /// taken out of the list), then `TUICallEngine.groupCall(groupId:userIdList:callMediaType:params:succ:fail:)`.
    @available(*, deprecated, message: "This interface has been deprecated, please use the 'calls' interface.")
    public func groupCall(groupId: String, userIdList: [String], callMediaType: TUICallMediaType, params: TUICallParams,
                          succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        let completion = engine.callbacks(succ, fail)
        guard let me = loggedInUser else { return client.complete(completion, .failure(Self.notLoggedIn)) }
        let users = userIdList.filter { $0 != me }
        if let failure = Self.check(users) ?? (callMediaType == .unknown ? Self.unknownMediaType : nil) {
            return client.complete(completion, .failure(failure))
        }
        engine.groupCall(groupId: groupId, userIdList: users, callMediaType: callMediaType, params: params,
                         succ: succ, fail: fail)
    }

    /// KIT35 `calls(userIdList:callMediaType:params:succ:fail:)`: the kit's guards (calling only yourself
    /// fails with -1201; yourself is taken out of the list), then `TUICallEngine.calls` with `params`, or
    /// the kit's parameters when nil.
    public func calls(userIdList: [String], callMediaType: TUICallMediaType, params: TUICallParams?,
                      succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        let completion = engine.callbacks(succ, fail)
        guard let me = loggedInUser else { return client.complete(completion, .failure(Self.notLoggedIn)) }
        if userIdList == [me] { return client.complete(completion, .failure(Self.callingYourself)) }
        let users = userIdList.filter { $0 != me }
        if let failure = Self.check(users) ?? (callMediaType == .unknown ? Self.unknownMediaType : nil) {
            return client.complete(completion, .failure(failure))
        }
        engine.calls(userIdList: users, callMediaType: callMediaType, params: params ?? Self.kitParams(),
                     succ: succ, fail: fail)
    }

    /// KIT35 `join(callId:)`: `TUICallEngine.join(callId:succ:fail:)`.
    public func join(callId: String) {
        engine.join(callId: callId, succ: {}, fail: { _, _ in })
    }

    /// KIT35 `joinInGroupCall(roomId:groupId:callMediaType:)`:
    /// `TUICallEngine.joinInGroupCall(roomId:groupId:callMediaType:succ:fail:)`.
    @available(*, deprecated, message: "This interface has been deprecated, please use the 'join' interface.")
    public func joinInGroupCall(roomId: TUIRoomId, groupId: String, callMediaType: TUICallMediaType) {
        engine.joinInGroupCall(roomId: roomId, groupId: groupId, callMediaType: callMediaType, succ: {}, fail: { _, _ in })
    }

    // MARK: - Calls (KIT4, AtomicXCore types)

    /// KIT4 `calls(userIdList:callMediaType:params:completion:)`: the kit's guards, then
    /// `CallStore.calls(participantIds:mediaType:params:completion:)` with `params`, or `CallParams()`
    /// (30 s) when nil.
    public func calls(userIdList: [String], callMediaType: CallMediaType, params: CallParams?, completion: CompletionClosure?) {
        let done = sendable(completion)
        guard let me = loggedInUser else { return client.complete(done, .failure(Self.notLoggedIn)) }
        if userIdList == [me] { return client.complete(done, .failure(Self.callingYourself)) }
        let users = userIdList.filter { $0 != me }
        if let failure = Self.check(users) { return client.complete(done, .failure(failure)) }
        callStore.calls(participantIds: users, mediaType: callMediaType, params: params ?? CallParams(), completion: completion)
    }

    /// KIT4 `join(callId:completion:)`: `CallStore.join(callId:completion:)`.
    public func join(callId: String, completion: CompletionClosure?) {
        callStore.join(callId: callId, completion: completion)
    }

    // MARK: - Settings

    /// `setCallingBell(filePath:)`: the ring of incoming calls; "" restores the kit's own.
    public func setCallingBell(filePath: String) {
        kept.withLock { $0.callingBellFilePath = filePath }
    }

    /// `enableMuteMode(enable:)`: incoming calls do not ring.
    public func enableMuteMode(enable: Bool) {
        kept.withLock { $0.isMuteModeEnabled = enable }
    }

    /// `enableFloatWindow(enable:)`: the floating-window button of the call view.
    public func enableFloatWindow(enable: Bool) {
        kept.withLock { $0.isFloatWindowEnabled = enable }
    }

    /// `enableVirtualBackground(enable:)`: the blurred-background button of the call view.
    public func enableVirtualBackground(enable: Bool) {
        kept.withLock { $0.isVirtualBackgroundEnabled = enable }
    }

    /// `enableIncomingBanner(enable:)`: an incoming call shows a banner before the full call view.
    public func enableIncomingBanner(enable: Bool) {
        kept.withLock { $0.isIncomingBannerEnabled = enable }
    }

    /// KIT4 `enableAITranscriber(enable:)`: AI transcription starts by itself when a call connects.
    public func enableAITranscriber(enable: Bool) {
        kept.withLock { $0.isAITranscriberEnabled = enable }
    }

    /// KIT4 `setScreenOrientation(orientation:completion:)`: 0 portrait, 1 landscape, 2 auto; another
    /// value fails with -1202 "Invalid screen orientation value" and changes nothing.
    public func setScreenOrientation(orientation: Int, completion: CompletionClosure?) {
        guard (0...2).contains(orientation) else {
            return client.complete(sendable(completion), .failure(TencentErrorMapping.info(
                ERROR_PARAM_INVALID, "Invalid screen orientation value")))
        }
        kept.withLock { $0.screenOrientation = orientation }
        client.complete(sendable(completion), .success(()))
    }

    /// `callExperimentalAPI(jsonStr:)`: `TUICallEngine.callExperimentalAPI(jsonObject:)`, as KIT4 forwards
    /// it.
    public func callExperimentalAPI(jsonStr: String) {
        engine.callExperimentalAPI(jsonObject: jsonStr)
    }

    // MARK: - The kit's guards

    private var loggedInUser: String? {
        client.state.withLock { $0.isLoggedIn ? $0.user?.rawValue : nil }
    }

    /// The kit's default parameters (`getCallParams()`): its offline push and a 30 s timeout.
    static func kitParams() -> TUICallParams {
        let params = TUICallParams()
        params.offlinePushInfo = OfflinePushInfoConfig.createOfflinePushInfo()
        params.timeout = Int32(TencentLimits.defaultCallTimeout)
        return params
    }

    /// -1202 for an empty list or more than 8 callees (the kit's `MAX_USER` of 9 people).
    private static func check(_ users: [String]) -> ErrorInfo? {
        if users.isEmpty { return TencentErrorMapping.info(ERROR_PARAM_INVALID, "call failed, invalid params 'userIdList'") }
        if users.count >= TencentLimits.maxPeople {
            return TencentErrorMapping.info(ERROR_PARAM_INVALID, "groupCall failed, currently supports call with up to 9 people")
        }
        return nil
    }

    private static let notLoggedIn = TencentErrorMapping.info(ERROR_INIT_FAIL, "call failed, please login")
    private static let callingYourself = TencentErrorMapping.info(ERROR_INIT_FAIL, "call failed, not to call self")
    private static let unknownMediaType = TencentErrorMapping.info(ERROR_PARAM_INVALID, "call failed, callMediaType is Unknown")
}
