import NIOCore
import NIOWebSocket
import SwitchboardCore
import SwitchboardWire

/// The lean engine's state: every user's protocol state (request ids, answers awaited, events seen and
/// acknowledged) and every pair's ``CallFlow``, all owned by one event loop. Frames are handled where
/// they are read: no task per frame, no lock but the ledger's (uncontended: only this loop and the
/// generator's once-a-tick look at it). What the frames of one turn of the loop make the users send is
/// written as it comes and flushed once, per connection, after that turn's reads.
///
/// Each user does what every client does (DECISIONS.md; `ClientSession`): logs in with a hello,
/// acknowledges a delivered invitation, confirms the acceptance of someone it invited (the three-way
/// accept), acknowledges events every 32 and on every ping, pings on silence as a session does. It does
/// not reconnect: a connection that drops interrupts its pair's call in flight and retires the pair
/// (docs/PERFORMANCE.md, "The load generator").
///
/// Its state is only touched on `loop`: everything else reaches it through `loop.execute`/`submit` (only
/// `plan`, `ledger`, `loop` and ``userID(_:)`` are read from elsewhere).
final class LeanDriver: @unchecked Sendable {
    let loop: EventLoop
    let plan: LoadPlan
    let ledger: LoadLedger

    private var users: [User]
    private var pairs: [Pair]
    /// Users written to since the last flush.
    private var unflushed: [Int] = []
    private var flushScheduled = false
    private var heartbeat: RepeatedTask?
    private var placing: RepeatedTask?
    private var placedAtRate = 0
    /// Set when the run shuts down: closed connections are no longer losses.
    private var stopping = false
    /// Connections that closed while the run went on (the server went away, ended the session, or sent
    /// what the engine could not read).
    private(set) var connectionsLost = 0
    /// Server frames no decoder could read (each closed its connection).
    private(set) var unreadableFrames = 0
    /// Draws the masking keys of the frames sent (RFC 6455, 5.3), seeded from the system's randomness
    /// once: not a system call per frame.
    private var maskingKeys = SplitMix64(seed: UInt64.random(in: .min ... .max))
    /// The text of the frame being written, reused for every frame (``ClientFrameText`` appends to it).
    private var frameText: [UInt8] = []

    private struct User {
        let id: UserID
        var connection: LeanConnection?
        var nextRequest: Int64 = 1
        /// Requests sent and not yet answered: a flow's step of the pair's call `generation`, or a
        /// client's own duty (no step).
        var pending: [Int64: Pending] = [:]
        var lastSequence: EventSequence = 0
        var acknowledged: EventSequence = 0
        /// The acceptances this user confirmed, of the call it confirmed them in (one call at a time).
        var confirmedCall: CallID?
        var confirmedInvitees: [UserID] = []
        var welcomed = false
        var login: EventLoopPromise<Void>?
        var awaitsFlush = false
        /// The heartbeat on silence (`HeartbeatSchedule` of SwitchboardClient, by whole intervals): a frame
        /// arrived, or one was sent, since the user's last heartbeat slot; and how many slots in a row it
        /// sent nothing.
        var heardSinceBeat = false
        var sentSinceBeat = false
        var quietBeats: UInt8 = 0
        /// Reads the frames of this user's connection, holding the calls it carried (for compact call
        /// events).
        var scanner: ServerFrameScanner
    }

    private struct Pending {
        var step: CallFlow.Step?
        var generation: Int
    }

    private struct Pair {
        var flow: CallFlow?
        /// The pair's invite (the same for every call) and ``ClientFrameText/template(of:)`` of it.
        var invite: (operation: ServiceOperation, template: [UInt8])?
        var deadline: ContinuousClock.Instant?
        var generation = 0
        /// A stalled pair, or one with a connection gone, places no more calls.
        var retired = false
        var hasCall: Bool { flow.map { !$0.isFinished } ?? false }
    }

    /// Why a login failed, in words (the promise's error).
    struct LoginFailure: Error {
        var reason: String
    }

    init(loop: EventLoop, plan: LoadPlan, ledger: LoadLedger) {
        self.loop = loop
        self.plan = plan
        self.ledger = ledger
        users = (0..<plan.pairs).flatMap { pair in
            let caller = LoadPlan.user(.caller, pair: pair, prefix: plan.userPrefix)
            let callee = LoadPlan.user(.callee, pair: pair, prefix: plan.userPrefix)
            return [caller, callee].map { User(id: $0, scanner: ServerFrameScanner(viewer: $0, caller: caller, callee: callee)) }
        }
        pairs = Array(repeating: Pair(), count: plan.pairs)
    }

    // MARK: - Users and pairs

    func maskingKey() -> WebSocketMaskingKey {
        .random(using: &maskingKeys)
    }

    /// `user`'s id, from any thread: from the plan, not the loop's state.
    func userID(_ user: Int) -> UserID {
        LoadPlan.user(user % 2 == 0 ? .caller : .callee, pair: user / 2, prefix: plan.userPrefix)
    }

    private func user(of pair: Int, _ side: CallFlow.Side) -> Int { side == .caller ? 2 * pair : 2 * pair + 1 }

    private func side(of user: Int) -> CallFlow.Side { user % 2 == 0 ? .caller : .callee }

    var usablePairs: [Int] {
        loop.preconditionInEventLoop()
        return pairs.indices.reversed().filter { !pairs[$0].retired }
    }

    // MARK: - Logging in

    /// Sends `user`'s hello on its upgraded connection; `login` completes with its welcome, or fails with
    /// the refusal, the connection's end, or the plan's login timeout.
    func logIn(_ user: Int, login: EventLoopPromise<Void>) {
        loop.preconditionInEventLoop()
        guard users[user].connection != nil else {
            return login.fail(LoginFailure(reason: "the connection closed before the hello"))
        }
        users[user].login = login
        let hello = Hello(app: plan.app, user: users[user].id, device: DeviceID("\(users[user].id.rawValue)-1"),
                          token: plan.token(for: users[user].id), loginPolicy: .multiDevice, surface: "loadtest",
                          compactEvents: plan.compactEvents, echoesInReply: plan.echoesInReply)
        write(to: user) { $0.append(contentsOf: WireCodec.encode(.hello(hello))) }
        let timeout = plan.loginTimeout
        loop.scheduleTask(in: .nanoseconds(Int64(timeout.seconds * 1e9))) { [self] in
            guard let pending = users[user].login else { return }
            users[user].login = nil
            pending.fail(LoginFailure(reason: "no welcome within \(timeout)"))
            users[user].connection?.close()
        }
    }

    // MARK: - From the connections

    func attached(_ connection: LeanConnection) {
        users[connection.user].connection = connection
        users[connection.user].scanner.reset()
    }

    func closed(_ user: Int) {
        users[user].connection = nil
        users[user].awaitsFlush = false
        if let login = users[user].login {
            users[user].login = nil
            login.fail(LoginFailure(reason: "the server closed the connection before the welcome"))
        }
        guard !stopping, users[user].welcomed else { return }
        connectionsLost += 1
        let pair = user / 2
        retire(pair)
        if var flow = pairs[pair].flow, !flow.isFinished {
            let actions = flow.interrupted()
            pairs[pair].flow = flow
            carryOut(actions, pair: pair, at: .now)
        }
    }

    /// One message from the server to `user`: scanned when it is a successful response or a call event
    /// (``ServerFrameScanner``), decoded in full otherwise.
    func received(_ message: ByteBuffer, on user: Int) {
        users[user].heardSinceBeat = true
        let scanned = message.withUnsafeReadableBytes { bytes in users[user].scanner.scan(bytes) }
        if let scanned {
            handle(scanned, on: user, at: .now)
        } else {
            decodeInFull(message, on: user)
        }
    }

    private func handle(_ scanned: ScannedFrame, on user: Int, at now: ContinuousClock.Instant) {
        switch scanned {
        case .success(let id, let callID, let echoes):
            answered(id, .success(callID), on: user, at: now)
            // Echoes in the reply (docs/DECISIONS.md): the request's events, as if they had followed it.
            for echo in echoes where users[user].connection != nil {
                handle(echo.event, at: echo.sequence, on: user, at: now)
            }
        case .callEvent(let sequence, let event):
            handle(event, at: sequence, on: user, at: now)
        }
    }

    private func decodeInFull(_ message: ByteBuffer, on user: Int) {
        let frame: ServerFrame
        do {
            frame = try WireCodec.decodeServerFrame(Array(message.readableBytesView))
        } catch {
            // Nothing the engine can read: the connection's state is unknown from here on.
            unreadableFrames += 1
            users[user].connection?.close()
            return
        }
        let now = ContinuousClock.now
        // A successful response or a call event the scan left (a needed string with an escape): read
        // from the decoded frame, the connection's calls kept as after a scan.
        if let scanned = users[user].scanner.read(decoded: frame) {
            return handle(scanned, on: user, at: now)
        }
        switch frame {
        case .welcome(let welcome):
            users[user].welcomed = true
            users[user].login?.succeed()
            users[user].login = nil
            startHeartbeat(every: welcome.heartbeatInterval)
        case .refused(let error):
            users[user].login?.fail(LoginFailure(reason: error.description))
            users[user].login = nil
            users[user].connection?.close()
        case .response(let response):
            // A failure (a success is read above).
            if case .failure(let error) = response.result { answered(response.id.rawValue, .failure(error), on: user, at: now) }
        case .event(let envelope):
            // An event other than a call's (a call's is read above).
            if advance(to: envelope.sequence, on: user) {
                acknowledgeEvery32(user)
            }
        case .pong:
            break
        case .bye(let bye) where [.serverShutdown, .sessionExpired, .protocolError].contains(bye.reason):
            // A session would reconnect (ConnectionStateMachine): the link is lost, and the call with it.
            users[user].connection?.close()
        case .bye:
            // The service ended the session for good (another login, a ban, an expired token, a logout):
            // the call fails as the session engine's does, and the pair is done.
            let pair = user / 2
            if var flow = pairs[pair].flow, !flow.isFinished {
                pairs[pair].flow = nil
                pairs[pair].deadline = nil
                _ = flow.interrupted()
                ledger.finished(flow, .failed(.disconnected), pair: pair)
            }
            retire(pair)
            users[user].connection?.close()
        }
    }

    private func answered(_ id: Int64, _ result: Result<CallID?, SignalingError>, on user: Int, at now: ContinuousClock.Instant) {
        guard let pending = users[user].pending.removeValue(forKey: id),
              let step = pending.step else { return }  // a duty's answer: nobody waits for it
        let pair = user / 2
        guard pending.generation == pairs[pair].generation, pairs[pair].hasCall,
              let actions = pairs[pair].flow?.replied(step, naming: result, at: now) else { return }
        carryOut(actions, pair: pair, at: now)
    }

    /// Whether the event at `sequence` is the next one (a replayed one is not; after a gap the link is
    /// dropped: a session would resume, the lean engine does not).
    private func advance(to sequence: EventSequence, on user: Int) -> Bool {
        if sequence <= users[user].lastSequence { return false }
        guard sequence == users[user].lastSequence + 1 else {
            users[user].connection?.close()
            return false
        }
        users[user].lastSequence = sequence
        return true
    }

    private func acknowledgeEvery32(_ user: Int) {
        if users[user].lastSequence - users[user].acknowledged >= 32 { acknowledge(user) }
    }

    private func handle(_ event: ScannedCallEvent, at sequence: EventSequence, on user: Int, at now: ContinuousClock.Instant) {
        guard advance(to: sequence, on: user) else { return }
        // The duties first, as a session does them before the app acts on the event.
        performDuties(for: event, as: user)
        let pair = user / 2
        // In place: a copy of the flow out of the array and back would cost more than the flow's step.
        if pairs[pair].hasCall, let actions = pairs[pair].flow?.received(CallFlow.Observation(event), on: side(of: user), at: now) {
            carryOut(actions, pair: pair, at: now)
        }
        acknowledgeEvery32(user)
    }

    /// `ClientSession.performDuties(for:)`: acknowledge a delivered invitation, confirm an acceptance of
    /// someone this user invited.
    private func performDuties(for event: ScannedCallEvent, as user: Int) {
        let call = event.callID
        if case .ended = event.phase { return }
        if event.kind == .invited {
            send(.call(call, .acknowledge), from: user, step: nil, generation: 0)
        }
        for invitee in event.acceptingInvitees {
            if users[user].confirmedCall != call {
                users[user].confirmedCall = call
                users[user].confirmedInvitees.removeAll(keepingCapacity: true)
            }
            guard !users[user].confirmedInvitees.contains(invitee) else { continue }
            users[user].confirmedInvitees.append(invitee)
            send(.call(call, .confirm(invitee: invitee)), from: user, step: nil, generation: 0)
        }
    }

    // MARK: - Frames out

    private func send(_ operation: ServiceOperation, from user: Int, step: CallFlow.Step?, generation: Int) {
        guard users[user].connection != nil else { return }
        let id = users[user].nextRequest
        users[user].nextRequest += 1
        users[user].pending[id] = Pending(step: step, generation: generation)
        var template: [UInt8]?
        if step == .invite {
            let pair = user / 2
            if pairs[pair].invite?.operation != operation { pairs[pair].invite = (operation, ClientFrameText.template(of: operation)) }
            template = pairs[pair].invite?.template
        }
        write(to: user) { ClientFrameText.request(id: id, operation, template: template, to: &$0) }
    }

    private func acknowledge(_ user: Int) {
        guard users[user].connection != nil, users[user].lastSequence > users[user].acknowledged else { return }
        let sequence = users[user].lastSequence
        write(to: user) { ClientFrameText.acknowledgement(sequence, to: &$0) }
        users[user].acknowledged = sequence
    }

    /// Writes the frame `text` puts into ``frameText`` on `user`'s connection, to be flushed with the
    /// turn's other writes.
    private func write(to user: Int, _ text: (inout [UInt8]) -> Void) {
        guard let connection = users[user].connection else { return }
        frameText.removeAll(keepingCapacity: true)
        text(&frameText)
        connection.write(frameText)
        users[user].sentSinceBeat = true
        needsFlush(user)
    }

    /// `user` has unflushed writes: flush them (and every other connection's) once the loop has read
    /// everything it is reading now.
    func needsFlush(_ user: Int) {
        if !users[user].awaitsFlush {
            users[user].awaitsFlush = true
            unflushed.append(user)
        }
        if !flushScheduled {
            flushScheduled = true
            loop.execute { [self] in flushAll() }
        }
    }

    private func flushAll() {
        flushScheduled = false
        for user in unflushed where users[user].awaitsFlush {
            users[user].awaitsFlush = false
            users[user].connection?.flush()
        }
        unflushed.removeAll(keepingCapacity: true)
    }

    /// Heartbeats spread over the interval: the users are split into ``heartbeatSlots`` groups by index,
    /// and every interval / slots one group pings, so that a thousand users do not ping the server in one
    /// burst every interval (which would show in every latency percentile, as clients do not do it).
    private func startHeartbeat(every interval: Duration) {
        guard heartbeat == nil, interval > .zero else { return }
        let slots = Self.heartbeatSlots
        let amount = TimeAmount.nanoseconds(max(1, Int64(interval.seconds * 1e9) / Int64(slots)))
        var slot = 0
        heartbeat = loop.scheduleRepeatedTask(initialDelay: amount, delay: amount) { [self] _ in
            for user in stride(from: slot, to: users.count, by: slots)
            where users[user].welcomed && users[user].connection != nil {
                // As a session does (`HeartbeatSchedule`): a ping after an interval without a frame from
                // the server, or after three without one to it; acknowledgements ride on the pings.
                let quiet = users[user].sentSinceBeat ? 0 : users[user].quietBeats + 1
                if !users[user].heardSinceBeat || quiet >= 3 {
                    acknowledge(user)
                    write(to: user) { ClientFrameText.ping(to: &$0) }
                    users[user].quietBeats = 0
                } else {
                    users[user].quietBeats = quiet
                }
                users[user].heardSinceBeat = false
                users[user].sentSinceBeat = false
            }
            slot = (slot + 1) % slots
        }
    }

    /// How many groups the users' heartbeats are spread over (one every 10 ms at a 1 s interval).
    static let heartbeatSlots = 100

    // MARK: - Calls

    /// Starts a call of `kind` on `pair`, already counted as placed; a pair that cannot take it counts
    /// it as failed (its connection is gone).
    func start(_ kind: FlowKind, on pair: Int, at now: ContinuousClock.Instant) {
        guard !pairs[pair].retired, !pairs[pair].hasCall else {
            let (flow, _) = CallFlow.start(kind, caller: users[user(of: pair, .caller)].id, callee: users[user(of: pair, .callee)].id,
                                           parameters: plan.callParameters, at: now)
            ledger.finished(flow, .failed(.disconnected), pair: pair)
            return
        }
        startFlow(kind, on: pair, at: now)
    }

    private func startFlow(_ kind: FlowKind, on pair: Int, at now: ContinuousClock.Instant) {
        let (flow, actions) = CallFlow.start(kind, caller: users[user(of: pair, .caller)].id, callee: users[user(of: pair, .callee)].id,
                                             parameters: plan.callParameters, at: now)
        pairs[pair].generation += 1
        pairs[pair].flow = flow
        pairs[pair].deadline = now + plan.stallLimit(for: kind)
        carryOut(actions, pair: pair, at: now)
    }

    private func carryOut(_ actions: [CallFlow.Action], pair: Int, at now: ContinuousClock.Instant) {
        var outcome: CallFlow.Outcome?
        let generation = pairs[pair].generation
        for action in actions {
            switch action {
            case .send(let side, let step, let operation):
                send(operation, from: user(of: pair, side), step: step, generation: generation)
            case .measured(let measurement, let duration):
                ledger.measured([(measurement, duration)], at: now)
            case .finished(let finished):
                outcome = finished
            }
        }
        guard let outcome, let flow = pairs[pair].flow else { return }
        pairs[pair].deadline = nil
        ledger.finished(flow, outcome, pair: pair)
        switch outcome {
        case .completed, .overloaded, .failed(.refused), .failed(.unexpected):
            makeAvailable(pair, at: now)
        case .interrupted, .failed(.stalled), .failed(.disconnected), .failed(.noFreePair):
            break  // retired
        }
    }

    private func makeAvailable(_ pair: Int, at now: ContinuousClock.Instant) {
        guard !pairs[pair].retired, !pairs[pair].hasCall else { return }
        if let kind = ledger.available(pair, at: now) {
            startFlow(kind, on: pair, at: now)
        }
    }

    private func retire(_ pair: Int) {
        guard !pairs[pair].retired else { return }
        pairs[pair].retired = true
        ledger.idle.withLock { $0.removeAll { $0 == pair } }
    }

    /// Fails every call past its deadline as stalled, retiring its pair.
    func expire(at now: ContinuousClock.Instant) {
        for pair in pairs.indices {
            guard let deadline = pairs[pair].deadline, deadline <= now, var flow = pairs[pair].flow, !flow.isFinished else { continue }
            let actions = flow.stalled()
            pairs[pair].flow = flow
            retire(pair)
            carryOut(actions, pair: pair, at: now)
        }
    }

    // MARK: - Placing calls

    /// Places the next call on a free pair; false when no pair is free.
    @discardableResult
    func placeNext(at now: ContinuousClock.Instant) -> Bool {
        while let pair = ledger.idle.withLock({ $0.popLast() }) {
            guard !pairs[pair].retired else { continue }
            if let kind = ledger.claim(at: now) {
                start(kind, on: pair, at: now)
            } else {
                ledger.idle.withLock { $0.append(pair) }
            }
            return true
        }
        return false
    }

    /// Open loop: every 1/`rate` seconds (1 to 10 ms), places every call due by then at `rate` from
    /// `start`; `done` completes at `end` or once the plan's calls are all placed.
    func placeAtRate(_ rate: Double, from start: ContinuousClock.Instant, until end: ContinuousClock.Instant,
                     done: EventLoopPromise<Void>) {
        placedAtRate = 0
        let interval = TimeAmount.microseconds(Int64(min(10_000, max(1_000, 1_000_000 / rate))))
        placing = loop.scheduleRepeatedTask(initialDelay: .zero, delay: interval) { [self] task in
            let now = ContinuousClock.now
            if now >= end || placedAtRate >= plan.maxCalls {
                task.cancel()
                placing = nil
                return done.succeed()
            }
            let due = min(plan.maxCalls, Int(((now - start).seconds * rate).rounded(.down)) + 1)
            while placedAtRate < due {
                if !placeNext(at: now) { ledger.noFreePair(at: now) }
                placedAtRate += 1
            }
        }
    }

    // MARK: - Ending

    /// Closes every connection (without logging out, as the session engine does: the server keeps the
    /// sessions for its grace period); `closed` completes when they are all closed.
    func shutDown() -> EventLoopFuture<Void> {
        stopping = true
        heartbeat?.cancel()
        heartbeat = nil
        placing?.cancel()
        placing = nil
        var closes: [EventLoopFuture<Void>] = []
        for user in users.indices {
            guard let connection = users[user].connection, let closed = connection.closeFuture else { continue }
            closes.append(closed)
            connection.close()
        }
        return EventLoopFuture.andAllComplete(closes, on: loop)
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a fast generator for the masking keys, which must be
/// unpredictable to the network path, not to an attacker with the seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
