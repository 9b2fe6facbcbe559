import Foundation
import Metrics
import Prometheus
import Synchronization
import SwitchboardService
import SwitchboardWire

/// The server's metrics, in Prometheus text at `GET /metrics` (through swift-metrics, with
/// swift-prometheus as the backend): connections, sessions, active calls, frames in and out by type,
/// errors by code, request latency, overload (docs/SERVER.md, "Overload").
///
/// Each server has its own registry, so two servers in one process (tests) do not mix their numbers.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// Where the server's companions record their own metrics (the push sender's), into this registry.
    var metricsFactory: any MetricsFactory { factory }
    private let connections: Metrics.Gauge
    private let sessions: Metrics.Gauge
    private let ringingCalls: Metrics.Gauge
    private let connectedCalls: Metrics.Gauge
    private let residentMemory: Metrics.Gauge
    /// The process's CPU time (user and system), Prometheus's `process_cpu_seconds_total`: brought up to
    /// `getrusage`'s when rendered.
    private let cpuSeconds: FloatingPointCounter
    private let cpuSecondsCounted = Mutex(0.0)
    /// Overload: whether the server sheds new calls, what share, the event loops' smoothed lag, and
    /// the new calls refused (read from the service's ``LoadShedding`` when rendered).
    private let overloaded: Metrics.Gauge
    private let shedRatio: Metrics.Gauge
    private let eventLoopLag: Metrics.Gauge
    private let overloadRefusals: Metrics.Counter
    private let refusalsCounted = Mutex(0)
    /// Counters of the frame types and the latency timer, made once: making a metric looks it up in the
    /// registry under a lock, too slow for every frame. A frame's counter is picked by its case, without a
    /// string key to hash per frame (docs/PERFORMANCE.md, "What this round changed, and what each paid").
    private let framesIn: FrameCounters<ClientFrame.Kind>
    private let framesOut: FrameCounters<ServerFrame.Kind>
    private let requestSeconds: Metrics.Timer
    /// A cluster node's bus and leases (docs/SERVER.md, "Cluster").
    private let busMessagesIn: Metrics.Counter
    private let busMessagesOut: Metrics.Counter
    private let busLatency: Metrics.Timer
    private let adoptions: Metrics.Counter
    private let leaseRenewals: Metrics.Counter
    private let leaseRenewalFailures: Metrics.Counter
    private let appsHosted: Metrics.Gauge

    init() {
        factory = PrometheusMetricsFactory(registry: registry)
        connections = Metrics.Gauge(label: "switchboard_connections", dimensions: [], factory: factory)
        sessions = Metrics.Gauge(label: "switchboard_sessions", dimensions: [], factory: factory)
        ringingCalls = Metrics.Gauge(label: "switchboard_calls", dimensions: [("state", "ringing")], factory: factory)
        connectedCalls = Metrics.Gauge(label: "switchboard_calls", dimensions: [("state", "connected")], factory: factory)
        residentMemory = Metrics.Gauge(label: "process_resident_memory_bytes", dimensions: [], factory: factory)
        cpuSeconds = FloatingPointCounter(label: "process_cpu_seconds_total", dimensions: [], factory: factory)
        overloaded = Metrics.Gauge(label: "switchboard_overloaded", dimensions: [], factory: factory)
        shedRatio = Metrics.Gauge(label: "switchboard_overload_shed_ratio", dimensions: [], factory: factory)
        eventLoopLag = Metrics.Gauge(label: "switchboard_event_loop_lag_seconds", dimensions: [], factory: factory)
        overloadRefusals = Metrics.Counter(label: "switchboard_overload_refusals_total", dimensions: [], factory: factory)
        let factory = factory
        framesIn = FrameCounters(label: "switchboard_frames_in_total", other: "invalid", factory: factory)
        framesOut = FrameCounters(label: "switchboard_frames_out_total", other: "bridged", factory: factory)
        requestSeconds = Metrics.Timer(label: "switchboard_request_seconds", dimensions: [], factory: factory)
        busMessagesIn = Metrics.Counter(label: "switchboard_bus_messages_total", dimensions: [("direction", "in")], factory: factory)
        busMessagesOut = Metrics.Counter(label: "switchboard_bus_messages_total", dimensions: [("direction", "out")], factory: factory)
        busLatency = Metrics.Timer(label: "switchboard_bus_latency_seconds", dimensions: [], factory: factory)
        adoptions = Metrics.Counter(label: "switchboard_cluster_adoptions_total", dimensions: [], factory: factory)
        leaseRenewals = Metrics.Counter(label: "switchboard_cluster_lease_renewals_total", dimensions: [("result", "ok")], factory: factory)
        leaseRenewalFailures = Metrics.Counter(label: "switchboard_cluster_lease_renewals_total", dimensions: [("result", "failed")],
                                               factory: factory)
        appsHosted = Metrics.Gauge(label: "switchboard_cluster_apps_hosted", dimensions: [], factory: factory)
    }

    /// How many apps this cluster node hosts (read when rendered).
    func appsHosted(_ count: Int) {
        appsHosted.record(count)
    }

    /// The CPU time the process has used so far, user and system, in seconds (all its threads).
    static func cpuTime() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        let who = RUSAGE_SELF.rawValue  // an enum in Glibc's headers
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The process's resident memory, from /proc/self/statm (0 where there is no /proc).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func frameIn(_ frame: ClientFrame) {
        framesIn.increment(frame.kind)
    }

    /// A frame that did not decode.
    func invalidFrameIn() {
        framesIn.incrementOther()
    }

    func frameOut(_ frame: ServerFrame) {
        switch frame {
        case .refused(let refusal): countError(refusal)
        case .response(let response): if case .failure(let failure) = response.result { countError(failure) }
        default: break
        }
        framesOut.increment(frame.kind)
    }

    /// A frame the node hosting a bridged connection's app encoded: counted as `bridged`, since this node
    /// does not read it (the host's service made it).
    func bridgedFrameOut() {
        framesOut.incrementOther()
    }

    func countError(_ error: SignalingError) {
        Metrics.Counter(label: "switchboard_errors_total", dimensions: [("code", error.code.rawValue)], factory: factory).increment()
    }

    /// A connection the server closed on its own: shed at capacity, refused at accept, past the
    /// handshake timeout, a close or a write past its deadline, a queue too long
    /// (docs/SECURITY.md, "Connections").
    func connectionShed(_ reason: String) {
        Metrics.Counter(label: "switchboard_connections_closed_total", dimensions: [("reason", reason)], factory: factory).increment()
    }

    /// A frame or request the connection guard refused, by kind.
    func guardRefusal(_ kind: String) {
        Metrics.Counter(label: "switchboard_guard_refusals_total", dimensions: [("kind", kind)], factory: factory).increment()
    }

    /// A frame that did not decode, by the error code it was answered with.
    func invalidFrame(_ error: SignalingError) {
        Metrics.Counter(label: "switchboard_invalid_frames_total", dimensions: [("code", error.code.rawValue)], factory: factory)
            .increment()
    }

    func requestLatency(_ duration: Duration) {
        requestSeconds.recordNanoseconds(duration.wholeNanoseconds)
    }

    /// The overload probe's smoothed lag of the event loops.
    func eventLoopLag(_ lag: Duration) {
        eventLoopLag.record(Double(lag.wholeNanoseconds) / 1e9)
    }

    /// Reads the service's current counts into the gauges, then renders every metric.
    func render(service: SignalingService) -> String {
        let totals = service.totals
        connections.record(service.connectionCount)
        sessions.record(totals.sessions)
        ringingCalls.record(totals.ringingCalls)
        connectedCalls.record(totals.connectedCalls)
        residentMemory.record(Self.residentBytes())
        let cpu = Self.cpuTime()
        cpuSecondsCounted.withLock { counted in
            if cpu > counted { cpuSeconds.increment(by: cpu - counted) }
            counted = max(counted, cpu)
        }
        let shedding = service.loadShedding
        let share = shedding.share
        overloaded.record(share > 0 ? 1 : 0)
        shedRatio.record(share)
        let refusals = shedding.refusals
        refusalsCounted.withLock { counted in
            if refusals > counted { overloadRefusals.increment(by: refusals - counted) }
            counted = max(counted, refusals)
        }
        return registry.emitToString()
    }
}

extension ServerMetrics: ClusterObserver {
    public func busSent(messages: Int) {
        busMessagesOut.increment(by: messages)
    }

    public func busReceived(messages: Int, latency: Duration) {
        busMessagesIn.increment(by: messages)
        busLatency.recordNanoseconds(latency.wholeNanoseconds)
    }

    public func adopted(app: String) {
        adoptions.increment()
    }

    public func leaseRenewal(succeeded: Bool) {
        (succeeded ? leaseRenewals : leaseRenewalFailures).increment()
    }
}

extension Duration {
    /// The duration in whole nanoseconds, truncated toward zero (metrics and connection clocks).
    var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// One counter per frame type (the `type` label is the frame's `t`), and one for the frames that have none of
/// them (`other`: frames that did not decode, or a bridged connection's frames), made once: counting a frame
/// picks its counter by the type's case, no string hashed.
struct FrameCounters<Kind: RawRepresentable & CaseIterable & Hashable & Sendable>: Sendable where Kind.RawValue == String {
    private let counters: [Kind: Metrics.Counter]
    private let other: Metrics.Counter

    init(label: String, other: String, factory: PrometheusMetricsFactory) {
        counters = Dictionary(uniqueKeysWithValues: Kind.allCases.map {
            ($0, Metrics.Counter(label: label, dimensions: [("type", $0.rawValue)], factory: factory))
        })
        self.other = Metrics.Counter(label: label, dimensions: [("type", other)], factory: factory)
    }

    func increment(_ kind: Kind) {
        counters[kind]?.increment()
    }

    func incrementOther() {
        other.increment()
    }
}
