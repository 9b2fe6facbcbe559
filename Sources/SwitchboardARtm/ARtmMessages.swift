@_spi(RtmVendor) import SwitchboardAgora

/// `ARtmMessage` (ARtmObjects.h): Agora's, a text message (under 32 KB). anyRTC has no raw message
/// class (docs/AGORA.md, "anyRTC differences"): a raw message from an Agora sender arrives as one of
/// type `.raw` whose `text` is the sender's description.
public typealias ARtmMessage = AgoraRtmMessage

/// `ARtmSendMessageOptions`: Agora's, the options of the only peer and channel sends anyRTC has.
public typealias ARtmSendMessageOptions = AgoraRtmSendMessageOptions

/// `ARtmPeerOnlineStatus`: `peerId` and `state` only (anyRTC has no `isOnline`).
open class ARtmPeerOnlineStatus: VendorRtmPeerOnlineStatus, @unchecked Sendable {}

/// `ARtmMember`: a channel member, by `uid` (Agora: `userId`).
open class ARtmMember: VendorRtmMember, @unchecked Sendable {
    /// `uid`.
    open var uid: String { memberId }
}
