import Foundation

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
    /// Calls the server refused at once as overloaded (load shedding, docs/SERVER.md, "Overload"): not
    /// failures, and not in ``failedPercent``.
    public var refused: [FlowKind: Int]
    /// Refused calls per second over the time calls were being placed.
    public var refusedRate: Double
    /// Invite → the refusal, for the refused calls.
    public var inviteToRefusal: LatencySummary
    public var inviteToRing: LatencySummary
    public var acceptToConnected: LatencySummary
    public var setup: LatencySummary
    /// Seconds from the first call placed to the end of the run (the drain included).
    public var elapsed: Double
    /// Warm-up calls (one per pair, before measuring) that failed; not in the numbers above.
    public var warmUpFailures = 0
    /// Calls going when a connection of their pair dropped: not failures of the server.
    public var interrupted: [FlowKind: Int]
    /// Users who came back after their connection dropped: ``relogins`` plus ``resumes``.
    public var reconnects: Int { relogins + resumes }
    /// Sessions the server had kept when their users came back after reporting reconnecting (resumed,
    /// missed events replayed).
    public var resumes: Int
    /// Links the users opened after their first: every attempt that reached the server (a refused resume
    /// and the fresh login after it are two), silent repairs included.
    public var linksReopened = 0
    /// Reconnect attempts that reached no server (it was down, or not listening yet).
    public var failedConnectionAttempts = 0
    /// Sessions the server had lost by the time their users reconnected, which logged in afresh.
    public var relogins: Int
    /// Reconnects the server refused, by its error code (the users went on trying).
    public var reconnectRefusals: [String: Int]
    /// Connected calls left by interrupted ones, hung up by their callers once back.
    public var leftoversHungUp: Int
    /// Calls due while every pair without a call was reconnecting: not placed.
    public var notPlaced: Int
    /// Connections that closed while the run went on (lean engine, which does not reconnect: their
    /// pairs placed no more calls; docs/PERFORMANCE.md, "The load generator").
    public var connectionsLost = 0
    /// Server frames the lean engine could not read (each closed its connection).
    public var unreadableFrames = 0
    /// The app the users logged in to, and the server URLs they were spread over.
    public var app: String
    public var urls: [String]
    /// Every call placed that finished, warm-up calls included (flagged), in the order they finished;
    /// nil unless the plan lists them (``LoadPlan/listsCalls``). Calls due when no pair was free
    /// (``FailureCause/noFreePair``) had no users and are only counted.
    public var calls: [PlacedCall]?

    init(plan: LoadPlan, stats: LoadStats, placingTime: Duration, end: ContinuousClock.Instant) {
        self.plan = plan.pace.description
        mix = plan.mix.description
        app = plan.app
        urls = plan.urls
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
        refused = stats.refused
        refusedRate = placing > 0 ? Double(stats.refusedCount) / placing : 0
        inviteToRefusal = LatencySummary(stats.latencies[.inviteToRefusal]!)
        inviteToRing = LatencySummary(stats.latencies[.inviteToRing]!)
        acceptToConnected = LatencySummary(stats.latencies[.acceptToConnected]!)
        setup = LatencySummary(stats.latencies[.setup]!)
        elapsed = stats.firstStart.map { (end - $0).seconds } ?? 0
        interrupted = stats.interrupted
        relogins = stats.relogins
        resumes = stats.resumes
        reconnectRefusals = stats.reconnectRefusals
        leftoversHungUp = stats.leftoversHungUp
        notPlaced = stats.notPlaced
    }

    public var startedCount: Int { started.values.reduce(0, +) }
    public var failedCount: Int { failures.values.reduce(0, +) }
    public var completedCount: Int { completed.values.reduce(0, +) }
    public var interruptedCount: Int { interrupted.values.reduce(0, +) }
    public var refusedCount: Int { refused.values.reduce(0, +) }

    /// Failed calls as a share of calls placed, in percent (refused calls are not failures).
    public var failedPercent: Double {
        startedCount == 0 ? 0 : Double(failedCount) * 100 / Double(startedCount)
    }

    /// The human report.
    public var text: String {
        var lines = [
            "plan: \(plan), mix \(mix)",
            "placed \(startedCount) calls at \(offeredRate.formatted(decimals: 1))/s; established \(established) at \(establishedRate.formatted(decimals: 1))/s; failed \(failedCount) (\(failedPercent.formatted(decimals: 3)) %); \(elapsed.formatted(decimals: 1)) s in all",
        ]
        if refusedCount > 0 {
            lines.append("refused at once as overloaded (not failures): \(refusedCount) at \(refusedRate.formatted(decimals: 1))/s")
        }
        for kind in FlowKind.allCases where started[kind, default: 0] > 0 {
            let cut = interrupted[kind, default: 0] > 0 ? ", interrupted \(interrupted[kind, default: 0])" : ""
            lines.append("  \(kind.rawValue): placed \(started[kind, default: 0]), completed \(completed[kind, default: 0])\(cut)")
        }
        for (cause, count) in failures.sorted(by: { $0.value > $1.value }) {
            lines.append("  failed: \(count) × \(cause)")
        }
        if reconnects > 0 || interruptedCount > 0 || linksReopened > 0 || failedConnectionAttempts > 0 {
            lines.append("completed \(completedCount); interrupted \(interruptedCount) (in flight when a connection dropped); reconnects \(reconnects) (\(relogins) logged in afresh, \(resumes) resumed); \(linksReopened) links reopened, \(failedConnectionAttempts) connection attempts reached no server")
        }
        for (code, count) in reconnectRefusals.sorted(by: { $0.value > $1.value }) {
            lines.append("  reconnect refused: \(count) × \(code)")
        }
        if connectionsLost > 0 {
            lines.append("  \(connectionsLost) connections lost (the lean engine does not reconnect: their pairs placed no more calls)")
        }
        if unreadableFrames > 0 { lines.append("  \(unreadableFrames) server frames could not be read (their connections closed)") }
        if leftoversHungUp > 0 { lines.append("  \(leftoversHungUp) connected calls left by interrupted ones, hung up once back") }
        if notPlaced > 0 { lines.append("  \(notPlaced) calls not placed: every free pair was reconnecting") }
        if warmUpFailures > 0 { lines.append("  (\(warmUpFailures) warm-up calls failed before measuring)") }
        lines.append("invite → ring:        \(inviteToRing.text)")
        lines.append("accept → connected:   \(acceptToConnected.text)")
        lines.append("invite → connected:   \(setup.text)")
        if refusedCount > 0 { lines.append("invite → refusal:     \(inviteToRefusal.text)") }
        return lines.joined(separator: "\n")
    }

    /// The counts as one JSON object (`--report-json FILE`), for scripts: `placed`, `completed`,
    /// `established`, `failed` (by cause), `refused` (overloaded), `interrupted`, `reconnects`, `relogins`, `resumes`,
    /// `linksReopened`, `failedConnectionAttempts`, `reconnectRefusals` (by code), `leftoversHungUp`, `notPlaced`,
    /// `warmUpFailures`, `connectionsLost`, `unreadableFrames`, `elapsedSeconds`, `app`, `urls`, and `calls`
    /// (`PlacedCall.jsonObject`) when listed. `Schemas/loadtest/report.schema.json` describes it.
    public var json: String {
        var object: [String: Any] = [
            "placed": startedCount, "completed": completedCount, "established": established,
            "failed": Dictionary(uniqueKeysWithValues: failures.map { ($0.key.description, $0.value) }),
            "refused": refusedCount,
            "interrupted": interruptedCount, "reconnects": reconnects, "relogins": relogins, "resumes": resumes,
            "linksReopened": linksReopened,
            "failedConnectionAttempts": failedConnectionAttempts, "reconnectRefusals": reconnectRefusals,
            "leftoversHungUp": leftoversHungUp, "notPlaced": notPlaced, "warmUpFailures": warmUpFailures,
            "connectionsLost": connectionsLost, "unreadableFrames": unreadableFrames,
            "elapsedSeconds": elapsed, "app": app, "urls": urls,
        ]
        if let calls { object["calls"] = calls.map(\.jsonObject) }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The CSV header shared with `Benchmarks/sip-reference` (its `sip-reference.csv`), and one column
    /// of Switchboard's own: calls refused at once as overloaded, per second.
    public static let csvHeader =
        "system,offered_cps,established_cps,failed_pct,ring_p50_ms,ring_p90_ms,ring_p99_ms,setup_p50_ms,setup_p90_ms,setup_p99_ms,duration_s,refused_cps"

    /// This run as one CSV row under ``csvHeader``.
    public func csvRow(system: String = "switchboard") -> String {
        [system, offeredRate.formatted(decimals: 1), establishedRate.formatted(decimals: 1), failedPercent.formatted(decimals: 3),
         inviteToRing.p50.formatted(decimals: 3), inviteToRing.p90.formatted(decimals: 3), inviteToRing.p99.formatted(decimals: 3),
         setup.p50.formatted(decimals: 3), setup.p90.formatted(decimals: 3), setup.p99.formatted(decimals: 3),
         elapsed.formatted(decimals: 1), refusedRate.formatted(decimals: 1)].joined(separator: ",")
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
