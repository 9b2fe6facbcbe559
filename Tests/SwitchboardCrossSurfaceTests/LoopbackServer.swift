import Dispatch
import Logging
import SwitchboardClient
import SwitchboardServer
import SwitchboardService

/// A signaling server on an ephemeral loopback port, for tests that run the surfaces over the network.
final class LoopbackServer: Sendable {
    let service: SignalingService
    private let port: Int
    private let task: Task<Void, any Error>

    static func start() async throws -> LoopbackServer {
        let logger = Logger(label: "test.server", factory: { _ in SwiftLogNoOpLogHandler() })
        let service = SignalingService(configuration: .development, clock: .system(), store: MemoryStore(),
                                       verifier: nil, logger: logger)
        let server = SignalingServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, overload: .disabled), service: service,
                                     logger: logger)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run(gracefulShutdownSignals: []) { continuation.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return LoopbackServer(service: service, port: port, task: task)
    }

    private init(service: SignalingService, port: Int, task: Task<Void, any Error>) {
        self.service = service
        self.port = port
        self.task = task
    }

    /// A client environment that talks to this server over a WebSocket, with callbacks on `queue`.
    func environment(queue: DispatchQueue) -> ClientEnvironment {
        ClientEnvironment(transport: WebSocketTransport(url: "ws://127.0.0.1:\(port)\(ServerConfiguration.signalPath)"),
                          clock: .system(), callbackQueue: queue)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}

/// Waits in real time, up to `timeout`, for a condition (the server runs on the system clock).
func eventually(_ what: String, timeout: Duration = .seconds(10), _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { throw NotReached(what: what) }
        try await Task.sleep(for: .milliseconds(5))
    }
}

struct NotReached: Error, CustomStringConvertible {
    let what: String
    var description: String { "not reached in time: \(what)" }
}
