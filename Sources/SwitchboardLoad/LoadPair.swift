import Synchronization
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// A caller and a callee, each with a `ClientSession` of their own on the server, carrying one
/// ``CallFlow`` at a time. The sessions do what every client does (log in, heartbeats, event
/// acknowledgements, the delivery acknowledgement and the confirmation of the three-way accept, resume
/// with replay after a dropped link, reconnect with backoff and jitter); the flow decides the rest.
///
/// The sessions' events and answers arrive through callbacks and are handled at once under the pair's
/// lock. What the flow sends goes out through one job queue per user, so each user's requests leave in
/// the order the flow asked for them, after whatever the session was doing (its delivery
/// acknowledgement goes out before the callee's answer, as in an app).
///
/// A connection that drops for good (the service lost the session, as after a restart, or the call's
/// deadline passed with a user still reconnecting) interrupts the call in flight, and the pair
/// recovers: each user asks the service for their live calls (a request that waits while its session
/// reconnects, asked again until it is answered), the caller hangs up the connected calls that
/// interrupted ones left, and the pair takes calls again. Ringing leftovers ring out: the server's own
/// deadline ends them, which the chaos test checks (docs/SERVER.md, "Chaos test").
final class LoadPair: Sendable {
    let index: Int
    let caller: UserID
    let callee: UserID
    private let callerSession: ClientSession
    private let calleeSession: ClientSession
    private let callerOutbox: SerialJobQueue
    private let calleeOutbox: SerialJobQueue
    private let clock: ServiceClock
    private let plan: LoadPlan
    private let ledger: LoadLedger
    private let state = Mutex(State())

    private struct State {
        var flow: CallFlow?
        var deadline: ContinuousClock.Instant?
        /// Which call of the pair this is: an answer to a request of an earlier call is dropped.
        var generation = 0
        /// Set while the pair recovers from a dropped connection: it takes no call until both users
        /// answered.
        var recovery: Recovery?
        /// Recoveries begun so far: an answer to an earlier recovery's probe is dropped.
        var recoveries = 0
        /// A stalled pair may still have a call on the server, and a pair whose session ended cannot
        /// call: it places no more calls.
        var retired = false
        /// Users whose session reports reconnecting (the link has been down past the client's
        /// interruption threshold): their call waits, since a resume carries it on.
        var reconnecting: Set<CallFlow.Side> = []
        /// Users just back from reconnecting, counted as resumed unless the next thing their session
        /// says is that the session was replaced (it reports the two together).
        var justBack: Set<CallFlow.Side> = []

        var hasCall: Bool { flow.map { !$0.isFinished } ?? false }
    }

    private struct Recovery {
        var generation: Int
        /// Each user's live calls, once their probe is answered.
        var calls: [CallFlow.Side: [Call]] = [:]
    }

    /// - Parameters:
    ///   - transports: how the caller and the callee reach the server.
    ///   - executor: where the sessions run (Swift's default executors if nil).
    init(index: Int, plan: LoadPlan, transports: (caller: any Transport, callee: any Transport), clock: ServiceClock,
         executor: (any ClientExecutor)?, ledger: LoadLedger) {
        self.index = index
        self.plan = plan
        self.ledger = ledger
        self.clock = clock
        caller = LoadPlan.user(.caller, pair: index, prefix: plan.userPrefix)
        callee = LoadPlan.user(.callee, pair: index, prefix: plan.userPrefix)
        func session(_ user: UserID, _ transport: any Transport) -> ClientSession {
            ClientSession(
                configuration: ClientConfiguration(
                    app: plan.app, user: user, device: DeviceID("\(user.rawValue)-1"), token: plan.token(for: user),
                    loginPolicy: .multiDevice, surface: "loadtest", timing: plan.timing,
                    compactEvents: plan.compactEvents, echoesInReply: plan.echoesInReply),
                transport: transport, clock: clock, executor: executor)
        }
        callerSession = session(caller, transports.caller)
        calleeSession = session(callee, transports.callee)
        callerOutbox = SerialJobQueue(executor: executor)
        calleeOutbox = SerialJobQueue(executor: executor)
    }

    private func session(_ side: CallFlow.Side) -> ClientSession {
        side == .caller ? callerSession : calleeSession
    }

    private func outbox(_ side: CallFlow.Side) -> SerialJobQueue {
        side == .caller ? callerOutbox : calleeOutbox
    }

    /// A stalled pair, or one whose session ended, places no more calls.
    var isRetired: Bool {
        state.withLock { $0.retired }
    }

    /// Whether the pair is reconnecting.
    var isRecovering: Bool {
        state.withLock { $0.recovery != nil }
    }

    /// Logs both users in; their events then come to the pair.
    func logIn() async throws(LoadError) {
        let this = WeakReference(self)
        for side in [CallFlow.Side.caller, .callee] {
            await session(side).observe { event in this.value?.received(event, on: side) }
        }
        async let callerResult = Self.logIn(callerSession)
        async let calleeResult = Self.logIn(calleeSession)
        for (user, result) in [(caller, await callerResult), (callee, await calleeResult)] {
            if case .failure(let error) = result {
                throw LoadError.loginFailed(user: user.rawValue, reason: error.description)
            }
        }
    }

    private static func logIn(_ session: ClientSession) async -> Result<Void, SignalingError> {
        do {
            try await session.login()
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    /// Ends both sessions without logging out (as the old generator closed its links; the server
    /// keeps them for its grace period).
    func shutDown() async {
        state.withLock { state in
            state.retired = true
            endRecovery(&state)
        }
        await callerSession.shutdown()
        await calleeSession.shutdown()
    }

    // MARK: - Calls

    /// Starts a call of `kind`, already counted as placed. A pair that cannot take it (reconnecting,
    /// retired, busy) counts it as interrupted, or as failed with its session gone.
    func start(_ kind: FlowKind, at now: ContinuousClock.Instant) {
        state.withLock { state in
            guard !state.retired, state.recovery == nil, !state.hasCall else {
                let (flow, _) = CallFlow.start(kind, caller: caller, callee: callee, parameters: plan.callParameters, at: now)
                ledger.finished(flow, state.recovery != nil ? .interrupted : .failed(.disconnected), pair: index)
                return
            }
            startFlow(kind, state: &state, at: now)
        }
    }

    private func startFlow(_ kind: FlowKind, state: inout State, at now: ContinuousClock.Instant) {
        let (flow, actions) = CallFlow.start(kind, caller: caller, callee: callee, parameters: plan.callParameters, at: now)
        state.generation += 1
        state.flow = flow
        state.deadline = now + plan.stallLimit(for: kind)
        carryOut(actions, state: &state, at: now)
    }

    /// Fails the call in flight if its deadline has passed, and retires the pair; a call whose users
    /// are still reconnecting is interrupted instead.
    func expire(at now: ContinuousClock.Instant) {
        state.withLock { state in
            guard let deadline = state.deadline, deadline <= now, var flow = state.flow, !flow.isFinished else { return }
            if !state.reconnecting.isEmpty { return interrupt(&state, at: now) }
            let actions = flow.stalled()
            state.flow = flow
            state.retired = true
            endRecovery(&state)
            carryOut(actions, state: &state, at: now)
        }
    }

    // MARK: - From the sessions

    private func received(_ event: ClientEvent, on side: CallFlow.Side) {
        let now = ContinuousClock.now
        state.withLock { state in
            let wasJustBack = state.justBack.remove(side) != nil
            switch event {
            case .server(.call(let note)):
                guard var flow = state.flow, !flow.isFinished else { return }
                let actions = flow.received(note, on: side, at: now)
                state.flow = flow
                carryOut(actions, state: &state, at: now)
            case .server:
                break
            case .sessionReplaced:
                // The service no longer had the session (a restarted server keeps none): whatever the
                // call was waiting for went with it.
                state.reconnecting.remove(side)
                ledger.stats.withLock { stats in
                    stats.relogins += 1
                    if wasJustBack { stats.resumes -= 1 }  // counted as a resume a moment ago
                }
                interrupt(&state, at: now)
            case .connection(.reconnecting, _):
                // The link has been down past the client's interruption threshold. A call waits for the
                // resume (or its deadline: ``expire(at:)``); a pair with none takes none until it is back.
                state.reconnecting.insert(side)
                if !state.hasCall && state.recovery == nil && !state.retired { beginRecovery(&state) }
            case .connection(.connected, _):
                if state.reconnecting.remove(side) != nil {
                    state.justBack.insert(side)
                    ledger.stats.withLock { $0.resumes += 1 }
                }
            case .connection(.disconnected, _), .connection(.aborted, _):
                retire(&state, cause: .disconnected)
            case .connection:
                break
            case .reconnectRefused(let error):
                ledger.stats.withLock { $0.reconnectRefusals[error.code.rawValue, default: 0] += 1 }
            }
        }
    }

    private func replied(_ result: Result<Reply, SignalingError>, to step: CallFlow.Step, generation: Int) {
        let now = ContinuousClock.now
        state.withLock { state in
            guard generation == state.generation, var flow = state.flow, !flow.isFinished else { return }
            if case .failure(let error) = result, error.code == .service(.timeout), !state.reconnecting.isEmpty {
                // Unanswered because a user's link is down, not because the server failed to answer.
                return interrupt(&state, at: now)
            }
            let actions = flow.replied(step, result, at: now)
            state.flow = flow
            carryOut(actions, state: &state, at: now)
        }
    }

    // MARK: - Carrying out the flow

    private func carryOut(_ actions: [CallFlow.Action], state: inout State, at now: ContinuousClock.Instant) {
        var measured: [(CallFlow.Measurement, Duration)] = []
        var outcome: CallFlow.Outcome?
        let generation = state.generation
        for action in actions {
            switch action {
            case .send(let side, let step, let operation):
                send(operation, on: side) { this, result in
                    this.replied(result, to: step, generation: generation)
                }
            case .measured(let measurement, let duration):
                measured.append((measurement, duration))
            case .finished(let finished):
                outcome = finished
            }
        }
        ledger.measured(measured, at: now)
        if let outcome, let flow = state.flow {
            state.deadline = nil
            ledger.finished(flow, outcome, pair: index)
            switch outcome {
            case .completed, .overloaded, .failed(.refused), .failed(.unexpected):
                makeAvailable(&state, at: now)
            case .interrupted:
                if state.recovery == nil && !state.retired { beginRecovery(&state) }
            case .failed(.stalled), .failed(.disconnected), .failed(.noFreePair):
                break  // retired
            }
        }
    }

    /// Sends `operation` as the user of `side`, after everything queued for that user; `completion`
    /// gets the answer, on the pair if it is still there.
    private func send(
        _ operation: ServiceOperation, on side: CallFlow.Side,
        completion: @escaping @Sendable (LoadPair, Result<Reply, SignalingError>) -> Void
    ) {
        let session = session(side)
        let this = WeakReference(self)
        outbox(side).enqueue {
            await session.submit(operation) { result in
                if let pair = this.value { completion(pair, result) }
            }
        }
    }

    private func makeAvailable(_ state: inout State, at now: ContinuousClock.Instant) {
        guard !state.retired, state.recovery == nil, !state.hasCall else { return }
        if let kind = ledger.available(index, at: now) {
            startFlow(kind, state: &state, at: now)
        }
    }

    private func retire(_ state: inout State, cause: FailureCause) {
        state.retired = true
        endRecovery(&state)
        if let flow = state.flow, !flow.isFinished {
            state.flow = nil
            state.deadline = nil
            ledger.finished(flow, .failed(cause), pair: index)
        }
    }

    // MARK: - Recovering from a dropped connection

    /// Interrupts the call in flight, if any, and (again) waits for both users to be back.
    private func interrupt(_ state: inout State, at now: ContinuousClock.Instant) {
        guard !state.retired else { return }
        beginRecovery(&state)
        if var flow = state.flow, !flow.isFinished {
            let actions = flow.interrupted()
            state.flow = flow
            carryOut(actions, state: &state, at: now)
        }
    }

    /// Asks both users for their live calls; answers to an earlier recovery's questions are dropped.
    private func beginRecovery(_ state: inout State) {
        if state.recovery == nil {
            ledger.recovering.add(1, ordering: .relaxed)
            ledger.idle.withLock { $0.removeAll { $0 == index } }  // back in once recovered
        }
        state.recoveries += 1
        state.recovery = Recovery(generation: state.recoveries)
        for side in [CallFlow.Side.caller, .callee] {
            probe(side, generation: state.recoveries, after: .zero)
        }
    }

    private func endRecovery(_ state: inout State) {
        if state.recovery != nil {
            state.recovery = nil
            ledger.recovering.subtract(1, ordering: .relaxed)
        }
    }

    /// `call.active` as the user of `side`: waits while the session reconnects, so its answer means the
    /// user is back (and on which calls).
    private func probe(_ side: CallFlow.Side, generation: Int, after delay: Duration) {
        let session = session(side)
        let clock = clock
        let this = WeakReference(self)
        outbox(side).enqueue {
            if delay > .zero { try? await clock.sleep(until: clock.now() + delay) }
            // One page is the whole list: a pair's user has at most one live call at a time.
            await session.submit(.activeCalls(ActiveCallQuery(cursor: nil, limit: ActiveCallQuery.limitRange.upperBound))) { result in
                this.value?.probed(result, on: side, generation: generation)
            }
        }
    }

    private func probed(_ result: Result<Reply, SignalingError>, on side: CallFlow.Side, generation: Int) {
        let now = ContinuousClock.now
        state.withLock { state in
            guard var recovery = state.recovery, recovery.generation == generation, !state.retired else { return }
            switch result {
            case .success(.calls(let calls, _)):
                recovery.calls[side] = calls
                state.recovery = recovery
                if recovery.calls.count == 2 { recovered(recovery, state: &state, at: now) }
            case .failure(let error) where error.code == .service(.notLoggedIn) || error.code == .service(.cancelled):
                retire(&state, cause: .disconnected)  // the session is over for good
            case .success, .failure:
                // Lost with the session it went out on, or timed out: ask again, a little later.
                probe(side, generation: generation, after: plan.reconnectInitialDelay)
            }
        }
    }

    /// Both users are back: the caller hangs up what interrupted calls left connected, and the pair
    /// takes calls again.
    private func recovered(_ recovery: Recovery, state: inout State, at now: ContinuousClock.Instant) {
        endRecovery(&state)
        let leftovers = (recovery.calls[.caller] ?? []).filter { $0.state == .connected }
        for call in leftovers {
            send(.call(call.id, .end(data: nil)), on: .caller) { _, _ in }
        }
        if !leftovers.isEmpty { ledger.stats.withLock { $0.leftoversHungUp += leftovers.count } }
        makeAvailable(&state, at: now)
    }
}
