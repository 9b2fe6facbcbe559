import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import NIOSSL
import Logging
import NIOCore
import NIOWebSocket
import ServiceLifecycle
import Synchronization
import UnixSignals
import SwitchboardJSON
import SwitchboardService
import SwitchboardWire

/// The network server: a ``/SwitchboardService/SignalingService`` behind a WebSocket endpoint (`/v1/signal`, one wire
/// frame per text message), with `GET /healthz` and `GET /metrics` (Prometheus text) over HTTP, on Hummingbird. The
/// service's timers run alongside as a service of the same lifecycle; SIGTERM and SIGINT shut the whole server down
/// gracefully.
public final class SignalingServer: Sendable {
    public let configuration: ServerConfiguration
    public let service: SignalingService
    let metrics: ServerMetrics
    let logger: Logger
    /// The cluster node this server is, on a cluster (docs/SERVER.md, "Cluster"); nil on a single node.
    public let cluster: (any ClusterMembership)?
    /// Background work that runs with the server (record retention).
    let companions: [any Service]
    /// The console's live feed (docs/SERVER.md, "Console").
    let consoleFeed: ConsoleFeed
    /// The open WebSocket connections (``abortConnections()``).
    private let open = Mutex<[ConnectionID: WebSocketServiceConnection]>([:])
    /// Every TCP connection, from accept to close (docs/SECURITY.md, "Connections").
    let table: ConnectionTable
    let guardLimits = ConnectionGuardLimits()
    /// The most TCP connections the server holds at once (``ServerConfiguration/connectionCapacity``).
    public var connectionCapacity: Int { table.capacity }
    /// What hostile clients can make the server log goes through this.
    let boundedLog: LogRateLimiter
    /// Each event loop's ``StepBatcher``, by the loop's identity.
    private let batchers = Mutex<[ObjectIdentifier: NIOLoopBound<StepBatcher>]>([:])

    public convenience init(configuration: ServerConfiguration, service: SignalingService, logger: Logger) {
        self.init(configuration: configuration, service: service, companions: [], logger: logger)
    }

    init(configuration: ServerConfiguration, service: SignalingService, companions: [any Service], logger: Logger,
         metrics: ServerMetrics = ServerMetrics(), cluster: (any ClusterMembership)? = nil) {
        self.configuration = configuration
        self.service = service
        self.companions = companions
        self.logger = logger
        self.metrics = metrics
        self.cluster = cluster
        consoleFeed = ConsoleFeed(service: service, cluster: cluster)
        table = ConnectionTable(capacity: configuration.connectionCapacity ?? DescriptorLimit.connectionBudget(),
                                metrics: metrics, logger: logger)
        boundedLog = LogRateLimiter(logger: logger)
    }

    /// The server as `switchboard serve` runs it on one node: a service over `store`, the storage engine
    /// (what it keeps is resumed after a restart), with the apps and limits of `file` (development mode
    /// without apps), tokens checked as JWTs (and UserSigs for the Tencent surface), webhooks and record
    /// retention.
    ///
    /// Throws ``/SwitchboardPush/PushCredentialError`` when an app's push credentials cannot be read
    /// (docs/SERVER.md, "Push").
    public static func serving(
        configuration: ServerConfiguration, file: ServerConfigFile, store: any ServiceStore, logger: Logger
    ) throws -> SignalingServer {
        try serving(configuration: configuration, file: file, store: store, cluster: nil, logger: logger)
    }

    /// The server of a cluster node, `cluster` (composed by the executable, docs/ARCHITECTURE.md, "One
    /// node or many"), on the node's own engine, whose commits its leases fence: the service hosts the apps
    /// whose leases the node holds and bridges the others' clients to their hosts; the apps, tokens and
    /// webhooks are as on a single node.
    public static func serving(
        configuration: ServerConfiguration, file: ServerConfigFile, cluster: any ClusterMembership, logger: Logger
    ) throws -> SignalingServer {
        try serving(configuration: configuration, file: file, store: cluster.engine, cluster: cluster, logger: logger)
    }

    /// The least time between two wakes of the service's timer loop on a server
    /// (``/SwitchboardService/ServiceConfiguration/timerResolution``).
    static let timerResolution = Duration.milliseconds(20)

    private static func serving(
        configuration: ServerConfiguration, file: ServerConfigFile, store: any ServiceStore,
        cluster: (any ClusterMembership)?, logger: Logger
    ) throws -> SignalingServer {
        var serviceConfiguration = file.serviceConfiguration
        // Coalesced timer wakes: every session's liveness timer would otherwise wake the timer loop on its own
        // (docs/PERFORMANCE.md, "Timers").
        serviceConfiguration.timerResolution = Self.timerResolution
        let verifier: (any TokenVerifier)? = serviceConfiguration.isDevelopmentMode
            ? nil : UserSigTokenVerifier(fallback: JWTTokenVerifier())
        let clock = ServiceClock.system()
        var nodeLogger = logger
        if let name = cluster?.nodeName { nodeLogger[metadataKey: "node"] = "\(name)" }
        let webhooks = WebhookDispatcher(apps: file.apps, logger: logger)
        let metrics = ServerMetrics()
        // On a cluster node only the host of an app decides its pushes, so only it sends them.
        let pushes = try PushDelivery.make(file: file, metrics: metrics.metricsFactory, logger: nodeLogger)
        let service = SignalingService(configuration: serviceConfiguration, clock: clock, store: store, verifier: verifier,
                                       backendEvents: webhooks, pushes: pushes, cluster: cluster, logger: nodeLogger)
        pushes?.attach(service)
        var companions: [any Service] = []
        if let cluster {
            // Admin requests other nodes forward, answered by the admin routes' own code (docs/SERVER.md, "Cluster").
            cluster.attach(service, observer: metrics) { [weak service] app, request in
                guard let service else { return .refused(SignalingError(.internalError, "the node is stopping")) }
                return AdminAPI(service: service).reply(to: request, app: app)
            }
            companions.append(ClusterNodeService(node: cluster))
        }
        companions.append(webhooks)
        if let pushes { companions.append(pushes) }
        if let days = file.recordRetentionDays {
            companions.append(RecordRetention(store: store, maxAge: .seconds(days * 86_400), clock: clock, logger: nodeLogger))
        }
        return SignalingServer(configuration: configuration, service: service, companions: companions, logger: nodeLogger,
                               metrics: metrics, cluster: cluster)
    }

    /// Runs until cancelled or shut down by a signal. `onListening` gets the port actually bound (the
    /// configured one, or the one picked for port 0).
    public func run(
        gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint],
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let application = try makeApplication(onListening: onListening)
        // Shut down in reverse order: the drain first (every session gets its bye, every connection
        // closes), then the listener, the timers and the companions (docs/SERVER.md, "Shutdown").
        let probe: [any Service] = configuration.overload.isEnabled
            ? [OverloadProbe(server: self, loops: application.eventLoopGroup)] : []
        let services: [any Service] = [ServiceTimers(service: service), ConnectionWatchdog(server: self)] + probe + companions
            + [application, ShutdownDrain(server: self)]
        var group = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: gracefulShutdownSignals, logger: logger)
        // Past the deadline the group cancels what is still shutting down. No limit on cancellation
        // itself: swift-service-lifecycle ends the process with a fatal error past one, and the drain
        // has already cut every connection, so cancelling is quick.
        group.maximumGracefulShutdownDuration = configuration.shutdownDeadline
        try await ServiceGroup(configuration: group).run()
    }

    /// Every route the server answers over HTTP; docs/openapi.yaml documents each (`OpenAPIContractTests`).
    func makeRouter() -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: PlainHTTPMarker())
        router.get("/healthz") { [cluster] _, _ in
            // A cluster node that cannot prove its leases says so (docs/SERVER.md, "Cluster").
            switch cluster?.health {
            case nil, .serving?:
                return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
            case .starting?:
                return Response(status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: .init(byteBuffer: ByteBuffer(string: "starting: not registered with the cluster yet\n")))
            case .draining?:
                return Response(status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: .init(byteBuffer: ByteBuffer(string: "draining\n")))
            case .fenced(let reason)?:
                return Response(status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: .init(byteBuffer: ByteBuffer(string: "fenced: \(reason)\n")))
            }
        }
        router.get("/metrics") { [self] _, _ in
            if let cluster { metrics.appsHosted(cluster.hostedAppCount) }
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                     body: .init(byteBuffer: ByteBuffer(string: metrics.render(service: service))))
        }
        let admin = AdminAPI(service: service, cluster: cluster)
        admin.register(on: router)
        ConsoleAPI(admin: admin, feed: consoleFeed).register(on: router)
        router.ws(RouterPath(stringLiteral: ServerConfiguration.signalPath), shouldUpgrade: { request, _ in
            // A plain GET reaches the route too: 426, not an empty 200 (docs/openapi.yaml).
            guard request.headers[.upgrade]?.lowercased().contains("websocket") == true else {
                throw HTTPErrorResponse(status: .upgradeRequired,
                                        error: SignalingError(.invalidRequest, "\(ServerConfiguration.signalPath) takes a WebSocket handshake"),
                                        headers: [.upgrade: "websocket"])
            }
            return .upgrade([:])
        }) { [self] inbound, outbound, _ in
            try await serve(inbound: inbound, outbound: outbound)
        }
        router.add(middleware: RouteFallback(routes: router.routes))
        return router
    }

    func makeApplication(onListening: @escaping @Sendable (Int) async -> Void) throws -> some ApplicationProtocol {
        let router = makeRouter()
        // A text frame that is not UTF-8 fails the connection with 1007 (RFC 6455, section 8.1) rather
        // than being repaired with U+FFFD and carried out.
        let webSocket = WebSocketServerConfiguration(
            maxFrameSize: configuration.maxFrameBytes, autoPing: .disabled, closeTimeout: .seconds(2), validateUTF8: true)
        // Request heads of at most 32 KiB (NGINX's large_client_header_buffers), and plain HTTP
        // connections closed when idle.
        let http1 = HTTP1Channel.Configuration(
            idleTimeout: .nanoseconds(configuration.httpIdleTimeout.wholeNanoseconds),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: 8 * 1024, maxHeaderListSize: 32 * 1024, maxHeaderFieldCount: 100))
        let channel = HTTP1WebSocketUpgradeChannel.Configuration(http1: http1, ws: webSocket)
        let webSocketResponder = router.buildResponder()
        let (table, limits) = (self.table, guardLimits)
        var tlsConfiguration: TLSConfiguration?
        if let tls = configuration.tls {
            let certificates = try NIOSSLCertificate.fromPEMFile(tls.certificateChain).map { NIOSSLCertificateSource.certificate($0) }
            let key = try NIOSSLPrivateKey(file: tls.privateKey, format: .pem)
            tlsConfiguration = .makeServerConfiguration(certificateChain: certificates, privateKey: .privateKey(key))
        }
        // The connection guard sits in front of Hummingbird's HTTP/1 and WebSocket handling, inside TLS
        // (docs/SECURITY.md, "Connections").
        let server = HTTPServerBuilder { [tlsConfiguration] responder in
            let guarded = GuardedChildChannel(
                base: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder,
                                                   configuration: channel),
                table: table, limits: limits)
            if let tlsConfiguration { return try TLSChannel(guarded, tlsConfiguration: tlsConfiguration) }
            return guarded
        }
        return Application(
            router: router,
            server: server,
            // A listen backlog of 1,024 (the kernel caps it at somaxconn): a burst of connections waits
            // in the kernel for the guard to admit or shed it, rather than having its SYNs dropped.
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: "switchboard", backlog: 1024),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// One client connection: frames in go to the service (undecodable ones are answered with an error
    /// and counted), frames the service sends go out in order; the service learns when the socket is
    /// gone. The connection limits apply here: a full server refuses the connection, a connection that
    /// is not welcomed within the handshake timeout or falls silent past the idle timeout is closed, and
    /// requests beyond the connection's rate are answered `rate_limited` without being carried out.
    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let guarded = GuardedConnection.current
        // A frame the guard refused before the upgrade was known ends the connection now, with the
        // guard's close code: returning before the socket is closed would let Hummingbird's normal
        // close frame go first.
        if let guarded, !guarded.upgraded() {
            try? await guarded.channel.closeFuture.get()
            return
        }
        if service.connectionCount >= configuration.maxConnections {
            let refusal = SignalingError(.tooManySessions, "the server holds \(configuration.maxConnections) connections; try later")
            // The refusal answers the client's first frame, as a welcome would, instead of leaving with
            // the upgrade response: a frame sent in the same moment as the 101 can reach a client that
            // has not switched protocols yet (swift-websocket's, which the client module uses), which
            // drops it and waits for an answer that never comes. A client that says nothing hears it
            // at the handshake timeout; the table's sweep leaves it the close's grace to do so.
            guarded?.onHandshakeExpiry {}
            await firstMessage(of: inbound)
            metrics.frameOut(.refused(refusal))
            try await outbound.write(.text(WireCodec.encodeText(.refused(refusal))))
            try await outbound.close(.policyViolation, reason: "server full")
            return
        }
        // Every connection is served under the guard, which holds its channel (``GuardedChildChannel``).
        guard let guarded else { return }
        let connection = WebSocketServiceConnection(channel: guarded.channel, metrics: metrics, guarded: guarded,
                                                    maxQueuedFrames: configuration.maxQueuedFrames)
        let id = service.open(connection)
        open.withLock { $0[id] = connection }
        // Not welcomed within the handshake timeout of the accept: refused, then closed
        // (``ConnectionTable/sweep(at:handshakeTimeout:)``).
        let handshakeTimeout = configuration.handshakeTimeout
        guarded.onHandshakeExpiry { [metrics] in
            let refusal = SignalingError(.timeout, "no hello was welcomed within \(handshakeTimeout)")
            metrics.countError(refusal)
            connection.send(.refused(refusal))
            connection.close()
        }
        defer {
            open.withLock { $0[id] = nil }
            connection.finish()
            service.closed(id)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            // The frames go out from the event loop (``WebSocketServiceConnection``); this task only
            // closes, after them.
            group.addTask {
                for await control in connection.controls {
                    switch control {
                    case .close:
                        try await outbound.close(.normalClosure, reason: nil)
                        return
                    case .abort:
                        throw ConnectionAborted()
                    }
                }
            }
            // Client frames are received on the event loop (``InboundFrameHandler``); what still comes
            // through hummingbird-websocket (frames read before the handler was added, fragmented
            // messages) is handed to the same receiver there, in order.
            let eventLoop = guarded.channel.eventLoop
            let (receiver, handler) = try await eventLoop.submit { [self] in
                let receiver = FrameReceiver(server: self, id: id, connection: connection)
                let handler = try? installInboundFrameHandler(receiver: receiver, on: guarded.channel)
                return (NIOLoopBound(receiver, eventLoop: eventLoop), handler)
            }.get()
            for try await message in inbound.messages(maxSize: configuration.maxFrameBytes) {
                if let handler, case .text(let text) = message, text == handler.marker {
                    eventLoop.execute { handler.handler.value.release() }
                    continue
                }
                let bytes: [UInt8] = switch message {
                case .text(let text): Array(text.utf8)
                case .binary(let buffer): Array(buffer.readableBytesView)
                }
                eventLoop.execute { receiver.value.receive(bytes) }
            }
            group.cancelAll()
        }
    }

    /// Returns once the client sent its first message, or the handshake timeout passed.
    private func firstMessage(of inbound: WebSocketInboundStream) async {
        let limit = configuration.maxFrameBytes
        let timeout = configuration.handshakeTimeout
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var messages = inbound.messages(maxSize: limit).makeAsyncIterator()
                _ = try? await messages.next()
            }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Closes the connections past the handshake timeout (``ConnectionTable``), the sessions silent
    /// past the idle timeout, and the connections whose writes have waited past the write timeout
    /// (``ConnectionWatchdog``).
    func closeExpiredConnections(at now: ContinuousClock.Instant) {
        table.sweep(at: now, handshakeTimeout: configuration.handshakeTimeout)
        for connection in open.withLock({ Array($0.values) }) {
            if connection.writeStall(at: now) >= configuration.writeTimeout {
                // A client that stopped reading: nothing more can reach it, not even a close frame.
                metrics.connectionShed("write_timeout")
                connection.abort()
            } else if connection.isWelcomed, connection.silence(at: now) >= configuration.idleTimeout, connection.expire() {
                metrics.countError(SignalingError(.timeout, "idle"))
                connection.close()
                connection.guarded?.closing(within: configuration.writeTimeout, at: now)
            }
        }
    }

    /// Drops every open connection at once: the sockets are closed without a close handshake, as a
    /// crashed proxy in front would close them. The sessions stay for the grace period and their clients
    /// resume (operators' and tests' tool).
    public func abortConnections() {
        for connection in open.withLock({ Array($0.values) }) { connection.abort() }
    }

    /// SIGTERM (docs/SERVER.md, "Shutdown"): accepts no more connections, sends every session its
    /// `bye(serverShutdown)` and closes its connection, closes every other connection, and cuts what
    /// has not closed within the grace (a client that stopped reading). The live calls are in the
    /// store already; the clients resume them from the next server.
    func drain() async {
        table.stopAdmitting()
        // A cluster node hands its apps over first: their sessions are told to reconnect (through
        // another node), and the leases are released for the others to take at once.
        await cluster?.handOver()
        service.shutDown()
        for connection in table.partition().unwelcomed { connection.closeNow() }
        let grace = configuration.shutdownGrace
        for connection in table.partition().welcomed { connection.closing(within: grace) }
        let deadline = ContinuousClock.now + grace
        while table.count > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if table.count > 0 {
            logger.notice("shutdown: cut \(table.count) connections that did not close within \(grace)")
            table.closeAll()
        }
        logger.info("shutdown: every session was sent its bye; connections closed")
    }

    /// Adds the connection's ``InboundFrameHandler`` after the WebSocket frame decoder; on the event
    /// loop. Throws (and every frame then comes through hummingbird-websocket) when the pipeline has no
    /// decoder.
    private func installInboundFrameHandler(
        receiver: FrameReceiver, on channel: any Channel
    ) throws -> (marker: String, handler: NIOLoopBound<InboundFrameHandler>) {
        let marker = "switchboard-marker-" + (0..<4).map { _ in String(UInt64.random(in: .min ... .max), radix: 16) }.joined()
        let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
        let handler = InboundFrameHandler(receiver: receiver, marker: marker)
        try channel.pipeline.syncOperations.addHandler(handler, position: .after(decoder))
        return (marker, NIOLoopBound(handler, eventLoop: channel.eventLoop))
    }

    /// One message from a client, on its connection's event loop: parsed once; a frame that does not
    /// parse or decode is answered with an error (to its request, when the id could be read); a request
    /// beyond the connection's rate is answered `rate_limited` and not carried out.
    func receive(
        _ bytes: [UInt8], from id: ConnectionID, on connection: WebSocketServiceConnection, buckets: inout Buckets,
        step: StepBatcher
    ) {
        let frame: ClientFrame
        do throws(InvalidClientFrame) {
            frame = try WireCodec.decodeClientFrameWithRequestID(bytes)
        } catch {
            // Counted per code, logged at a bounded rate, answered (to its request when the id is
            // readable); past the connection's invalid-frame rate the connection is closed (1008):
            // a working client sends none (docs/SECURITY.md, "Log and metric hygiene").
            metrics.invalidFrameIn()
            metrics.invalidFrame(error.error)
            boundedLog.log(.notice, "invalid frame on connection \(id): \(error.error.code.rawValue): \(error.error.message.prefix(120))")
            guard buckets.invalid.take() else {
                table.refused(GuardRefusal.invalidFrames.metricLabel)
                connection.guarded?.fail(.invalidFrames)
                return
            }
            // After this connection's frames still waiting for a step, not before them.
            if step.hasPending(from: id) { step.flush() }
            service.receiveInvalid(error.error, requestID: error.requestID, from: id)
            return
        }
        metrics.frameIn(frame)
        guard case .request(let request) = frame else {
            step.add(frame, from: id)
            return
        }
        guard buckets.requests.take() else {
            if step.hasPending(from: id) { step.flush() }
            service.receiveInvalid(SignalingError(.rateLimited, "more than \(configuration.requestsPerSecond) requests a second"),
                                   requestID: request.id, from: id)
            return
        }
        // The door (docs/SERVER.md, "Overload"): while the server sheds, a new call is admitted or refused as
        // it is read, and a refusal is written at once, ahead of the queue the shedding drains. A connection
        // whose earlier frames still wait for a step has the service decide, in order.
        guard !step.hasPending(from: id) else {
            step.add(frame, from: id)
            return
        }
        let asked = ContinuousClock.now
        switch service.door(request, from: id) {
        case .undecided:
            step.add(frame, from: id)
        case .admitted:
            step.add(frame, from: id, isAdmitted: true)
        case .refused:
            connection.sendNow(.response(SwitchboardWire.Response(id: request.id, result: .failure(LoadShedding.refusal))))
            // Its time in the service, as every other request's (`switchboard_request_seconds`).
            metrics.requestLatency(ContinuousClock.now - asked)
        }
    }

    /// The step batcher of `eventLoop` (one per event loop, made on first use); on that event loop.
    func stepBatcher(on eventLoop: any EventLoop) -> StepBatcher {
        let key = ObjectIdentifier(eventLoop)
        if let batcher = batchers.withLock({ $0[key] }) { return batcher.value }
        let batcher = StepBatcher(service: service, metrics: metrics, eventLoop: eventLoop)
        batchers.withLock { $0[key] = NIOLoopBound(batcher, eventLoop: eventLoop) }
        return batcher
    }
}

private struct ConnectionAborted: Error {}

/// A connection's rate limits: requests, and invalid frames.
struct Buckets {
    var requests: TokenBucket
    var invalid: TokenBucket
}

/// Where one connection's client frames are received, on its event loop only: from its
/// ``InboundFrameHandler``, or handed there by the connection's task.
final class FrameReceiver {
    private let server: SignalingServer
    private let id: ConnectionID
    private let connection: WebSocketServiceConnection
    private var buckets: Buckets
    private let step: StepBatcher

    init(server: SignalingServer, id: ConnectionID, connection: WebSocketServiceConnection) {
        self.server = server
        self.id = id
        self.connection = connection
        step = server.stepBatcher(on: connection.eventLoop)
        let configuration = server.configuration
        buckets = Buckets(
            requests: TokenBucket(rate: configuration.requestsPerSecond, burst: configuration.requestBurst),
            invalid: TokenBucket(rate: configuration.invalidFramesPerSecond, burst: configuration.invalidFrameBurst))
    }

    func receive(_ bytes: [UInt8]) {
        connection.touch()
        server.receive(bytes, from: id, on: connection, buckets: &buckets, step: step)
    }
}

/// Drains the server at SIGTERM (``SignalingServer/drain()``): the last service of the group, so the
/// first to shut down, while the listener and the service still run.
struct ShutdownDrain: Service {
    let server: SignalingServer

    func run() async throws {
        try? await gracefulShutdown()
        await server.drain()
    }
}

/// Closes connections that were not welcomed within the handshake timeout or fell silent past the idle
/// timeout. One task for the whole server, not a sleeping task per connection: an idle connection then
/// costs no task of its own (memory per idle session is a target, docs/PERFORMANCE.md).
struct ConnectionWatchdog: Service {
    let server: SignalingServer

    func run() async throws {
        let configuration = server.configuration
        // A tenth of the shortest timeout, between 10 ms and 250 ms: a connection is closed at most that late.
        let shortest = min(configuration.handshakeTimeout, configuration.idleTimeout, configuration.writeTimeout)
        let interval = max(.milliseconds(10), min(.milliseconds(250), shortest / 10))
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                server.closeExpiredConnections(at: .now)
            }
        }
    }
}

/// A cluster node's leases and bus, for as long as the server runs: it is shut down last, after the
/// drain has handed the apps over through it.
struct ClusterNodeService: Service {
    let node: any ClusterMembership

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await node.run()
        }
    }
}

/// The service's timer loop as a lifecycle service.
struct ServiceTimers: Service {
    let service: SignalingService

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await service.run()
        }
    }
}
