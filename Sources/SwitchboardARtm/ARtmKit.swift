import Foundation
import SwitchboardClient
import SwitchboardRTM

/// `ARtmLoginBlock`.
public typealias ARtmLoginBlock = (ARtmLoginErrorCode) -> Void
/// `ARtmLogoutBlock`.
public typealias ARtmLogoutBlock = (ARtmLogoutErrorCode) -> Void
/// `ARtmRenewTokenBlock`: the token is `_Nullable` in the anyRTC header, so a plain optional.
public typealias ARtmRenewTokenBlock = (String?, ARtmRenewTokenErrorCode) -> Void
/// `ARtmSendPeerMessageBlock`.
public typealias ARtmSendPeerMessageBlock = (ARtmSendPeerMessageErrorCode) -> Void
/// `ARtmQueryPeersOnlineBlock`: the array is `_Nullable` in the anyRTC header, so a plain optional.
public typealias ARtmQueryPeersOnlineBlock = ([ARtmPeerOnlineStatus]?, ARtmQueryPeersOnlineErrorCode) -> Void
/// `ARtmSubscriptionRequestBlock`.
public typealias ARtmSubscriptionRequestBlock = (ARtmPeerSubscriptionStatusErrorCode) -> Void

/// `ARtmKit`: the entry point of anyRTC ARtmKit, Agora RTM 1.x's work-alike. Each instance is one device
/// of one user at a time; logging the same user in elsewhere aborts this one (`remoteLogin`).
///
/// It runs on the same engine as `AgoraRtmKit` with the anyRTC profile (`RTMProfile.anyRTC`): a 6 s
/// login timeout, 60 messages per second, no token-will-expire notice and no reason 9
/// (reference/agora-rtm.md §3.3). Without configuration it talks to the process's embedded service
/// (`ClientEnvironment.current`); callbacks arrive on the main queue unless
/// `ClientEnvironment.current.callbackQueue` names another (DECISIONS.md, "Callback queues").
open class ARtmKit: NSObject, @unchecked Sendable {
    // @unchecked: mutable state is the delegate (behind `lock`) and the engine's (behind its own locks).
    let engine: RTMClient
    private let lock = NSLock()
    private weak var delegateStorage: ARtmDelegate?
    private var callKitStorage: ARtmCallKit?

    /// `aRtmDelegate` (Agora: `agoraRtmDelegate`).
    open weak var aRtmDelegate: ARtmDelegate? {
        get { lock.withLock { delegateStorage } }
        set { lock.withLock { delegateStorage = newValue } }
    }

    /// `rtmCallKit`: the same instance `getRtmCall()` returns (decision 21).
    open var rtmCallKit: ARtmCallKit? {
        get { lock.withLock { callKitStorage } }
        set { lock.withLock { callKitStorage = newValue } }
    }

    /// `initWithAppId:delegate:`: nil unless `appId` is 32 characters (decision 20).
    public convenience init?(appId: String, delegate: ARtmDelegate?) {
        self.init(appId: appId, delegate: delegate, environment: .current)
    }

    /// Switchboard's addition: a kit bound to `environment` (a `TestWorld`'s, or a server's) instead of
    /// `ClientEnvironment.current`.
    public init?(appId: String, delegate: ARtmDelegate?, environment: ClientEnvironment) {
        guard let engine = RTMClient(appID: appId, profile: .anyRTC, environment: environment) else { return nil }
        self.engine = engine
        super.init()
        delegateStorage = delegate
        callKitStorage = ARtmCallKit(kit: self)
        engine.setEventHandler { [weak self] event in self?.deliver(event) }
    }

    // MARK: - Login

    /// `loginByToken:user:completion:`.
    open func login(byToken token: String?, user uid: String, completion: ARtmLoginBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.login(token: token, user: uid) { completion(RTMSurface.convert($0)) }
    }

    /// `logoutWithCompletion:`.
    open func logout(completion: ARtmLogoutBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.logout { completion(RTMSurface.convert($0)) }
    }

    /// `renewToken:completion:`.
    open func renewToken(_ token: String, completion: ARtmRenewTokenBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.renewToken(token) { token, code in completion(token, RTMSurface.convert(code)) }
    }

    /// `getRtmCallKit`.
    open func getRtmCall() -> ARtmCallKit? {
        rtmCallKit
    }

    // MARK: - Peer messages and presence

    /// `sendMessage:toPeer:sendMessageOptions:completion:`: anyRTC's only peer send (it has no
    /// option-less `sendMessage:toPeer:completion:`).
    open func send(_ message: ARtmMessage, toPeer peerId: String, sendMessageOptions options: ARtmSendMessageOptions,
                   completion: ARtmSendPeerMessageBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.send(message.engineMessage, toPeer: peerId, offline: options.enableOfflineMessaging) {
            completion(RTMSurface.convert($0))
        }
    }

    /// `queryPeersOnlineStatus:completion:`.
    open func queryPeersOnlineStatus(_ peerIds: [String], completion: ARtmQueryPeersOnlineBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.queryPeersOnlineStatus(peerIds) { statuses, code in
            completion(statuses?.map { ARtmPeerOnlineStatus($0) }, RTMSurface.convert(code))
        }
    }

    /// `subscribePeersOnlineStatus:completion:`: the current states follow through
    /// `rtmKit(_:peersOnlineStatusChanged:)`, then every change.
    open func subscribePeersOnlineStatus(_ peerIds: [String], completion: ARtmSubscriptionRequestBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.subscribe(peerIds) { completion(RTMSurface.convert($0)) }
    }

    /// `unsubscribePeersOnlineStatus:completion:`.
    open func unsubscribePeersOnlineStatus(_ peerIds: [String], completion: ARtmSubscriptionRequestBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.unsubscribe(peerIds) { completion(RTMSurface.convert($0)) }
    }

    // MARK: - Channels

    /// `createChannelWithId:delegate:`: nil for an invalid id or one this kit already created.
    open func createChannel(withId channelId: String, delegate: ARtmChannelDelegate?) -> ARtmChannel? {
        guard let core = engine.createChannel(channelId) else { return nil }
        let channel = ARtmChannel(kit: self, core: core, delegate: delegate)
        core.surfaceObject = channel
        return channel
    }

    /// `destroyChannelWithId:`: leaves the channel if joined and releases it.
    open func destroyChannel(withId channelId: String) -> Bool {
        engine.destroyChannel(channelId)
    }

    // MARK: - Settings

    /// `setLogFile:`: Switchboard logs through swift-log; accepted and ignored (0 = success).
    open func setLogFile(_ logFile: String) -> Int32 { 0 }
    /// `setLogFileSize:`: accepted and ignored.
    open func setLogFileSize(_ fileSizeInKBytes: Int32) -> Int32 { 0 }
    /// `setLogFilters:`: accepted and ignored.
    open func setLogFilters(_ filter: ARtmLogFilter) -> Int32 { 0 }
    /// `setParameters:`: accepted and ignored.
    open func setParameters(_ parameters: String) -> Int32 { 0 }

    /// `getSDKVersion`.
    open class func getSDKVersion() -> String { "1.0.0 (Switchboard)" }

    // MARK: - Callbacks (on the callback queue)

    private func deliver(_ event: RTMEvent) {
        switch event {
        case .connectionStateChanged(let state, let reason):
            aRtmDelegate?.rtmKit(self, connectionStateChanged: RTMSurface.convert(state), reason: RTMSurface.convert(reason))
        case .messageReceived(let message, let peer):
            aRtmDelegate?.rtmKit(self, messageReceived: ARtmMessage(message), fromPeer: peer)
        case .peersOnlineStatusChanged(let statuses):
            aRtmDelegate?.rtmKit(self, peersOnlineStatusChanged: statuses.map { ARtmPeerOnlineStatus($0) })
        case .tokenDidExpire:
            aRtmDelegate?.rtmKitTokenDidExpire(self)
        case .tokenPrivilegeWillExpire:
            // anyRTC has no `rtmKitTokenPrivilegeWillExpire:`; the anyRTC profile never emits it.
            break
        case .memberJoined, .memberLeft, .channelMessageReceived, .memberCount:
            ARtmChannel.deliver(event)
        default:
            rtmCallKit?.deliver(event)
        }
    }
}
