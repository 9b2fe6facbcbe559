@_spi(RtmVendor) import SwitchboardAgora
import SwitchboardRTM

/// anyRTC ARtmKit, Agora RTM 1.x's work-alike: its names, and every way it differs from Agora
/// (docs/AGORA.md, "anyRTC differences"). Everything else is Agora's, shared through `SwitchboardAgora`.
public enum AnyRTCVendor: RtmVendor {
    /// The engine's anyRTC profile: a 6 s login timeout, 60 messages per second, and neither
    /// `rtmKitTokenPrivilegeWillExpire:` nor reason 9 (`tokenExpired`).
    public static let profile = RTMProfile.anyRTC
    public static let sdkVersion = "1.0.0 (Switchboard)"
    /// anyRTC has no raw message class: raw data from an Agora sender arrives as an `ARtmMessage` of
    /// type `.raw` whose `text` is the sender's description.
    public static let hasRawMessageClass = false
    /// anyRTC's `createChannelWithId:delegate:` answers nil for an id already in use ("channelId 已存在").
    public static let createChannelReturnsExisting = false

    /// `ARtmConnectionChangeReason`: Agora's reasons without reason 9.
    public typealias ConnectionChangeReason = ARtmConnectionChangeReason
    /// `ARtmLogFilter`: `NSUInteger`, with `debug` and `warning`, without `mask`.
    public typealias LogFilter = ARtmLogFilter
    /// `ARtmPeerOnlineStatus`: no deprecated `isOnline`.
    public typealias PeerOnlineStatus = ARtmPeerOnlineStatus
    /// `ARtmMember`: the member's user is `uid`, not `userId`.
    public typealias Member = ARtmMember
    /// `ARtmChannelAttribute`: who wrote a channel attribute last is `lastUpdateUid`, not `lastUpdateUserId`.
    public typealias ChannelAttribute = ARtmChannelAttribute
    /// `ARtmGetUserAttributesBlock`'s uid is `_Nonnull`.
    public typealias AttributeOwner = String

    public static func attributeOwner(_ owner: String) -> String { owner }

    public typealias Kit = ARtmKit
    public typealias Delegate = any ARtmDelegate
    public typealias CallDelegate = any ARtmCallDelegate
    public typealias ChannelDelegate = any ARtmChannelDelegate
}
