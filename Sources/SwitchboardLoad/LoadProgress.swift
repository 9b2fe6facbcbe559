/// A load run so far, for its progress line (docs/PERFORMANCE.md, "Progress lines", which the command line
/// draws from it): the counts the run keeps anyway, read at one moment (``LeanLoadGenerator/progress()``,
/// ``LoadGenerator/progress()``).
public struct LoadProgress: Sendable, Hashable {
    /// What the run is doing.
    public enum Phase: Sendable, Hashable {
        case loggingIn
        /// One uncounted call per pair (``LoadPlan/warmsUp``).
        case warmingUp
        case placing
        /// Placing is over; the calls in flight finish.
        case draining
        /// Every user logged in, no call placed (``LeanLoadGenerator/holdLoggedIn(while:)``).
        case holding
        case finished
    }

    public var phase: Phase = .loggingIn
    public var users = 0
    public var usersLoggedIn = 0
    public var pairs = 0
    /// Calls placed so far (while warming up: warm-up calls, which the report does not count).
    public var placed = 0
    /// The calls the plan places when it is paced by rate (its rate over its duration, at most its
    /// ``LoadPlan/maxCalls``); nil for a fixed number in flight, which places as many as it gets through.
    public var planned: Int?
    public var established = 0
    public var inFlight = 0
    public var failed = 0
    public var refused = 0
    public var interrupted = 0
    /// Pairs reconnecting now (the session engine).
    public var reconnectingPairs = 0
    /// Invite to the callee's ringing, in milliseconds; nil before the first.
    public var ringP50: Double?
    public var ringP99: Double?
    /// Warm-up calls that failed (the report counts them apart).
    public var warmUpFailures = 0
    /// Time left to place calls, while placing.
    public var placingLeft: Duration?

    public init() {}
}

extension LoadLedger {
    /// The run's counts now. Reads the statistics under their lock without copying them (a copy would
    /// make the next call recorded copy every histogram); the two percentiles walk one histogram.
    func progress(at now: ContinuousClock.Instant) -> LoadProgress {
        var progress = LoadProgress()
        progress.phase = phase.withLock { $0 }
        progress.users = 2 * plan.pairs
        progress.pairs = plan.pairs
        progress.usersLoggedIn = usersLoggedIn.load(ordering: .relaxed)
        progress.reconnectingPairs = recovering.load(ordering: .relaxed)
        if case .rate(let rate) = plan.pace {
            progress.planned = min(plan.maxCalls, Int((rate * plan.duration.seconds).rounded(.up)))
        }
        if progress.phase == .placing, let ends = placingEnds.withLock({ $0 }) {
            progress.placingLeft = max(.zero, now.duration(to: ends))
        }
        stats.withLock { stats in
            progress.placed = stats.startedCount
            progress.established = stats.established
            progress.inFlight = stats.inFlight
            progress.failed = stats.failedCount
            progress.refused = stats.refusedCount
            progress.interrupted = stats.interruptedCount
            if let ring = stats.latencies[.inviteToRing], ring.totalCount > 0 {
                progress.ringP50 = Double(ring.valueAtPercentile(50)) / 1_000
                progress.ringP99 = Double(ring.valueAtPercentile(99)) / 1_000
            }
        }
        return progress
    }
}
