import Logging
import SwitchboardServer
import SwitchboardService

/// A network server in this process on an ephemeral loopback port, for the suites that point the load
/// generator or `switchboard calls` at a real server: the service given (by default development mode with
/// in-memory records), no load shedding (the suites' own load on two cores would make it shed, and they
/// count calls exactly) and the request rate the test names. Runs until ``stop()``.
final class LoopbackServer: Sendable {
    let server: SignalingServer
    let port: Int
    private let task: Task<Void, any Error>

    var service: SignalingService { server.service }
    var signalURL: String { "ws://127.0.0.1:\(port)\(ServerConfiguration.signalPath)" }

    /// A development-mode service with in-memory records.
    static func developmentService() -> SignalingService {
        SignalingService(configuration: .development, clock: .system(), store: MemoryStore(), verifier: nil, logger: quiet)
    }

    static let quiet = Logger(label: "test.server", factory: { _ in SwiftLogNoOpLogHandler() })

    /// - Parameters:
    ///   - requestsPerSecond: each connection's request rate (and twice that as its burst); the server's
    ///     default when nil.
    init(service: SignalingService = LoopbackServer.developmentService(), requestsPerSecond: Int? = nil) async throws {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, overload: .disabled)
        if let requestsPerSecond {
            configuration.requestsPerSecond = requestsPerSecond
            configuration.requestBurst = 2 * requestsPerSecond
        }
        let server = SignalingServer(configuration: configuration, service: service, logger: Self.quiet)
        let (ports, found) = AsyncStream.makeStream(of: Int.self)
        task = Task { try await server.run(gracefulShutdownSignals: []) { found.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            task.cancel()
            throw CancellationError()
        }
        self.server = server
        self.port = port
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// Runs `body` with a server, stopped afterwards whether `body` throws or not.
    static func with(
        service: SignalingService = LoopbackServer.developmentService(), requestsPerSecond: Int? = nil,
        _ body: (LoopbackServer) async throws -> Void
    ) async throws {
        let server = try await LoopbackServer(service: service, requestsPerSecond: requestsPerSecond)
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
