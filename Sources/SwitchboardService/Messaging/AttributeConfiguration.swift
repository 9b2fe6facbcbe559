import SwitchboardWire

/// The service's bounds on attributes and member counts (docs/CALL-MODEL.md, "Attributes"). Generous by
/// default: a surface names its SDK's stricter limits in each request (``/SwitchboardWire/AttributeLimits``), and the
/// service applies the stricter of the two.
public struct AttributeConfiguration: Sendable, Hashable {
    /// A user's attributes.
    public var user: AttributeLimits
    /// A channel's attributes.
    public var channel: AttributeLimits
    /// The longest key, in UTF-8 bytes (keys are printable and contain no whitespace).
    public var keyBytes: Int
    /// How long a channel's attributes outlive its last member: a channel nobody is in keeps them this
    /// long, then they are dropped (Agora: "a couple of minutes").
    public var emptyChannelRetention: Duration
    /// The most channels one `channel.memberCount` may name.
    public var memberCountChannels: Int
    /// The most channels one user may hold attributes in (an attribute is held by whoever last wrote it),
    /// and the most bytes of them; beyond, the user's change is refused (`attributes_too_large`).
    /// Channel attributes need no membership, so without these one user could fill any number of
    /// channels (docs/SECURITY.md, "Quotas").
    public var channelsPerUser: Int
    public var channelBytesPerUser: Int
    /// The most bytes of channel attributes one app keeps in all; a change that would pass it is refused.
    public var channelBytesPerApp: Int

    public init(
        user: AttributeLimits = AttributeLimits(count: 128, totalBytes: 64 * 1024, valueBytes: 16 * 1024),
        channel: AttributeLimits = AttributeLimits(count: 256, totalBytes: 128 * 1024, valueBytes: 16 * 1024),
        keyBytes: Int = 128,
        emptyChannelRetention: Duration = .seconds(120),
        memberCountChannels: Int = 256,
        channelsPerUser: Int = 64,
        channelBytesPerUser: Int = 1024 * 1024,
        channelBytesPerApp: Int = 64 * 1024 * 1024
    ) {
        self.user = user
        self.channel = channel
        self.keyBytes = keyBytes
        self.emptyChannelRetention = emptyChannelRetention
        self.memberCountChannels = memberCountChannels
        self.channelsPerUser = channelsPerUser
        self.channelBytesPerUser = channelBytesPerUser
        self.channelBytesPerApp = channelBytesPerApp
    }

    public static let standard = AttributeConfiguration()
}
