import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import NIOSSL
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import UnixSignals
import SwitchboardJSON
import SwitchboardService
import SwitchboardWire

/// The network server: a ``SignalingService`` behind a WebSocket endpoint (`/v1/signal`, one wire frame
/// per text message), with `GET /healthz` and `GET /metrics` (Prometheus text) over HTTP, on Hummingbird.
/// The service's timers run alongside as a service of the same lifecycle; SIGTERM and SIGINT shut the
/// whole server down gracefully.
public final class SignalingServer: Sendable {
    public let configuration: ServerConfiguration
    public let service: SignalingService
    let metrics = ServerMetrics()
    let logger: Logger
    /// Background work that runs with the server (record retention).
    let companions: [any Service]
    /// The open WebSocket connections (``abortConnections()``).
    private let open = Mutex<[ConnectionID: WebSocketServiceConnection]>([:])

    public convenience init(configuration: ServerConfiguration, service: SignalingService, logger: Logger) {
        self.init(configuration: configuration, service: service, companions: [], logger: logger)
    }

    init(configuration: ServerConfiguration, service: SignalingService, companions: [any Service], logger: Logger) {
        self.configuration = configuration
        self.service = service
        self.companions = companions
        self.logger = logger
    }

    /// The server as `switchboard serve` runs it: a service over `store` (records and live calls,
    /// resumed after a restart), with the apps and limits of `file` (development mode without apps),
    /// tokens checked as JWTs (and UserSigs for the Tencent surface), and record retention.
    public static func durable(
        configuration: ServerConfiguration, file: ServerConfigFile, store: SQLiteStore, logger: Logger
    ) -> SignalingServer {
        let serviceConfiguration = file.serviceConfiguration
        let verifier: (any TokenVerifier)? = serviceConfiguration.isDevelopmentMode
            ? nil : UserSigTokenVerifier(fallback: JWTTokenVerifier())
        let clock = ServiceClock.system()
        let webhooks = WebhookDispatcher(apps: file.apps, logger: logger)
        let service = SignalingService(configuration: serviceConfiguration, clock: clock, store: store,
                                       verifier: verifier, liveCalls: store, backendEvents: webhooks, profiles: store,
                                       logger: logger)
        var companions: [any Service] = [webhooks]
        if let days = file.recordRetentionDays {
            companions.append(RecordRetention(store: store, maxAge: .seconds(days * 86_400), clock: clock, logger: logger))
        }
        return SignalingServer(configuration: configuration, service: service, companions: companions, logger: logger)
    }

    /// Runs until cancelled or shut down by a signal. `onListening` gets the port actually bound (the
    /// configured one, or the one picked for port 0).
    public func run(
        gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint],
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let application = try makeApplication(onListening: onListening)
        let group = ServiceGroup(
            configuration: .init(services: [application, ServiceTimers(service: service), ConnectionWatchdog(server: self)] + companions,
                                 gracefulShutdownSignals: gracefulShutdownSignals, logger: logger))
        try await group.run()
    }

    /// Every route the server answers over HTTP; docs/openapi.yaml documents each (`OpenAPIContractTests`).
    func makeRouter() -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.get("/healthz") { _, _ in
            "ok\n"
        }
        router.get("/metrics") { [self] _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                     body: .init(byteBuffer: ByteBuffer(string: metrics.render(service: service))))
        }
        AdminAPI(service: service).register(on: router)
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
            maxFrameSize: configuration.maxFrameBytes, autoPing: .disabled, closeTimeout: .seconds(5), validateUTF8: true)
        var server = HTTPServerBuilder.http1WebSocketUpgrade(webSocketRouter: router, configuration: .init(ws: webSocket))
        if let tls = configuration.tls {
            let certificates = try NIOSSLCertificate.fromPEMFile(tls.certificateChain).map { NIOSSLCertificateSource.certificate($0) }
            let key = try NIOSSLPrivateKey(file: tls.privateKey, format: .pem)
            server = try .tls(server, tlsConfiguration: .makeServerConfiguration(certificateChain: certificates,
                                                                                 privateKey: .privateKey(key)))
        }
        return Application(
            router: router,
            server: server,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: "switchboard"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// One client connection: frames in go to the service (undecodable ones are answered with an error
    /// and counted), frames the service sends go out in order; the service learns when the socket is
    /// gone. The connection limits apply here: a full server refuses the connection, a connection that
    /// is not welcomed within the handshake timeout or falls silent past the idle timeout is closed, and
    /// requests beyond the connection's rate are answered `rate_limited` without being carried out.
    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        if service.connectionCount >= configuration.maxConnections {
            let refusal = SignalingError(.tooManySessions, "the server holds \(configuration.maxConnections) connections; try later")
            // The refusal answers the client's first frame, as a welcome would, instead of leaving with
            // the upgrade response: a frame sent in the same moment as the 101 can reach a client that
            // has not switched protocols yet (swift-websocket's, which the client module uses), which
            // drops it and waits for an answer that never comes. A client that says nothing hears it
            // at the handshake timeout.
            await firstMessage(of: inbound)
            metrics.frameOut(.refused(refusal))
            try await outbound.write(.text(WireCodec.encodeText(.refused(refusal))))
            try await outbound.close(.policyViolation, reason: "server full")
            return
        }
        let connection = WebSocketServiceConnection(metrics: metrics)
        let id = service.open(connection)
        open.withLock { $0[id] = connection }
        defer {
            open.withLock { $0[id] = nil }
            connection.finish()
            service.closed(id)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await item in connection.outgoing {
                    switch item {
                    case .frame(let frame):
                        try await outbound.write(.text(WireCodec.encodeText(frame)))
                    case .close:
                        try await outbound.close(.normalClosure, reason: nil)
                        return
                    case .abort:
                        throw ConnectionAborted()
                    }
                }
            }
            var bucket = TokenBucket(rate: configuration.requestsPerSecond, burst: configuration.requestBurst)
            for try await message in inbound.messages(maxSize: configuration.maxFrameBytes) {
                connection.touch()
                receive(message, from: id, bucket: &bucket)
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

    /// Closes the connections past the handshake or the idle timeout (``ConnectionWatchdog``).
    func closeExpiredConnections(at now: ContinuousClock.Instant) {
        for connection in open.withLock({ Array($0.values) }) {
            if !connection.isWelcomed {
                guard connection.opened.duration(to: now) >= configuration.handshakeTimeout, connection.expire() else { continue }
                let refusal = SignalingError(.timeout, "no hello was welcomed within \(configuration.handshakeTimeout)")
                metrics.countError(refusal)
                connection.send(.refused(refusal))
                connection.close()
            } else if connection.silence(at: now) >= configuration.idleTimeout, connection.expire() {
                metrics.countError(SignalingError(.timeout, "idle"))
                connection.close()
            }
        }
    }

    /// Drops every open connection at once, without a close handshake, as a network failure would: the
    /// sessions stay for the grace period and their clients resume (operators' and tests' tool).
    public func abortConnections() {
        for connection in open.withLock({ Array($0.values) }) { connection.abort() }
    }

    /// One message from a client: parsed once; a frame that does not parse or decode is answered with an
    /// error (to its request, when the id could be read); a request beyond the connection's rate is
    /// answered `rate_limited` and not carried out.
    private func receive(_ message: WebSocketMessage, from id: ConnectionID, bucket: inout TokenBucket) {
        let frame: ClientFrame
        do throws(InvalidClientFrame) {
            frame = switch message {
            case .text(let text): try WireCodec.decodeClientFrameWithRequestID(text)
            case .binary(let buffer): try WireCodec.decodeClientFrameWithRequestID(Array(buffer.readableBytesView))
            }
        } catch {
            metrics.frameIn("invalid")
            service.receiveInvalid(error.error, requestID: error.requestID, from: id)
            return
        }
        guard case .request(let request) = frame else {
            metrics.frameIn(frame.type)
            service.receive(frame, from: id)
            return
        }
        metrics.frameIn("req")
        guard bucket.take() else {
            service.receiveInvalid(SignalingError(.rateLimited, "more than \(configuration.requestsPerSecond) requests a second"),
                                   requestID: request.id, from: id)
            return
        }
        let started = ContinuousClock.now
        service.receive(frame, from: id)
        metrics.requestLatency(ContinuousClock.now - started)
    }
}

private struct ConnectionAborted: Error {}

/// Closes connections that were not welcomed within the handshake timeout or fell silent past the idle
/// timeout. One task for the whole server, not a sleeping task per connection: an idle connection then
/// costs no task of its own (memory per idle session is a target, docs/PERFORMANCE.md).
struct ConnectionWatchdog: Service {
    let server: SignalingServer

    func run() async throws {
        let configuration = server.configuration
        // A quarter of the shorter timeout, between 10 ms and 1 s: a connection is closed at most that late.
        let interval = max(.milliseconds(10), min(.seconds(1), min(configuration.handshakeTimeout, configuration.idleTimeout) / 4))
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                server.closeExpiredConnections(at: .now)
            }
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
