import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import Synchronization
import PostgresNIO
import SwitchboardClient
import SwitchboardCluster

/// Whether the cluster suites can run: they need a PostgreSQL server (`SWITCHBOARD_TEST_POSTGRES`, which
/// scripts/test sets after starting one with scripts/postgres-up) and the built `switchboard` binary.
public enum ClusterTestEnvironment {
    public static let postgres: String? = ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES"]

    public static var binary: URL {
        // The test bundle sits next to the products of the same build (`swift build --build-tests`).
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("switchboard")
    }

    public static var isAvailable: Bool { postgres != nil }
}

/// A cluster of `switchboard serve --cluster` nodes as subprocesses, on a database of its own in the test
/// PostgreSQL server (created for it, dropped at ``stop()``): the real thing, nothing mocked.
public final class LoopbackCluster: @unchecked Sendable {
    // @unchecked: one test drives it at a time.
    public let database: PostgresURL
    private let server: PostgresURL
    private let databaseName: String
    public private(set) var nodes: [NodeProcess] = []
    private let arguments: [String]
    /// The apps the nodes serve: the development app, or those of a configuration file in `arguments`.
    public let apps: [String]

    /// Starts `count` nodes and waits until every one is healthy and a node hosts each of `apps`.
    /// `server` is the test PostgreSQL unless given (a test that stops its own).
    public static func start(nodes count: Int, arguments: [String] = [], apps: [String] = ["development"],
                             server: PostgresURL? = nil) async throws -> LoopbackCluster {
        guard FileManager.default.isExecutableFile(atPath: ClusterTestEnvironment.binary.path) else {
            throw ClusterTestFailure("build the switchboard binary first (swift build --build-tests)")
        }
        guard let text = ClusterTestEnvironment.postgres else { throw ClusterTestFailure("SWITCHBOARD_TEST_POSTGRES is not set") }
        let server = try server ?? PostgresURL(text)
        let name = "sb_cluster_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await Self.sql(on: server, "CREATE DATABASE \(name)")
        let cluster = LoopbackCluster(server: server, databaseName: name, arguments: arguments, apps: apps)
        for index in 1...count {
            try await cluster.startNode("node\(index)")
        }
        try await cluster.waitUntilHosted()
        return cluster
    }

    private init(server: PostgresURL, databaseName: String, arguments: [String], apps: [String]) {
        self.server = server
        self.databaseName = databaseName
        database = server.with(database: databaseName)
        self.arguments = arguments
        self.apps = apps
    }

    /// Starts a node (or starts it again after it stopped) and waits until it listens.
    @discardableResult
    public func startNode(_ name: String, port: Int = 0) async throws -> NodeProcess {
        let node = try NodeProcess(name: name, database: database, port: port, arguments: arguments)
        try await node.waitUntilListening()
        nodes.removeAll { $0.name == name }
        nodes.append(node)
        return node
    }

    public func node(_ name: String) -> NodeProcess? { nodes.first { $0.name == name } }

    /// The node whose lease covers `app` (the development app unless named) now, read from PostgreSQL.
    public func host(of app: String = "development") async throws -> String? {
        let rows = try await Self.query(database, "SELECT node FROM realm_leases WHERE app = '\(app)' AND expires_at > now()")
        return try rows.first.map { try $0.decode(String.self) }
    }

    /// Waits, within `timeout`, until a live node hosts each app and every running node answers `/healthz`.
    public func waitUntilHosted(timeout: Duration = .seconds(20)) async throws {
        try await clusterEventually("a node hosts each app", timeout: timeout) {
            for app in self.apps {
                guard let host = try? await self.host(of: app), self.nodes.contains(where: { $0.name == host && $0.isRunning }) else {
                    return false
                }
            }
            for node in self.nodes where node.isRunning {
                guard await node.health().status == 200 else { return false }
            }
            return true
        }
        // Every node reads the leases once a round (a second): after one more, each knows the host, and a
        // hello it takes is bridged rather than refused for want of one.
        try await Task.sleep(for: .milliseconds(1_500))
    }

    /// A client environment whose transport knows `urls` (in that order), callbacks on `queue`.
    public func environment(queue: DispatchQueue, on nodes: [NodeProcess]) -> ClientEnvironment {
        ClientEnvironment(transport: try! WebSocketTransport(urls: nodes.map(\.url), first: 0), clock: .system(),
                          callbackQueue: queue)
    }

    /// Stops every node (SIGKILL) and drops the database.
    public func stop() async {
        for node in nodes { await node.kill() }
        try? await Self.sql(on: server, "DROP DATABASE IF EXISTS \(databaseName) WITH (FORCE)")
    }

    public static let logger = Logger(label: "switchboard.test.cluster", factory: { _ in SwiftLogNoOpLogHandler() })

    public static func sql(on url: PostgresURL, _ text: String) async throws {
        _ = try await query(url, text)
    }

    public static func query(_ url: PostgresURL, _ text: String) async throws -> [PostgresRow] {
        let database = try SwitchboardCluster.PostgresDatabase(url: url)
        defer { database.close() }
        let connection = try await database.makeConnection()
        do {
            let rows = try await connection.query(PostgresQuery(unsafeSQL: text), logger: logger).collect()
            try await connection.close()
            return rows
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

/// One `switchboard serve --cluster` node as a subprocess.
///
/// Spawned with ``spawnChild(_:standardOutput:standardError:)`` and reaped by a thread of its own blocked in
/// `waitpid`: a `waitUntilExit()` that never returns would hold the whole run. The node inherits no
/// descriptor of the test process but its standard streams (a test's client socket held open by a node
/// would hide the close from the server it was talking to). Every wait on it has a deadline
/// (``withinDeadline(_:timeout:onTimeout:_:)``).
public final class NodeProcess: @unchecked Sendable {
    // @unchecked: `port` is set once, by `waitUntilListening()`, before the test uses the node.
    public let name: String
    /// The node's process id, for signals a test sends itself (SIGSTOP, SIGCONT).
    public let pid: pid_t
    /// The node's first line on standard output (its address), or nil when its output ended first.
    private let firstLine = Latch<String?>()
    /// The node's wait status, once it exited and was reaped.
    private let exitStatus = Latch<Int32>()
    public private(set) var port = 0

    init(name: String, database: PostgresURL, port: Int, arguments: [String]) throws {
        self.name = name
        // Load shedding off: the suite's own load on two cores would make a node refuse calls.
        let argv = [ClusterTestEnvironment.binary.path, "serve", "--port", String(port), "--cluster", database.text,
                    "--node", name, "--no-load-shedding"] + arguments
        // The node's log, kept in the run's temporary folder (scripts/test keeps it when a run fails).
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-\(database.database)-\(name).log")
        pid = try Self.spawn(argv, log: log.path) { [firstLine] output in
            // Read on a thread of its own to the end of the node's output: the first line is its address;
            // the rest is read and dropped, so that the pipe never fills under a node that writes more.
            Thread.detachNewThread {
                var line: [UInt8] = []
                var reported = false
                var chunk = [UInt8](repeating: 0, count: 4_096)
                while true {
                    let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    guard !reported else { continue }
                    line += chunk[..<count]
                    if let end = line.firstIndex(of: UInt8(ascii: "\n")) {
                        reported = true
                        firstLine.set(String(decoding: line[..<end], as: UTF8.self))
                    }
                }
                close(output)
                if !reported { firstLine.set(nil) }
            }
        }
        Thread.detachNewThread { [pid, exitStatus] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 {
                guard errno == EINTR else { status = -1; break }
            }
            exitStatus.set(status)
        }
    }

    /// Starts `argv` with standard error appended to `log` and standard output into a pipe whose reading
    /// end goes to `reader`.
    private static func spawn(_ argv: [String], log: String, reader: (Int32) -> Void) throws -> pid_t {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw ClusterTestFailure("pipe: errno \(errno)") }
        // Neither end leaks into a process another thread spawns meanwhile; the child's dup2 to 1 clears it.
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(pipe[1]) }
        do {
            let pid = try spawnChild(argv, standardOutput: .descriptor(pipe[1]),
                                     standardError: .file(log, flags: O_WRONLY | O_CREAT | O_APPEND, mode: 0o644))
            reader(pipe[0])
            return pid
        } catch {
            close(pipe[0])
            throw ClusterTestFailure("posix_spawn \(argv[0]): error \(error.code)")
        }
    }

    public var url: String { "ws://127.0.0.1:\(port)/v1/signal" }
    /// Whether the node has not exited yet (a frozen node is running).
    public var isRunning: Bool { exitStatus.value == nil }

    /// Waits for the node's first line (its address) within `timeout`; a node that says nothing by then
    /// is killed and the wait throws.
    public func waitUntilListening(timeout: Duration = .seconds(30)) async throws {
        let line = try await withinDeadline("\(name) prints its address", timeout: timeout,
                                            onTimeout: { [self] in signal(SIGKILL) }) { done in
            firstLine.whenSet { done(.success($0)) }
        }
        guard let line else { throw ClusterTestFailure("\(name) exited before listening") }
        guard let range = line.range(of: #":(\d+)/v1/signal"#, options: .regularExpression) else {
            throw ClusterTestFailure("no port in \(line)")
        }
        port = Int(line[range].dropFirst().prefix { $0.isNumber })!
    }

    /// `GET path` on the node's HTTP port: the status (0 when nothing answered) and the body, or why
    /// nothing answered.
    private func get(_ path: String, timeout: TimeInterval) async -> (status: Int, body: Data?, error: (any Error)?) {
        await exchange("GET", path, timeout: timeout)
    }

    /// `method path` on the node's HTTP port: the status (0 when nothing answered), the body, or why nothing
    /// answered. URLSession's own timeout is backed by a deadline of ours a little later.
    private func exchange(_ method: String, _ path: String, authorization: String? = nil,
                          timeout: TimeInterval) async -> (status: Int, body: Data?, error: (any Error)?) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.timeoutInterval = timeout
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        do {
            return try await withinDeadline("\(method) \(path) on \(name)", timeout: .seconds(timeout + 5)) { done in
                URLSession.shared.dataTask(with: request) { data, response, error in
                    done(.success(((response as? HTTPURLResponse)?.statusCode ?? 0, data, error)))
                }.resume()
            }
        } catch {
            return (0, nil, error)
        }
    }

    /// `GET /healthz`: the status and the body.
    public func health() async -> (status: Int, body: String) {
        let answer = await get("/healthz", timeout: 2)
        return (answer.status, answer.body.map { String(decoding: $0, as: UTF8.self) } ?? "")
    }

    /// `method path` on the node's HTTP port with an `Authorization` header if given: the status (0 when
    /// nothing answered) and the body.
    public func request(_ method: String, _ path: String, authorization: String? = nil,
                        timeout: TimeInterval = 10) async -> (status: Int, body: String) {
        let answer = await exchange(method, path, authorization: authorization, timeout: timeout)
        return (answer.status, answer.body.map { String(decoding: $0, as: UTF8.self) } ?? "")
    }

    /// SIGSTOP: the node freezes (its leases run out; it answers nothing) until killed.
    public func freeze() {
        signal(SIGSTOP)
    }

    /// Sends `signal` to the node unless it has exited (its pid, not yet reaped until then, is still its own).
    public func signal(_ signal: Int32) {
        guard isRunning else { return }
        Glibc.kill(pid, signal)
    }

    /// A JSON document from the node's admin API (development mode: no credentials).
    public func admin(_ path: String) async throws -> Data {
        let answer = await get("/v1/admin/\(path)", timeout: 5)
        guard let body = answer.body else { throw answer.error ?? ClusterTestFailure("no answer") }
        return body
    }

    /// `GET /metrics`.
    public func metrics() async throws -> String {
        let answer = await get("/metrics", timeout: 2)
        guard let body = answer.body else { throw answer.error ?? ClusterTestFailure("no answer") }
        return String(decoding: body, as: UTF8.self)
    }

    /// SIGKILL, and the node reaped (within 30 s: a process killed outright is gone in milliseconds).
    public func kill() async {
        signal(SIGKILL)
        _ = try? await exited(within: .seconds(30))
    }

    /// SIGTERM: the node drains; returns how long it took to exit. A node still running after `bound`
    /// (a drain that hangs) is killed with SIGKILL, so the wait ends either way; the caller's check of
    /// the time it took then fails.
    public func terminate(bound: Duration = .seconds(30)) async -> Duration {
        let started = ContinuousClock.now
        guard isRunning else { return .zero }
        signal(SIGTERM)
        if (try? await exited(within: bound)) == nil { await kill() }
        return ContinuousClock.now - started
    }

    /// The node's wait status once it exits, within `timeout`.
    private func exited(within timeout: Duration) async throws -> Int32 {
        try await withinDeadline("\(name) exits", timeout: timeout) { done in exitStatus.whenSet { done(.success($0)) } }
    }
}

public struct ClusterTestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Waits in real time, up to `timeout`, for an asynchronous condition (the nodes run on the system clock).
public func clusterEventually(_ what: String, timeout: Duration = .seconds(15), _ condition: () async -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while await !condition() {
        guard ContinuousClock.now < deadline else { throw ClusterTestFailure("not reached in time: \(what)") }
        try await Task.sleep(for: .milliseconds(50))
    }
}

/// Runs `body` with a cluster of `nodes` nodes, stopped afterwards whatever happens.
public func withCluster(nodes: Int, arguments: [String] = [], apps: [String] = ["development"], server: PostgresURL? = nil,
                 _ body: (LoopbackCluster) async throws -> Void) async throws {
    let cluster = try await LoopbackCluster.start(nodes: nodes, arguments: arguments, apps: apps, server: server)
    do {
        try await body(cluster)
    } catch {
        await cluster.stop()
        throw error
    }
    await cluster.stop()
}

extension PostgresURL {
    /// The whole URL, password included, for a node's `--cluster`.
    public var text: String {
        "postgres://\(user)\(password.map { ":" + $0 } ?? "")@\(host):\(port)/\(database)"
    }
}
