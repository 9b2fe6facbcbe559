/// `push.register`'s body (Schemas/ops/push.register.request.schema.json): a push token of the session's own
/// device, as the device sent it. The service, not the wire, checks it (docs/SERVER.md, "Push"), so every
/// refusal is the same typed `invalid_argument`, whatever was wrong.
public struct PushTokenRequest: Hashable, Sendable {
    /// `apns.voip`, `apns.alert` or `fcm` (``/SwitchboardCore/PushPlatform``).
    public var platform: String
    /// The provider's token: APNs tokens as hex, FCM registration tokens as given.
    public var token: String
    /// The app's bundle id (APNs; the VoIP topic may add `.voip`) or Android package (FCM).
    public var topic: String
    /// `sandbox` or `production` (APNs; absent means production).
    public var environment: String?

    public init(platform: String, token: String, topic: String, environment: String? = nil) {
        self.platform = platform
        self.token = token
        self.topic = topic
        self.environment = environment
    }
}
