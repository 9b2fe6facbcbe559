import SwitchboardCore
import SwitchboardWire

/// How a service is set up. With no apps configured it runs in development mode: every vendor app id
/// maps to one shared default app and any token is accepted (with a logged warning), so every surface
/// can call every other.
public struct ServiceConfiguration: Sendable {
    /// The apps the service serves; empty means development mode.
    public var apps: [AppConfiguration]
    /// How often clients should ping when idle.
    public var heartbeatInterval: Duration
    /// A session that sent nothing for this long is unreachable (Agora peer state `unreachable`).
    public var unreachableAfter: Duration
    /// A session that sent nothing for this long is gone: its user may go offline, it leaves its
    /// channels, and its replay buffer is dropped. Also the reconnect grace period.
    public var offlineAfter: Duration
    /// How long past its token's expiry a session that did not renew it lives on before the service
    /// ends it (`bye(tokenExpired)`): zero by default, as the vendors end it at the expiry itself
    /// (docs/SECURITY.md, "Tokens"). A renewal within it keeps the session; nothing else does.
    public var tokenExpiryGrace: Duration
    /// The most unacknowledged events kept per session for replay; a session that falls further
    /// behind cannot be resumed.
    public var replayLimit: Int
    /// The most responses kept per session to answer re-sent requests.
    public var responseMemory: Int
    public var maxSessionsPerUser: Int
    /// The most calls of their own one user may have at once (placed and not over, or in) before their
    /// next invite is refused. Invitations ringing at the user do not count: others could fill them
    /// (docs/SECURITY.md, "Quotas").
    public var maxActiveCallsPerUser: Int
    /// The most invitations that may ring at one user at once; the next inviter is refused
    /// (`too_many_calls`), and the user's own calls are not affected (docs/SECURITY.md, "Quotas").
    public var maxPendingInvitationsPerUser: Int
    /// The largest peer or channel message, in bytes (Agora: 32 KB).
    public var maxMessageBytes: Int
    public var maxChannelsPerSession: Int
    public var maxSubscriptionsPerSession: Int
    public var maxPresenceQuery: Int
    /// Offline peer messages kept per recipient, and for how long (Agora: 200 for 7 days). At the limit
    /// the newest message replaces the oldest ones of the same sender to that recipient; a sender with
    /// none there is refused (docs/SECURITY.md, "Quotas").
    public var offlineMessageLimit: Int
    public var offlineMessageRetention: Duration
    /// The most bytes of offline messages kept for one recipient (with ``offlineMessageLimit``).
    public var offlineMessageBytesPerRecipient: Int
    /// The most offline messages, and bytes of them, one sender may have kept across all recipients; the
    /// sender's next one is refused (`rate_limited`), so one account cannot fill the app's store.
    public var offlineMessageLimitPerSender: Int
    public var offlineMessageBytesPerSender: Int
    /// The most offline messages, and bytes of them, one app keeps in all (recipients may be any user id,
    /// so the per-user limits alone do not bound the store). A full store refuses the newest message; it
    /// never drops one already kept.
    public var offlineMessageLimitPerApp: Int
    public var offlineMessageBytesPerApp: Int
    /// How long a call whose policy keeps empty calls (ZIM advanced mode) may stay with nobody ringing
    /// or in it before the service ends it (`endedByServer`).
    public var emptyCallRetention: Duration
    /// Hard limits on every call's policy, whatever its profile and app.
    public var policyBounds: CallPolicy.Bounds
    /// The call rules of apps that set none of their own, and of development mode's one app.
    public var callRules: AppCallRules
    /// Bounds on user and channel attributes and member-count queries.
    public var attributes: AttributeConfiguration
    /// The least time between two wakes of the timer loop (``SignalingService/run()``): the timers that
    /// come due within it fire together at one wake, each at its own instant, at most this late by the
    /// clock. Zero (the default) wakes for each timer as it comes due. Thousands of sessions each arm a
    /// liveness timer every few seconds, at instants of their own; the network server sets 20 ms, so
    /// that they do not wake the loop, and take the service's lock, hundreds of times a second
    /// (docs/PERFORMANCE.md, "Timers").
    public var timerResolution: Duration

    public init(
        apps: [AppConfiguration] = [],
        heartbeatInterval: Duration = .seconds(1),
        unreachableAfter: Duration = .seconds(6),
        offlineAfter: Duration = .seconds(30),
        tokenExpiryGrace: Duration = .zero,
        replayLimit: Int = 2048,
        responseMemory: Int = 256,
        maxSessionsPerUser: Int = 16,
        maxActiveCallsPerUser: Int = 32,
        maxPendingInvitationsPerUser: Int = 32,
        maxMessageBytes: Int = 32 * 1024,
        maxChannelsPerSession: Int = 20,
        maxSubscriptionsPerSession: Int = 512,
        maxPresenceQuery: Int = 256,
        offlineMessageLimit: Int = 200,
        offlineMessageRetention: Duration = .seconds(7 * 24 * 3600),
        offlineMessageBytesPerRecipient: Int = 1024 * 1024,
        offlineMessageLimitPerSender: Int = 1000,
        offlineMessageBytesPerSender: Int = 4 * 1024 * 1024,
        offlineMessageLimitPerApp: Int = 100_000,
        offlineMessageBytesPerApp: Int = 64 * 1024 * 1024,
        emptyCallRetention: Duration = .seconds(10 * 60),
        policyBounds: CallPolicy.Bounds = .standard,
        callRules: AppCallRules = .standard,
        attributes: AttributeConfiguration = .standard,
        timerResolution: Duration = .zero
    ) {
        self.apps = apps
        self.heartbeatInterval = heartbeatInterval
        self.unreachableAfter = unreachableAfter
        self.offlineAfter = offlineAfter
        self.tokenExpiryGrace = tokenExpiryGrace
        self.replayLimit = replayLimit
        self.responseMemory = responseMemory
        self.maxSessionsPerUser = maxSessionsPerUser
        self.maxActiveCallsPerUser = maxActiveCallsPerUser
        self.maxPendingInvitationsPerUser = maxPendingInvitationsPerUser
        self.maxMessageBytes = maxMessageBytes
        self.maxChannelsPerSession = maxChannelsPerSession
        self.maxSubscriptionsPerSession = maxSubscriptionsPerSession
        self.maxPresenceQuery = maxPresenceQuery
        self.offlineMessageLimit = offlineMessageLimit
        self.offlineMessageRetention = offlineMessageRetention
        self.offlineMessageBytesPerRecipient = offlineMessageBytesPerRecipient
        self.offlineMessageLimitPerSender = offlineMessageLimitPerSender
        self.offlineMessageBytesPerSender = offlineMessageBytesPerSender
        self.offlineMessageLimitPerApp = offlineMessageLimitPerApp
        self.offlineMessageBytesPerApp = offlineMessageBytesPerApp
        self.emptyCallRetention = emptyCallRetention
        self.policyBounds = policyBounds
        self.callRules = callRules
        self.attributes = attributes
        self.timerResolution = timerResolution
    }

    /// Development mode with the documented timers.
    public static let development = ServiceConfiguration()

    public var isDevelopmentMode: Bool { apps.isEmpty }

    /// The offline message quotas, as the store checks them.
    var offlineMessageQuotas: OfflineMessageStore.Quotas {
        OfflineMessageStore.Quotas(
            perRecipient: .init(count: offlineMessageLimit, bytes: offlineMessageBytesPerRecipient),
            perSender: .init(count: offlineMessageLimitPerSender, bytes: offlineMessageBytesPerSender),
            perApp: .init(count: offlineMessageLimitPerApp, bytes: offlineMessageBytesPerApp))
    }
}

/// One app: its own users, calls and channels, separate from every other app's.
public struct AppConfiguration: Sendable, Hashable {
    /// The service's name for the app.
    public var id: AppID
    /// The ids the vendor surfaces log in with (Agora `appId`, ZIM `appID`, Tencent `sdkAppID`).
    public var vendorIDs: [String]
    /// The secret tokens are signed with.
    public var secret: String
    /// The most permissive login policy the app allows; `.singleDevice` forces it on every login.
    public var loginPolicyCap: LoginPolicy
    /// The app has offline push configured: invitations to users with no device online are kept for
    /// them (and pushed) even under policies that would fail them at once (Tencent `offline`).
    public var pushesOfflineInvitations: Bool
    /// Where the server posts the call lifecycle (created, answered, ended), if anywhere.
    public var eventWebhook: String?
    /// Where the server posts invitations kept for users with no device online, with the surface's push
    /// fields, if anywhere.
    public var pushWebhook: String?
    /// The app's own call rules; nil for the service's (``ServiceConfiguration/callRules``).
    public var callRules: AppCallRules?
    /// The bundle ids (APNs) and Android packages (FCM) the app's push credentials serve: a push token
    /// registered for another topic is refused. Empty accepts any topic (docs/SERVER.md, "Push").
    public var pushTopics: [String]

    public init(
        id: AppID, vendorIDs: [String], secret: String, loginPolicyCap: LoginPolicy = .multiDevice,
        pushesOfflineInvitations: Bool = false, eventWebhook: String? = nil, pushWebhook: String? = nil,
        callRules: AppCallRules? = nil, pushTopics: [String] = []
    ) {
        self.pushTopics = pushTopics
        self.callRules = callRules
        self.eventWebhook = eventWebhook
        self.pushWebhook = pushWebhook
        self.id = id
        self.vendorIDs = vendorIDs
        self.secret = secret
        self.loginPolicyCap = loginPolicyCap
        self.pushesOfflineInvitations = pushesOfflineInvitations
    }
}

/// The service's name for an app.
public struct AppID: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    /// The one app of development mode.
    public static let development: AppID = "development"
}
