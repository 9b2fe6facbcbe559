import Foundation
import Logging
import Testing
import SwitchboardCommandLine
import SwitchboardCore
import SwitchboardServer
import SwitchboardService

/// `switchboard calls` as a user runs it (the built binary, bounded in time) and its admin API client
/// against a real server: options refused before any request, and every way a request can fail said
/// plainly, with status 1 (docs/SERVER.md, "Live calls from a terminal").
@Suite("switchboard calls: options and failures", .serialized)
struct LiveCallsCommandTests {
    static let secret = "a-backend-secret-of-at-least-32-bytes"

    /// The built binary, beside the test bundle (`swift build --build-tests`).
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("switchboard")
    }

    /// Runs `switchboard calls ARGUMENTS` with only `environment` (no SWITCHBOARD_* of the machine's) and
    /// returns its status and output; killed after 30 s.
    static func calls(_ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["calls"] + arguments
        process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { mine, _ in mine }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let ended = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in ended.continuation.yield(); ended.continuation.finish() }
        try process.run()
        let killer = Task {
            try await Task.sleep(for: .seconds(30))
            process.terminate()
        }
        // Read while it runs, so a full pipe never blocks it; on threads of their own, since a blocking read
        // on the cooperative pool (two threads here) would starve the server the test runs in process.
        async let output = Self.readToEnd(out)
        async let errors = Self.readToEnd(err)
        for await _ in ended.stream {}
        killer.cancel()
        return (process.terminationStatus, String(decoding: await output, as: UTF8.self), String(decoding: await errors, as: UTF8.self))
    }

    private static func readToEnd(_ pipe: Pipe) async -> Data {
        await withCheckedContinuation { done in
            DispatchQueue.global().async { done.resume(returning: pipe.fileHandleForReading.readDataToEndOfFile()) }
        }
    }

    /// A server with one configured app (so the admin API asks for its secret), no record store on disk.
    static func withConfiguredServer(_ body: (Int) async throws -> Void) async throws {
        let file = ServerConfigFile(apps: [AppConfiguration(id: "acme", vendorIDs: ["acme-app"], secret: secret)])
        let service = SignalingService(configuration: file.serviceConfiguration, clock: .system(), store: InMemoryCallRecordStore(),
                                       verifier: JWTTokenVerifier(), logger: LoopbackServer.quiet)
        try await LoopbackServer.with(service: service) { server in try await body(server.port) }
    }

    @Test("options that cannot work are refused before any request, as usage errors (status 64) that say why")
    func usage() async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            Issue.record("build the switchboard binary first (swift build --build-tests): \(Self.binary.path)")
            return
        }
        let cases: [([String], [String: String], String)] = [
            (["--limit", "0"], [:], "--limit must be 1 to 500, not 0"),
            (["--limit", "501"], [:], "--limit must be 1 to 500, not 501"),
            (["--all", "--limit", "10"], [:], "--all and --limit exclude each other"),
            (["--json", "--watch"], [:], "--json and --watch exclude each other"),
            (["--state", "ended"], [:], "'ended'"),
            (["--surface", "sip trunk"], [:], "--surface must be 1 to 32 letters"),
            (["--user", ""], [:], "--user must not be empty"),
            (["--app", "acme"], [:], "an app needs its secret"),
            ([], ["SWITCHBOARD_SECRET": "s"], "a secret needs its app"),
            (["--server", "ftp://127.0.0.1:7480"], [:], "is not a server address"),
            ([], ["SWITCHBOARD_URL": "127.0.0.1:7480"], "is not a server address"),
        ]
        for (arguments, environment, message) in cases {
            let run = try await Self.calls(arguments, environment: environment)
            #expect(run.status == 64, "\(arguments) \(environment): \(run.err)")
            #expect(run.err.contains(message), "\(arguments) \(environment): \(run.err)")
            #expect(run.out.isEmpty)
        }
    }

    @Test("a server that is not there: calls: cannot reach the server at ..., status 1")
    func unreachable() async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            Issue.record("build the switchboard binary first (swift build --build-tests): \(Self.binary.path)")
            return
        }
        // Nothing listens on port 9 (discard) of loopback here; a signaling URL names the same server.
        for environment in [["SWITCHBOARD_URL": "ws://127.0.0.1:9/v1/signal,ws://127.0.0.1:10/v1/signal"], [:]] {
            let run = try await Self.calls(environment.isEmpty ? ["--server", "http://127.0.0.1:9"] : [], environment: environment)
            #expect(run.status == 1)
            #expect(run.err == "calls: cannot reach the server at http://127.0.0.1:9 (connection refused); is `switchboard serve` running there?\n")
            #expect(run.out.isEmpty)
        }
    }

    @Test("the admin client: the server's typed error as it sent it, an answer that is not the admin API's, no server")
    func clientFailures() async throws {
        try await Self.withConfiguredServer { port in
            let wrong = try AdminClient(server: "ws://127.0.0.1:\(port)/v1/signal", credentials: ("acme", "wrong"))
            await #expect(throws: AdminClientError.refused(status: 401, code: "invalid_token", message: "unknown app or wrong secret")) {
                _ = try await wrong.get("/v1/admin/calls")
            }
            let none = try AdminClient(server: "http://127.0.0.1:\(port)", credentials: nil)
            await #expect(throws: AdminClientError.refused(status: 401, code: "invalid_token",
                                                           message: "the admin API needs Authorization: Basic base64(appID:secret)")) {
                _ = try await none.get("/v1/admin/calls")
            }
            let right = try AdminClient(server: "http://127.0.0.1:\(port)", credentials: ("acme", Self.secret))
            #expect(try await right.get("/v1/admin/calls")["calls"]?.arrayValue == [])
            // /healthz answers "ok": not JSON.
            do {
                _ = try await right.get("/healthz")
                Issue.record("a body that is not JSON was taken")
            } catch {
                guard case .unreadable(let server, let reason) = error as? AdminClientError else { Issue.record("\(error)"); return }
                #expect(server == "http://127.0.0.1:\(port)")
                #expect(reason.hasPrefix("HTTP 200, a body that is not JSON"))
            }
        }
        let nobody = try AdminClient(server: "http://127.0.0.1:9", credentials: nil)
        await #expect(throws: AdminClientError.unreachable(server: "http://127.0.0.1:9", reason: "connection refused")) {
            _ = try await nobody.get("/v1/admin/calls")
        }
    }
}
