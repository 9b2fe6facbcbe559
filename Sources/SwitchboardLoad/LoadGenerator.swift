import Foundation
import Logging
import Synchronization
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// Simulated users calling each other through a running server over WebSocket: logs the pairs in, places
/// calls at the plan's pace for its duration, waits for the calls in flight, and reports. Each user is a
/// `ClientSession` (`LoadPair`), so the users behave as a fleet of real clients: when the server goes
/// away they reconnect with jittered exponential backoff, log in again (or resume their session when
/// the server still has it) and go on calling; the calls a drop interrupted are counted apart.
///
/// The session engine (`loadtest calls --engine session`): what the chaos test needs. ``LeanLoadGenerator``
/// runs the same plans for measuring, at a fraction of the cost (docs/PERFORMANCE.md, "The load generator").
///
/// Written by hand rather than on a general load tool (wrk and the like speak HTTP, not this protocol's
/// call flows); the latencies go into HdrHistogram.
public final class LoadGenerator: Sendable {
    public let plan: LoadPlan
    private let pairs: [LoadPair]
    private let ledger: LoadLedger
    /// The links all users opened, and their attempts that failed.
    private let links = CountedTransport.Counts()
    /// Links opened by the initial logins: every link after them is a reconnect.
    private let initialLinks = Mutex<(opened: Int, failed: Int)>((0, 0))
    private let warmUpFailures = Mutex(0)
    /// Told of each step done (``init(plan:environment:notes:completedCalls:)``).
    private let notes: (@Sendable (String) -> Void)?

    /// - Parameters:
    ///   - plan: what to run (rate or concurrency, duration, users, URLs); checked before anything starts.
    ///   - environment: how the users reach the server, on which clock and executor (by default: each
    ///     user a WebSocket transport of its own to the plan's URLs, starting from the one the plan puts
    ///     it on and going round them when it reconnects, on the system clock); tests pass a
    ///     `TestWorld`'s.
    ///   - notes: told of each step done, one line each ("2000 sessions logged in", "warmed up: one call
    ///     per pair, 0 failed"); the running counts are ``progress()``'s.
    ///   - completedCalls: told of every call the generator saw complete on both sides, as it completes
    ///     (`--completed-calls FILE`).
    public init(
        plan: LoadPlan, environment: ClientEnvironment? = nil,
        notes: (@Sendable (String) -> Void)? = nil,
        completedCalls: (@Sendable (CompletedCall) -> Void)? = nil
    ) throws(LoadError) {
        try plan.validate()
        self.plan = plan
        let logger = Logger(label: "switchboard.loadtest", factory: { _ in SwiftLogNoOpLogHandler() })
        let links = links
        // Each user's own WebSocket transport, unless the environment says how users connect.
        var webSockets: [[CallFlow.Side: WebSocketTransport]] = []
        if environment == nil {
            do {
                webSockets = try (0..<plan.pairs).map { (pair) throws(SignalingError) in
                    var sides: [CallFlow.Side: WebSocketTransport] = [:]
                    for side in [CallFlow.Side.caller, .callee] {
                        sides[side] = try WebSocketTransport(urls: plan.urls, first: plan.urlIndex(of: side, pair: pair), logger: logger)
                    }
                    return sides
                }
            } catch {
                throw .invalidPlan(error.message)
            }
        }
        let connectedURLs: (@Sendable (Int) -> (caller: String?, callee: String?)) = { [webSockets] pair in
            guard pair < webSockets.count else { return (nil, nil) }
            return (webSockets[pair][.caller]?.connectedURL, webSockets[pair][.callee]?.connectedURL)
        }
        let ledger = LoadLedger(plan: plan, completedCalls: completedCalls, connectedURLs: connectedURLs)
        self.ledger = ledger
        pairs = (0..<plan.pairs).map { pair in
            func transport(_ side: CallFlow.Side) -> any Transport {
                CountedTransport(base: environment?.transport ?? webSockets[pair][side]!, counts: links)
            }
            return LoadPair(index: pair, plan: plan, transports: (transport(.caller), transport(.callee)),
                            clock: environment?.clock ?? .system(), executor: environment?.executor, ledger: ledger)
        }
        self.notes = notes
    }

    /// The run so far, for a progress line: counts the generator keeps anyway, read under their lock.
    public func progress() -> LoadProgress {
        var progress = ledger.progress(at: .now)
        progress.warmUpFailures = warmUpFailures.withLock { $0 }
        return progress
    }

    /// Runs the plan: logs in, places calls, drains, shuts the sessions down. Throws when the users
    /// cannot log in.
    public func run() async throws -> LoadReport {
        do {
            try await logIn()
        } catch {
            await shutDown()
            throw error
        }
        if plan.warmsUp { await warmUp() }
        let placing = ContinuousClock.now
        let ends = placing + plan.duration
        ledger.placingEnds.withLock { $0 = ends }
        ledger.phase.withLock { $0 = .placing }
        let ticker = Task { await tick() }
        switch plan.pace {
        case .rate(let rate):
            await placeAtRate(rate, from: placing, until: ends)
        case .inFlight(let count):
            for _ in 0..<count { placeNext() }
            try? await Task.sleep(until: ends, clock: .continuous)
        }
        let placingTime = min(ContinuousClock.now, ends) - placing
        ledger.placingEnds.withLock { $0 = .now }  // closed-loop pairs stop placing
        ledger.phase.withLock { $0 = .draining }
        await drain()
        ticker.cancel()
        let end = ContinuousClock.now
        ledger.phase.withLock { $0 = .finished }
        await shutDown()
        return report(placingTime: placingTime, end: end)
    }

    /// The report so far.
    private func report(placingTime: Duration, end: ContinuousClock.Instant) -> LoadReport {
        var report = LoadReport(plan: plan, stats: ledger.stats.withLock { $0 }, placingTime: placingTime, end: end)
        report.warmUpFailures = warmUpFailures.withLock { $0 }
        let initial = initialLinks.withLock { $0 }
        report.linksReopened = links.linksOpened - initial.opened
        report.failedConnectionAttempts = links.attemptsFailed - initial.failed
        if plan.listsCalls { report.calls = ledger.calls.withLock { $0 } }
        return report
    }

    private func shutDown() async {
        await withTaskGroup(of: Void.self) { group in
            for pair in pairs { group.addTask { await pair.shutDown() } }
        }
    }

    // MARK: - Logging in

    /// Logs both users of every pair in, 100 pairs at a time.
    private func logIn() async throws(LoadError) {
        let all = pairs, ledger = ledger
        try await inBatches(of: 100, all.indices) { index throws(LoadError) in
            try await all[index].logIn()
            ledger.usersLoggedIn.add(2, ordering: .relaxed)
        }
        notes?("\(2 * all.count) sessions logged in")
        initialLinks.withLock { $0 = (links.linksOpened, links.attemptsFailed) }
    }

    /// One uncounted answered call per pair, 100 pairs at a time; then the statistics start afresh.
    private func warmUp() async {
        ledger.warmingUp.store(true, ordering: .relaxed)
        ledger.phase.withLock { $0 = .warmingUp }
        for batch in stride(from: 0, to: pairs.count, by: 100) {
            let now = ContinuousClock.now
            for pair in pairs[batch..<min(pairs.count, batch + 100)] {
                ledger.stats.withLock { $0.didStart(.accept, at: now) }
                pair.start(.accept, at: now)
            }
            await waitForCallsInFlight(until: now + plan.stallAfter + .seconds(1), checkingEvery: .milliseconds(5))
        }
        // A warm-up call still going now stalled: retire its pair (uncounted) before the numbers start.
        stallCallsInFlight()
        let failed = ledger.stats.withLock { stats in
            defer { stats = LoadStats() }
            return stats.failedCount + stats.interruptedCount
        }
        warmUpFailures.withLock { $0 = failed }
        ledger.warmingUp.store(false, ordering: .relaxed)
        notes?("warmed up: one call per pair, \(failed) failed")
        // Warm-up calls free their pairs into the idle list; start afresh from the pairs still usable.
        ledger.idle.withLock { $0 = pairs.reversed().filter { !$0.isRetired && !$0.isRecovering }.map(\.index) }
    }

    // MARK: - Placing calls

    /// Open loop: wakes every millisecond and places every call due by then.
    private func placeAtRate(_ rate: Double, from start: ContinuousClock.Instant, until end: ContinuousClock.Instant) async {
        var placed = 0
        while true {
            let now = ContinuousClock.now
            if now >= end { break }
            let due = min(plan.maxCalls, Int(((now - start).seconds * rate).rounded(.down)) + 1)
            while placed < due {
                if !placeNext() { ledger.noFreePair(at: now) }
                placed += 1
            }
            if placed >= plan.maxCalls { break }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Places the next call on a free pair; false when no pair is free.
    @discardableResult
    private func placeNext() -> Bool {
        let now = ContinuousClock.now
        while let index = ledger.idle.withLock({ $0.popLast() }) {
            let pair = pairs[index]
            // A pair that began reconnecting since it was freed comes back by itself once it is back.
            guard !pair.isRecovering, !pair.isRetired else { continue }
            if let kind = ledger.claim(at: now) {
                pair.start(kind, at: now)
            } else {
                ledger.idle.withLock { $0.append(index) }
            }
            return true
        }
        return false
    }

    // MARK: - Deadlines, drain

    /// Every 100 ms: fails calls past their deadline.
    private func tick() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(100))
            let now = ContinuousClock.now
            for pair in pairs { pair.expire(at: now) }
        }
    }

    /// Waits for the calls in flight, at most as long as the slowest may take before it stalls (the
    /// deadline sweep then fails it).
    private func drain() async {
        await waitForCallsInFlight(until: .now + plan.stallLimit(for: .timeout) + .seconds(1), checkingEvery: .milliseconds(20))
        stallCallsInFlight()
    }

    /// Returns once no call is in flight, or at `limit`.
    private func waitForCallsInFlight(until limit: ContinuousClock.Instant, checkingEvery interval: Duration) async {
        while ledger.stats.withLock({ $0.inFlight }) > 0, ContinuousClock.now < limit {
            try? await Task.sleep(for: interval)
        }
    }

    /// Fails every call still going as stalled (past any deadline), retiring its pair.
    private func stallCallsInFlight() {
        let pastEveryDeadline = ContinuousClock.now + plan.stallLimit(for: .timeout) + .seconds(2)
        for pair in pairs { pair.expire(at: pastEveryDeadline) }
    }
}
