import Foundation
import SwitchboardClient
import SwitchboardRTM

/// The kit of RTM 1.x, written once for every ``RtmVendor``: `AgoraRtmKit` and anyRTC's `ARtmKit` are
/// its subclasses, each naming its delegate property. Each instance is one device of one user at a
/// time; logging the same user in elsewhere aborts this one (`remoteLogin`).
///
/// Without configuration it talks to the process's embedded service (`ClientEnvironment.current`), so
/// two kits in one process can call each other. Callbacks arrive on the main queue unless
/// `ClientEnvironment.current.callbackQueue` names another (DECISIONS.md, "Callback queues").
open class VendorRtmKit<Vendor: RtmVendor>: NSObject, @unchecked Sendable {
    // @unchecked: mutable state is the delegate (behind `lock`) and the engine's (behind its own locks).
    let engine: RTMClient
    private let lock = NSLock()
    private weak var delegateObject: AnyObject?
    private var callKitStorage: VendorRtmCallKit<Vendor>?

    /// The vendor's delegate (`agoraRtmDelegate`, `aRtmDelegate`): its subclass gives it its name.
    @_spi(RtmVendor) public var delegate: Vendor.Delegate? {
        get { lock.withLock { delegateObject } as? Vendor.Delegate }
        set { lock.withLock { delegateObject = newValue.map { $0 as AnyObject } } }
    }

    /// `rtmCallKit`: the same instance `getRtmCall()` returns (docs/AGORA.md, "One call kit per kit"). A
    /// call kit the app made and sets here becomes this kit's ("Call kits the app makes").
    open var rtmCallKit: VendorRtmCallKit<Vendor>? {
        get { lock.withLock { callKitStorage } }
        set {
            newValue?.attach(to: vendorKit)
            lock.withLock { callKitStorage = newValue }
        }
    }

    /// `initWithAppId:delegate:`: nil unless `appId` is 32 characters, the only check Agora documents.
    public convenience init?(appId: String, delegate: Vendor.Delegate?) {
        self.init(appId: appId, delegate: delegate, environment: .current)
    }

    /// Switchboard's addition: a kit bound to `environment` (a `TestWorld`'s, or a server's) instead of
    /// `ClientEnvironment.current`.
    public init?(appId: String, delegate: Vendor.Delegate?, environment: ClientEnvironment) {
        guard let engine = RTMClient(appID: appId, profile: Vendor.profile, environment: environment) else { return nil }
        self.engine = engine
        super.init()
        RtmKitCensus.process.kitCreated(of: Vendor.self)
        self.delegate = delegate
        callKitStorage = VendorRtmCallKit(kit: vendorKit)
        engine.setEventHandler { [weak self] event in self?.deliver(event) }
    }

    deinit {
        RtmKitCensus.process.kitReleased(of: Vendor.self)
    }

    /// This kit as its vendor's class, which every kit is: the vendor's class is the one that is made.
    var vendorKit: Vendor.Kit {
        guard let kit = self as? Vendor.Kit else {
            preconditionFailure("a \(Self.self) is not a \(Vendor.Kit.self): make kits of the vendor's class")
        }
        return kit
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
    @discardableResult
    open func getRtmCall() -> VendorRtmCallKit<Vendor>? {
        rtmCallKit
    }

    // MARK: - Peer messages and presence

    /// `sendMessage:toPeer:sendMessageOptions:completion:`.
    open func send(_ message: AgoraRtmMessage, toPeer peerId: String, sendMessageOptions options: AgoraRtmSendMessageOptions,
                   completion: AgoraRtmSendPeerMessageBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.send(message.engineMessage, toPeer: peerId, offline: options.enableOfflineMessaging) {
            completion(RTMSurface.convert($0))
        }
    }

    /// `queryPeersOnlineStatus:completion:`.
    open func queryPeersOnlineStatus(
        _ peerIds: [String], completion: (([Vendor.PeerOnlineStatus]?, AgoraRtmQueryPeersOnlineErrorCode) -> Void)? = nil
    ) {
        let completion = VendorCallback(completion)
        engine.queryPeersOnlineStatus(peerIds) { statuses, code in
            completion(statuses?.map { Vendor.PeerOnlineStatus($0) }, RTMSurface.convert(code))
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

    /// `createChannelWithId:delegate:`: nil for an invalid id. For an id this kit already has a channel
    /// for, Agora answers that channel (its delegate unchanged) and anyRTC nil (docs/AGORA.md,
    /// "createChannel with an id in use").
    @discardableResult
    open func createChannel(withId channelId: String, delegate: Vendor.ChannelDelegate?) -> VendorRtmChannel<Vendor>? {
        if let existing = engine.channelNamed(channelId) {
            return Vendor.createChannelReturnsExisting ? existing.surfaceObject as? VendorRtmChannel<Vendor> : nil
        }
        guard let core = engine.createChannel(channelId) else { return nil }
        let channel = VendorRtmChannel<Vendor>(kit: vendorKit, core: core, delegate: delegate)
        core.surfaceObject = channel
        return channel
    }

    /// `destroyChannelWithId:`: leaves the channel if joined and releases it.
    @discardableResult
    open func destroyChannel(withId channelId: String) -> Bool {
        engine.destroyChannel(channelId)
    }

    // MARK: - Settings

    // The SDK's `int` results are discardable, as every Objective-C method's result is in Swift.

    /// `setLogFile:`: Switchboard logs through swift-log; accepted and ignored (0 = success).
    @discardableResult
    open func setLogFile(_ logFile: String) -> Int32 { 0 }
    /// `setLogFileSize:`: accepted and ignored.
    @discardableResult
    open func setLogFileSize(_ fileSizeInKBytes: Int32) -> Int32 { 0 }
    /// `setLogFilters:`: accepted and ignored.
    @discardableResult
    open func setLogFilters(_ filter: Vendor.LogFilter) -> Int32 { 0 }
    /// `setParameters:`: accepted and ignored.
    @discardableResult
    open func setParameters(_ parameters: String) -> Int32 { 0 }

    /// `getSDKVersion`.
    @discardableResult
    open class func getSDKVersion() -> String { Vendor.sdkVersion }

    // MARK: - Callbacks (on the callback queue)

    private func deliver(_ event: RTMEvent) {
        let delegate = lock.withLock { delegateObject }
            as? any VendorRtmDelegate<Vendor.Kit, Vendor.ConnectionChangeReason, Vendor.PeerOnlineStatus>
        switch event {
        case .connectionStateChanged(let state, let reason):
            delegate?.rtmKit(vendorKit, connectionStateChanged: RTMSurface.convert(state), reason: RTMSurface.convert(reason))
        case .messageReceived(let message, let peer):
            delegate?.rtmKit(vendorKit, messageReceived: Vendor.message(message), fromPeer: peer)
        case .peersOnlineStatusChanged(let statuses):
            delegate?.rtmKit(vendorKit, peersOnlineStatusChanged: statuses.map { Vendor.PeerOnlineStatus($0) })
        case .tokenDidExpire:
            delegate?.rtmKitTokenDidExpire(vendorKit)
        case .tokenPrivilegeWillExpire:
            tokenPrivilegeWillExpire()
        case .memberJoined, .memberLeft, .channelMessageReceived, .memberCount, .channelAttributeUpdate:
            VendorRtmChannel<Vendor>.deliver(event)
        default:
            rtmCallKit?.deliver(event)
        }
    }

    /// `rtmKitTokenPrivilegeWillExpire:`, which only Agora 1.5 has (`AgoraRtmKit` delivers it); no other
    /// vendor's profile asks the engine for it.
    func tokenPrivilegeWillExpire() {}
}
