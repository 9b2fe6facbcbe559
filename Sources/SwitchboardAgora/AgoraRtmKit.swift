import Foundation

/// `AgoraRtmLoginBlock`.
public typealias AgoraRtmLoginBlock = (AgoraRtmLoginErrorCode) -> Void
/// `AgoraRtmLogoutBlock`.
public typealias AgoraRtmLogoutBlock = (AgoraRtmLogoutErrorCode) -> Void
/// `AgoraRtmRenewTokenBlock` (the token is unannotated in the header; optional here: docs/AGORA.md,
/// "Unannotated block parameters").
public typealias AgoraRtmRenewTokenBlock = (String?, AgoraRtmRenewTokenErrorCode) -> Void
/// `AgoraRtmSendPeerMessageBlock`.
public typealias AgoraRtmSendPeerMessageBlock = (AgoraRtmSendPeerMessageErrorCode) -> Void
/// `AgoraRtmQueryPeersOnlineBlock` (the array is unannotated in the header; optional here: docs/AGORA.md,
/// "Unannotated block parameters").
public typealias AgoraRtmQueryPeersOnlineBlock = ([AgoraRtmPeerOnlineStatus]?, AgoraRtmQueryPeersOnlineErrorCode) -> Void
/// `AgoraRtmSubscriptionRequestBlock`.
public typealias AgoraRtmSubscriptionRequestBlock = (AgoraRtmPeerSubscriptionStatusErrorCode) -> Void

/// `AgoraRtmKit`: the entry point of Agora RTM 1.x. Each instance is one device of one user at a time;
/// logging the same user in elsewhere aborts this one (`remoteLogin`). Everything but its delegate's
/// name and Agora's own methods is ``VendorRtmKit``'s, which anyRTC's `ARtmKit` shares.
///
/// Without configuration it talks to the process's embedded service (`ClientEnvironment.current`), so
/// two kits in one process can call each other. Callbacks arrive on the main queue unless
/// `ClientEnvironment.current.callbackQueue` names another (DECISIONS.md, "Callback queues").
open class AgoraRtmKit: VendorRtmKit<AgoraVendor>, @unchecked Sendable {
    /// `agoraRtmDelegate`.
    open weak var agoraRtmDelegate: (any AgoraRtmDelegate)? {
        get { delegate }
        set { delegate = newValue }
    }

    /// `sendMessage:toPeer:completion:` (deprecated since 1.1.0).
    @available(*, deprecated, message: "use send(_:toPeer:sendMessageOptions:completion:)")
    open func send(_ message: AgoraRtmMessage, toPeer peerId: String, completion: AgoraRtmSendPeerMessageBlock? = nil) {
        send(message, toPeer: peerId, sendMessageOptions: AgoraRtmSendMessageOptions(), completion: completion)
    }

    override func tokenPrivilegeWillExpire() {
        agoraRtmDelegate?.rtmKitTokenPrivilegeWillExpire(self)
    }
}
