import Dispatch
import Logging
import SwitchboardCore
import SwitchboardWire

/// The signaling service: the one authority over sessions, presence, calls, channels and records.
///
/// Transport-agnostic: a transport opens a connection, passes in every decoded frame, and reports when
/// the connection closes; the service answers through the connection. The same object runs
/// in-process (the embedded default) and behind the network server.
///
/// All state sits behind one lock and every entry point returns without waiting, so frames from one
/// connection are handled in the order they are passed in. Timers need ``run()`` (or ``start()``):
/// without it nothing times out.
public final class SignalingService: Sendable {
    public let configuration: ServiceConfiguration
    public let clock: ServiceClock
    /// The storage engine the service keeps its state in (docs/ARCHITECTURE.md, "Store engines").
    public let store: any ServiceStore
    /// The share of new calls refused as `overloaded` (docs/SERVER.md, "Overload"): none unless someone
    /// sets it; the network server's overload probe does.
    public let loadShedding: LoadShedding
    private let core: ServiceLock<ServiceCore>
    private let logger: Logger
    /// Where the timer loop fires the timers due: a step may wait on its store's commit while it holds the
    /// service's lock, and must not hold one of Swift's cooperative threads (as many as cores) meanwhile
    /// (docs/DECISIONS.md, "PostgreSQL access").
    private let timerQueue = DispatchQueue(label: "switchboard.service.timers")

    /// - Parameters:
    ///   - configuration: apps and limits; ``ServiceConfiguration/development`` by default.
    ///   - clock: the service's clock (inject a test clock to drive timers in tests).
    ///   - store: the storage engine: call records, live calls, profiles, and what is kept for users
    ///     (offline messages, attributes). The service goes on with what it finds there (after a restart),
    ///     calls with their deadlines. A ``MemoryStore`` of its own by default.
    ///   - verifier: checks login tokens; by default ``DevelopmentTokenVerifier`` in development mode.
    ///     A configured app needs a real verifier.
    ///   - backendEvents: told of call lifecycle events and offline invitations (the server's webhooks).
    ///   - pushes: sends the pushes that ring devices with no live session, and their cancels (the server's
    ///     push sender, docs/SERVER.md, "Push"); it reports each answer back through ``pushAnswered(_:)``.
    ///   - cluster: on a cluster node, the routes to the nodes hosting other apps. The service then hosts
    ///     no app until ``host(_:)`` says so, and reads nothing back at start (docs/ARCHITECTURE.md, "One
    ///     node or many").
    ///   - logger: where the service logs what it refuses, drops or retries.
    public init(
        configuration: ServiceConfiguration = .development,
        clock: ServiceClock = .system(),
        store: any ServiceStore = MemoryStore(),
        verifier: (any TokenVerifier)? = nil,
        backendEvents: (any BackendEventSink)? = nil,
        pushes: (any PushDispatching)? = nil,
        cluster: (any ClusterRouting)? = nil,
        logger: Logger = Logger(label: "switchboard.service")
    ) {
        precondition(verifier != nil || configuration.isDevelopmentMode,
                     "configured apps need a token verifier; only development mode accepts any token")
        self.configuration = configuration
        self.clock = clock
        self.store = store
        self.logger = logger
        let verifier = verifier ?? DevelopmentTokenVerifier(logger: logger)
        let loadShedding = LoadShedding()
        self.loadShedding = loadShedding
        core = ServiceLock(ServiceCore(configuration: configuration, store: store, verifier: verifier,
                                       backendEvents: backendEvents, pushes: pushes, loadShedding: loadShedding, cluster: cluster,
                                       logger: logger))
        if cluster == nil {
            core.withLock { _ = $0.restore(at: $0.now(on: clock)) }
        }
        if configuration.isDevelopmentMode {
            logger.warning("DEVELOPMENT MODE: no apps are configured, every app id shares one app and ANY token is accepted")
        }
    }

    // MARK: - Transport entry points

    /// Registers a new connection; pass its frames to ``receive(_:from:)``.
    public func open(_ connection: any ServiceConnection) -> ConnectionID {
        core.withLock { $0.open(connection) }
    }

    // Every entry point reads the clock inside the lock (``ServiceCore/now(on:)``), so the instants the
    // core sees never go backwards, whichever thread comes first.

    /// Handles one frame from a connection. What it writes is committed to the stores (one transaction
    /// for a transactional store) before its response and events go out.
    public func receive(_ frame: ClientFrame, from connection: ConnectionID) {
        core.withLock { $0.receive(frame, from: connection, at: $0.now(on: clock)) }
    }

    /// Handles frames that arrived together, from one connection or several, in order, as one step
    /// (docs/ARCHITECTURE.md, "Steps and durability"): what they all write is committed in one
    /// transaction (a group commit), and then their responses and events go out.
    public func receive(_ batch: [(frame: ClientFrame, connection: ConnectionID)]) {
        core.withLock { core in
            for (frame, connection) in batch {
                core.receive(frame, from: connection, at: core.now(on: clock))
            }
        }
    }

    /// Handles frames that arrived together, as `receive(_:)` with `(frame, connection)` pairs does, with what the
    /// transport's door decided about each (``door(_:from:)``).
    public func receive(_ batch: [InboundFrame]) {
        core.withLock { core in
            for inbound in batch {
                core.receive(inbound.frame, from: inbound.connection, at: core.now(on: clock), isAdmitted: inbound.isAdmitted)
            }
        }
    }

    /// Decides a new call at the door, as the transport reads its request and before it joins a step
    /// (docs/SERVER.md, "Overload"): a `call.invite` is admitted or refused as it arrives, by the shedding
    /// of that moment, so that a refusal is answered at once rather than after the queue the shedding is
    /// there to drain, and a call let in is not refused later by a share that rose while it waited. Only
    /// while shedding is the service's lock taken (to decide for a session this node hosts).
    public func door(_ request: Request, from connection: ConnectionID) -> DoorDecision {
        guard case .invite = request.operation else { return .undecided }
        guard loadShedding.share > 0 else { return .admitted }
        return core.withLock { $0.door(request, from: connection, at: $0.now(on: clock)) }
    }

    /// Handles a frame the transport could not decode (see ``/SwitchboardWire/WireCodec``). Pass the
    /// request id when it could be read, so the error reaches the request.
    public func receiveInvalid(_ error: SignalingError, requestID: RequestID?, from connection: ConnectionID) {
        core.withLock { $0.receiveInvalid(error, requestID: requestID, from: connection, at: $0.now(on: clock)) }
    }

    /// The server is shutting down: every session is told (`bye(serverShutdown)`) and every connection
    /// closed (docs/SERVER.md, "Shutdown").
    public func shutDown() {
        core.withLock { $0.shutDown(at: $0.now(on: clock)) }
    }

    /// The connection is gone (closed by either side, or broken). Its session stays for the grace period.
    public func closed(_ connection: ConnectionID) {
        core.withLock { $0.closed(connection, at: $0.now(on: clock)) }
    }

    // MARK: - Timers

    /// Fires the service's timers as they come due, until cancelled.
    public func run() async {
        let alreadyRunning = core.withLock { core in
            defer { core.timerRunning = true }
            return core.timerRunning
        }
        precondition(!alreadyRunning, "SignalingService.run() is already running")
        defer { core.withLock { $0.stopTimer() } }
        while !Task.isCancelled {
            let sleeper = await withCheckedContinuation { (fired: CheckedContinuation<Task<Void, Never>, Never>) in
                timerQueue.async { [core, clock] in
                    fired.resume(returning: core.withLock { core in
                        core.fireDeadlines(until: core.now(on: clock))
                        return core.scheduleTimerSleep(on: clock)
                    })
                }
            }
            await withTaskCancellationHandler {
                await sleeper.value
            } onCancel: {
                sleeper.cancel()
            }
        }
    }

    /// Fires every timer due now. ``run()`` calls this as timers come due; a test that moves a test
    /// clock by hand (without running the loop) calls it itself.
    public func fireDueTimers() {
        core.withLock { $0.fireDeadlines(until: $0.now(on: clock)) }
    }

    /// Starts ``run()`` in a task of its own and returns it; cancel the task to stop the timers.
    @discardableResult
    public func start() -> Task<Void, Never> {
        Task { await self.run() }
    }

    // MARK: - Push

    /// How a push ended, as the sender reports it (docs/SERVER.md, "Push"): the call's timeline shows it, and
    /// a token the provider says is gone is removed from the store. An answer for an app this node does not
    /// host (any more) changes nothing.
    public func pushAnswered(_ answer: PushAnswer) {
        core.withLock { core in
            guard let realm = core.realms[answer.job.app] else { return }
            core.pushAnswered(answer, in: realm)
        }
    }

    // MARK: - Administration

    /// Ends any call: its participants are told it was ended by the server.
    public func endCall(_ id: CallID, app: AppID = .development) throws(SignalingError) {
        try core.withLock { (core) throws(SignalingError) in
            guard let realm = core.realms[app] else {
                throw SignalingError(.unknownApp, "no app \(app)")
            }
            try core.endCallByServer(id, in: realm, at: core.now(on: clock))
        }
    }

    /// A page of a user's call records, newest first (the admin API).
    public func callRecords(of user: UserID, app: AppID = .development, query: RecordQuery = RecordQuery())
        throws(SignalingError) -> RecordPage
    {
        let result: Result<Reply, SignalingError> = core.withLock { core in
            // A cluster node answers for apps other nodes host too: the records are in the shared store.
            guard core.realms[app] != nil || (core.cluster != nil && core.isConfigured(app)) else {
                return .failure(SignalingError(.unknownApp, "no app \(app)"))
            }
            return core.callRecords(query, of: user, app: app)
        }
        guard case .records(let page) = try result.get() else {
            throw SignalingError(.internalError, "the record query answered something else")
        }
        return page
    }

    // MARK: - Cluster

    /// Starts hosting `app`, whose lease this node now holds: its live calls and profiles are read back
    /// from the store and go on here (docs/ARCHITECTURE.md, "One node or many").
    public func host(_ app: AppID) {
        core.withLock { $0.host(app, at: $0.now(on: clock)) }
    }

    /// Stops hosting `app`: its sessions are told to reconnect and its state leaves this node; the
    /// store keeps its live calls for the next host. `flush` writes what is pending first (a drain).
    public func unhost(_ app: AppID, flush: Bool) {
        core.withLock { $0.unhost(app, flush: flush, at: $0.now(on: clock)) }
    }

    /// The apps this node hosts.
    public var hostedApps: [AppID] {
        core.withLock { $0.hostedApps }
    }

    /// Frames from the hosting node for a connection bridged to it (``ClusterRoute``), in order.
    public func deliverRouted(_ frames: [ServerFrame], to connection: ConnectionID) {
        deliverRouted(frames.map(RoutedFrame.frame), to: connection)
    }

    /// Frames from the hosting node for a connection bridged to it, some as the host encoded them, in
    /// order.
    public func deliverRouted(_ frames: [RoutedFrame], to connection: ConnectionID) {
        core.withLock { $0.deliverRouted(frames, to: connection) }
    }

    /// The hosting node closed a bridged connection.
    public func routeClosed(_ connection: ConnectionID) {
        core.withLock { $0.routeClosed(connection) }
    }

    /// `node` is gone or no longer hosts what was bridged to it: those connections are told to
    /// reconnect, and closed.
    public func dropRoutes(to node: String) {
        core.withLock { $0.dropRoutes(to: node) }
    }

    // MARK: - Inspection

    /// The calls of an app that are ringing or connected, oldest first.
    public func activeCalls(app: AppID = .development) -> [Call] {
        core.withLock { core in
            (core.realms[app]?.calls.values.map(\.call) ?? []).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        }
    }

    /// A page of an app's live calls for the console and `switchboard calls` (docs/SERVER.md, "Console"):
    /// filtered, oldest first, each participant with the surface they are on. Throws `unknown_app` for an
    /// app this node does not host, `invalid_request` for a limit outside 1...500, `invalid_cursor`.
    public func liveCalls(
        app: AppID = .development, filter: LiveCallFilter = LiveCallFilter(), cursor: String? = nil, limit: Int = 100
    ) throws(SignalingError) -> LiveCallPage {
        try core.withLock { (core) throws(SignalingError) in
            guard let realm = core.realms[app] else { throw SignalingError(.unknownApp, "no app \(app) on this node") }
            return try core.liveCallPage(in: realm, filter: filter, cursor: cursor, limit: limit, at: core.now(on: clock))
        }
    }

    /// What the service saw of a call (docs/SERVER.md, "Console"): a live call's, or one that ended within
    /// the last hour (the latest 10,000 of them); nil for any other id.
    public func timeline(of call: CallID, app: AppID = .development) -> CallTimeline? {
        core.withLock { $0.realms[app]?.timelines.timeline(of: call) }
    }

    /// A page of an app's sessions, by user and device, with counts by surface and link state.
    public func sessions(
        app: AppID = .development, user: UserID? = nil, surface: String? = nil, cursor: String? = nil, limit: Int = 100
    ) throws(SignalingError) -> SessionPage {
        try core.withLock { (core) throws(SignalingError) in
            guard let realm = core.realms[app] else { throw SignalingError(.unknownApp, "no app \(app) on this node") }
            return try SessionListing.page(of: realm, user: user, surface: surface, cursor: cursor, limit: limit,
                                           at: core.now(on: clock))
        }
    }

    /// A sample of an app's activity for the console's charts; nil when this node does not host it.
    public func activity(app: AppID = .development) -> AppActivity? {
        core.withLock { core in
            core.realms[app].map { core.activity(of: $0, at: core.now(on: clock)) }
        }
    }

    /// A user's presence.
    public func presence(of user: UserID, app: AppID = .development) -> PresenceState {
        core.withLock { $0.realms[app]?.presence(of: user) ?? .offline }
    }

    /// How many sessions (attached or within their grace period) an app has, or one user has.
    public func sessionCount(app: AppID = .development, user: UserID? = nil) -> Int {
        core.withLock { core in
            guard let realm = core.realms[app] else { return 0 }
            if let user { return realm.sessionsByUser[user]?.count ?? 0 }
            return realm.sessions.count
        }
    }

    /// Sessions and live calls (ringing, connected) across every app (the server's gauges).
    public var totals: (sessions: Int, ringingCalls: Int, connectedCalls: Int) {
        core.withLock { core in
            var totals = (sessions: 0, ringingCalls: 0, connectedCalls: 0)
            for realm in core.realms.values {
                totals.sessions += realm.sessions.count
                for engine in realm.calls.values {
                    if engine.call.state == .ringing { totals.ringingCalls += 1 } else { totals.connectedCalls += 1 }
                }
            }
            return totals
        }
    }

    /// How many connections are open.
    public var connectionCount: Int {
        core.withLock { $0.links.count }
    }

    /// When the next timer fires, if any.
    public var nextDeadline: Timestamp? {
        core.withLock { $0.nextDeadline }
    }
}

extension ServiceCore {
    /// Starts the timer loop's next sleep: until ``timerWake(after:)``, or (with no deadline) until one is
    /// armed. Arming a deadline that would fire too late after that wake cancels the sleep (``wakeTimer(for:)``).
    func scheduleTimerSleep(on clock: ServiceClock) -> Task<Void, Never> {
        let next = timerWake(after: lastNow)
        let sleeper = Task<Void, Never> {
            if let next {
                try? await clock.sleep(until: next)
            } else {
                try? await Task.sleep(for: .seconds(24 * 3600))
            }
        }
        timerSleeper = sleeper
        timerSleepsUntil = next
        return sleeper
    }

    /// When the timer loop, having fired the timers due at `now`, wakes next: at the earliest deadline, but
    /// not before ``ServiceConfiguration/timerResolution`` has passed, so that the timers due within it
    /// fire together (each at its own instant: ``fireDeadlines(until:)``). Nil with no deadline.
    func timerWake(after now: Timestamp) -> Timestamp? {
        guard let next = nextDeadline else { return nil }
        return max(next, now + configuration.timerResolution)
    }

    /// Wakes the timer loop if a deadline at `time` would otherwise fire more than
    /// ``ServiceConfiguration/timerResolution`` late: the loop sleeps until later than that.
    func wakeTimer(for time: Timestamp) {
        guard let sleeper = timerSleeper else { return }
        if let until = timerSleepsUntil, until <= time + configuration.timerResolution { return }
        sleeper.cancel()
        timerSleeper = nil
    }

    func stopTimer() {
        timerSleeper?.cancel()
        timerSleeper = nil
        timerSleepsUntil = nil
        timerRunning = false
    }
}
