import Foundation
import Logging
import Synchronization
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// Simulated users calling each other through a running server over WebSocket: logs the pairs in, places
/// calls at the plan's pace for its duration, waits for the calls in flight, and reports. Each connection
/// has a reader task; a frame is handed to its pair's ``CallFlow``, whose requests go out at once.
///
/// Written by hand rather than on a general load tool (wrk and the like speak HTTP, not this protocol's
/// call flows); the latencies go into HdrHistogram.
public final class LoadGenerator: Sendable {
    public let plan: LoadPlan
    private let pairs: [LoadPair]
    private let stats = Mutex(LoadStats())
    /// Pairs with no call in flight (open-loop pacing takes from here).
    private let idle: Mutex<[Int]>
    /// The index of the next call to place, across all pairs.
    private let nextCall = Atomic<Int>(0)
    /// Until when calls are placed; set when placing starts.
    private let placingEnds = Mutex<ContinuousClock.Instant?>(nil)
    private let readers = Mutex<[Task<Void, Never>]>([])
    private let warmUpFailures = Mutex(0)
    private let logger: Logger
    /// Prints the progress line (stderr by default).
    private let progress: @Sendable (String) -> Void

    public init(plan: LoadPlan, progress: @escaping @Sendable (String) -> Void = LoadGenerator.printToStandardError) throws(LoadError) {
        try plan.validate()
        self.plan = plan
        pairs = (0..<plan.pairs).map { LoadPair(index: $0, prefix: plan.userPrefix) }
        idle = Mutex(Array((0..<plan.pairs).reversed()))
        logger = Logger(label: "switchboard.loadtest", factory: { _ in SwiftLogNoOpLogHandler() })
        self.progress = progress
    }

    public static let printToStandardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Runs the plan: logs in, places calls, drains, logs out. Throws when the users cannot log in.
    public func run() async throws -> LoadReport {
        var heartbeat: Task<Void, Never>?
        defer {
            // Also when a login fails: the sessions already open go too.
            heartbeat?.cancel()
            for pair in pairs { pair.close() }
            for reader in readers.withLock({ $0 }) { reader.cancel() }
        }
        heartbeat = try await logIn()
        if plan.warmsUp { await warmUp() }
        let placing = ContinuousClock.now
        let ends = placing + plan.duration
        placingEnds.withLock { $0 = ends }
        let ticker = Task { await tick() }
        switch plan.pace {
        case .rate(let rate):
            await placeAtRate(rate, from: placing, until: ends)
        case .inFlight(let count):
            for _ in 0..<count { placeNext(on: nil) }
            try? await Task.sleep(until: ends, clock: .continuous)
        }
        let placingTime = min(ContinuousClock.now, ends) - placing
        placingEnds.withLock { $0 = .now }  // closed-loop pairs stop placing
        await drain()
        ticker.cancel()
        let end = ContinuousClock.now
        if plan.showsProgress { progress("\n") }
        var report = LoadReport(plan: plan, stats: stats.withLock { $0 }, placingTime: placingTime, end: end)
        report.warmUpFailures = warmUpFailures.withLock { $0 }
        return report
    }

    // MARK: - Logging in

    /// Opens both sessions of every pair, at most 200 logins at a time; returns the heartbeat task.
    private func logIn() async throws -> Task<Void, Never> {
        let transport = WebSocketTransport(url: plan.url, logger: logger)
        var interval = Duration.seconds(10)
        let all = pairs
        for batch in stride(from: 0, to: all.count, by: 100) {
            let range = batch..<min(all.count, batch + 100)
            interval = try await withThrowingTaskGroup(of: Duration.self) { group in
                for pair in all[range] {
                    for side in [CallFlow.Side.caller, .callee] {
                        group.addTask { try await self.open(pair, side, transport: transport) }
                    }
                }
                var heartbeat = Duration.seconds(3_600)
                for try await each in group { heartbeat = min(heartbeat, each) }
                return heartbeat
            }
            if plan.showsProgress { progress("\r\(range.upperBound * 2) sessions logged in") }
        }
        if plan.showsProgress { progress("\n") }
        // Spread over the interval in ten slices, as independent clients' heartbeats are: a burst of
        // thousands of pings at once would stall the calls that meet it.
        let slice = interval / 10
        return Task {
            var round = 0
            while !Task.isCancelled {
                try? await Task.sleep(for: slice)
                let quietSince = ContinuousClock.now - interval
                for pair in all where pair.index % 10 == round { pair.heartbeat(quietSince: quietSince) }
                round = (round + 1) % 10
            }
        }
    }

    /// Connects one session and logs it in; its frames then go to the pair. Returns the heartbeat interval.
    private func open(_ pair: LoadPair, _ side: CallFlow.Side, transport: WebSocketTransport) async throws -> Duration {
        let user = pair.user(side)
        let link: any TransportConnection
        do {
            link = try await transport.connect()
        } catch {
            throw LoadError.loginFailed(user: user.rawValue, reason: error.message)
        }
        let (welcomes, welcomed) = AsyncStream.makeStream(of: Result<Duration, LoadError>.self)
        pair.attach(link, as: side)
        let reader = Task {
            var frames = link.frames.makeAsyncIterator()
            link.send(.hello(Hello(app: plan.app, user: user, device: DeviceID("\(user.rawValue)-1"), token: plan.token,
                                   loginPolicy: .multiDevice, surface: "loadtest")))
            switch await frames.next() {
            case .welcome(let welcome):
                welcomed.yield(.success(welcome.heartbeatInterval))
            case .refused(let error):
                welcomed.yield(.failure(.loginFailed(user: user.rawValue, reason: error.description)))
            case let other:
                welcomed.yield(.failure(.loginFailed(user: user.rawValue, reason: "expected a welcome, got \(other.map { "\($0.type)" } ?? "nothing")")))
            }
            welcomed.finish()
            while let frame = await frames.next() {
                apply(pair.received(frame, on: side, at: .now), on: pair)
            }
            apply(pair.closed(side), on: pair)
        }
        readers.withLock { $0.append(reader) }
        var results = welcomes.makeAsyncIterator()
        let timeout = Task {
            try? await Task.sleep(for: .seconds(15))
            welcomed.yield(.failure(.loginFailed(user: user.rawValue, reason: "no welcome within 15 s")))
        }
        defer { timeout.cancel() }
        guard let result = await results.next() else { throw LoadError.loginFailed(user: user.rawValue, reason: "closed") }
        return try result.get()
    }

    /// One uncounted answered call per pair, 100 pairs at a time; then the statistics start afresh.
    private func warmUp() async {
        let parameters = plan.callParameters
        for batch in stride(from: 0, to: pairs.count, by: 100) {
            let now = ContinuousClock.now
            for pair in pairs[batch..<min(pairs.count, batch + 100)] {
                if pair.start(.accept, parameters: parameters, deadline: now + plan.stallAfter, at: now) {
                    stats.withLock { $0.didStart(.accept, at: now) }
                }
            }
            await waitForCallsInFlight(until: now + plan.stallAfter + .seconds(1), checkingEvery: .milliseconds(5))
        }
        // A warm-up call still going now stalled: retire its pair (uncounted) before the numbers start.
        _ = stallCallsInFlight()
        let failed = stats.withLock { stats in
            defer { stats = LoadStats() }
            return stats.failedCount
        }
        warmUpFailures.withLock { $0 = failed }
        if plan.showsProgress { progress("warmed up: one call per pair, \(failed) failed\n") }
        // Warm-up calls free their pairs into the idle list; start afresh from the pairs still usable.
        idle.withLock { $0 = pairs.reversed().filter { !$0.isRetired }.map(\.index) }
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
                let index = idle.withLock { $0.popLast() }
                if let index {
                    placeNext(on: pairs[index])
                } else {
                    // Counted as placed and failed: the generator, not the server, ran out.
                    let kind = plan.mix.kind(of: nextCall.wrappingAdd(1, ordering: .relaxed).oldValue)
                    stats.withLock {
                        $0.didStart(kind, at: now)
                        $0.finish(kind, .failed(.noFreePair))
                    }
                }
                placed += 1
            }
            if placed >= plan.maxCalls { break }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Places the next call on `pair` (or on a free pair); nothing once placing is over.
    private func placeNext(on pair: LoadPair?) {
        let now = ContinuousClock.now
        guard let ends = placingEnds.withLock({ $0 }), now < ends else {
            if let pair { idle.withLock { $0.append(pair.index) } }
            return
        }
        guard let pair = pair ?? idle.withLock({ $0.popLast() }).map({ pairs[$0] }) else { return }
        let index = nextCall.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < plan.maxCalls else {
            idle.withLock { $0.append(pair.index) }
            return
        }
        let kind = plan.mix.kind(of: index)
        stats.withLock { $0.didStart(kind, at: now) }
        if !pair.start(kind, parameters: plan.callParameters, deadline: now + plan.stallLimit(for: kind), at: now) {
            stats.withLock { $0.finish(kind, .failed(.disconnected)) }
        }
    }

    /// Applies what a pair reported; a finished call frees its pair (closed loop: places the next).
    private func apply(_ result: LoadPair.Result, on pair: LoadPair) {
        guard !result.measured.isEmpty || result.finished != nil else { return }
        let now = ContinuousClock.now
        stats.withLock { stats in
            for (measurement, duration) in result.measured { stats.record(measurement, duration, at: now) }
            if let (kind, outcome) = result.finished { stats.finish(kind, outcome) }
        }
        guard let (_, outcome) = result.finished else { return }
        if case .failed(.disconnected) = outcome { return }
        if case .failed(.stalled) = outcome { return }
        switch plan.pace {
        case .rate: idle.withLock { $0.append(pair.index) }
        case .inFlight: placeNext(on: pair)
        }
    }

    // MARK: - Deadlines, progress, drain

    /// Every 100 ms: fails calls past their deadline; every second: the progress line.
    private func tick() async {
        var lastLine = ContinuousClock.now
        var lastEstablished = 0
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(100))
            let now = ContinuousClock.now
            for pair in pairs { apply(pair.expire(at: now), on: pair) }
            if plan.showsProgress, now - lastLine >= .seconds(1) {
                let snapshot = stats.withLock { $0 }
                let rate = Double(snapshot.established - lastEstablished) / (now - lastLine).seconds
                lastEstablished = snapshot.established
                lastLine = now
                let ring = LatencySummary(snapshot.latencies[.inviteToRing]!)
                let elapsed = snapshot.firstStart.map { (now - $0).seconds } ?? 0
                progress("\r\(elapsed.formatted(decimals: 0)) s: placed \(snapshot.startedCount), established \(snapshot.established) (\(rate.formatted(decimals: 0))/s now), in flight \(snapshot.inFlight), failed \(snapshot.failedCount), ring p99 \(ring.p99.formatted(decimals: 2)) ms    ")
            }
        }
    }

    /// Waits for the calls in flight, at most as long as the slowest may take before it stalls (the
    /// deadline sweep then fails it).
    private func drain() async {
        await waitForCallsInFlight(until: .now + plan.stallLimit(for: .timeout) + .seconds(1), checkingEvery: .milliseconds(20))
        for (pair, result) in stallCallsInFlight() { apply(result, on: pair) }
    }

    /// Returns once no call is in flight, or at `limit`.
    private func waitForCallsInFlight(until limit: ContinuousClock.Instant, checkingEvery interval: Duration) async {
        while stats.withLock({ $0.inFlight }) > 0, ContinuousClock.now < limit {
            try? await Task.sleep(for: interval)
        }
    }

    /// Fails every call still going as stalled (past any deadline), retiring its pair; what each pair
    /// reported, for the caller to count or not.
    private func stallCallsInFlight() -> [(LoadPair, LoadPair.Result)] {
        let pastEveryDeadline = ContinuousClock.now + plan.stallLimit(for: .timeout) + .seconds(2)
        return pairs.map { ($0, $0.expire(at: pastEveryDeadline)) }
    }
}
