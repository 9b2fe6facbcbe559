import Foundation
import SwitchboardWire

/// `AgoraRtmSetLocalUserAttributesBlock`.
public typealias AgoraRtmSetLocalUserAttributesBlock = (AgoraRtmProcessAttributeErrorCode) -> Void
/// `AgoraRtmAddOrUpdateLocalUserAttributesBlock`.
public typealias AgoraRtmAddOrUpdateLocalUserAttributesBlock = (AgoraRtmProcessAttributeErrorCode) -> Void
/// `AgoraRtmDeleteLocalUserAttributesBlock`.
public typealias AgoraRtmDeleteLocalUserAttributesBlock = (AgoraRtmProcessAttributeErrorCode) -> Void
/// `AgoraRtmClearLocalUserAttributesBlock`.
public typealias AgoraRtmClearLocalUserAttributesBlock = (AgoraRtmProcessAttributeErrorCode) -> Void
/// `AgoraRtmGetUserAttributesBlock`: the attributes, the user's id and the result. The user id is
/// unannotated in the header; optional here (docs/AGORA.md, "Unannotated block parameters").
public typealias AgoraRtmGetUserAttributesBlock = ([AgoraRtmAttribute]?, String?, AgoraRtmProcessAttributeErrorCode) -> Void
/// `AgoraRtmSetChannelAttributesBlock`.
public typealias AgoraRtmSetChannelAttributesBlock = (AgoraRtmProcessAttributeErrorCode) -> Void
/// `AgoraRtmAddOrUpdateChannelAttributesBlock`.
public typealias AgoraRtmAddOrUpdateChannelAttributesBlock = (AgoraRtmProcessAttributeErrorCode) -> Void
/// `AgoraRtmDeleteChannelAttributesBlock`.
public typealias AgoraRtmDeleteChannelAttributesBlock = (AgoraRtmProcessAttributeErrorCode) -> Void
/// `AgoraRtmClearChannelAttributesBlock`.
public typealias AgoraRtmClearChannelAttributesBlock = (AgoraRtmProcessAttributeErrorCode) -> Void
/// `AgoraRtmGetChannelAttributesBlock`.
public typealias AgoraRtmGetChannelAttributesBlock = ([AgoraRtmChannelAttribute]?, AgoraRtmProcessAttributeErrorCode) -> Void
/// `AgoraRtmChannelMemberCountBlock` (the array is unannotated in the header; optional here).
public typealias AgoraRtmChannelMemberCountBlock = ([AgoraRtmChannelMemberCount]?, AgoraRtmChannelMemberCountErrorCode) -> Void
/// `AgoraRtmQueryPeersBySubscriptionOptionBlock` (the array is unannotated in the header; optional here).
public typealias AgoraRtmQueryPeersBySubscriptionOptionBlock = ([String]?, AgoraRtmQueryPeersBySubscriptionOptionErrorCode) -> Void

/// `AgoraRtmAttribute`: a user attribute. Make one with `init()` and set `key` (1 to 32 bytes of
/// visible characters) and `value` (at most 8 KB). anyRTC's `ARtmAttribute` is this class.
open class AgoraRtmAttribute: NSObject, @unchecked Sendable {
    // @unchecked: plain properties an app sets before passing the object, as with the SDK's.
    /// `key`.
    open var key: String = ""
    /// `value`.
    open var value: String = ""

    public override init() {}

    init(_ attribute: Attribute) {
        key = attribute.key
        value = attribute.value
    }

    var wire: Attribute { Attribute(key: key, value: value) }
}

/// `AgoraRtmChannelAttribute`: a channel attribute, with who wrote it last and when.
open class AgoraRtmChannelAttribute: VendorRtmChannelAttribute, @unchecked Sendable {
    /// `lastUpdateUserId`: who wrote the attribute last (anyRTC: `lastUpdateUid`).
    open var lastUpdateUserId: String {
        get { updater }
        set { updater = newValue }
    }
}

/// `AgoraRtmChannelAttributeOptions`: how a channel attribute change is made. anyRTC's
/// `ARtmChannelAttributeOptions` is this class.
open class AgoraRtmChannelAttributeOptions: NSObject, @unchecked Sendable {
    // @unchecked: a plain flag an app sets before passing the object.
    /// `enableNotificationToChannelMembers`: tell the channel's members (`channel(_:attributeUpdate:)`)
    /// about this change; off by default, and valid for this call only.
    open var enableNotificationToChannelMembers = false

    public override init() {}
}

/// `AgoraRtmChannelMemberCount`: a channel's member count, as `getChannelMemberCount(_:completion:)`
/// reports it (0 for a channel nobody is in). anyRTC's `ARtmChannelMemberCount` is this class.
open class AgoraRtmChannelMemberCount: NSObject, @unchecked Sendable {
    // @unchecked: set once when the SDK makes it, as the vendors' are.
    /// `channelId`.
    open var channelId: String = ""
    /// `count`.
    open var count: Int32 = 0

    public override init() {}

    init(_ count: ChannelMemberCount) {
        channelId = count.channel
        self.count = Int32(clamping: count.count)
    }
}
