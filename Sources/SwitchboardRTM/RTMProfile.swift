import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// What differs between the surfaces that share this engine: their timers, limits and the few
/// callbacks one has and the other lacks (docs/AGORA.md, "anyRTC differences", "Login timeout" and
/// "Message rate limit").
public struct RTMProfile: Sendable {
    /// The surface name the service logs ("agora", "artm").
    public var surface: String
    /// The client session's timers: the login timeout differs (Agora 12 s, anyRTC 6 s).
    public var timing: ClientTiming
    /// Peer and channel messages together (Agora 180 per 3 s, anyRTC 60 per second).
    public var messageRate: RateLimit
    /// `rtmKitTokenPrivilegeWillExpire` and reason 9 `tokenExpired` exist (Agora 1.5 only).
    public var hasTokenExpiryNotices: Bool
    /// How long before the token expires `rtmKitTokenPrivilegeWillExpire` comes: the lead a login asks
    /// the service for. Nil where the vendor has no such callback.
    public var tokenWarningLead: Duration?
    /// The profile its invitations are placed with (the service applies Agora's rules to both).
    public var callProfile: CallProfile

    public init(
        surface: String, timing: ClientTiming, messageRate: RateLimit, hasTokenExpiryNotices: Bool,
        tokenWarningLead: Duration? = nil, callProfile: CallProfile
    ) {
        self.callProfile = callProfile
        self.surface = surface
        self.timing = timing
        self.messageRate = messageRate
        self.hasTokenExpiryNotices = hasTokenExpiryNotices
        self.tokenWarningLead = tokenWarningLead
    }

    /// Agora RTM 1.5.x.
    public static let agora = RTMProfile(
        surface: "agora", timing: ClientTiming(loginTimeout: .seconds(12)),
        messageRate: RateLimit(count: 180, per: .seconds(3)), hasTokenExpiryNotices: true,
        tokenWarningLead: .seconds(30), callProfile: .agora)

    /// anyRTC ARtmKit.
    public static let anyRTC = RTMProfile(
        surface: "artm", timing: ClientTiming(loginTimeout: .seconds(6)),
        messageRate: RateLimit(count: 60, per: .seconds(1)), hasTokenExpiryNotices: false,
        callProfile: .anyRTC)
}

/// The fixed limits and timers both surfaces document (docs/AGORA.md, "Vendor timers and limits").
public enum RTMLimits {
    /// Invitation `content` and `response`, in UTF-8 bytes.
    public static let invitationPayloadBytes = AgoraCallRules.payloadBytes
    /// User ids, channel ids and an invitation's channel id, in bytes.
    public static let idBytes = 64
    /// Peer and channel messages (text, or raw data plus description), in bytes.
    public static let messageBytes = 32 * 1024
    /// Channels one instance may be in.
    public static let joinedChannels = 20
    /// Users one presence query may name.
    public static let queryPeers = 256
    /// Users one instance may subscribe to.
    public static let subscribedPeers = 512

    /// Operation timeouts.
    public static let messageTimeout: Duration = .seconds(10)
    public static let queryTimeout: Duration = .seconds(10)
    public static let joinTimeout: Duration = .seconds(5)
    public static let membersTimeout: Duration = .seconds(5)
    /// `channel(_:memberCount:)` fires at most once per this interval.
    public static let memberCountInterval: Duration = .seconds(1)

    /// User attributes (`AgoraRtmAttribute`): a key of at most 32 bytes of visible characters, a value of
    /// at most 8 KB, at most 32 of them and 16 KB in all (`attributeOperationErrorSizeOverflow`).
    public static let attributeKeyBytes = 32
    public static let userAttributes = AttributeLimits(count: 32, totalBytes: 16 * 1024, valueBytes: 8 * 1024)
    /// Channel attributes: as a user's, but 32 KB in all.
    public static let channelAttributes = AttributeLimits(count: 32, totalBytes: 32 * 1024, valueBytes: 8 * 1024)
    /// Channels one `getChannelMemberCount` may name.
    public static let memberCountChannels = 32

    /// Attribute operations, member counts and `queryPeersBySubscriptionOption` time out after 5 s.
    public static let attributeTimeout: Duration = .seconds(5)
    public static let memberCountTimeout: Duration = .seconds(5)
    public static let subscriptionQueryTimeout: Duration = .seconds(5)

    /// Per-instance rate limits other than messages.
    public static let loginRate = RateLimit(count: 2, per: .seconds(1))
    public static let renewTokenRate = RateLimit(count: 2, per: .seconds(1))
    public static let joinRate = RateLimit(count: 50, per: .seconds(3))
    public static let sameChannelJoinRate = RateLimit(count: 2, per: .seconds(5))
    public static let membersRate = RateLimit(count: 5, per: .seconds(2))
    public static let queryPeersRate = RateLimit(count: 10, per: .seconds(5))
    public static let subscribeRate = RateLimit(count: 10, per: .seconds(5))
    /// `queryPeersBySubscriptionOption`.
    public static let subscriptionQueryRate = RateLimit(count: 10, per: .seconds(5))
    /// Setting, adding, deleting and clearing the local user's attributes, together.
    public static let userAttributeUpdateRate = RateLimit(count: 10, per: .seconds(5))
    /// Getting users' attributes, all or by keys, together.
    public static let userAttributeQueryRate = RateLimit(count: 40, per: .seconds(5))
    /// Setting, adding, deleting and clearing channel attributes, together.
    public static let channelAttributeUpdateRate = RateLimit(count: 10, per: .seconds(5))
    /// Getting channel attributes, all or by keys, together.
    public static let channelAttributeQueryRate = RateLimit(count: 10, per: .seconds(5))
    /// `getChannelMemberCount`.
    public static let memberCountRate = RateLimit(count: 1, per: .seconds(1))

    /// Agora's user and channel id rule (AgoraRtmKit.h): 1 to 64 bytes of printable ASCII from a fixed
    /// set, and not "null".
    public static func isValidID(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= idBytes, id != "null" else { return false }
        return id.utf8.allSatisfy { allowedIDBytes.contains($0) }
    }

    private static let allowedIDBytes: Set<UInt8> = {
        var bytes = Set<UInt8>()
        for range in [UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                      UInt8(ascii: "0")...UInt8(ascii: "9")] {
            bytes.formUnion(range)
        }
        bytes.formUnion(" !#$%&()+-:;<=.>?@[]^_{}|~,".utf8)
        return bytes
    }()
}
