import Foundation
import Logging
import PostgresNIO
import TestSupport
import SwitchboardCluster

/// The PostgreSQL server the suites run against: `SWITCHBOARD_TEST_POSTGRES`, a URL (scripts/test starts a
/// throwaway server with scripts/postgres-up and sets it). Each test works in a database of its own,
/// created for it and dropped after it, so tests run in parallel and leave nothing behind.
public enum TestPostgres {
    public static let server: String? = ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES"]

    /// Runs `body` with the URL of a new database, dropped afterwards whatever happens.
    public static func withDatabase<Result>(_ body: (PostgresURL) async throws -> Result) async throws -> Result {
        guard let text = Self.server else { throw TestFailure("SWITCHBOARD_TEST_POSTGRES is not set") }
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

    /// Runs `body` with a PostgreSQL server of its own in a new folder (the folder, for ``run(_:_:)`` to
    /// stop and start it), stopped afterwards whatever happens.
    public static func withOwnServer(_ body: (PostgresURL, String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-pg-\(UUID().uuidString.prefix(8))").path
        let server = try PostgresURL(try await run("postgres-up", [folder]))
        do {
            try await body(server, folder)
        } catch {
            _ = try? await run("postgres-down", [folder])
            throw error
        }
        _ = try? await run("postgres-down", [folder])
    }

    /// Runs `scripts/<name> arguments` (``runToExit(_:environment:input:timeout:)``: its children close the
    /// test process's descriptors, so PostgreSQL's daemon holds none of them); returns its standard output,
    /// or throws with its standard error.
    @discardableResult
    public static func run(_ name: String, _ arguments: [String]) async throws -> String {
        let outcome = try await runToExit(["/bin/bash", repository.appendingPathComponent("scripts/\(name)").path] + arguments,
                                          timeout: .seconds(120))
        guard outcome.status == 0 else { throw ScriptFailed(script: name, status: outcome.status, errors: outcome.errors) }
        return outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public struct ScriptFailed: Error, CustomStringConvertible {
        public var script: String
        public var status: Int32
        public var errors: String
        public var description: String { "scripts/\(script) exited \(status): \(errors)" }
    }
}
