import SwitchboardRTM

/// A vendor of the RTM 1.x call-invitation API: Agora (``AgoraVendor``), whose names and rules this
/// module mirrors, or a work-alike that reuses them under its own names (anyRTC's `AnyRTCVendor`, in
/// SwitchboardARtm).
///
/// Everything the vendors share is written once, in the `VendorRtm*` classes this protocol
/// parameterizes (the kit, the call kit, the channel) and in the classes and enums under Agora's names
/// that a work-alike re-exports under its own. A conformance names the vendor's kit and delegate
/// protocols, and states what differs from Agora; every other requirement defaults to Agora's. So
/// `AnyRTCVendor` is the list of anyRTC's differences (docs/AGORA.md, "anyRTC differences").
public protocol RtmVendor: Sendable {
    /// The kit class (`AgoraRtmKit`): a subclass of ``VendorRtmKit`` that names the vendor's delegate
    /// property.
    associatedtype Kit: VendorRtmKit<Self>
    /// The kit's delegate, as an existential (`any AgoraRtmDelegate`).
    associatedtype Delegate
    /// The call kit's delegate, as an existential (`any AgoraRtmCallDelegate`).
    associatedtype CallDelegate
    /// A channel's delegate, as an existential (`any AgoraRtmChannelDelegate`).
    associatedtype ChannelDelegate
    /// Why the connection state changed.
    associatedtype ConnectionChangeReason: RawRepresentable<Int> = AgoraRtmConnectionChangeReason
    /// The log levels of `setLogFilters(_:)`.
    associatedtype LogFilter = AgoraRtmLogFilter
    /// A peer's online status, as presence queries and subscriptions report it.
    associatedtype PeerOnlineStatus: VendorRtmPeerOnlineStatus = AgoraRtmPeerOnlineStatus
    /// A channel member.
    associatedtype Member: VendorRtmMember = AgoraRtmMember
    /// A channel attribute (the vendor names who wrote it last).
    associatedtype ChannelAttribute: VendorRtmChannelAttribute = AgoraRtmChannelAttribute
    /// The user id a user-attribute query answers with: unannotated in Agora's header (`String?`),
    /// `_Nonnull` in anyRTC's (`String`).
    associatedtype AttributeOwner = String?

    /// The engine's profile: timers, rate limits and the callbacks the vendor has.
    static var profile: RTMProfile { get }
    /// What `getSDKVersion()` answers.
    static var sdkVersion: String { get }
    /// Whether raw data arrives as a raw message class (Agora's `AgoraRtmRawMessage`) or as a plain
    /// message of type `.raw` whose `text` is the sender's description.
    static var hasRawMessageClass: Bool { get }
    /// What `createChannel(withId:delegate:)` answers for an id the kit already has a channel for: that
    /// channel (Agora 1.4 and later) or nil (anyRTC).
    static var createChannelReturnsExisting: Bool { get }
    /// `owner` as the user-attribute block takes it.
    static func attributeOwner(_ owner: String) -> AttributeOwner
}

extension RtmVendor {
    /// Agora RTM 1.5's.
    public static var profile: RTMProfile { .agora }

    /// Agora RTM's last 1.x release.
    public static var sdkVersion: String { "1.5.0 (Switchboard)" }

    /// Raw data arrives as an `AgoraRtmRawMessage`.
    public static var hasRawMessageClass: Bool { true }

    /// Agora 1.4 and 1.5 return the channel the kit already has (docs/AGORA.md, "createChannel with an
    /// id in use").
    public static var createChannelReturnsExisting: Bool { true }

    /// A user id in an optional, as Agora's unannotated block parameter imports.
    public static func attributeOwner(_ owner: String) -> AttributeOwner where AttributeOwner == String? { owner }

    /// A received message as the vendor shows it.
    static func message(_ received: RTMMessage) -> AgoraRtmMessage {
        received.rawData != nil && hasRawMessageClass ? AgoraRtmRawMessage(received) : AgoraRtmMessage(received)
    }
}
