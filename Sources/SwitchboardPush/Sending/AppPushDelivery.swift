import Logging
import SwitchboardClock
import SwitchboardCore
import SwitchboardService

/// How one app's pushes are sent: its provider clients and its retry policy. A 429, a 5xx or an unreachable
/// provider is tried again, up to ``PushConfiguration/maxAttempts`` in all, after the provider's
/// `Retry-After` or the app's backoff, unless the push would expire first; a timed-out request is not.
struct AppPushDelivery: Sendable {
    let configuration: PushConfiguration
    let apns: APNsClient?
    let fcm: FCMClient?
    let clock: ServiceClock
    let metrics: PushMetrics
    let logger: Logger

    func deliver(_ job: PushJob) async -> PushAnswer.Outcome {
        let backoff = Backoff(initial: configuration.initialBackoff, cap: configuration.maxBackoff)
        var attempt = 1
        while true {
            if clock.now() >= job.expiresAt { return .expired }
            let verdict = await send(job)
            switch verdict {
            case .delivered(let id): return .delivered(id: id)
            case .tokenInvalid(let status, let reason): return .tokenInvalid(status: status, reason: reason)
            case .failed(let status, let reason): return .failed(status: status, reason: reason)
            case .timedOut: return .failed(status: nil, reason: "timed out after \(configuration.requestTimeout)")
            case .retry(let status, let reason, let retryAfter):
                guard attempt < configuration.maxAttempts else {
                    return .failed(status: status, reason: "\(reason) (after \(attempt) attempts)")
                }
                let delay = retryAfter ?? backoff.delay(after: attempt)
                let resumeAt = clock.now() + delay
                guard resumeAt < job.expiresAt else {
                    return .failed(status: status, reason: "\(reason) (it expires before it could be tried again)")
                }
                metrics.count(job, .retried)
                logger.debug("push: retrying", metadata: [
                    "app": "\(job.app)", "call": "\(job.callID)", "status": "\(status.map(String.init) ?? "-")",
                    "reason": "\(reason)", "delay": "\(delay)",
                ])
                do {
                    try await clock.sleep(until: resumeAt)
                } catch {
                    return .failed(status: status, reason: "cancelled")
                }
                attempt += 1
            }
        }
    }

    private func send(_ job: PushJob) async -> ProviderVerdict {
        switch job.registration.platform {
        case .apnsVoIP, .apnsAlert:
            guard let apns else { return .failed(status: nil, reason: "the app has no APNs configuration") }
            return await apns.send(job, timeout: configuration.requestTimeout)
        case .fcm:
            guard let fcm else { return .failed(status: nil, reason: "the app has no FCM configuration") }
            return await fcm.send(job, timeout: configuration.requestTimeout)
        }
    }
}
