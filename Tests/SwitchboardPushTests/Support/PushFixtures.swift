import Foundation
import Logging
import Metrics
import PushProviderDouble
import SwitchboardClock
import SwitchboardCore
import SwitchboardPush
import TestSupport
import SwitchboardService
import Synchronization

/// A push job as the service would decide it, `ringFor` from now.
func pushJob(app: AppID = "acme", call: CallID = "call-1", device: DeviceID = "phone-1", platform: PushPlatform = .apnsVoIP,
             token: String = "a1b2c3d4", topic: String = "com.example.switchboard", kind: PushKind = .ring,
             layout: PushLayout = .switchboard, content: PushContent = PushContent(title: "Alice", body: "Incoming call"),
             mediaType: MediaType? = .video, ringFor: Duration = .seconds(60), now: Timestamp = WallClock.now()) -> PushJob {
    PushJob(app: app, callID: call, caller: "alice", callee: "bob", mediaType: mediaType, kind: kind,
            cancelReason: kind == .cancel ? .cancelled : nil,
            registration: PushRegistration(user: "bob", device: device, platform: platform, token: token, topic: topic,
                                           environment: .sandbox, registeredAt: now),
            layout: layout, content: content, expiresAt: now + ringFor, decidedAt: now)
}

/// The answers a sender gave, in order, with waits.
final class AnswerLog: Sendable {
    private let answers = Mutex<[PushAnswer]>([])

    func append(_ answer: PushAnswer) { answers.withLock { $0.append(answer) } }

    var all: [PushAnswer] { answers.withLock { $0 } }

    /// Waits (real time) until `count` answers arrived; returns them.
    @discardableResult
    func wait(for count: Int, timeout: Duration = .seconds(15)) async -> [PushAnswer] {
        _ = try? await eventually("\(count) answers", timeout: timeout) { all.count >= count }
        return all
    }

    /// The answer for a job's call and device, once it arrived.
    func answer(call: CallID, device: DeviceID = "phone-1", timeout: Duration = .seconds(15)) async -> PushAnswer? {
        func arrived() -> PushAnswer? { all.first { $0.job.callID == call && $0.job.registration.device == device } }
        _ = try? await eventually("the answer for \(call) on \(device)", timeout: timeout) { arrived() != nil }
        return arrived()
    }
}

/// One app's configuration against the double.
func pushConfiguration(_ double: PushProviderDouble, queueCapacity: Int = 100, concurrency: Int = 4,
                       requestTimeout: Duration = .seconds(5), maxAttempts: Int = 3,
                       initialBackoff: Duration = .milliseconds(100)) -> PushConfiguration {
    let files = double.credentials
    return PushConfiguration(
        apns: APNsConfiguration(keyFile: files.apnsKeyPath, keyID: files.apnsKeyID, teamID: files.apnsTeamID,
                                bundleID: files.apnsBundleID, baseURL: double.baseURL),
        fcm: FCMConfiguration(serviceAccountFile: files.serviceAccountPath, baseURL: double.baseURL),
        queueCapacity: queueCapacity, concurrency: concurrency, requestTimeout: requestTimeout, maxAttempts: maxAttempts,
        initialBackoff: initialBackoff, maxBackoff: .seconds(2))
}

/// A sender for `apps`, trusting the double, its answers in `log`.
func pushSender(_ double: PushProviderDouble, apps: [AppID: PushConfiguration], log: AnswerLog,
                clock: ServiceClock = .system(), metrics: (any MetricsFactory)? = nil,
                logger: Logger = Logger(label: "push-test", factory: { _ in SwiftLogNoOpLogHandler() })) throws -> PushSender {
    try PushSender(apps: apps, trustedCertificateFile: double.credentials.caCertificatePath, clock: clock,
                   metricsFactory: metrics ?? NOOPMetricsHandler.instance, logger: logger, onAnswer: log.append)
}
