/// One app's push delivery: its provider credentials (by file), and how much it may queue, wait and retry.
/// The server reads it from the app's configuration and hands one per app to ``PushSender``.
///
/// The credentials are files read once when the sender starts (``PushSender/init(apps:trustedCertificateFile:clock:metricsFactory:logger:onAnswer:)``);
/// the values here are only paths and names, never key material.
public struct PushConfiguration: Hashable, Sendable {
    /// APNs, token-based (a `.p8` key); nil when the app sends no APNs pushes.
    public var apns: APNsConfiguration?
    /// FCM HTTP v1 (a service account); nil when the app sends no FCM pushes.
    public var fcm: FCMConfiguration?
    /// How many pushes may wait for a worker; a push past that is answered ``/SwitchboardService/PushAnswer/Outcome/dropped``.
    public var queueCapacity: Int
    /// How many of the app's pushes are sent at once (its workers). APNs and FCM multiplex many streams over
    /// one HTTP/2 connection, and a push waits a round trip for its answer: with a provider 50 ms away, 8 at
    /// once would hold an app to 160 pushes a second (docs/PERFORMANCE.md, "Push").
    public var concurrency: Int
    /// The most one request to a provider may take, connecting included: a provider that hangs costs a push
    /// this much, once (a timed-out request is not retried).
    public var requestTimeout: Duration
    /// Attempts per push, the first included, when the provider answers 429 or 5xx or cannot be reached.
    public var maxAttempts: Int
    /// The first retry's delay when the provider gives no `Retry-After`; each further retry doubles it,
    /// up to ``maxBackoff``.
    public var initialBackoff: Duration
    public var maxBackoff: Duration

    public static let defaultQueueCapacity = 1_000
    public static let defaultConcurrency = 100
    public static let defaultRequestTimeout = Duration.seconds(10)
    public static let defaultMaxAttempts = 3
    public static let defaultInitialBackoff = Duration.seconds(1)
    public static let defaultMaxBackoff = Duration.seconds(8)

    public init(apns: APNsConfiguration? = nil, fcm: FCMConfiguration? = nil,
                queueCapacity: Int = PushConfiguration.defaultQueueCapacity,
                concurrency: Int = PushConfiguration.defaultConcurrency,
                requestTimeout: Duration = PushConfiguration.defaultRequestTimeout,
                maxAttempts: Int = PushConfiguration.defaultMaxAttempts,
                initialBackoff: Duration = PushConfiguration.defaultInitialBackoff,
                maxBackoff: Duration = PushConfiguration.defaultMaxBackoff) {
        self.apns = apns
        self.fcm = fcm
        self.queueCapacity = max(1, queueCapacity)
        self.concurrency = max(1, concurrency)
        self.requestTimeout = requestTimeout
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = initialBackoff
        self.maxBackoff = max(initialBackoff, maxBackoff)
    }
}
