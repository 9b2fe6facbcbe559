import Foundation
import NIOCore
import NIOPosix
import Synchronization
import SwitchboardCore

/// The lean load generator (`loadtest calls --engine lean`): the same plan, call flows, measurements
/// and report as ``LoadGenerator``, with every user a WebSocket connection on NIO directly and all of
/// them on one event loop thread (`LeanDriver`), so that the generator costs the machine it shares
/// with the server little (docs/PERFORMANCE.md, "The load generator"). It does not reconnect: a
/// connection that drops interrupts its pair's call in flight (counted as interrupted) and retires the
/// pair; the report counts the connections lost. The chaos test, which restarts the server under
/// load, uses ``LoadGenerator``.
public final class LeanLoadGenerator: Sendable {
    public let plan: LoadPlan
    private let ledger: LoadLedger
    /// Where the users connect: one endpoint per URL of the plan (``LoadPlan/url(of:pair:)``).
    private let endpoints: [LeanEndpoint]
    private let notes: (@Sendable (String) -> Void)?
    private let warmUpFailures = Mutex(0)

    /// - Parameters:
    ///   - plan: what to run (rate or concurrency, duration, users, URLs); checked before anything starts.
    ///   - notes: told of each step done, one line each ("2000 sessions logged in", "warmed up: one call
    ///     per pair, 0 failed"); the running counts are ``progress()``'s.
    ///   - completedCalls: told of every call the generator saw complete on both sides, as it completes
    ///     (`--completed-calls FILE`).
    public init(
        plan: LoadPlan, notes: (@Sendable (String) -> Void)? = nil,
        completedCalls: (@Sendable (CompletedCall) -> Void)? = nil
    ) throws(LoadError) {
        try plan.validate()
        endpoints = try plan.urls.map { (url) throws(LoadError) in try LeanEndpoint(url: url) }
        self.plan = plan
        ledger = LoadLedger(plan: plan, completedCalls: completedCalls)
        self.notes = notes
    }

    /// The run so far, for a progress line: counts the generator keeps anyway, read under their lock.
    public func progress() -> LoadProgress {
        var progress = ledger.progress(at: .now)
        progress.warmUpFailures = warmUpFailures.withLock { $0 }
        return progress
    }

    /// Runs the plan: logs in, places calls, drains, closes the connections. Throws when the users
    /// cannot log in (the server is not there, the URL is not its signaling path, it refuses the hello).
    public func run() async throws -> LoadReport {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let result: Result<LoadReport, any Error>
        do {
            result = .success(try await run(on: group.next()))
        } catch {
            result = .failure(error)
        }
        try? await group.shutdownGracefully()
        return try result.get()
    }

    /// Logs every user of the plan in and keeps them connected, heartbeats going, while `body` runs; then
    /// closes them. Places no call: the idle-memory measurement (`loadtest idle`). Throws when the users
    /// cannot log in, or what `body` throws.
    public func holdLoggedIn(while body: @Sendable () async throws -> Void) async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let driver = LeanDriver(loop: loop, plan: plan, ledger: ledger)
        var failure: (any Error)?
        do {
            try await logIn(driver)
            ledger.phase.withLock { $0 = .holding }
            try await body()
        } catch {
            failure = error
        }
        try? await loop.flatSubmit { driver.shutDown() }.get()
        try? await group.shutdownGracefully()
        if let failure { throw failure }
    }

    private func run(on loop: EventLoop) async throws -> LoadReport {
        let driver = LeanDriver(loop: loop, plan: plan, ledger: ledger)
        do {
            try await logIn(driver)
        } catch {
            try? await loop.flatSubmit { driver.shutDown() }.get()
            throw error
        }
        if plan.warmsUp { try await warmUp(driver) }
        let placing = ContinuousClock.now
        let ends = placing + plan.duration
        ledger.placingEnds.withLock { $0 = ends }
        ledger.phase.withLock { $0 = .placing }
        let ticker = Task { await tick(driver) }
        switch plan.pace {
        case .rate(let rate):
            let done = loop.makePromise(of: Void.self)
            loop.execute { driver.placeAtRate(rate, from: placing, until: ends, done: done) }
            try await done.futureResult.get()
        case .inFlight(let count):
            loop.execute {
                let now = ContinuousClock.now
                for _ in 0..<count { driver.placeNext(at: now) }
            }
            try? await Task.sleep(until: ends, clock: .continuous)
        }
        let placingTime = min(ContinuousClock.now, ends) - placing
        ledger.placingEnds.withLock { $0 = .now }  // closed-loop pairs stop placing
        ledger.phase.withLock { $0 = .draining }
        await drain(driver)
        ticker.cancel()
        let end = ContinuousClock.now
        ledger.phase.withLock { $0 = .finished }
        let (lost, unreadable) = try await loop.submit { (driver.connectionsLost, driver.unreadableFrames) }.get()
        try? await loop.flatSubmit { driver.shutDown() }.get()
        var report = LoadReport(plan: plan, stats: ledger.stats.withLock { $0 }, placingTime: placingTime, end: end)
        report.warmUpFailures = warmUpFailures.withLock { $0 }
        report.connectionsLost = lost
        report.unreadableFrames = unreadable
        if plan.listsCalls { report.calls = ledger.calls.withLock { $0 } }
        return report
    }

    // MARK: - Logging in

    /// Connects and logs in both users of every pair, 100 pairs at a time, each to the URL the plan
    /// puts it on.
    private func logIn(_ driver: LeanDriver) async throws(LoadError) {
        let endpoints = endpoints, plan = plan, ledger = ledger
        // A pair's two users are logged in side by side: 100 pairs a batch.
        try await inBatches(of: 200, 0..<(2 * plan.pairs)) { user throws(LoadError) in
            // User 2i is pair i's caller, 2i + 1 its callee (LeanDriver.userID(_:)).
            let endpoint = endpoints[plan.urlIndex(of: user % 2 == 0 ? .caller : .callee, pair: user / 2)]
            try await Self.logIn(user, driver: driver, endpoint: endpoint)
            ledger.usersLoggedIn.add(1, ordering: .relaxed)
        }
        notes?("\(2 * plan.pairs) sessions logged in")
    }

    private static func logIn(_ user: Int, driver: LeanDriver, endpoint: LeanEndpoint) async throws(LoadError) {
        let loop = driver.loop
        _ = try await endpoint.connect(user: user, driver: driver, on: loop)
        let login = loop.makePromise(of: Void.self)
        loop.execute { driver.logIn(user, login: login) }
        do {
            try await login.futureResult.get()
        } catch let failure as LeanDriver.LoginFailure {
            throw .loginFailed(user: driver.userID(user).rawValue, reason: failure.reason)
        } catch {
            throw .loginFailed(user: driver.userID(user).rawValue, reason: "\(error)")
        }
    }

    // MARK: - Warming up

    /// One uncounted answered call per pair, 100 pairs at a time; then the statistics start afresh.
    private func warmUp(_ driver: LeanDriver) async throws {
        let ledger = ledger
        ledger.warmingUp.store(true, ordering: .relaxed)
        ledger.phase.withLock { $0 = .warmingUp }
        for batch in stride(from: 0, to: plan.pairs, by: 100) {
            let now = ContinuousClock.now
            let range = batch..<min(plan.pairs, batch + 100)
            try await driver.loop.submit {
                for pair in range {
                    ledger.stats.withLock { $0.didStart(.accept, at: now) }
                    driver.start(.accept, on: pair, at: now)
                }
            }.get()
            await waitForCallsInFlight(until: now + plan.stallAfter + .seconds(1), checkingEvery: .milliseconds(5))
        }
        // A warm-up call still going now stalled: retire its pair (uncounted) before the numbers start.
        try await stallCallsInFlight(driver)
        let failed = ledger.stats.withLock { stats in
            defer { stats = LoadStats() }
            return stats.failedCount + stats.interruptedCount
        }
        warmUpFailures.withLock { $0 = failed }
        ledger.warmingUp.store(false, ordering: .relaxed)
        notes?("warmed up: one call per pair, \(failed) failed")
        let usable = try await driver.loop.submit { driver.usablePairs }.get()
        ledger.idle.withLock { $0 = usable }
    }

    // MARK: - Deadlines, drain

    /// Every 100 ms: fails calls past their deadline.
    private func tick(_ driver: LeanDriver) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(100))
            let now = ContinuousClock.now
            driver.loop.execute { driver.expire(at: now) }
        }
    }

    /// Waits for the calls in flight, at most as long as the slowest may take before it stalls.
    private func drain(_ driver: LeanDriver) async {
        await waitForCallsInFlight(until: .now + plan.stallLimit(for: .timeout) + .seconds(1), checkingEvery: .milliseconds(20))
        try? await stallCallsInFlight(driver)
    }

    private func waitForCallsInFlight(until limit: ContinuousClock.Instant, checkingEvery interval: Duration) async {
        while ledger.stats.withLock({ $0.inFlight }) > 0, ContinuousClock.now < limit {
            try? await Task.sleep(for: interval)
        }
    }

    /// Fails every call still going as stalled (past any deadline), retiring its pair.
    private func stallCallsInFlight(_ driver: LeanDriver) async throws {
        let pastEveryDeadline = ContinuousClock.now + plan.stallLimit(for: .timeout) + .seconds(2)
        try await driver.loop.submit { driver.expire(at: pastEveryDeadline) }.get()
    }
}
