import Dispatch
import Foundation
import PostgresNIO
import TestSupport
import SwitchboardClient
import SwitchboardCluster

/// Whether the cluster suites can run: they need a PostgreSQL server (`SWITCHBOARD_TEST_POSTGRES`, which
/// scripts/test sets after starting one with scripts/postgres-up) and the built `switchboard` binary.
public enum ClusterTestEnvironment {
    public static var isAvailable: Bool { TestPostgres.server != nil }
}

/// A cluster of `switchboard serve --cluster` nodes as subprocesses, on a database of its own in the test
/// PostgreSQL server (created for it, dropped at ``stop()``): the real thing, nothing mocked.
public final class LoopbackCluster: @unchecked Sendable {
    // @unchecked: one test drives it at a time.
    public let database: PostgresURL
    private let server: PostgresURL
    private let databaseName: String
    public private(set) var nodes: [ServerProcess] = []
    private let arguments: [String]
    /// The apps the nodes serve: the development app, or those of a configuration file in `arguments`.
    public let apps: [String]

    /// Starts `count` nodes and waits until every one is healthy and a node hosts each of `apps`.
    /// `server` is the test PostgreSQL unless given (a test that stops its own).
    public static func start(nodes count: Int, arguments: [String] = [], apps: [String] = ["development"],
                             server: PostgresURL? = nil) async throws -> LoopbackCluster {
        guard SwitchboardBinary.isBuilt else { throw TestFailure(SwitchboardBinary.missing) }
        guard let text = TestPostgres.server else { throw TestFailure("SWITCHBOARD_TEST_POSTGRES is not set") }
        let server = try server ?? PostgresURL(text)
        let name = "sb_cluster_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        _ = try await TestPostgres.query(server, "CREATE DATABASE \(name)")
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

    /// Starts a node, `switchboard serve --cluster`, (or starts it again after it stopped) and waits until
    /// it listens. Load shedding is off: the suite's own load on two cores would make a node refuse calls.
    /// The node's log is kept in the run's temporary folder (scripts/test keeps it when a run fails), one
    /// file a node across its restarts.
    @discardableResult
    public func startNode(_ name: String, port: Int = 0) async throws -> ServerProcess {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-\(database.database)-\(name).log")
        let node = try ServerProcess(["serve", "--port", String(port), "--cluster", database.text, "--node", name,
                                      "--no-load-shedding"] + arguments, name: name, log: log)
        try await node.waitUntilListening()
        nodes.removeAll { $0.name == name }
        nodes.append(node)
        return node
    }

    public func node(_ name: String) -> ServerProcess? { nodes.first { $0.name == name } }

    /// The node whose lease covers `app` (the development app unless named) now, read from PostgreSQL.
    public func host(of app: String = "development") async throws -> String? {
        let rows = try await TestPostgres.query(database, "SELECT node FROM realm_leases WHERE app = '\(app)' AND expires_at > now()")
        return try rows.first.map { try $0.decode(String.self) }
    }

    /// Waits, within `timeout`, until a live node hosts each app and every running node answers `/healthz`.
    public func waitUntilHosted(timeout: Duration = .seconds(20)) async throws {
        try await eventually("a node hosts each app", timeout: timeout) {
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
    public func environment(queue: DispatchQueue, on nodes: [ServerProcess]) -> ClientEnvironment {
        ClientEnvironment(transport: try! WebSocketTransport(urls: nodes.map(\.url), first: 0), clock: .system(),
                          callbackQueue: queue)
    }

    /// Stops every node (SIGKILL) and drops the database.
    public func stop() async {
        for node in nodes { await node.kill() }
        _ = try? await TestPostgres.query(server, "DROP DATABASE IF EXISTS \(databaseName) WITH (FORCE)")
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
