import Foundation
import SwitchboardClient
import SwitchboardRTM

/// `AgoraRtmLoginBlock`.
public typealias AgoraRtmLoginBlock = (AgoraRtmLoginErrorCode) -> Void
/// `AgoraRtmLogoutBlock`.
public typealias AgoraRtmLogoutBlock = (AgoraRtmLogoutErrorCode) -> Void
/// `AgoraRtmRenewTokenBlock` (the token is unannotated in the header; optional here, decision 17).
public typealias AgoraRtmRenewTokenBlock = (String?, AgoraRtmRenewTokenErrorCode) -> Void
/// `AgoraRtmSendPeerMessageBlock`.
public typealias AgoraRtmSendPeerMessageBlock = (AgoraRtmSendPeerMessageErrorCode) -> Void
/// `AgoraRtmQueryPeersOnlineBlock` (the array is unannotated in the header; optional here, decision 17).
public typealias AgoraRtmQueryPeersOnlineBlock = ([AgoraRtmPeerOnlineStatus]?, AgoraRtmQueryPeersOnlineErrorCode) -> Void
/// `AgoraRtmSubscriptionRequestBlock`.
public typealias AgoraRtmSubscriptionRequestBlock = (AgoraRtmPeerSubscriptionStatusErrorCode) -> Void

/// `AgoraRtmKit`: the entry point of Agora RTM 1.x. Each instance is one device of one user at a time;
/// logging the same user in elsewhere aborts this one (`remoteLogin`).
///
/// Without configuration it talks to the process's embedded service (`ClientEnvironment.current`), so
/// two kits in one process can call each other. Callbacks arrive on the main queue unless
/// `ClientEnvironment.current.callbackQueue` names another (DECISIONS.md, "Callback queues").
open class AgoraRtmKit: NSObject, @unchecked Sendable {
    // @unchecked: mutable state is the delegate (behind `lock`) and the engine's (behind its own locks).
    let engine: RTMClient
    private let lock = NSLock()
    private weak var delegateStorage: AgoraRtmDelegate?
    private var callKitStorage: AgoraRtmCallKit?

    /// `agoraRtmDelegate`.
    open weak var agoraRtmDelegate: AgoraRtmDelegate? {
        get { lock.withLock { delegateStorage } }
        set { lock.withLock { delegateStorage = newValue } }
    }

    /// `rtmCallKit`: the same instance `getRtmCall()` returns (decision 21).
    open var rtmCallKit: AgoraRtmCallKit? {
        get { lock.withLock { callKitStorage } }
        set { lock.withLock { callKitStorage = newValue } }
    }

    /// `initWithAppId:delegate:`: nil unless `appId` is 32 characters (decision 20).
    public convenience init?(appId: String, delegate: AgoraRtmDelegate?) {
        self.init(appId: appId, delegate: delegate, environment: .current)
    }

    /// Switchboard's addition: a kit bound to `environment` (a `TestWorld`'s, or a server's) instead of
    /// `ClientEnvironment.current`.
    public init?(appId: String, delegate: AgoraRtmDelegate?, environment: ClientEnvironment) {
        guard let engine = RTMClient(appID: appId, profile: .agora, environment: environment) else { return nil }
        self.engine = engine
        super.init()
        delegateStorage = delegate
        callKitStorage = AgoraRtmCallKit(kit: self)
        engine.setEventHandler { [weak self] event in self?.deliver(event) }
    }

    // MARK: - Login

    /// `loginByToken:user:completion:`.
    open func login(byToken token: String?, user userId: String, completion: AgoraRtmLoginBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.login(token: token, user: userId) { completion(RTMSurface.convert($0)) }
    }

    /// `logoutWithCompletion:`.
    open func logout(completion: AgoraRtmLogoutBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.logout { completion(RTMSurface.convert($0)) }
    }

    /// `renewToken:completion:`.
    open func renewToken(_ token: String, completion: AgoraRtmRenewTokenBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.renewToken(token) { token, code in completion(token, RTMSurface.convert(code)) }
    }

    /// `getRtmCallKit`.
    open func getRtmCall() -> AgoraRtmCallKit? {
        rtmCallKit
    }

    // MARK: - Peer messages and presence

    /// `sendMessage:toPeer:completion:` (deprecated since 1.1.0).
    @available(*, deprecated, message: "use send(_:toPeer:sendMessageOptions:completion:)")
    open func send(_ message: AgoraRtmMessage, toPeer peerId: String, completion: AgoraRtmSendPeerMessageBlock? = nil) {
        send(message, toPeer: peerId, sendMessageOptions: AgoraRtmSendMessageOptions(), completion: completion)
    }

    /// `sendMessage:toPeer:sendMessageOptions:completion:`.
    open func send(_ message: AgoraRtmMessage, toPeer peerId: String, sendMessageOptions options: AgoraRtmSendMessageOptions,
                   completion: AgoraRtmSendPeerMessageBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.send(message.engineMessage, toPeer: peerId, offline: options.enableOfflineMessaging) {
            completion(RTMSurface.convert($0))
        }
    }

    /// `queryPeersOnlineStatus:completion:`.
    open func queryPeersOnlineStatus(_ peerIds: [String], completion: AgoraRtmQueryPeersOnlineBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.queryPeersOnlineStatus(peerIds) { statuses, code in
            completion(statuses?.map { AgoraRtmPeerOnlineStatus($0) }, RTMSurface.convert(code))
        }
    }

    /// `subscribePeersOnlineStatus:completion:`: the current states follow through
    /// `rtmKit(_:peersOnlineStatusChanged:)`, then every change.
    open func subscribePeersOnlineStatus(_ peerIds: [String], completion: AgoraRtmSubscriptionRequestBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.subscribe(peerIds) { completion(RTMSurface.convert($0)) }
    }

    /// `unsubscribePeersOnlineStatus:completion:`.
    open func unsubscribePeersOnlineStatus(_ peerIds: [String], completion: AgoraRtmSubscriptionRequestBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.unsubscribe(peerIds) { completion(RTMSurface.convert($0)) }
    }

    // MARK: - Channels

    /// `createChannelWithId:delegate:`: nil for an invalid id or one this kit already created.
    open func createChannel(withId channelId: String, delegate: AgoraRtmChannelDelegate?) -> AgoraRtmChannel? {
        guard let core = engine.createChannel(channelId) else { return nil }
        let channel = AgoraRtmChannel(kit: self, core: core, delegate: delegate)
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
    open func setLogFilters(_ filter: AgoraRtmLogFilter) -> Int32 { 0 }
    /// `setParameters:`: accepted and ignored.
    open func setParameters(_ parameters: String) -> Int32 { 0 }

    /// `getSDKVersion`.
    open class func getSDKVersion() -> String { "1.5.0 (Switchboard)" }

    // MARK: - Callbacks (on the callback queue)

    private func deliver(_ event: RTMEvent) {
        switch event {
        case .connectionStateChanged(let state, let reason):
            agoraRtmDelegate?.rtmKit(self, connectionStateChanged: RTMSurface.convert(state), reason: RTMSurface.convert(reason))
        case .messageReceived(let message, let peer):
            agoraRtmDelegate?.rtmKit(self, messageReceived: AgoraRtmMessage.received(message), fromPeer: peer)
        case .peersOnlineStatusChanged(let statuses):
            agoraRtmDelegate?.rtmKit(self, peersOnlineStatusChanged: statuses.map { AgoraRtmPeerOnlineStatus($0) })
        case .tokenDidExpire:
            agoraRtmDelegate?.rtmKitTokenDidExpire(self)
        case .tokenPrivilegeWillExpire:
            agoraRtmDelegate?.rtmKitTokenPrivilegeWillExpire(self)
        case .memberJoined, .memberLeft, .channelMessageReceived, .memberCount:
            AgoraRtmChannel.deliver(event)
        default:
            rtmCallKit?.deliver(event)
        }
    }
}
