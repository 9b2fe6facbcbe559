import Foundation
import ServerTestSupport
import Testing
import SwitchboardCommandLine
import TestSupport
import SwitchboardCore
import SwitchboardServer
import SwitchboardService

/// `switchboard calls` as a user runs it (the built binary, bounded in time) and its admin API client
/// against a real server: options refused before any request, and every way a request can fail said
/// plainly, with status 1 (docs/SERVER.md, "Live calls from a terminal").
@Suite("switchboard calls: options and failures", .serialized)
struct LiveCallsCommandTests {
    static let secret = "a-backend-secret-of-at-least-32-bytes"

    /// Runs `switchboard calls ARGUMENTS` with only `environment` (no SWITCHBOARD_* of the machine's) and
    /// returns its status and output; killed after 30 s.
    static func calls(_ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, out: String, err: String) {
        let outcome = try await SwitchboardBinary.run(["calls"] + arguments,
                                                      environment: environment.merging(["PATH": "/usr/bin:/bin"]) { mine, _ in mine },
                                                      timeout: .seconds(30))
        return (outcome.status, outcome.output, outcome.errors)
    }

    /// A server with one configured app (so the admin API asks for its secret), no record store on disk.
    static func withConfiguredServer(_ body: (Int) async throws -> Void) async throws {
        let file = ServerConfigFile(apps: [AppConfiguration(id: "acme", vendorIDs: ["acme-app"], secret: secret)])
        let service = testService(configuration: file.serviceConfiguration, verifier: JWTTokenVerifier())
        try await LoopbackServer.with(service: service) { server in try await body(server.port) }
    }

    @Test("options that cannot work are refused before any request, as usage errors (status 64) that say why")
    func usage() async throws {
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
