import SwitchboardAgora

/// `ARtmJoinChannelBlock`.
public typealias ARtmJoinChannelBlock = AgoraRtmJoinChannelBlock
/// `ARtmLeaveChannelBlock`.
public typealias ARtmLeaveChannelBlock = AgoraRtmLeaveChannelBlock
/// `ARtmSendChannelMessageBlock`.
public typealias ARtmSendChannelMessageBlock = AgoraRtmSendChannelMessageBlock
/// `ARtmGetMembersBlock`.
public typealias ARtmGetMembersBlock = ([ARtmMember]?, ARtmGetMembersErrorCode) -> Void

/// `ARtmChannel`: created by `ARtmKit.createChannel(withId:delegate:)`. After a long outage the kit
/// rejoins the channels it was in on its own (members see `memberJoined`). anyRTC's only channel send
/// is `send(_:sendMessageOptions:completion:)`.
public typealias ARtmChannel = VendorRtmChannel<AnyRTCVendor>
