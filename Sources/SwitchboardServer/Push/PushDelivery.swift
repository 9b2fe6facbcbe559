import Logging
import Metrics
import ServiceLifecycle
import Synchronization
import SwitchboardCore
import SwitchboardPush
import SwitchboardService

/// The server's push sender as one of its companions (docs/SERVER.md, "Push"): built from the apps' `push`
/// in the configuration file (credential files read once, here), handed every push the service decides,
/// its answers relayed back to the service, stopped at shutdown.
final class PushDelivery: PushDispatching, Service {
    private let sender: PushSender
    private let relay: AnswerRelay

    /// The service a sender's answers go to, set once the service exists (it is built with this delivery,
    /// so the two cannot be given each other at once). Weak: the service owns the delivery, not the reverse.
    private final class AnswerRelay: Sendable {
        private let service = Mutex<WeakService?>(nil)

        struct WeakService {
            weak var service: SignalingService?
        }

        func attach(_ service: SignalingService) {
            self.service.withLock { $0 = WeakService(service: service) }
        }

        func forward(_ answer: PushAnswer) {
            service.withLock { $0?.service }?.pushAnswered(answer)
        }
    }

    /// The delivery of the apps of `file` that configure `push`, or nil when none does.
    static func make(file: ServerConfigFile, metrics: any MetricsFactory, logger: Logger) throws(PushCredentialError) -> PushDelivery? {
        guard !file.push.isEmpty else { return nil }
        var apps: [AppID: PushConfiguration] = [:]
        var trustRoots: String?
        for (app, settings) in file.push {
            apps[app] = settings.senderConfiguration
            trustRoots = trustRoots ?? settings.trustRootsFile
        }
        return try PushDelivery(apps: apps, trustRootsFile: trustRoots, metrics: metrics, logger: logger)
    }

    private init(apps: [AppID: PushConfiguration], trustRootsFile: String?, metrics: any MetricsFactory, logger: Logger)
        throws(PushCredentialError)
    {
        let relay = AnswerRelay()
        self.relay = relay
        sender = try PushSender(apps: apps, trustedCertificateFile: trustRootsFile, metricsFactory: metrics, logger: logger,
                                onAnswer: { relay.forward($0) })
        logger.notice("push: sending for \(apps.keys.map(\.rawValue).sorted().joined(separator: ", "))")
    }

    /// The service the answers go to.
    func attach(_ service: SignalingService) {
        relay.attach(service)
    }

    func dispatch(_ jobs: [PushJob]) {
        sender.dispatch(jobs)
    }

    /// Runs until the server shuts down, then stops the sender: what is queued is dropped (a ring that
    /// was not sent is worthless once the server that decided it stops), what is in flight ends.
    func run() async throws {
        try? await gracefulShutdown()
        await sender.shutdown()
    }
}

extension ServerConfigFile.PushSettings {
    /// The sender's configuration of one app.
    var senderConfiguration: PushConfiguration {
        PushConfiguration(
            apns: apns.map { apns in
                var settings = APNsConfiguration(keyFile: apns.keyFile, keyID: apns.keyID, teamID: apns.teamID, bundleID: apns.bundleID)
                if let url = apns.productionURL { settings.productionURL = url }
                if let url = apns.sandboxURL { settings.sandboxURL = url }
                return settings
            },
            fcm: fcm.map { fcm in
                FCMConfiguration(serviceAccountFile: fcm.serviceAccountFile, baseURL: fcm.url ?? FCMConfiguration.defaultBaseURL,
                                 tokenURL: fcm.tokenURL)
            },
            queueCapacity: queueCapacity, concurrency: concurrency, requestTimeout: .seconds(timeoutSeconds),
            maxAttempts: attempts)
    }
}
