@_spi(RtmVendor) import SwitchboardAgora

/// `ARtmLoginBlock`.
public typealias ARtmLoginBlock = AgoraRtmLoginBlock
/// `ARtmLogoutBlock`.
public typealias ARtmLogoutBlock = AgoraRtmLogoutBlock
/// `ARtmRenewTokenBlock`: the token is `_Nullable` in the anyRTC header, so a plain optional.
public typealias ARtmRenewTokenBlock = AgoraRtmRenewTokenBlock
/// `ARtmSendPeerMessageBlock`.
public typealias ARtmSendPeerMessageBlock = AgoraRtmSendPeerMessageBlock
/// `ARtmQueryPeersOnlineBlock`: the array is `_Nullable` in the anyRTC header, so a plain optional.
public typealias ARtmQueryPeersOnlineBlock = ([ARtmPeerOnlineStatus]?, ARtmQueryPeersOnlineErrorCode) -> Void
/// `ARtmSubscriptionRequestBlock`.
public typealias ARtmSubscriptionRequestBlock = AgoraRtmSubscriptionRequestBlock

/// `ARtmKit`: the entry point of anyRTC ARtmKit, Agora RTM 1.x's work-alike. Each instance is one device
/// of one user at a time; logging the same user in elsewhere aborts this one (`remoteLogin`).
///
/// It is Agora's kit (`VendorRtmKit`) with anyRTC's names and differences (``AnyRTCVendor``): anyRTC's
/// only peer send is `send(_:toPeer:sendMessageOptions:completion:)`. Without configuration it talks to
/// the process's embedded service (`ClientEnvironment.current`); callbacks arrive on the main queue
/// unless `ClientEnvironment.current.callbackQueue` names another (DECISIONS.md, "Callback queues").
open class ARtmKit: VendorRtmKit<AnyRTCVendor>, @unchecked Sendable {
    /// `aRtmDelegate` (Agora: `agoraRtmDelegate`).
    open weak var aRtmDelegate: (any ARtmDelegate)? {
        get { delegate }
        set { delegate = newValue }
    }
}
