import Foundation
import SwitchboardRTM

/// `AgoraRtmJoinChannelBlock`.
public typealias AgoraRtmJoinChannelBlock = (AgoraRtmJoinChannelErrorCode) -> Void
/// `AgoraRtmLeaveChannelBlock`.
public typealias AgoraRtmLeaveChannelBlock = (AgoraRtmLeaveChannelErrorCode) -> Void
/// `AgoraRtmSendChannelMessageBlock`.
public typealias AgoraRtmSendChannelMessageBlock = (AgoraRtmSendChannelMessageErrorCode) -> Void
/// `AgoraRtmGetMembersBlock`.
public typealias AgoraRtmGetMembersBlock = ([AgoraRtmMember]?, AgoraRtmGetMembersErrorCode) -> Void

/// `AgoraRtmChannel`: created by `createChannel(withId:delegate:)`. After a long outage the kit rejoins
/// the channels it was in on its own (members see `memberJoined`).
public typealias AgoraRtmChannel = VendorRtmChannel<AgoraVendor>

extension VendorRtmChannel where Vendor == AgoraVendor {
    /// `sendMessage:completion:` (deprecated in 1.3.0; anyRTC never had it).
    @available(*, deprecated, message: "use send(_:sendMessageOptions:completion:)")
    public func send(_ message: AgoraRtmMessage, completion: AgoraRtmSendChannelMessageBlock? = nil) {
        send(message, sendMessageOptions: AgoraRtmSendMessageOptions(), completion: completion)
    }
}
