import ArgumentParser
import Foundation
import SwitchboardCommandLine
import SwitchboardServer

/// `switchboard calls`: the live calls of an app on a running server, from its admin API
/// (`GET /v1/admin/calls/live`), as the web console lists them (docs/SERVER.md, "Live calls from a terminal").
struct LiveCallsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calls",
        abstract: "List the live calls of an app on a running server, as the web console does.",
        discussion: """
            One row per call: its id, state, mode, caller, participants (user:state@surface), how long it \
            has rung or been connected (mm:ss), when it was created and, on a cluster, the node that hosts \
            it. The credentials are the app's id and secret from the server's configuration; a server in \
            development mode takes none. Exit status 1 when the server refuses the request or cannot be \
            reached.
            """)

    @Option(help: "The server: http://HOST:PORT, https://, or its signaling URL (ws://, wss://). Default: SWITCHBOARD_URL's first server, else http://127.0.0.1:\(ServerConfiguration.defaultPort).")
    var server: String?

    @Option(help: "The app's id (default: SWITCHBOARD_APP). None for a server in development mode.")
    var app: String?

    @Option(help: "The app's secret (default: SWITCHBOARD_SECRET, which keeps it out of the process list).")
    var secret: String?

    @Option(help: "Only calls in this state.")
    var state: LiveCallsQuery.State?

    @Option(help: "Only calls this user takes part in.")
    var user: String?

    @Option(help: "Only calls with a participant on this surface: agora, artm, zim, tencent (AtomicX; atomicx is taken for it), or a client's own (cli, loadtest).")
    var surface: String?

    @Option(help: "Show at most this many calls, 1 to 500 (default 50).")
    var limit: Int?

    @Flag(help: "Every live call: follows the server's cursor page by page (500 a page).")
    var all = false

    @Flag(help: "The calls as a JSON array, as the server sent them (for scripts), instead of the table.")
    var json = false

    @Flag(help: "List again every second until interrupted: redrawn in place on a terminal, one list after another otherwise.")
    var watch = false

    /// Rows shown without `--limit` or `--all`.
    static let defaultLimit = 50

    func validate() throws {
        if let limit, !LiveCallsQuery.limits.contains(limit) {
            throw ValidationError("--limit must be 1 to \(LiveCallsQuery.limits.upperBound), not \(limit)")
        }
        if all && limit != nil { throw ValidationError("--all and --limit exclude each other") }
        if json && watch { throw ValidationError("--json and --watch exclude each other") }
        if let user, user.isEmpty { throw ValidationError("--user must not be empty") }
        if let surface, LiveCallsQuery.surfaceName(surface) == nil {
            throw ValidationError("--surface must be 1 to 32 letters, digits, - or _ (agora, artm, zim, tencent...), not \(String(reflecting: surface))")
        }
        _ = try credentials(environment: ProcessInfo.processInfo.environment)
        do {
            _ = try AdminClient(server: serverAddress(environment: ProcessInfo.processInfo.environment), credentials: nil)
        } catch {
            throw ValidationError("--server: \(error)")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let client = try AdminClient(server: serverAddress(environment: environment), credentials: credentials(environment: environment))
        let query = LiveCallsQuery(state: state, user: user, surface: surface.flatMap(LiveCallsQuery.surfaceName),
                                   limit: all ? LiveCallsQuery.limits.upperBound : limit ?? Self.defaultLimit)
        guard watch else {
            do {
                print(try await listing(client, query), terminator: "")
            } catch {
                try Self.fail(error)
            }
            return
        }
        let terminal = if case .terminal = ProgressOutput.standardOutput { true } else { false }
        while true {
            var text: String
            do {
                text = try await listing(client, query)
            } catch .unreachable(let server, let reason) {
                // A server restarting comes back: the list waits for it.
                text = "calls: \(AdminClientError.unreachable(server: server, reason: reason))\n"
            } catch {
                try Self.fail(error)
            }
            let header = "live calls at \(client.server.absoluteString), \(Self.clockTime(Date())); every second, Ctrl-C to stop\n\n"
            // Home and erase the screen: the list is redrawn in place.
            print((terminal ? "\u{1B}[H\u{1B}[2J" : "") + header + text, terminator: terminal ? "" : "\n")
            fflush(nil)
            try await Task.sleep(for: .seconds(1))
        }
    }

    /// The listing as printed: the table, or with `--json` the JSON array.
    private func listing(_ client: AdminClient, _ query: LiveCallsQuery) async throws(AdminClientError) -> String {
        let page = try await client.liveCalls(query, following: all)
        return json ? page.json + "\n" : LiveCallsTable().render(page, query: query)
    }

    /// `calls: <code>: <message>` (or why the server could not be read) on standard error, and status 1.
    private static func fail(_ error: AdminClientError) throws -> Never {
        FileHandle.standardError.write(Data("calls: \(error)\n".utf8))
        throw ExitCode.failure
    }

    /// `--server`, else the first server of `SWITCHBOARD_URL` (a list separated by commas), else the local one.
    func serverAddress(environment: [String: String]) -> String {
        if let server { return server }
        if let url = environment["SWITCHBOARD_URL"]?.split(separator: ",").first.map(String.init), !url.isEmpty { return url }
        return "http://127.0.0.1:\(ServerConfiguration.defaultPort)"
    }

    /// The app's id and secret from the options or the environment; nil when neither gives an app.
    func credentials(environment: [String: String]) throws -> (app: String, secret: String)? {
        let app = self.app ?? environment["SWITCHBOARD_APP"]
        let secret = self.secret ?? environment["SWITCHBOARD_SECRET"]
        switch (app, secret) {
        case (nil, nil): return nil
        case (let app?, let secret?): return (app, secret)
        case (nil, _?): throw ValidationError("a secret needs its app: --app ID (or SWITCHBOARD_APP)")
        case (_?, nil): throw ValidationError("an app needs its secret: --secret S (or SWITCHBOARD_SECRET)")
        }
    }

    private static func clockTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }
}

extension LiveCallsQuery.State: ExpressibleByArgument {}
