import Histogram

/// What a run counted and measured so far. A value: the runner keeps one under its lock and copies it for
/// the report; the progress line reads it in place (``LoadProgress``).
public struct LoadStats: Sendable {
    /// Latencies in microseconds, 1 µs to 10 minutes at three significant digits (HdrHistogram: fixed
    /// memory, constant-time recording, exact enough percentiles at any tail).
    public private(set) var latencies: [CallFlow.Measurement: Histogram<UInt64>]
    public private(set) var started: [FlowKind: Int] = [:]
    public private(set) var completed: [FlowKind: Int] = [:]
    /// Answered calls that reached the connected state (whether or not their hang-up completed).
    public private(set) var established = 0
    public private(set) var failures: [FailureCause: Int] = [:]
    /// Calls going when a connection of their pair dropped (``CallFlow/Outcome/interrupted``).
    public private(set) var interrupted: [FlowKind: Int] = [:]
    /// Calls the server refused at once as overloaded (``CallFlow/Outcome/overloaded``).
    public private(set) var refused: [FlowKind: Int] = [:]
    /// Sessions the service had lost by the time their users reconnected (a restarted server keeps
    /// none), so that they logged in afresh.
    public internal(set) var relogins = 0
    /// Sessions the service still had when their users came back after reporting reconnecting: resumed,
    /// with the missed events replayed. (A link repaired before the client's 4 s interruption threshold
    /// is not seen here; the report's links reopened count it.)
    public internal(set) var resumes = 0
    /// Reconnects the service refused, by its error code; the sessions went on trying.
    public internal(set) var reconnectRefusals: [String: Int] = [:]
    /// Connected calls left over from interrupted ones, which their callers hung up once back.
    public internal(set) var leftoversHungUp = 0
    /// Calls due while every pair without a call was still reconnecting: not placed (open loop only).
    public internal(set) var notPlaced = 0
    /// When the first call was placed and the last one established, for the established rate.
    public private(set) var firstStart: ContinuousClock.Instant?
    public private(set) var lastEstablished: ContinuousClock.Instant?

    public init() {
        latencies = Dictionary(uniqueKeysWithValues: CallFlow.Measurement.allCases.map {
            ($0, Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: .three))
        })
    }

    public var startedCount: Int { started.values.reduce(0, +) }
    public var completedCount: Int { completed.values.reduce(0, +) }
    public var failedCount: Int { failures.values.reduce(0, +) }
    public var interruptedCount: Int { interrupted.values.reduce(0, +) }
    public var refusedCount: Int { refused.values.reduce(0, +) }
    public var inFlight: Int { startedCount - completedCount - failedCount - interruptedCount - refusedCount }

    mutating func didStart(_ kind: FlowKind, at now: ContinuousClock.Instant) {
        started[kind, default: 0] += 1
        if firstStart == nil { firstStart = now }
    }

    mutating func record(_ measurement: CallFlow.Measurement, _ duration: Duration, at now: ContinuousClock.Instant) {
        let micros = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        _ = latencies[measurement]?.record(UInt64(clamping: max(1, micros)))
        if measurement == .setup {
            established += 1
            lastEstablished = now
        }
    }

    mutating func finish(_ kind: FlowKind, _ outcome: CallFlow.Outcome) {
        switch outcome {
        case .completed: completed[kind, default: 0] += 1
        case .failed(let cause): failures[cause, default: 0] += 1
        case .interrupted: interrupted[kind, default: 0] += 1
        case .overloaded: refused[kind, default: 0] += 1
        }
    }
}

/// One latency distribution, in milliseconds.
public struct LatencySummary: Sendable, Hashable {
    public var count: UInt64
    public var p50: Double
    public var p90: Double
    public var p99: Double
    public var max: Double

    init(_ histogram: Histogram<UInt64>) {
        count = histogram.totalCount
        func ms(_ micros: UInt64) -> Double { Double(micros) / 1_000 }
        p50 = count == 0 ? 0 : ms(histogram.valueAtPercentile(50))
        p90 = count == 0 ? 0 : ms(histogram.valueAtPercentile(90))
        p99 = count == 0 ? 0 : ms(histogram.valueAtPercentile(99))
        max = count == 0 ? 0 : ms(histogram.max)
    }

    var text: String {
        "p50 \(p50.formatted(decimals: 3)) ms, p90 \(p90.formatted(decimals: 3)) ms, p99 \(p99.formatted(decimals: 3)) ms, max \(max.formatted(decimals: 3)) ms (\(count) calls)"
    }
}
