import SwitchboardClock
import SwitchboardCore
import SwitchboardWire

/// One logged-in session of a user's device: the layer every surface adapter stands on.
///
/// It logs in with a login timeout, keeps the link alive with heartbeats, notices a dead link, repairs
/// it silently when it can and reports `reconnecting` when it cannot, resumes the session with event
/// replay (no event lost or repeated across reconnects), correlates requests with responses (re-sent
/// with the same id after a resume, so none runs twice), and does the protocol's per-callee duties on
/// its own: it acknowledges delivered invitations and confirms acceptances it is asked to.
///
/// Everything it has to say arrives on ``events``, in order.
public actor ClientSession {
    public nonisolated let configuration: ClientConfiguration
    /// Connection changes and service events, in order. Meant for one consumer; once an ``observe(_:)``
    /// handler is set, events go to the handler instead.
    public nonisolated let events: AsyncStream<ClientEvent>

    /// Called with a request's result, on the session's executor, in the order frames arrived.
    public typealias Completion<Value> = @Sendable (Result<Value, SignalingError>) -> Void

    private let eventSink: AsyncStream<ClientEvent>.Continuation
    private let transport: any Transport
    let clock: ServiceClock
    /// The executor the session and its tasks run on, if the app chose one (see ``ClientExecutor``).
    private nonisolated let executor: (any ClientExecutor)?
    /// Gives the session a default actor's executor when no ``executor`` is chosen (an actor that names
    /// its executor cannot fall back to its own default one).
    private nonisolated let defaultIsolation = DefaultIsolation()

    var machine: ConnectionStateMachine
    private var token: String?
    private var connection: (any TransportConnection)?
    /// Bumped whenever a link is opened or dropped; callbacks of older links are ignored.
    private var linkGeneration = 0
    /// When to ping on the current link, at the welcome's interval: only on silence (``HeartbeatSchedule``).
    private var heartbeat: HeartbeatSchedule
    private var timers: [TimerKind: (generation: Int, task: Task<Void, Never>)] = [:]
    private var timerGeneration = 0
    private var loginWaiter: Completion<Void>?
    /// Receives events synchronously instead of ``events`` (see ``observe(_:)``).
    private var observer: (@Sendable (ClientEvent) -> Void)?

    var pending: [RequestID: PendingRequest] = [:]
    private var nextRequestID: Int64 = 1
    /// The last event handled, and the last acknowledged to the service.
    private(set) var lastSequence: EventSequence = 0
    private var acknowledgedSequence: EventSequence = 0
    /// Acceptances already confirmed ("call/invitee"), so a repeated snapshot does not confirm twice.
    var confirmations: Set<String> = []

    /// When the session's token expires, if it does.
    public private(set) var tokenExpiresAt: Timestamp?
    /// ``shutdown()`` was called: the session is over for good.
    private var isShutDown = false
    /// Draws the random share of reconnect delays (``ClientTiming/reconnectJitter``).
    private var random: any RandomNumberGenerator

    enum TimerKind: Hashable {
        case loginTimeout
        case handshake
        case reconnect
        case silence
        case heartbeat
        case requests
    }

    struct PendingRequest {
        var operation: ServiceOperation
        /// Nil for the session's own fire-and-forget duties.
        var completion: Completion<Reply>?
        var deadline: Timestamp
    }

    /// - Parameters:
    ///   - configuration: who logs in, to which app, through which surface, and the session's timing.
    ///   - transport: how the session reaches the service (a `WebSocketTransport`, or the embedded
    ///     service's in-process transport).
    ///   - clock: the session's time: timeouts, heartbeats and reconnect delays.
    ///   - executor: where the session and its tasks run (Swift's default executors if nil).
    ///   - random: draws the jitter of reconnect delays (``ClientTiming/reconnectJitter``); tests pass a
    ///     seeded one.
    public init(
        configuration: ClientConfiguration, transport: any Transport, clock: ServiceClock = .system(),
        executor: (any ClientExecutor)? = nil, random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) {
        self.random = random
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
        self.executor = executor
        self.token = configuration.token
        self.machine = ConnectionStateMachine(timing: configuration.timing, tokenExpiry: configuration.tokenExpiry)
        self.heartbeat = HeartbeatSchedule(interval: configuration.timing.heartbeatInterval, at: clock.now())
        (events, eventSink) = AsyncStream.makeStream(of: ClientEvent.self)
    }

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor?.asUnownedSerialExecutor() ?? defaultIsolation.unownedExecutor
    }

    deinit {
        // The session's tasks hold it weakly, so an app that drops it without logging out frees it:
        // its timers stop and its link closes (the service keeps the session for the grace period).
        for timer in timers.values { timer.task.cancel() }
        connection?.close()
        eventSink.finish()
    }

    /// The connection state.
    public var state: ConnectionState { machine.state }

    /// The service's id of the current session, once logged in.
    public var sessionID: SessionID? { machine.session }

    /// How many requests wait for their responses (the session's own duties included).
    public var pendingRequestCount: Int { pending.count }

    // MARK: - Login and logout

    /// Logs in: returns once the service welcomed the session, or throws why not (refused, timed out
    /// after ``ClientTiming/loginTimeout``, or ``/SwitchboardWire/ServiceErrorCode/alreadyLoggedIn``).
    public func login() async throws(SignalingError) {
        let result = await withCheckedContinuation { (waiter: CheckedContinuation<Result<Void, SignalingError>, Never>) in
            startLogin { waiter.resume(returning: $0) }
        }
        try result.get()
    }

    /// Starts a login and returns at once; `completion` gets the outcome on the session's executor, after
    /// the connection events that led to it. Errors found before anything is sent (already logged in, shut
    /// down) are passed to `completion` at once.
    public func startLogin(completion: @escaping Completion<Void>) {
        do {
            try checkNotShutDown()
            let actions = try machine.loginRequested(at: clock.now())
            resetEventStream()
            loginWaiter = completion
            carryOut(actions)
        } catch {
            completion(.failure(error))
        }
    }

    /// Sends events to `handler`, synchronously on the session's executor and in order, instead of to
    /// ``events``: for adapters that must order events with request completions
    /// (``submit(_:timeout:waitWhileReconnecting:completion:)``).
    public func observe(_ handler: @escaping @Sendable (ClientEvent) -> Void) {
        observer = handler
        eventSink.finish()
    }

    private func emit(_ event: ClientEvent) {
        if let observer {
            observer(event)
        } else {
            eventSink.yield(event)
        }
    }

    /// Logs out: tells the service (waiting at most ``ClientTiming/logoutTimeout`` for its answer) and
    /// disconnects. Throws ``/SwitchboardWire/ServiceErrorCode/notLoggedIn`` when already disconnected.
    public func logout() async throws(SignalingError) {
        guard machine.state != .disconnected else {
            throw SignalingError(.notLoggedIn, "not logged in")
        }
        if machine.canSend {
            _ = try? await request(.logout, timeout: configuration.timing.logoutTimeout, waitWhileReconnecting: false)
        }
        if machine.state != .disconnected {
            carryOut(try machine.loggedOut())
        }
        stopTimers()
    }

    /// Replaces the token: used by the next reconnect, and sent to the service now if logged in.
    /// Returns the new expiry.
    @discardableResult
    public func renewToken(_ newToken: String) async throws(SignalingError) -> Timestamp? {
        guard machine.isLoggedIn else {
            throw SignalingError(.notLoggedIn, "not logged in")
        }
        token = newToken
        guard machine.canSend else { return nil }
        guard case .token(let expiry) = try await request(.renewToken(newToken)) else {
            throw SignalingError(.invalidFrame, "unexpected reply to a token renewal")
        }
        tokenExpiresAt = expiry
        return expiry
    }

    /// Stops the session for good without logging out, as if the app were killed: the link closes, the
    /// service keeps the session for its grace period, the event stream ends, and every later call
    /// fails with ``/SwitchboardWire/ServiceErrorCode/cancelled``.
    public func shutdown() {
        isShutDown = true
        stopTimers()
        closeLink()
        loginWaiter?(.failure(SignalingError(.cancelled, "the session was shut down")))
        loginWaiter = nil
        failPending(SignalingError(.cancelled, "the session was shut down"))
        eventSink.finish()
    }

    // MARK: - Requests

    /// Sends a request and waits for its response.
    ///
    /// - Parameters:
    ///   - operation: the request's operation and body.
    ///   - timeout: defaults to ``ClientTiming/requestTimeout``.
    ///   - waitWhileReconnecting: while the link is down but the session lives, wait for the reconnect
    /// (the request goes out then) instead of failing at once with ``/SwitchboardWire/ServiceErrorCode/disconnected``.
    public func request(
        _ operation: ServiceOperation,
        timeout: Duration? = nil,
        waitWhileReconnecting: Bool = true
    ) async throws(SignalingError) -> Reply {
        let result = await withCheckedContinuation { (waiter: CheckedContinuation<Result<Reply, SignalingError>, Never>) in
            submit(operation, timeout: timeout, waitWhileReconnecting: waitWhileReconnecting) {
                waiter.resume(returning: $0)
            }
        }
        return try result.get()
    }

    /// Sends a request and returns at once; `completion` gets the result on the session's executor, in
    /// the order the service's frames arrived (a response before the events the request caused). A
    /// request that cannot be sent gets its error at once.
    public func submit(
        _ operation: ServiceOperation,
        timeout: Duration? = nil,
        waitWhileReconnecting: Bool = true,
        completion: @escaping Completion<Reply>
    ) {
        if isShutDown {
            return completion(.failure(SignalingError(.cancelled, "the session was shut down")))
        }
        guard machine.isLoggedIn else {
            return completion(.failure(SignalingError(.notLoggedIn, "not logged in (\(machine.state.rawValue))")))
        }
        guard machine.canSend || waitWhileReconnecting else {
            return completion(.failure(SignalingError(.disconnected, "the link is down; reconnecting")))
        }
        let id = RequestID(rawValue: nextRequestID)
        nextRequestID += 1
        let deadline = clock.now() + (timeout ?? configuration.timing.requestTimeout)
        pending[id] = PendingRequest(operation: operation, completion: completion, deadline: deadline)
        if machine.canSend {
            transmit(.request(Request(id: id, operation: operation)))
        }
        armRequestTimer()
    }

    /// Sends a request whose answer nobody waits for (the session's own protocol duties).
    func requestAndForget(_ operation: ServiceOperation) {
        guard machine.isLoggedIn else { return }
        let id = RequestID(rawValue: nextRequestID)
        nextRequestID += 1
        pending[id] = PendingRequest(operation: operation, completion: nil,
                                     deadline: clock.now() + configuration.timing.requestTimeout)
        if machine.canSend {
            transmit(.request(Request(id: id, operation: operation)))
        }
        armRequestTimer()
    }

    private func checkNotShutDown() throws(SignalingError) {
        if isShutDown {
            throw SignalingError(.cancelled, "the session was shut down")
        }
    }

    /// A new session's events start again at 1.
    private func resetEventStream() {
        lastSequence = 0
        acknowledgedSequence = 0
        confirmations = []
    }

    private func resolve(_ response: Response) {
        guard let request = pending.removeValue(forKey: response.id) else { return }
        request.completion?(response.result)
    }

    private func failPending(_ error: SignalingError) {
        let failed = pending
        pending = [:]
        for (_, request) in failed.sorted(by: { $0.key < $1.key }) {
            request.completion?(.failure(error))
        }
    }

    private func resendPending() {
        for (id, request) in pending.sorted(by: { $0.key < $1.key }) {
            transmit(.request(Request(id: id, operation: request.operation)))
        }
    }

    private func armRequestTimer() {
        if let earliest = pending.values.map(\.deadline).min() {
            arm(.requests, at: earliest)
        } else {
            cancelTimer(.requests)
        }
    }

    private func requestTimersFired(at now: Timestamp) {
        let due = pending.filter { $0.value.deadline <= now }.sorted { $0.key < $1.key }
        for (id, request) in due {
            pending[id] = nil
            request.completion?(.failure(SignalingError(.timeout, "no response to \(request.operation.name) in time")))
        }
        armRequestTimer()
    }

    // MARK: - The state machine's actions

    func carryOut(_ actions: [ConnectionStateMachine.Action]) {
        for action in actions {
            switch action {
            case .report(let state, let reason):
                emit(.connection(state, reason))
            case .openLink:
                openLink()
            case .scheduleReconnect(let delay):
                let unit = Double.random(in: 0..<1, using: &random)
                arm(.reconnect, at: clock.now() + configuration.timing.jittered(delay, unit: unit))
            case .sendHello(let resume):
                let hello = Hello(
                    app: configuration.app, user: configuration.user, device: configuration.device, token: token,
                    loginPolicy: configuration.loginPolicy, surface: configuration.surface,
                    resume: resume.map { Hello.Resume(session: $0, lastSequence: lastSequence) },
                    tokenWarningLead: configuration.tokenWarningLead, compactEvents: configuration.compactEvents,
                    echoesInReply: configuration.echoesInReply)
                transmit(.hello(hello))
            case .closeLink:
                closeLink()
            case .finishLogin(let error):
                cancelTimer(.loginTimeout)
                loginWaiter?(error.map { .failure($0) } ?? .success(()))
                loginWaiter = nil
            case .armLoginTimeout(let time):
                arm(.loginTimeout, at: time)
            case .armHandshakeTimeout(let time):
                arm(.handshake, at: time)
            case .armSilenceCheck(let time):
                arm(.silence, at: time)
            case .resendPending:
                resendPending()
            case .failPending(let error):
                failPending(error)
            case .sessionReplaced:
                resetEventStream()
                emit(.sessionReplaced)
            case .reconnectRefused(let error):
                emit(.reconnectRefused(error))
            }
        }
        if !machine.isLoggedIn && machine.state != .connecting {
            stopTimers()
        }
    }

    // MARK: - The link

    private func openLink() {
        linkGeneration += 1
        let generation = linkGeneration
        let transport = transport
        Task(executorPreference: executor) { [weak self] in
            do throws(SignalingError) {
                let connection = try await transport.connect()
                if let self {
                    await self.linkConnected(connection, generation: generation)
                } else {
                    connection.close()
                }
            } catch {
                await self?.linkFailed(error, generation: generation)
            }
        }
    }

    private func linkConnected(_ connection: any TransportConnection, generation: Int) {
        guard generation == linkGeneration, machine.isOpeningLink else {
            connection.close()
            return
        }
        self.connection = connection
        Task(executorPreference: executor) { [weak self] in
            for await frame in connection.frames {
                guard let self else { return }
                await self.received(frame, generation: generation)
            }
            await self?.linkEnded(generation: generation)
        }
        carryOut(machine.linkOpened(at: clock.now()))
    }

    private func linkFailed(_ error: SignalingError, generation: Int) {
        guard generation == linkGeneration else { return }
        carryOut(machine.linkFailed(error))
    }

    private func linkEnded(generation: Int) {
        guard generation == linkGeneration else { return }
        carryOut(machine.linkLost(at: clock.now()))
    }

    private func closeLink() {
        linkGeneration += 1
        connection?.close()
        connection = nil
        cancelTimer(.heartbeat)
        cancelTimer(.handshake)
    }

    // MARK: - Frames in

    private func received(_ frame: ServerFrame, generation: Int) {
        guard generation == linkGeneration else { return }
        let now = clock.now()
        machine.heard(at: now)
        heartbeat.heard(at: now)
        switch frame {
        case .welcome(let welcome):
            cancelTimer(.handshake)
            tokenExpiresAt = welcome.tokenExpiresAt
            carryOut(machine.welcomed(welcome, at: now))
            if machine.canSend {
                heartbeat = HeartbeatSchedule(interval: welcome.heartbeatInterval, at: now)
                armHeartbeat(at: now)
            }
        case .refused(let error):
            cancelTimer(.handshake)
            carryOut(machine.refused(error, at: now))
        case .response(let response):
            resolve(response)
            armRequestTimer()
            // Echoes in the reply (docs/DECISIONS.md): the request's events, as if they had followed it.
            for echo in response.echoes {
                guard generation == linkGeneration else { return }
                handle(echo, at: now)
            }
        case .event(let envelope):
            handle(envelope, at: now)
        case .pong:
            break
        case .bye(let bye):
            carryOut(machine.byeReceived(bye, at: now))
        }
    }

    private func handle(_ envelope: EventEnvelope, at now: Timestamp) {
        if envelope.sequence <= lastSequence {
            return  // replayed again after a resume; handled already
        }
        if envelope.sequence != lastSequence + 1 {
            // A gap means frames were lost on this link: drop it and resume, and the service replays
            // from the last event handled.
            carryOut(machine.linkLost(at: now))
            return
        }
        lastSequence = envelope.sequence
        if case .tokenWillExpire(let expiry) = envelope.event {
            tokenExpiresAt = expiry
        }
        emit(.server(envelope.event))
        performDuties(for: envelope.event)
        if lastSequence - acknowledgedSequence >= 32 {
            sendAcknowledgement()
        }
    }

    /// Sends a frame on the current link, noting it for the heartbeat.
    private func transmit(_ frame: ClientFrame) {
        guard let connection else { return }
        connection.send(frame)
        heartbeat.sent(at: clock.now())
    }

    /// Arms the heartbeat's next look at the link (``HeartbeatSchedule``).
    private func armHeartbeat(at now: Timestamp) {
        switch heartbeat.decide(at: now) {
        case .ping: arm(.heartbeat, at: now)
        case .wait(let until): arm(.heartbeat, at: until)
        }
    }

    private func sendAcknowledgement() {
        guard machine.canSend, lastSequence > acknowledgedSequence else { return }
        transmit(.ack(lastSequence))
        acknowledgedSequence = lastSequence
    }

    // MARK: - Timers

    private func arm(_ kind: TimerKind, at deadline: Timestamp) {
        timers[kind]?.task.cancel()
        timerGeneration += 1
        let generation = timerGeneration
        let clock = clock
        let task = Task(executorPreference: executor) { [weak self] in
            do {
                try await clock.sleep(until: deadline)
            } catch {
                return
            }
            await self?.timerFired(kind, generation: generation)
        }
        timers[kind] = (generation, task)
    }

    private func cancelTimer(_ kind: TimerKind) {
        timers.removeValue(forKey: kind)?.task.cancel()
    }

    private func stopTimers() {
        for (_, timer) in timers { timer.task.cancel() }
        timers = [:]
    }

    private func timerFired(_ kind: TimerKind, generation: Int) {
        guard timers[kind]?.generation == generation else { return }
        timers[kind] = nil
        let now = clock.now()
        switch kind {
        case .loginTimeout:
            carryOut(machine.loginTimedOut())
        case .handshake:
            carryOut(machine.handshakeTimedOut())
        case .reconnect:
            carryOut(machine.reconnectDue())
        case .silence:
            carryOut(machine.silenceCheck(at: now))
        case .heartbeat:
            guard machine.canSend else { return }
            if case .ping = heartbeat.decide(at: now) {
                // Acknowledgements ride on the pings (and go every 32 events): a busy link sends neither.
                sendAcknowledgement()
                transmit(.ping)
                heartbeat.pinged(at: now)
            }
            armHeartbeat(at: now)
        case .requests:
            requestTimersFired(at: now)
        }
    }
}

/// An actor with nothing in it, whose default executor a ``ClientSession`` without a chosen executor
/// runs on.
private actor DefaultIsolation {}
