import Foundation
import Logging
import Synchronization
import SwitchboardCore
import SwitchboardJSON
import SwitchboardService
import SwitchboardWire

/// One node of a cluster (docs/ARCHITECTURE.md, "One node or many"): it hosts the apps whose leases it
/// holds, bridges the clients of other apps to their hosts over the bus, takes over the apps of nodes
/// that died, and gives its own up when told to stop.
///
/// Its only moving part besides the service is PostgreSQL: the leases (`nodes`, `realm_leases`) say who
/// is alive and who hosts what, and the bus (``PostgresBus``) carries the bridged connections.
public final class ClusterNode: ClusterMembership, Sendable {
    public struct Configuration: Sendable {
        /// How long a lease lasts without renewal: a dead node's apps are taken over within it.
        public var leaseDuration: Duration = .seconds(5)
        /// How often leases are renewed and the directory read.
        public var renewInterval: Duration = .seconds(1)

        public init(leaseDuration: Duration = .seconds(5), renewInterval: Duration = .seconds(1)) {
            self.leaseDuration = leaseDuration
            self.renewInterval = renewInterval
        }
    }

    /// A node's name: it names its bus channel, so letters, digits, `_`, `-` and `.`, 1 to 48 of them.
    public static func validate(name: String) throws(ClusterError) {
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x2D || byte == 0x2E
        }
        guard (1...48).contains(name.utf8.count), allowed else {
            throw ClusterError.invalidNodeName(name)
        }
    }

    public let name: String
    public let configuration: Configuration
    public let store: PostgresStore
    private let database: PostgresDatabase
    private let apps: [AppID]
    /// Where the node reports for the server's metrics (``attach(_:observer:answering:)``).
    private var observer: any ClusterObserver { state.withLock { $0.observer } }
    private let logger: Logger
    /// Where bus batches reach the service, one round at a time (``deliver(_:)``).
    private let deliveries = DispatchQueue(label: "switchboard.cluster.deliveries")

    private struct State {
        var service: SignalingService?
        var bus: PostgresBus?
        var epoch: Int64 = 0
        /// Who hosts each app, from the last read of the leases (live leases only).
        var hosts: [AppID: String] = [:]
        /// The live nodes and their epochs, from the last lease round.
        var liveNodes: [String: Int64] = [:]
        /// Accepting side: this node's bridged connections, by connection number.
        var routes: [UInt64: BusRoute] = [:]
        /// Hosting side: the connections other nodes bridged here.
        var bridged: [BridgeKey: ConnectionID] = [:]
        var bridgedIDs: Set<ConnectionID> = []
        /// The leases this node holds.
        var held: [AppID: RealmLease] = [:]
        /// Apps the service stopped hosting, whose leases are to be released.
        var released: [AppID] = []
        /// Rounds each app has gone without a live host.
        var unhostedRounds: [AppID: Int] = [:]
        /// When a renewal last succeeded (the node acts on its leases until that plus the lease, less a round).
        var lastRenewal: ContinuousClock.Instant?
        var draining = false
        var health: ClusterHealth = .starting
        var observer: any ClusterObserver = UnobservedCluster()
        /// What answers the admin requests other nodes forward for the apps this node hosts.
        var adminHandler: (@Sendable (AppID, AdminRequest) -> AdminReply)?
        /// Forgets a connection bridged here; returns the service's id for it, if it was known.
        mutating func removeBridge(_ key: BridgeKey) -> ConnectionID? {
            guard let id = bridged.removeValue(forKey: key) else { return nil }
            bridgedIDs.remove(id)
            return id
        }

        /// The leases of the apps the service gave up, taken out of what the node holds.
        mutating func takeReleased() -> [RealmLease] {
            defer { released = [] }
            return released.compactMap { held.removeValue(forKey: $0) }
        }

        /// Lease rounds since the node registered (stale bus payloads are swept every ``sweepRounds``).
        var rounds = 0
    }

    private let state = Mutex(State())
    /// The admin requests this node forwarded and waits on.
    private let forwarded = AdminForwarder()

    public init(name: String, database: PostgresDatabase, apps: [AppID], configuration: Configuration = Configuration(),
                logger: Logger) throws(ClusterError) {
        try Self.validate(name: name)
        self.name = name
        self.database = database
        self.apps = apps
        self.configuration = configuration
        self.logger = logger
        store = PostgresStore(database: database, node: name)
    }

    /// The service this node routes for, where it reports, and what answers the admin requests other
    /// nodes forward here for the apps this node hosts: the server's own admin routes, so a forwarded
    /// request and a local one take one code path (docs/SERVER.md, "Cluster"). Set once, before ``run()``.
    public func attach(_ service: SignalingService, observer: any ClusterObserver,
                       answering handler: @escaping @Sendable (AppID, AdminRequest) -> AdminReply) {
        state.withLock { state in
            state.service = service
            state.observer = observer
            state.adminHandler = handler
        }
    }

    public var health: ClusterHealth { state.withLock { $0.health } }

    /// The apps this node holds the leases of.
    public var heldApps: [AppID] { state.withLock { $0.held.keys.sorted { $0.rawValue < $1.rawValue } } }

    public var hostedAppCount: Int { state.withLock { $0.held.count } }

    public var engine: any ServiceStore { store }

    public func storedLiveCalls(app: AppID) throws -> [Call] {
        try store.liveCallsOfAnyNode(app: app)
    }

    // MARK: - ClusterRouting (under the service's lock)

    public func route(app: AppID, for connection: ConnectionID) -> (any ClusterRoute)? {
        state.withLock { state -> BusRoute? in
            // A connection bridged here is never bridged on: its hello reached a node that no longer
            // hosts the app, and the client retries.
            guard !state.bridgedIDs.contains(connection), let bus = state.bus,
                  let host = state.hosts[app], host != name, state.liveNodes[host] != nil else { return nil }
            let route = BusRoute(node: host, connection: connection.rawValue, bus: bus) { [weak self] number in
                self?.state.withLock { _ = $0.routes.removeValue(forKey: number) }
            }
            state.routes[connection.rawValue] = route
            return route
        }
    }

    public var nodeName: String? { name }

    /// The node hosting `app` as this node last heard (itself included); nil while nobody does.
    public func host(of app: AppID) -> String? {
        state.withLock { $0.hosts[app] }
    }

    public func stoppedHosting(_ app: AppID) {
        state.withLock { state in
            if state.held[app] != nil { state.released.append(app) }
        }
    }

    // MARK: - Running

    /// Registers the node, then runs the bus and the lease rounds until cancelled. PostgreSQL lost
    /// fences the node (it gives its apps up) and it keeps trying to come back.
    public func run() async {
        while !Task.isCancelled {
            do {
                try await runConnected()
            } catch is CancellationError {
                break
            } catch ClusterError.nodeReplaced(let node) {
                // Another process runs as this node: registering again would fence it in turn, forever.
                logger.critical("another process registered as node \(node): this one stops acting")
                fenceAll(because: "another process registered as node \(node)")
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                return
            } catch {
                if Task.isCancelled { break }
                logger.error("cluster node \(name) lost PostgreSQL: \(error); retrying")
                fenceAll(because: "PostgreSQL unreachable: \(error)")
            }
            try? await Task.sleep(for: configuration.renewInterval)
        }
        forwarded.failAll(with: .notServing("the node stopped"))
        await retire()
    }

    /// Stopped: the others count this node gone now rather than at its lease's end. In a task of its own,
    /// out of the cancelled one's reach, which would cancel the statement too.
    private func retire() async {
        let (epoch, database, name) = (state.withLock { $0.epoch }, database, name)
        guard epoch > 0 else { return }
        await Task { try? await database.retireNode(name: name, epoch: epoch) }.value
    }

    private func runConnected() async throws {
        let epoch = try await database.registerNode(name: name, leaseDuration: configuration.leaseDuration)
        let bus = PostgresBus(node: name, epoch: epoch, database: database, observer: observer, logger: logger)
        state.withLock { state in
            state.epoch = epoch
            state.lastRenewal = .now
        }
        logger.notice("cluster node \(name) registered, epoch \(epoch)")
        // The bus, the lease rounds and their watchdog, as tasks of their own: the first of them to end (a
        // lost connection, a lease round that failed or stalled) ends this run, and the node starts over
        // at once. Not a task group, which would wait for every task to end: a statement waiting on a
        // PostgreSQL that went away can outlive its cancellation, and the node must not wait for it to
        // register again. What outlives this run ends by itself (cancelled, and bounded by the timeouts).
        let (ended, end) = AsyncStream.makeStream(of: (any Error).self)
        func start(_ body: @escaping @Sendable () async throws -> Void) -> Task<Void, Never> {
            Task {
                do {
                    try await body()
                    end.yield(ClusterError.busStopped)
                } catch {
                    end.yield(error)
                }
            }
        }
        let tasks = [
            start { try await bus.runSender() },
            // The node routes once it listens: an answer to a hello bridged earlier would be lost.
            start {
                try await bus.runReceiver(ready: {
                    self.state.withLock { $0.bus = bus }
                }, { batches in await self.deliver(batches) })
            },
            start {
                while !Task.isCancelled {
                    try await self.round(epoch: epoch)
                    try await Task.sleep(for: self.configuration.renewInterval)
                }
            },
            // A round stuck past the lease (PostgreSQL unreachable without an error) fences the node too.
            start {
                let limit = self.configuration.leaseDuration - self.configuration.renewInterval
                while !Task.isCancelled {
                    try await Task.sleep(for: self.configuration.renewInterval / 4)
                    let last = self.state.withLock { $0.lastRenewal } ?? .now
                    if ContinuousClock.now - last > limit { throw ClusterError.leaseExpired }
                }
            },
        ]
        defer { for task in tasks { task.cancel() } }
        var first = ended.makeAsyncIterator()
        // Nil: this run was cancelled (the server stops).
        guard let error = await first.next() else { throw CancellationError() }
        if !Task.isCancelled { fenceAll(because: "\(error)") }
        throw error
    }

    /// One lease round: renew the node and its leases, read who is alive and who hosts what, drop what
    /// died, take over what nobody hosts.
    private func round(epoch: Int64) async throws {
        let started = ContinuousClock.now
        guard try await database.renewNode(name: name, epoch: epoch, leaseDuration: configuration.leaseDuration) else {
            throw ClusterError.nodeReplaced(name)
        }
        // Leases the service gave up (a drain, a fence) are released first, so others may take them now.
        for lease in state.withLock({ $0.takeReleased() }) {
            store.drop(lease.app)
            try await database.releaseLease(lease)
        }
        let held = state.withLock { Array($0.held.values) }
        let kept = try await database.renewLeases(held, leaseDuration: configuration.leaseDuration)
        observer.leaseRenewal(succeeded: true)
        for lease in held where !kept.contains(lease.app) {
            logger.critical("lost the lease of app \(lease.app) (epoch \(lease.epoch)); giving it up")
            giveUp(lease.app)
        }
        state.withLock { $0.lastRenewal = started }

        let nodes = try await database.liveNodeEpochs()
        let leases = try await database.leases()
        let (gone, service) = state.withLock { state in
            // Gone: no longer live, or live again under a new epoch (it restarted within its lease), whose
            // connection numbers start afresh.
            let gone = state.liveNodes.filter { node, epoch in node != name && nodes[node] != epoch }
            state.liveNodes = nodes
            state.hosts = leases.filter { $0.value.live }.mapValues(\.node)
            return (gone, state.service)
        }
        for (node, epoch) in gone.sorted(by: { $0.key < $1.key }) {
            logger.notice("node \(node) (epoch \(epoch)) is gone")
            forget(node: node, epoch: epoch, service: service)
        }
        try await adopt(liveNodes: max(1, nodes.count))
        // Serving once it listens on the bus and knows who hosts what: a hello that reached it earlier
        // would be refused for want of a host.
        state.withLock { state in
            if state.bus != nil, !state.draining, state.health != .serving { state.health = .serving }
        }
        if state.withLock({ state in state.rounds += 1; return state.rounds % Self.sweepRounds == 0 }) {
            let swept = try await database.deleteStalePayloads(olderThan: configuration.leaseDuration * 6)
            if swept > 0 { logger.info("deleted \(swept) bus payloads nobody read") }
        }
    }

    /// Every so many rounds a node deletes the bus payloads nobody read (their destination died), so the
    /// table never grows without bound.
    static let sweepRounds = 30

    /// Takes over apps nobody hosts: this node's fair share at once, any app after it has stayed
    /// without a host for two rounds (whoever comes first).
    private func adopt(liveNodes: Int) async throws {
        let fairShare = (apps.count + max(1, liveNodes) - 1) / max(1, liveNodes)
        let candidates = state.withLock { state -> [AppID] in
            guard !state.draining, state.health == .serving else { return [] }
            var candidates: [AppID] = []
            var count = state.held.count
            for app in apps where state.hosts[app] == nil {
                state.unhostedRounds[app, default: 0] += 1
                if count < fairShare || state.unhostedRounds[app, default: 0] > 2 {
                    candidates.append(app)
                    count += 1
                }
            }
            for app in apps where state.hosts[app] != nil { state.unhostedRounds[app] = nil }
            return candidates
        }
        for app in candidates {
            guard let lease = try await database.acquireLease(app: app, node: name, leaseDuration: configuration.leaseDuration) else {
                continue
            }
            let service = state.withLock { state -> SignalingService?? in
                // A drain that began while the lease was being taken: give it straight back.
                guard !state.draining else { return .none }
                state.held[app] = lease
                state.hosts[app] = name
                state.unhostedRounds[app] = nil
                return .some(state.service)
            }
            guard let service else {
                try await database.releaseLease(lease)
                continue
            }
            store.hold(lease)
            let started = ContinuousClock.now
            // Reading the app back waits on PostgreSQL under the service's lock: on the delivery thread,
            // in order with the bus's batches, not on a cooperative thread (``deliver(_:)``).
            await onDeliveryThread { service?.host(app) }
            observer.adopted(app: app.rawValue)
            logger.notice("took app \(app) over (lease epoch \(lease.epoch)) in \(ContinuousClock.now - started)")
        }
    }

    /// The node lost an app's lease: the service stops acting on it.
    private func giveUp(_ app: AppID) {
        let service = state.withLock { state in
            state.held[app] = nil
            if state.hosts[app] == name { state.hosts[app] = nil }
            return state.service
        }
        store.drop(app)
        service?.unhost(app, flush: false)
        state.withLock { $0.released.removeAll { $0 == app } }
    }

    /// PostgreSQL is out of reach: past the lease, less a round, this node can no longer prove it holds
    /// anything, and gives every app up (another node may have taken them over). Its bridged
    /// connections are dropped too: the bus is gone with PostgreSQL.
    private func fenceAll(because reason: String) {
        observer.leaseRenewal(succeeded: false)
        let (apps, service, routes, bridged) = state.withLock { state in
            state.health = state.draining ? .draining : .fenced(reason)
            state.bus = nil
            let routes = Array(state.routes.values)
            let bridged = Array(state.bridged.values)
            state.routes = [:]
            state.bridged = [:]
            state.bridgedIDs = []
            state.liveNodes = [:]
            state.hosts = [:]
            return (Array(state.held.keys), state.service, routes, bridged)
        }
        for app in apps { giveUp(app) }
        forwarded.failAll(with: .notServing("fenced: \(reason)"))
        for route in Set(routes.map(\.node)) { service?.dropRoutes(to: route) }
        for id in bridged { service?.closed(id) }
    }

    /// `node` died: its clients bridged here are detached (they come back through another node within
    /// the grace), and this node's connections bridged to it are told to reconnect.
    private func forget(node: String, epoch: Int64, service: SignalingService?) {
        let ids = state.withLock { state in
            // This node's routes to it: the connections are told to reconnect just below.
            state.routes = state.routes.filter { $0.value.node != node }
            let keys = state.bridged.keys.filter { $0.node == node && $0.epoch <= epoch }
            return keys.compactMap { state.removeBridge($0) }
        }
        for id in ids { service?.closed(id) }
        service?.dropRoutes(to: node)
        forwarded.fail(waitingOn: node, with: .hostGone(node: node))
    }

    // MARK: - The bus

    /// Batches from other nodes, in order: bridged connections opened, their client frames handed to
    /// the service (all of them as one step, one commit, unless a close or an invalid frame comes
    /// between), their closes; frames for this node's own clients.
    /// Hands batches to ``received(_:)`` on the node's delivery thread and waits for it there. The service's
    /// steps hold its lock while their commit waits on PostgreSQL (docs/DECISIONS.md, "PostgreSQL access"):
    /// run on Swift's cooperative threads (as many as cores), a few such waits at once starved the task
    /// that reads the bus, and the host's incoming bus latency grew to seconds under load. The delivery
    /// thread waits instead, and the reading task goes on gathering the next batches meanwhile.
    private func deliver(_ batches: [BusBatch]) async {
        await onDeliveryThread { self.received(batches) }
    }

    /// Runs `body` on the delivery thread, in order with the bus's batches, and waits for it there.
    private func onDeliveryThread(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            deliveries.async {
                body()
                done.resume()
            }
        }
    }

    private func received(_ batches: [BusBatch]) {
        guard let (service, bus) = state.withLock({ state in state.service.flatMap { s in state.bus.map { (s, $0) } } }) else { return }
        var frames: [(frame: ClientFrame, connection: ConnectionID)] = []
        var outbound: [UInt64: [RoutedFrame]] = [:]
        var outboundOrder: [UInt64] = []
        func flushFrames() {
            if !frames.isEmpty { service.receive(frames) }
            frames.removeAll()
        }
        for batch in batches {
            for message in batch.messages {
                switch message {
                case .open(let number):
                    let key = BridgeKey(node: batch.from, epoch: batch.epoch, connection: number)
                    let connection = BridgedConnection(key: key, bus: bus) { [weak self] key in self?.bridgeClosed(key) }
                    let id = service.open(connection)
                    state.withLock { state in
                        state.bridged[key] = id
                        state.bridgedIDs.insert(id)
                    }
                case .clientFrame(let number, let text):
                    let key = BridgeKey(node: batch.from, epoch: batch.epoch, connection: number)
                    guard let id = state.withLock({ $0.bridged[key] }) else {
                        // This node does not know the connection (it restarted): the client starts over.
                        bus.send(.end(connection: number), to: batch.from)
                        continue
                    }
                    do throws(InvalidClientFrame) {
                        frames.append((try WireCodec.decodeClientFrameWithRequestID(Array(text.utf8)), id))
                    } catch {
                        flushFrames()
                        service.receiveInvalid(error.error, requestID: error.requestID, from: id)
                    }
                case .gone(let number):
                    flushFrames()
                    let key = BridgeKey(node: batch.from, epoch: batch.epoch, connection: number)
                    if let id = state.withLock({ $0.removeBridge(key) }) {
                        service.closed(id)
                    }
                case .serverFrame(let number, let text):
                    // Only the node this connection is bridged to may write to it.
                    guard state.withLock({ $0.routes[number]?.node }) == batch.from else { continue }
                    do {
                        let frame = try WireCodec.decodeServerFrame(text)
                        if outbound[number] == nil { outboundOrder.append(number) }
                        outbound[number, default: []].append(.frame(frame))
                    } catch {
                        logger.error("dropped a frame from \(batch.from) for connection \(number): \(error)")
                    }
                case .encodedFrame(let number, let text):
                    guard state.withLock({ $0.routes[number]?.node }) == batch.from else { continue }
                    if outbound[number] == nil { outboundOrder.append(number) }
                    outbound[number, default: []].append(.encoded(Array(text.utf8)))
                case .adminRequest(let id, let app, let body):
                    // After the client frames that came before it, as a close or an invalid frame is.
                    flushFrames()
                    bus.send(.adminReply(id: id, body: answer(AppID(rawValue: app), body).body), to: batch.from)
                case .adminReply(let id, let body):
                    forwarded.replied(id: id, from: batch.from, body: body)
                case .end(let number):
                    guard state.withLock({ $0.routes[number]?.node }) == batch.from else { continue }
                    // The frames before the close go first.
                    if let pending = outbound.removeValue(forKey: number) {
                        service.deliverRouted(pending, to: ConnectionID(rawValue: number))
                    }
                    state.withLock { _ = $0.routes.removeValue(forKey: number) }
                    service.routeClosed(ConnectionID(rawValue: number))
                }
            }
        }
        flushFrames()
        for number in outboundOrder {
            if let pending = outbound[number] { service.deliverRouted(pending, to: ConnectionID(rawValue: number)) }
        }
    }

    /// The service closed a connection bridged here: the service hears of it as of any closed connection.
    private func bridgeClosed(_ key: BridgeKey) {
        guard let id = state.withLock({ $0.removeBridge(key) }), let service = state.withLock({ $0.service }) else { return }
        // Not under the service's lock, which is held while it closes; on the delivery thread, not the
        // cooperative ones (``deliver(_:)``).
        deliveries.async { service.closed(id) }
    }

    // MARK: - Admin requests (docs/SERVER.md, "Cluster")

    /// The most forwarded admin requests that wait at once; past it ``forward(app:request:timeout:)``
    /// refuses with `rate_limited`.
    public static let maximumPendingAdminRequests = AdminForwarder.maximumPending

    /// How many forwarded admin requests wait for their hosts.
    public var waitingAdminRequests: Int { forwarded.waiting }

    /// Sends `request` to the node that hosts `app` and returns its answer: what that node's own HTTP
    /// route answers. Throws the host's typed error, or why it could not answer: no live host, no answer
    /// within `timeout`, the host died meanwhile, this node fenced or stopped, too many waiting. An
    /// `unknown_app` from a node that no longer hosts the app is asked again of the new host, once.
    public func forward(app: AppID, request: AdminRequest) async throws(AdminForwardError) -> JSONValue {
        try await forward(app: app, request: request, timeout: .seconds(2))
    }

    /// ``forward(app:request:)`` with a timeout of its own.
    public func forward(app: AppID, request: AdminRequest, timeout: Duration) async throws(AdminForwardError)
        -> JSONValue
    {
        var asked: String? = nil
        while true {
            let target = state.withLock { state -> Result<(host: String, bus: PostgresBus), AdminForwardError> in
                guard let bus = state.bus else {
                    if case .fenced(let why) = state.health { return .failure(.notServing("fenced: \(why)")) }
                    return .failure(.notServing("not on the bus (\(state.health))"))
                }
                // Itself: it took the app over this very moment, and its service does not host it yet.
                guard let host = state.hosts[app], host != name, state.liveNodes[host] != nil else { return .failure(.noHost(app)) }
                return .success((host, bus))
            }
            let (host, bus) = try target.get()
            let outcome = await forwarded.ask(request, app: app, of: host, timeout: timeout) { bus.send($0, to: host) }
            // The app moved since this node last read the leases: its new host, once.
            if case .failure(.refused(let error)) = outcome, error.code == .service(.unknownApp), asked == nil,
               let now = self.host(of: app), now != host, now != name {
                asked = host
                continue
            }
            return try outcome.get()
        }
    }

    /// This node's answer to an admin request another node forwarded: only for an app it hosts now
    /// (the app may have moved since the asker read the leases), from the server's own routes.
    private func answer(_ app: AppID, _ body: String) -> AdminReply {
        let (hosts, handler, service) = state.withLock { ($0.held[app] != nil && !$0.draining, $0.adminHandler, $0.service) }
        guard hosts else {
            let host = self.host(of: app).map { "node \($0) hosts it now" } ?? "no node hosts it at the moment"
            return .refused(SignalingError(.unknownApp, "node \(name) does not host app \(app); \(host)"))
        }
        // The lease is this node's, but the service may still be reading the app back (a takeover).
        guard service?.hostedApps.contains(app) == true else {
            return .refused(SignalingError(.overloaded, "node \(name) is taking app \(app) over; try again in a moment"))
        }
        guard let handler else { return .refused(SignalingError(.internalError, "node \(name) answers no admin requests")) }
        do throws(InvalidBusPayload) {
            return handler(app, try AdminRequest(body: body))
        } catch {
            return .refused(SignalingError(.invalidRequest, "not an admin request: \(error.description)"))
        }
    }

    // MARK: - Drain

    /// SIGTERM (docs/SERVER.md, "Cluster"): the node takes nothing over any more, gives every app it
    /// hosts up (their sessions told to reconnect, what is pending written first) and releases the leases
    /// at once, so the other nodes take the apps over on their next round.
    public func handOver() async {
        let (apps, service) = state.withLock { state in
            state.draining = true
            state.health = .draining
            return (Array(state.held.keys), state.service)
        }
        for app in apps { service?.unhost(app, flush: true) }
        for lease in state.withLock({ $0.takeReleased() }) {
            store.drop(lease.app)
            do {
                try await database.releaseLease(lease)
            } catch {
                logger.error("could not release the lease of \(lease.app): \(error); it expires by itself")
            }
        }
        logger.notice("handed over \(apps.count) apps")
    }
}

/// What goes wrong in a cluster node.
public enum ClusterError: Error, CustomStringConvertible, Equatable {
    case invalidNodeName(String)
    /// Another process registered under this node's name since.
    case nodeReplaced(String)
    case busStopped
    /// No lease round succeeded for the lease's length, less a round.
    case leaseExpired

    public var description: String {
        switch self {
        case .invalidNodeName(let name):
            "node name \(String(reflecting: name)) must be 1 to 48 letters, digits, '_', '-' or '.'"
        case .nodeReplaced(let name): "another process registered as node \(name)"
        case .busStopped: "the bus stopped"
        case .leaseExpired: "no lease renewal succeeded within the lease"
        }
    }
}
