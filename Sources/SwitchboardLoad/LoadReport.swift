/// The result of a load run, in the terms the SIP reference reports (`Benchmarks/sip-reference`), so the
/// two print side by side.
public struct LoadReport: Sendable {
    public var plan: String
    public var mix: String
    /// Calls placed per second over the time they were being placed.
    public var offeredRate: Double
    /// Answered calls established per second: established calls over the time from the first call
    /// placed to the last one established.
    public var establishedRate: Double
    public var started: [FlowKind: Int]
    public var completed: [FlowKind: Int]
    public var established: Int
    public var failures: [FailureCause: Int]
    public var inviteToRing: LatencySummary
    public var acceptToConnected: LatencySummary
    public var setup: LatencySummary
    /// Seconds from the first call placed to the end of the run (the drain included).
    public var elapsed: Double
    /// Warm-up calls (one per pair, before measuring) that failed; not in the numbers above.
    public var warmUpFailures = 0

    init(plan: LoadPlan, stats: LoadStats, placingTime: Duration, end: ContinuousClock.Instant) {
        self.plan = plan.pace.description
        mix = plan.mix.description
        let placing = placingTime.seconds
        offeredRate = placing > 0 ? Double(stats.startedCount) / placing : 0
        if let first = stats.firstStart, let last = stats.lastEstablished, last > first {
            establishedRate = Double(stats.established) / (last - first).seconds
        } else {
            establishedRate = 0
        }
        started = stats.started
        completed = stats.completed
        established = stats.established
        failures = stats.failures
        inviteToRing = LatencySummary(stats.latencies[.inviteToRing]!)
        acceptToConnected = LatencySummary(stats.latencies[.acceptToConnected]!)
        setup = LatencySummary(stats.latencies[.setup]!)
        elapsed = stats.firstStart.map { (end - $0).seconds } ?? 0
    }

    public var startedCount: Int { started.values.reduce(0, +) }
    public var failedCount: Int { failures.values.reduce(0, +) }

    /// Failed calls as a share of calls placed, in percent.
    public var failedPercent: Double {
        startedCount == 0 ? 0 : Double(failedCount) * 100 / Double(startedCount)
    }

    /// The human report.
    public var text: String {
        var lines = [
            "plan: \(plan), mix \(mix)",
            "placed \(startedCount) calls at \(offeredRate.formatted(decimals: 1))/s; established \(established) at \(establishedRate.formatted(decimals: 1))/s; failed \(failedCount) (\(failedPercent.formatted(decimals: 3)) %); \(elapsed.formatted(decimals: 1)) s in all",
        ]
        for kind in FlowKind.allCases where started[kind, default: 0] > 0 {
            lines.append("  \(kind.rawValue): placed \(started[kind, default: 0]), completed \(completed[kind, default: 0])")
        }
        for (cause, count) in failures.sorted(by: { $0.value > $1.value }) {
            lines.append("  failed: \(count) × \(cause)")
        }
        if warmUpFailures > 0 { lines.append("  (\(warmUpFailures) warm-up calls failed before measuring)") }
        lines.append("invite → ring:        \(inviteToRing.text)")
        lines.append("accept → connected:   \(acceptToConnected.text)")
        lines.append("invite → connected:   \(setup.text)")
        return lines.joined(separator: "\n")
    }

    /// The CSV header shared with `Benchmarks/sip-reference` (its `sip-reference.csv`).
    public static let csvHeader =
        "system,offered_cps,established_cps,failed_pct,ring_p50_ms,ring_p90_ms,ring_p99_ms,setup_p50_ms,setup_p90_ms,setup_p99_ms,duration_s"

    /// This run as one CSV row under ``csvHeader``.
    public func csvRow(system: String = "switchboard") -> String {
        [system, offeredRate.formatted(decimals: 1), establishedRate.formatted(decimals: 1), failedPercent.formatted(decimals: 3),
         inviteToRing.p50.formatted(decimals: 3), inviteToRing.p90.formatted(decimals: 3), inviteToRing.p99.formatted(decimals: 3),
         setup.p50.formatted(decimals: 3), setup.p90.formatted(decimals: 3), setup.p99.formatted(decimals: 3),
         elapsed.formatted(decimals: 1)].joined(separator: ",")
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
