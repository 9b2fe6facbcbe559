import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import PostgresNIO
import SwitchboardCluster

/// The PostgreSQL server the suites run against: `SWITCHBOARD_TEST_POSTGRES`, a URL (scripts/test starts a
/// throwaway server with scripts/postgres-up and sets it). Each test works in a database of its own,
/// created for it and dropped after it, so tests run in parallel and leave nothing behind.
public enum TestPostgres {
    public static let server: String? = ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES"]

    /// Runs `body` with the URL of a new database, dropped afterwards whatever happens.
    public static func withDatabase<Result>(_ body: (PostgresURL) async throws -> Result) async throws -> Result {
        guard let text = Self.server else { throw ClusterTestFailure("SWITCHBOARD_TEST_POSTGRES is not set") }
        let server = try PostgresURL(text)
        return try await withDatabase(on: server, body)
    }

    public static func withDatabase<Result>(on server: PostgresURL, _ body: (PostgresURL) async throws -> Result) async throws
        -> Result
    {
        let name = "sb_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        _ = try await admin(server) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger).collect()
        }
        do {
            let result = try await body(server.with(database: name))
            try await drop(name, on: server)
            return result
        } catch {
            try? await drop(name, on: server)
            throw error
        }
    }

    /// Runs SQL on the test's database directly, beside the store.
    public static func query(_ url: PostgresURL, _ sql: String) async throws -> [PostgresRow] {
        try await admin(url) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).collect()
        }
    }

    public static let logger = Logger(label: "switchboard.test.postgres")

    private static func drop(_ name: String, on server: PostgresURL) async throws {
        _ = try await admin(server) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
                .collect()
        }
    }

    private static func admin<Result>(_ url: PostgresURL, _ body: (PostgresConnection) async throws -> Result)
        async throws -> Result
    {
        let database = try SwitchboardCluster.PostgresDatabase(url: url)
        let connection = try await database.makeConnection()
        do {
            let result = try await body(connection)
            try await connection.close()
            database.close()
            return result
        } catch {
            try? await connection.close()
            database.close()
            throw error
        }
    }
}

/// scripts/postgres-up and postgres-down, for a test that needs a server of its own (to stop it).
public enum PostgresScripts {
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A new folder for a cluster, reachable by the server's user when the tests run as root.
    public static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-pg-\(UUID().uuidString.prefix(8))")
        return folder.path
    }

    /// Runs `scripts/<name> arguments`; returns its standard output, or throws with its standard error.
    /// Spawned and waited for directly (``spawnChild(_:standardOutput:standardError:)``, waitpid):
    /// Foundation's `Process` was seen never to notice the script's exit once it had started PostgreSQL's
    /// daemon.
    @discardableResult
    public static func run(_ name: String, _ arguments: [String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outPath = folder.appendingPathComponent("out").path
        let errPath = folder.appendingPathComponent("err").path

        let files = O_WRONLY | O_CREAT | O_TRUNC
        let pid: pid_t
        do {
            pid = try spawnChild(["/bin/bash", repository.appendingPathComponent("scripts/\(name)").path] + arguments,
                                 standardOutput: .file(outPath, flags: files, mode: 0o600),
                                 standardError: .file(errPath, flags: files, mode: 0o600))
        } catch {
            throw ScriptFailed(script: name, status: error.code, errors: "posix_spawn failed")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        // Exited normally with status 0 (the wait status's low 7 bits: the signal, if any; then the code).
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw ScriptFailed(script: name, status: status, errors: err)
        }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public struct ScriptFailed: Error, CustomStringConvertible {
        public var script: String
        public var status: Int32
        public var errors: String
        public var description: String { "scripts/\(script) exited \(status): \(errors)" }
    }
}
