/// Where a push to one device goes (docs/SERVER.md, "Push").
public enum PushPlatform: String, Hashable, Sendable, CaseIterable {
    /// APNs VoIP (PushKit): `apns-push-type: voip`, topic `<bundle>.voip`.
    case apnsVoIP = "apns.voip"
    /// APNs alert (a user notification): `apns-push-type: alert`, topic `<bundle>`.
    case apnsAlert = "apns.alert"
    /// Firebase Cloud Messaging HTTP v1: a high-priority data message.
    case fcm = "fcm"

    /// The provider: APNs or FCM.
    public var isAPNs: Bool { self != .fcm }
}

/// The APNs environment a device token belongs to (ZPNs `isProduct`, the `aps-environment` entitlement).
public enum PushEnvironment: String, Hashable, Sendable, CaseIterable {
    case sandbox
    case production
}

/// One device's push token, as the device registered it (`push.register`): kept per app, user, device
/// and platform. A token belongs to one user at a time: another user registering it takes it over.
public struct PushRegistration: Hashable, Sendable {
    public var user: UserID
    public var device: DeviceID
    public var platform: PushPlatform
    /// The provider's token: APNs tokens as lowercase hex, FCM registration tokens as given.
    public var token: String
    /// The APNs topic (the app's bundle id; the VoIP topic adds `.voip`), or the Android package for FCM.
    public var topic: String
    /// APNs only; FCM tokens say `production`.
    public var environment: PushEnvironment
    public var registeredAt: Timestamp

    public init(user: UserID, device: DeviceID, platform: PushPlatform, token: String, topic: String,
                environment: PushEnvironment, registeredAt: Timestamp) {
        self.user = user
        self.device = device
        self.platform = platform
        self.token = token
        self.topic = topic
        self.environment = environment
        self.registeredAt = registeredAt
    }

    /// What identifies a registration within an app: one token per device and platform.
    public var key: Key { Key(user: user, device: device, platform: platform) }

    public struct Key: Hashable, Sendable {
        public var user: UserID
        public var device: DeviceID
        public var platform: PushPlatform

        public init(user: UserID, device: DeviceID, platform: PushPlatform) {
            self.user = user
            self.device = device
            self.platform = platform
        }
    }
}

/// The service's bookkeeping of one device rung by push for one invitation (docs/SERVER.md, "Push"): kept
/// with the participant's internals, so that a restart or a cluster takeover neither rings nor cancels twice.
public struct PushMark: Hashable, Sendable {
    public var device: DeviceID
    public var platform: PushPlatform
    /// The invitation it rang for (the participant's `invitedAt`): a later invitation of the same user rings
    /// afresh.
    public var invitedAt: Timestamp
    /// The ring is settled: its cancel was pushed, or the device answered.
    public var isSettled: Bool

    public init(device: DeviceID, platform: PushPlatform, invitedAt: Timestamp, isSettled: Bool = false) {
        self.device = device
        self.platform = platform
        self.invitedAt = invitedAt
        self.isSettled = isSettled
    }
}
