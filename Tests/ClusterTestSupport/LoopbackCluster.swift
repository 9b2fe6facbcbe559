import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
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
        for node in nodes { node.kill() }
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
public final class NodeProcess: @unchecked Sendable {
    // @unchecked: one test drives it at a time.
    public let name: String
    public let process = Process()
    private let output = Pipe()
    public private(set) var port = 0

    init(name: String, database: PostgresURL, port: Int, arguments: [String]) throws {
        self.name = name
        process.executableURL = ClusterTestEnvironment.binary
        // Load shedding off: the suite's own load on two cores would make a node refuse calls.
        process.arguments = ["serve", "--port", String(port), "--cluster", database.text, "--node", name,
                             "--no-load-shedding"] + arguments
        process.standardOutput = output
        // The node's log, kept in the run's temporary folder (scripts/test keeps it when a run fails).
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-\(database.database)-\(name).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = (try? FileHandle(forWritingTo: log)) ?? FileHandle.nullDevice
        try process.run()
    }

    public var url: String { "ws://127.0.0.1:\(port)/v1/signal" }
    public var isRunning: Bool { process.isRunning }

    public func waitUntilListening() async throws {
        let handle = output.fileHandleForReading
        let line: String = try await withCheckedThrowingContinuation { done in
            DispatchQueue.global().async {
                var buffer = Data()
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { return done.resume(throwing: ClusterTestFailure("node exited before listening")) }
                    buffer.append(chunk)
                    if let text = String(data: buffer, encoding: .utf8), text.contains("\n") { return done.resume(returning: text) }
                }
            }
        }
        guard let range = line.range(of: #":(\d+)/v1/signal"#, options: .regularExpression) else {
            throw ClusterTestFailure("no port in \(line)")
        }
        port = Int(line[range].dropFirst().prefix { $0.isNumber })!
    }

    /// `GET path` on the node's HTTP port: the status (0 when nothing answered) and the body, or why
    /// nothing answered.
    private func get(_ path: String, timeout: TimeInterval) async -> (status: Int, body: Data?, error: (any Error)?) {
        await withCheckedContinuation { done in
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.timeoutInterval = timeout
            URLSession.shared.dataTask(with: request) { data, response, error in
                done.resume(returning: ((response as? HTTPURLResponse)?.statusCode ?? 0, data, error))
            }.resume()
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
        await withCheckedContinuation { done in
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.httpMethod = method
            request.timeoutInterval = timeout
            if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
            URLSession.shared.dataTask(with: request) { data, response, _ in
                done.resume(returning: ((response as? HTTPURLResponse)?.statusCode ?? 0, data.map { String(decoding: $0, as: UTF8.self) } ?? ""))
            }.resume()
        }
    }

    /// SIGSTOP: the node freezes (its leases run out; it answers nothing) until killed.
    public func freeze() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGSTOP)
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

    public func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM: the node drains; returns how long it took to exit.
    public func terminate() -> Duration {
        let started = ContinuousClock.now
        guard process.isRunning else { return .zero }
        process.terminate()
        process.waitUntilExit()
        return ContinuousClock.now - started
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
