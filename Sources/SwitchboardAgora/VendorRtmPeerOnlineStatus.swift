import Foundation
import SwitchboardRTM

/// A peer's online status as RTM 1.x reports it (`AgoraRtmPeerOnlineStatus`, anyRTC's
/// `ARtmPeerOnlineStatus`): `peerId` and `state`, which every vendor has.
open class VendorRtmPeerOnlineStatus: NSObject, @unchecked Sendable {
    // @unchecked: set once when the SDK makes it, as the vendors' are.
    /// `peerId`.
    open internal(set) var peerId: String
    /// `state`.
    open internal(set) var state: AgoraRtmPeerOnlineState

    /// Made by the kit from the engine's status.
    @_spi(RtmVendor) public required init(_ status: RTMPeerStatus) {
        peerId = status.peerID
        state = RTMSurface.convert(status.state)
    }
}
