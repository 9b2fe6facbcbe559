import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwitchboardClient
import SwitchboardCore
import SwitchboardServer
import SwitchboardService

/// A network server in the test's own process on an ephemeral loopback port, for the suites that reach a
/// service over real sockets (clients, surfaces, the load generator, `switchboard calls`). Every such
/// server a test runs is started here, over a service of ``testService(configuration:clock:store:verifier:liveCalls:profiles:userData:cluster:logger:)``
/// unless it is `switchboard serve`'s own (``startDurable(apps:)``). Runs until ``stop()``.
public final class LoopbackServer: Sendable {
    public let server: SignalingServer
    public let port: Int
    private let task: Task<Void, any Error>

    public var service: SignalingService { server.service }
    /// The signaling endpoint.
    public var url: String { "ws://127.0.0.1:\(port)\(ServerConfiguration.signalPath)" }
    /// The HTTP base: health, metrics, the admin API, the console.
    public var http: String { "http://127.0.0.1:\(port)" }

    /// Starts a server with `configuration` over `service` (a development-mode one unless given). Load
    /// shedding is off unless the configuration gives its own overload settings: the suites' own load on two
    /// cores can make the server's event loops lag, and they count calls exactly.
    public static func start(_ configuration: ServerConfiguration = ServerConfiguration(host: "127.0.0.1", port: 0),
                             service: SignalingService = testService()) async throws -> LoopbackServer {
        var configuration = configuration
        if configuration.overload == OverloadConfiguration() { configuration.overload = .disabled }
        return try await run(SignalingServer(configuration: configuration, service: service, logger: quietLogger))
    }

    /// The server as `switchboard serve` builds it: a SQLite store in a temporary file, the apps given
    /// (development mode without), JWT and UserSig tokens, webhooks; no load shedding.
    public static func startDurable(apps: [AppConfiguration]) async throws -> LoopbackServer {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-\(UUID().uuidString).sqlite").path
        return try await run(try SignalingServer.serving(
            configuration: ServerConfiguration(host: "127.0.0.1", port: 0, overload: .disabled), file: ServerConfigFile(apps: apps),
            store: try SQLiteStore(path: path), logger: quietLogger))
    }

    /// Runs `body` with a server started as ``start(_:service:)`` does, stopped afterwards whether `body`
    /// throws or not.
    public static func with(_ configuration: ServerConfiguration = ServerConfiguration(host: "127.0.0.1", port: 0),
                            service: SignalingService = testService(), _ body: (LoopbackServer) async throws -> Void) async throws {
        let server = try await start(configuration, service: service)
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private static func run(_ server: SignalingServer) async throws -> LoopbackServer {
        let (ports, found) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run(gracefulShutdownSignals: []) { found.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            task.cancel()
            throw CancellationError()
        }
        return LoopbackServer(server: server, port: port, task: task)
    }

    private init(server: SignalingServer, port: Int, task: Task<Void, any Error>) {
        self.server = server
        self.port = port
        self.task = task
    }

    /// Stops the server: its connections close as when the process goes away.
    public func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// A client environment that talks to this server over a WebSocket, with callbacks on `queue`.
    public func environment(queue: DispatchQueue) -> ClientEnvironment {
        ClientEnvironment(transport: WebSocketTransport(url: url), clock: .system(), callbackQueue: queue)
    }

    /// A client session of `user` (device `<user>-1`) in the app `test-app`.
    public func session(_ user: UserID) -> ClientSession {
        let configuration = ClientConfiguration(app: "test-app", user: user, device: DeviceID("\(user.rawValue)-1"),
                                                token: "token", surface: "test")
        return ClientSession(configuration: configuration, transport: WebSocketTransport(url: url), clock: .system())
    }

    /// A plain HTTP GET: the status and the body.
    public func get(_ path: String) async throws -> (status: Int, body: String) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: http + path)!)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}
