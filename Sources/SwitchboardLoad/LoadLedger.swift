import Synchronization
import SwitchboardCore

/// What the pairs and the generator share: the statistics, the pairs free for the next call (open
/// loop), the count of calls placed and how long placing goes on. The pairs report to it from their
/// sessions' callbacks; nothing in it calls back into a pair.
final class LoadLedger: Sendable {
    let plan: LoadPlan
    let stats = Mutex(LoadStats())
    /// Pairs with no call in flight and both users connected (open-loop pacing takes from here).
    let idle: Mutex<[Int]>
    /// Until when calls are placed; set when placing starts.
    let placingEnds = Mutex<ContinuousClock.Instant?>(nil)
    /// Pairs reconnecting now (not available for calls).
    let recovering = Atomic<Int>(0)
    /// Whether the calls finishing now are warm-up calls.
    let warmingUp = Atomic<Bool>(false)
    /// What the run is doing, and its users logged in so far, for the progress line (``progress(at:)``).
    let phase = Mutex(LoadProgress.Phase.loggingIn)
    let usersLoggedIn = Atomic<Int>(0)
    /// The index of the next call to place, across all pairs.
    private let nextCall = Atomic<Int>(0)
    private let completedCalls: (@Sendable (CompletedCall) -> Void)?
    /// Every call finished so far, when the plan lists them (``LoadPlan/listsCalls``).
    let calls = Mutex<[PlacedCall]>([])
    /// The server URLs a pair's caller and callee are connected to now.
    private let connectedURLs: @Sendable (Int) -> (caller: String?, callee: String?)

    /// - Parameter connectedURLs: where a pair's users are connected (by default where the plan puts
    ///   them, ``LoadPlan/url(of:pair:)``, for users that never move).
    init(plan: LoadPlan, completedCalls: (@Sendable (CompletedCall) -> Void)?,
         connectedURLs: (@Sendable (Int) -> (caller: String?, callee: String?))? = nil) {
        self.plan = plan
        idle = Mutex(Array((0..<plan.pairs).reversed()))
        self.completedCalls = completedCalls
        self.connectedURLs = connectedURLs ?? { pair in (plan.url(of: .caller, pair: pair), plan.url(of: .callee, pair: pair)) }
    }

    /// The kind of the next call to place, counted as placed; nil once placing is over or every call
    /// of the plan is placed.
    func claim(at now: ContinuousClock.Instant) -> FlowKind? {
        guard let ends = placingEnds.withLock({ $0 }), now < ends else { return nil }
        let index = nextCall.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < plan.maxCalls else { return nil }
        let kind = plan.mix.kind(of: index)
        stats.withLock { $0.didStart(kind, at: now) }
        return kind
    }

    /// A due call that no pair can carry (open loop): failed as the generator's own limit, or, while
    /// some pairs are reconnecting, not placed at all.
    func noFreePair(at now: ContinuousClock.Instant) {
        if recovering.load(ordering: .relaxed) > 0 {
            stats.withLock { $0.notPlaced += 1 }
            return
        }
        let kind = plan.mix.kind(of: nextCall.wrappingAdd(1, ordering: .relaxed).oldValue)
        stats.withLock {
            $0.didStart(kind, at: now)
            $0.finish(kind, .failed(.noFreePair))
        }
    }

    /// The pair `index` can carry a call: the kind it should start now (closed loop), or nil (open
    /// loop: it waits in the idle list; or placing is over).
    func available(_ index: Int, at now: ContinuousClock.Instant) -> FlowKind? {
        switch plan.pace {
        case .rate:
            idle.withLock { $0.append(index) }
            return nil
        case .inFlight:
            return claim(at: now)
        }
    }

    func measured(_ measurements: [(CallFlow.Measurement, Duration)], at now: ContinuousClock.Instant) {
        guard !measurements.isEmpty else { return }
        stats.withLock { stats in
            for (measurement, duration) in measurements { stats.record(measurement, duration, at: now) }
        }
    }

    /// The call of pair `pair` finished.
    func finished(_ flow: CallFlow, _ outcome: CallFlow.Outcome, pair: Int) {
        stats.withLock { $0.finish(flow.kind, outcome) }
        let isWarmUp = warmingUp.load(ordering: .relaxed)
        if outcome == .completed, let completedCalls, let id = flow.callID {
            completedCalls(CompletedCall(callID: id, kind: flow.kind, caller: flow.caller, callee: flow.callee,
                                         isWarmUp: isWarmUp))
        }
        if plan.listsCalls {
            let urls = connectedURLs(pair)
            let call = PlacedCall(callID: flow.callID, kind: flow.kind, caller: flow.caller, callee: flow.callee, app: plan.app,
                                  callerURL: urls.caller, calleeURL: urls.callee, outcome: outcome, isWarmUp: isWarmUp)
            calls.withLock { $0.append(call) }
        }
    }
}
