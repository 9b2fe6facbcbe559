import AsyncHTTPClient
import Foundation
import Logging
import Metrics
import NIOPosix
import NIOSSL
import SwitchboardClock
import SwitchboardCore
import SwitchboardService
import Synchronization

/// Sends the service's pushes to APNs and FCM (docs/PUSH-VENDORS.md, "APNs and FCM HTTP v1 contracts (for a test
/// double)"): what ``dispatch(_:)`` is handed goes to its app's bounded queue at once, and the app's workers send it,
/// retrying as the provider allows; every push ends in one ``/SwitchboardService/PushAnswer`` given to `onAnswer`.
///
/// - Each app has its own queue (``PushConfiguration/queueCapacity``; a push past it is answered
///   ``/SwitchboardService/PushAnswer/Outcome/dropped``) and its own workers (``PushConfiguration/concurrency``), so an app whose
///   provider hangs holds up none of another app's pushes, and a hanging request costs one of its own workers
///   ``PushConfiguration/requestTimeout`` (then the push fails; a timeout is not retried).
/// - The same push (app and ``/SwitchboardService/PushJob/idempotencyKey``) handed over again while queued, in flight or sent is
///   not sent again (and not answered again).
/// - A push whose ``/SwitchboardService/PushJob/expiresAt`` has passed is answered ``/SwitchboardService/PushAnswer/Outcome/expired``, not sent.
/// - APNs requests go over HTTP/2, all apps' on one client: the providers multiplex them.
public final class PushSender: PushDispatching, Sendable {
    private let lanes: [AppID: Lane]
    private let http: HTTPClient
    private let clock: ServiceClock
    private let metrics: PushMetrics
    private let logger: Logger
    private let onAnswer: @Sendable (PushAnswer) -> Void
    private let ledger = Mutex(SentPushLedger())
    private let workers = Mutex<[Task<Void, Never>]>([])

    private struct Lane: Sendable {
        var queue: PushQueue
        var delivery: AppPushDelivery
    }

    /// Reads every app's credential files and starts its workers.
    ///
    /// - Parameters:
    ///   - apps: each app's configuration; pushes of other apps are answered failed.
    ///   - trustedCertificateFile: a PEM certificate trusted beside the system's roots (a local test
    ///     provider's); nil in production.
    ///   - clock: the time of expiries, provider tokens and retry delays (a test clock drives them).
    ///   - metricsFactory: where `PushMetrics`'s metrics go (the server's registry).
    ///   - logger: where the sender logs what it sends and how it ended (never a credential).
    ///   - onAnswer: how each push ended; called from the sender's tasks, once per push.
    /// - Throws: ``PushCredentialError`` when a credential file is missing or unusable.
    public init(apps: [AppID: PushConfiguration], trustedCertificateFile: String? = nil, clock: ServiceClock = .system(),
                metricsFactory: any MetricsFactory = MetricsSystem.factory,
                logger: Logger = Logger(label: "switchboard.push"),
                onAnswer: @escaping @Sendable (PushAnswer) -> Void) throws(PushCredentialError) {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let trustedCertificateFile {
            guard FileManager.default.isReadableFile(atPath: trustedCertificateFile) else {
                throw PushCredentialError(code: .fileUnreadable, message: "the trusted certificate file \(trustedCertificateFile) cannot be read")
            }
            tls.additionalTrustRoots = [.file(trustedCertificateFile)]
        }
        var httpConfiguration = HTTPClient.Configuration(tlsConfiguration: tls, redirectConfiguration: .disallow)
        httpConfiguration.httpVersion = .automatic
        let http = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: httpConfiguration)
        let metrics = PushMetrics(factory: metricsFactory)

        var lanes: [AppID: Lane] = [:]
        do {
            for (app, configuration) in apps {
                var apns: APNsClient?
                if let settings = configuration.apns {
                    let key = try APNsSigningKey(configuration: settings)
                    apns = APNsClient(configuration: settings, token: APNsProviderToken(signingKey: key, clock: clock),
                                      http: http, clock: clock, logger: logger)
                    logger.info("push: APNs ready", metadata: ["app": "\(app)", "key": "\(key)", "bundle": "\(settings.bundleID)"])
                }
                var fcm: FCMClient?
                if let settings = configuration.fcm {
                    let account = try FCMServiceAccount(configuration: settings)
                    fcm = FCMClient(configuration: settings, account: account,
                                    token: FCMAccessToken(account: account, http: http, clock: clock, logger: logger),
                                    http: http, clock: clock, logger: logger)
                    logger.info("push: FCM ready", metadata: ["app": "\(app)", "account": "\(account)"])
                }
                lanes[app] = Lane(queue: PushQueue(capacity: configuration.queueCapacity),
                                  delivery: AppPushDelivery(configuration: configuration, apns: apns, fcm: fcm, clock: clock,
                                                            metrics: metrics, logger: logger))
            }
        } catch {
            try? http.syncShutdown()
            throw error
        }
        self.lanes = lanes
        self.http = http
        self.clock = clock
        self.metrics = metrics
        self.logger = logger
        self.onAnswer = onAnswer
        startWorkers()
    }

    private func startWorkers() {
        var tasks: [Task<Void, Never>] = []
        for lane in lanes.values {
            for _ in 0..<lane.delivery.configuration.concurrency {
                tasks.append(Task { [self] in
                    while let job = await lane.queue.next() {
                        finish(job, await lane.delivery.deliver(job))
                    }
                })
            }
        }
        workers.withLock { $0 = tasks }
    }

    /// Queues `jobs` and returns at once (``/SwitchboardService/PushDispatching``). A push answered at once
    /// (expired, not configured, dropped) is answered from a task of its own, never from this call: the
    /// service dispatches under its lock, and the answer goes back into the service.
    public func dispatch(_ jobs: [PushJob]) {
        var answered: [(PushJob, PushAnswer.Outcome)] = []
        defer {
            if !answered.isEmpty {
                Task { [self, answered] in
                    for (job, outcome) in answered { finish(job, outcome) }
                }
            }
        }
        for job in jobs {
            let now = clock.now()
            if now >= job.expiresAt {
                answered.append((job, .expired))
                continue
            }
            guard let lane = lanes[job.app] else {
                answered.append((job, .failed(status: nil, reason: "push is not configured for the app")))
                continue
            }
            let key = "\(job.app.rawValue)/\(job.idempotencyKey)"
            guard ledger.withLock({ $0.claim(key, until: job.expiresAt, now: now) }) else {
                logger.debug("push: already taken", metadata: ["app": "\(job.app)", "key": "\(job.idempotencyKey)"])
                continue
            }
            if !lane.queue.offer(job) {
                ledger.withLock { $0.release(key) }
                answered.append((job, .dropped))
            }
        }
    }

    /// Stops the workers (a push in flight ends as failed, "cancelled"; one still queued as failed, "the
    /// sender shut down") and the HTTP client. The sender takes no pushes after it.
    public func shutdown() async {
        for lane in lanes.values {
            for job in lane.queue.close() { finish(job, .failed(status: nil, reason: "the sender shut down")) }
        }
        let tasks = workers.withLock { $0 }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        try? await http.shutdown()
    }

    private func finish(_ job: PushJob, _ outcome: PushAnswer.Outcome) {
        let now = clock.now()
        let metric: PushMetrics.Outcome
        switch outcome {
        case .delivered: metric = .delivered
        case .tokenInvalid: metric = .tokenInvalid
        case .failed: metric = .failed
        case .dropped: metric = .dropped
        case .expired: metric = .expired
        }
        metrics.count(job, metric)
        switch outcome {
        case .delivered, .tokenInvalid, .failed: metrics.recordLatency(job, job.decidedAt.duration(to: now))
        case .dropped, .expired: break
        }
        let metadata: Logger.Metadata = [
            "app": "\(job.app)", "call": "\(job.callID)", "device": "\(job.registration.device)",
            "platform": "\(job.registration.platform.rawValue)", "kind": "\(job.kind.rawValue)", "outcome": "\(outcome)",
        ]
        switch outcome {
        case .delivered, .expired: logger.debug("push: answered", metadata: metadata)
        case .tokenInvalid, .failed, .dropped: logger.info("push: answered", metadata: metadata)
        }
        onAnswer(PushAnswer(job: job, outcome: outcome, at: now))
    }
}
