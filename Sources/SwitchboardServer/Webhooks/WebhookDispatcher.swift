import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import ServiceLifecycle
import SwitchboardCore
import SwitchboardJSON
import SwitchboardService
import SwitchboardWire

/// Posts ``/SwitchboardService/BackendEvent``s to the apps' webhooks: the call lifecycle to `eventWebhook`, offline
/// invitations to `pushWebhook`. The service hands events over under its lock (``deliver(_:)`` only
/// queues); the dispatcher's run loop posts them in order, retrying a failed post (non-2xx or no answer)
/// with exponential backoff, then gives up on that event, loudly. The backoff waits on an injected clock
/// (the continuous clock unless given), so a test drives the retries by advancing a test clock.
///
/// A post is `POST <url>` with a JSON body `{"event": name, "app": id, "call": <the call as on the
/// wire>, "user"?: id, "push"?: {surface push fields}}`, `Content-Type: application/json`,
/// `X-Switchboard-Event: <name>` and `X-Switchboard-Signature: <hex HMAC-SHA256 of the body with the
/// app's secret>`, so the receiver can check it came from this server.
public final class WebhookDispatcher: BackendEventSink, Service {
    private let apps: [AppID: AppConfiguration]
    private let queue: AsyncStream<BackendEvent>
    private let continuation: AsyncStream<BackendEvent>.Continuation
    private let logger: Logger
    /// Attempts per event, and the delay before the first retry (doubling each time).
    let attempts: Int
    let firstRetryDelay: Duration
    /// What the backoff sleeps on.
    private let clock: any Clock<Duration>
    private static let serializer = JSONSerializer(sortedKeys: true)

    /// - Parameters:
    ///   - apps: the apps whose webhooks to post to; another app's events are dropped.
    ///   - logger: where failed posts and given-up events are logged.
    ///   - attempts: posts per event before it is given up (the first and its retries).
    ///   - firstRetryDelay: the wait before the first retry; each later one waits twice the one before.
    ///   - clock: what the waits between attempts sleep on.
    public init(apps: [AppConfiguration], logger: Logger, attempts: Int = 4, firstRetryDelay: Duration = .seconds(1),
                clock: any Clock<Duration> = ContinuousClock()) {
        self.apps = Dictionary(apps.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        (queue, continuation) = AsyncStream.makeStream(of: BackendEvent.self)
        self.logger = logger
        self.attempts = attempts
        self.firstRetryDelay = firstRetryDelay
        self.clock = clock
    }

    public func deliver(_ event: BackendEvent) {
        guard let app = apps[event.app], Self.url(for: event, in: app) != nil else { return }
        continuation.yield(event)
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown { [self] in
            for await event in queue {
                await post(event)
            }
        }
    }

    static func url(for event: BackendEvent, in app: AppConfiguration) -> URL? {
        let text: String? = if case .offlineInvitation = event { app.pushWebhook } else { app.eventWebhook }
        return text.flatMap(URL.init(string:))
    }

    /// The body of a post.
    static func body(of event: BackendEvent) -> JSONValue {
        var object: JSONObject = ["event": .string(event.name), "app": .string(event.app.rawValue)]
        switch event {
        case .callCreated(_, let call), .callEnded(_, let call):
            object["call"] = ModelCoding.json(call)
        case .callAnswered(_, let call, let user):
            object["call"] = ModelCoding.json(call)
            object["user"] = .string(user.rawValue)
        case .offlineInvitation(_, let call, let invitee):
            object["call"] = ModelCoding.json(call)
            object["user"] = .string(invitee.rawValue)
            // The surface's push fields (ZIM `ZIMPushConfig`, Tencent offline push title and description),
            // as the creating surface put them in the call's attachments.
            var push = JSONObject()
            for (key, value) in call.attachments.sorted(by: { $0.key < $1.key })
            where key.hasPrefix("zim.push.") || key.hasPrefix("tencent.offlinePush") {
                push[key] = .string(value)
            }
            object["push"] = .object(push)
        }
        return .object(object)
    }

    static func signature(of body: [UInt8], secret: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(secret.utf8)))
        return mac.map { String(format: "%02x", $0) }.joined()
    }

    private func post(_ event: BackendEvent) async {
        guard let app = apps[event.app], let url = Self.url(for: event, in: app) else { return }
        let body: [UInt8]
        do {
            body = try Self.serializer.serializeBytes(Self.body(of: event))
        } catch {
            logger.error("webhook: cannot encode \(event.name): \(error)")
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.timeoutInterval = 10
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(event.name, forHTTPHeaderField: "X-Switchboard-Event")
        request.setValue(Self.signature(of: body, secret: app.secret), forHTTPHeaderField: "X-Switchboard-Signature")
        var delay = firstRetryDelay
        for attempt in 1...max(1, attempts) {
            do {
                let (_, response) = try await URLSession.shared.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                if (200..<300).contains(status) { return }
                logger.warning("webhook: \(url) answered \(status) to \(event.name) (attempt \(attempt) of \(attempts))")
            } catch {
                logger.warning("webhook: posting \(event.name) to \(url) failed (attempt \(attempt) of \(attempts)): \(error)")
            }
            guard attempt < attempts else { break }
            do { try await clock.sleep(for: delay) } catch { return }
            delay *= 2
        }
        logger.error("webhook: gave up on \(event.name) for app \(event.app) after \(attempts) attempts")
    }
}
