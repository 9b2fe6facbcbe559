@_spi(RtmVendor) import SwitchboardAgora

/// `ARtmSetLocalUserAttributesBlock`.
public typealias ARtmSetLocalUserAttributesBlock = AgoraRtmSetLocalUserAttributesBlock
/// `ARtmAddOrUpdateLocalUserAttributesBlock`.
public typealias ARtmAddOrUpdateLocalUserAttributesBlock = AgoraRtmAddOrUpdateLocalUserAttributesBlock
/// `ARtmDeleteLocalUserAttributesBlock`.
public typealias ARtmDeleteLocalUserAttributesBlock = AgoraRtmDeleteLocalUserAttributesBlock
/// `ARtmClearLocalUserAttributesBlock`.
public typealias ARtmClearLocalUserAttributesBlock = AgoraRtmClearLocalUserAttributesBlock
/// `ARtmGetUserAttributesBlock`: the uid is `_Nonnull` in anyRTC's header (Agora's is unannotated).
public typealias ARtmGetUserAttributesBlock = ([ARtmAttribute]?, String, ARtmProcessAttributeErrorCode) -> Void
/// `ARtmChannelMemberCountBlock`: the array is `_Nullable`.
public typealias ARtmChannelMemberCountBlock = AgoraRtmChannelMemberCountBlock
/// `ARtmSetChannelAttributesBlock`.
public typealias ARtmSetChannelAttributesBlock = AgoraRtmSetChannelAttributesBlock
/// `ARtmAddOrUpdateChannelAttributesBlock`.
public typealias ARtmAddOrUpdateChannelAttributesBlock = AgoraRtmAddOrUpdateChannelAttributesBlock
/// `ARtmDeleteChannelAttributesBlock`.
public typealias ARtmDeleteChannelAttributesBlock = AgoraRtmDeleteChannelAttributesBlock
/// `ARtmClearChannelAttributesBlock`.
public typealias ARtmClearChannelAttributesBlock = AgoraRtmClearChannelAttributesBlock
/// `ARtmGetChannelAttributesBlock`.
public typealias ARtmGetChannelAttributesBlock = ([ARtmChannelAttribute]?, ARtmProcessAttributeErrorCode) -> Void
/// `ARtmQueryPeersBySubscriptionOptionBlock`: the array is `_Nullable`.
public typealias ARtmQueryPeersBySubscriptionOptionBlock = AgoraRtmQueryPeersBySubscriptionOptionBlock

/// `ARtmAttribute` (ARtmObjects.h): Agora's, a user attribute (`key`, `value`).
public typealias ARtmAttribute = AgoraRtmAttribute

/// `ARtmChannelAttributeOptions` (ARtmObjects.h): Agora's (`enableNotificationToChannelMembers`).
public typealias ARtmChannelAttributeOptions = AgoraRtmChannelAttributeOptions

/// `ARtmChannelMemberCount` (ARtmObjects.h): Agora's (`channelId`, `count`).
public typealias ARtmChannelMemberCount = AgoraRtmChannelMemberCount

/// `ARtmChannelAttribute` (ARtmObjects.h): a channel attribute, whose writer is `lastUpdateUid`
/// (Agora: `lastUpdateUserId`).
open class ARtmChannelAttribute: VendorRtmChannelAttribute, @unchecked Sendable {
    /// `lastUpdateUid`.
    open var lastUpdateUid: String {
        get { updater }
        set { updater = newValue }
    }
}
