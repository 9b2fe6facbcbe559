import Metrics
import SwitchboardService

/// The sender's metrics (through swift-metrics, into whatever factory the server gives):
/// `switchboard_push_total` by `provider` (apns, fcm), `kind` (ring, cancel) and `outcome` (delivered,
/// token_invalid, failed, dropped, expired, and retried for each retry), and
/// `switchboard_push_latency_seconds` by `provider`, from the service's decision to the provider's answer.
final class PushMetrics: Sendable {
    enum Outcome: String, CaseIterable, Sendable {
        case delivered, tokenInvalid = "token_invalid", failed, dropped, expired, retried
    }

    private let counters: [String: Counter]
    private let latency: [String: Metrics.Timer]

    init(factory: any MetricsFactory) {
        var counters: [String: Counter] = [:]
        var latency: [String: Metrics.Timer] = [:]
        for provider in ["apns", "fcm"] {
            for kind in PushKind.allCases {
                for outcome in Outcome.allCases {
                    counters[Self.key(provider, kind, outcome)] = Counter(
                        label: "switchboard_push_total",
                        dimensions: [("provider", provider), ("kind", kind.rawValue), ("outcome", outcome.rawValue)],
                        factory: factory)
                }
            }
            latency[provider] = Metrics.Timer(label: "switchboard_push_latency_seconds", dimensions: [("provider", provider)],
                                              factory: factory)
        }
        self.counters = counters
        self.latency = latency
    }

    func count(_ job: PushJob, _ outcome: Outcome) {
        counters[Self.key(Self.provider(job), job.kind, outcome)]?.increment()
    }

    func recordLatency(_ job: PushJob, _ duration: Duration) {
        latency[Self.provider(job)]?.recordNanoseconds(max(0, duration.components.seconds) * 1_000_000_000
                                                           + max(0, duration.components.attoseconds / 1_000_000_000))
    }

    static func provider(_ job: PushJob) -> String { job.registration.platform.isAPNs ? "apns" : "fcm" }

    private static func key(_ provider: String, _ kind: PushKind, _ outcome: Outcome) -> String {
        "\(provider)/\(kind.rawValue)/\(outcome.rawValue)"
    }
}
