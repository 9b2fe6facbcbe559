import HeapModule
import Logging
import SwitchboardCore
import SwitchboardWire

/// The service's whole state and every transition of it. Lives inside ``SignalingService``'s lock:
/// nothing here is thread-safe on its own, and nothing here waits. Each hold of the lock is a step
/// (``endOfStep()``): its store writes are committed at its end, then its frames are handed to the
/// connections, still under the lock, which keeps every session's events in order.
final class ServiceCore {
    let configuration: ServiceConfiguration
    /// The one storage engine (docs/ARCHITECTURE.md, "Store engines").
    let store: any ServiceStore
    let backendEvents: (any BackendEventSink)?
    /// Where the pushes a step decided go once its writes are durable (docs/SERVER.md, "Push"); nil when the
    /// service sends none.
    let pushes: (any PushDispatching)?
    let verifier: any TokenVerifier
    /// The cluster's routes to the nodes hosting other apps; nil on a single node, which hosts every app
    /// (docs/ARCHITECTURE.md, "One node or many").
    let cluster: (any ClusterRouting)?
    /// Whether new calls are refused now (docs/SERVER.md, "Overload").
    let loadShedding: LoadShedding
    var logger: Logger

    /// Realms by app; in development mode there is exactly one.
    var realms: [AppID: Realm] = [:]
    /// Which app a vendor app id logs in to.
    let appsByVendorID: [String: AppConfiguration]

    struct Link {
        var connection: any ServiceConnection
        /// The session the connection logged in to, once it has.
        var session: (app: AppID, id: SessionID)?
        /// In a cluster, the bridge to the node hosting the connection's app, when another node hosts
        /// it: every frame of the connection goes there (``ClusterRoute``).
        var route: (any ClusterRoute)?
    }

    var links: [ConnectionID: Link] = [:]
    var nextConnection: UInt64 = 1

    /// Every timer of the service, earliest first. Entries are not removed when a timer is re-armed
    /// or cancelled: each fired entry is checked against the live state, and stale ones do nothing.
    var deadlines = Heap<Deadline>()
    var deadlineCounter: UInt64 = 0

    /// The timer loop (``SignalingService/run()``): whether it runs, its current sleep, and what that
    /// sleep lasts until (nil: until a deadline is armed).
    var timerRunning = false
    var timerSleeper: Task<Void, Never>?
    var timerSleepsUntil: Timestamp?

    /// Records not written yet: this step's, and those the store refused, retried with the next record.
    var pendingRecords: [(AppID, CallRecord)] = []
    static let pendingRecordLimit = 10_000
    /// Live-call writes of a commit that failed (the latest of each call), retried with the next commit:
    /// a call that ended in a failed commit must not be read back as live after a restart.
    var pendingCallWrites: [PendingCall: StoreWrite] = [:]

    /// A live call, ordered by app then call id (the order pending writes are retried and dropped in).
    struct PendingCall: Hashable, Comparable {
        var app: AppID
        var call: CallID

        static func < (a: PendingCall, b: PendingCall) -> Bool {
            (a.app.rawValue, a.call) < (b.app.rawValue, b.call)
        }
    }

    /// What the current step holds back until its writes are durable (``StepOutbox``).
    var outbox = StepOutbox()
    /// The events of the request being answered that its response will carry (``EchoFold``), while its
    /// follow-ups run.
    var echoFold: EchoFold?

    /// Where new identifiers come from.
    var randomness = SystemRandomNumberGenerator()
    var identifierCounter: UInt64 = 0

    init(
        configuration: ServiceConfiguration, store: any ServiceStore, verifier: any TokenVerifier,
        backendEvents: (any BackendEventSink)? = nil, pushes: (any PushDispatching)? = nil,
        loadShedding: LoadShedding = LoadShedding(), cluster: (any ClusterRouting)? = nil, logger: Logger
    ) {
        self.pushes = pushes
        self.cluster = cluster
        self.loadShedding = loadShedding
        self.configuration = configuration
        self.store = store
        self.backendEvents = backendEvents
        self.verifier = verifier
        self.logger = logger
        var byVendor: [String: AppConfiguration] = [:]
        for app in configuration.apps {
            for vendorID in app.vendorIDs { byVendor[vendorID] = app }
        }
        appsByVendorID = byVendor
        // A cluster node hosts an app only once it holds the app's lease (``host(_:at:)``).
        if cluster == nil {
            for app in configuration.apps {
                realms[app.id] = Realm(app: app.id, configuration: app, defaultCallRules: configuration.callRules)
            }
            if configuration.isDevelopmentMode {
                realms[.development] = Realm(app: .development, configuration: nil, defaultCallRules: configuration.callRules)
            }
        }
    }

    /// The latest instant handed to the core.
    var lastNow = Timestamp.zero

    /// The current time, never earlier than an instant already used: transitions happen in the order
    /// the lock is taken, so their times must not run backwards.
    func now(on clock: ServiceClock) -> Timestamp {
        lastNow = max(lastNow, clock.now())
        return lastNow
    }

    // MARK: - Connections

    func open(_ connection: any ServiceConnection) -> ConnectionID {
        let id = ConnectionID(rawValue: nextConnection)
        nextConnection += 1
        links[id] = Link(connection: connection)
        return id
    }

    /// The transport lost or closed the connection: its session (if any) stays, detached, for the
    /// grace period.
    func closed(_ id: ConnectionID, at now: Timestamp) {
        guard let link = links.removeValue(forKey: id) else { return }
        link.route?.closed()
        if let (app, sessionID) = link.session, let session = realms[app]?.sessions[sessionID],
           session.connection == id {
            session.connection = nil
            logger.debug("session \(sessionID) detached", metadata: ["user": "\(session.user)"])
        }
    }

    /// Sends a frame at the end of the step, once the step's writes are durable (``endOfStep()``).
    func send(_ frame: ServerFrame, to connection: ConnectionID) {
        guard let link = links[connection] else { return }
        outbox.deliveries.append(.frame(link.connection, frame))
    }

    /// Ends a connection from the service's side: it receives no more frames (those sent before go out
    /// first).
    func disconnect(_ id: ConnectionID) {
        guard let link = links.removeValue(forKey: id) else { return }
        outbox.deliveries.append(.close(link.connection))
    }

    /// The server is shutting down (docs/SERVER.md, "Shutdown"): every logged-in connection gets
    /// `bye(serverShutdown)`, then every connection is closed and its session detached, as at a
    /// network loss, so the clients resume on the next server, whose store has the live calls. Records
    /// the store refused earlier are tried once more; what still fails is logged.
    func shutDown(at now: Timestamp) {
        for (id, link) in links {
            if link.session != nil || link.route != nil {
                send(.bye(Bye(reason: .serverShutdown, message: "the server is shutting down; reconnect in a moment")), to: id)
            }
            closed(id, at: now)
            outbox.deliveries.append(.close(link.connection))
        }
        if !pendingRecords.isEmpty || !pendingCallWrites.isEmpty {
            outbox.recordsChanged = !pendingRecords.isEmpty
            writeStep()
        }
        if !pendingRecords.isEmpty || !pendingCallWrites.isEmpty {
            logger.critical("""
                shutting down with \(pendingRecords.count) call records and \(pendingCallWrites.count) live-call writes \
                the store refused
                """)
        }
    }

    // MARK: - Frames in

    func receive(_ frame: ClientFrame, from connection: ConnectionID, at now: Timestamp, isAdmitted: Bool = false) {
        guard let link = links[connection] else { return }
        if let route = link.route {
            route.forward(frame)
            return
        }
        guard let (app, sessionID) = link.session else {
            switch frame {
            case .hello(let hello):
                if routeIfHostedElsewhere(hello, on: connection) { return }
                hello.resume == nil
                    ? login(hello, on: connection, at: now)
                    : resume(hello, on: connection, at: now)
            case .request(let request):
                send(.response(Response(id: request.id, result: .failure(
                    SignalingError(.notLoggedIn, "log in with a hello frame first")))), to: connection)
            case .ping:
                send(.pong(now), to: connection)
            case .ack:
                break
            }
            return
        }
        guard let realm = realms[app], let session = realm.sessions[sessionID], session.connection == connection else {
            // The session ended while this frame was on its way; the connection is closing.
            return
        }
        heard(from: session, in: realm, at: now)
        switch frame {
        case .hello:
            send(.bye(Bye(reason: .protocolError, message: "already logged in on this connection")), to: connection)
            endSession(session, in: realm, reason: .protocolError, at: now)
        case .request(let request):
            handle(request, from: session, in: realm, at: now, isAdmitted: isAdmitted)
        case .ack(let sequence):
            session.acknowledge(sequence)
        case .ping:
            send(.pong(now), to: connection)
        }
    }

    /// The door's decision on a new call (``SignalingService/door(_:from:)``): only a session hosted here
    /// is decided, and only a request not answered before (a re-sent one gets its stored response). A
    /// refused request is still a frame heard from the client, as on the service's own path.
    func door(_ request: Request, from connection: ConnectionID, at now: Timestamp) -> DoorDecision {
        guard let link = links[connection], link.route == nil, let (app, sessionID) = link.session,
              let realm = realms[app], let session = realm.sessions[sessionID], session.connection == connection,
              session.responses[request.id] == nil else { return .undecided }
        guard loadShedding.admits(request.operation) else {
            heard(from: session, in: realm, at: now)
            realm.activity.refused(LoadShedding.refusal.code)
            return .refused
        }
        return .admitted
    }

    /// A frame the transport could not decode. A request whose id could be read gets an error
    /// response; anything else before login is refused and the connection closed; anything else after
    /// login is dropped (and logged), and the session goes on.
    func receiveInvalid(_ error: SignalingError, requestID: RequestID?, from connection: ConnectionID, at now: Timestamp) {
        guard let link = links[connection] else { return }
        guard link.session != nil || link.route != nil else {
            send(.refused(error), to: connection)
            disconnect(connection)
            return
        }
        if let requestID {
            send(.response(Response(id: requestID, result: .failure(error))), to: connection)
        } else {
            // The server counts and logs invalid frames at a bounded rate (docs/SECURITY.md, "Log and
            // metric hygiene"); one line each here would let a client fill the log.
            logger.debug("dropped an invalid frame: \(error)")
        }
    }

    // MARK: - Events out

    /// Appends an event to a session's stream and sends it if the session is attached.
    func emit(_ event: ServerEvent, to session: Session, at now: Timestamp) {
        deliver(session.append(event, at: now, replayLimit: configuration.replayLimit), to: session)
    }

    /// Appends an event whose body is encoded once for all its sessions (docs/ARCHITECTURE.md, "Event
    /// frames") and sends it if the session is attached.
    func emit(_ shared: SharedEventBody, to session: Session, at now: Timestamp) {
        deliver(session.append(shared, at: now, replayLimit: configuration.replayLimit), to: session)
    }

    /// Sends an event just appended to the session's stream, if the session is attached, unless the request
    /// being answered folds it into its response (``EchoFold``).
    private func deliver(_ envelope: EventEnvelope, to session: Session) {
        if echoFold?.gathers(for: session) == true {
            echoFold?.take(envelope)
        } else if let connection = session.connection {
            send(.event(envelope), to: connection)
        }
    }

    // MARK: - Identifiers

    /// A new identifier: the prefix, then the creation time and a counter, then 128 random bits, all in
    /// hex. Identifiers made later sort later (records of one millisecond stay in creation order); the
    /// random part makes them unguessable, which a call id must be: it is the capability to join an
    /// advanced call (docs/SECURITY.md, "Calls"). `SystemRandomNumberGenerator` is the operating
    /// system's cryptographic source.
    func makeIdentifier(prefix: String, at now: Timestamp) -> String {
        identifierCounter &+= 1
        return prefix + RandomHex.digits(UInt64(max(0, now.millisecondsSince1970)), 12)
            + RandomHex.digits(UInt64(identifierCounter & 0xFFFF), 4) + RandomHex.bits128(using: &randomness)
    }
}

/// One timer of the service.
struct Deadline: Comparable {
    enum Target: Hashable {
        /// The call's earliest deadline (``CallEngine/expire(at:)``).
        case call(AppID, CallID)
        /// Check whether the session has gone silent.
        case liveness(AppID, SessionID)
        /// Warn the session that its token expires soon.
        case tokenWarning(AppID, SessionID)
        /// The session's token expires.
        case tokenExpiry(AppID, SessionID)
        /// Forget why a session ended.
        case tombstone(AppID, SessionID)
        /// Drop offline messages past their retention.
        case offlineSweep(AppID)
        /// End a kept call that has stayed empty for the empty-call retention.
        case emptyCall(AppID, CallID)
        /// The grace period after a restart is over: users of resumed calls who did not log back in
        /// are offline for their calls.
        case restartGrace(AppID)
        /// Drop the attributes of a channel that has stayed empty for the retention.
        case channelAttributes(AppID, String)
    }

    var time: Timestamp
    /// Arming order, so timers due at the same instant fire in the order they were armed.
    var order: UInt64
    var target: Target

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.time, lhs.order) < (rhs.time, rhs.order)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.time == rhs.time && lhs.order == rhs.order
    }
}
