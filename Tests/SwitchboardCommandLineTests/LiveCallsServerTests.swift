import Foundation
import Logging
import ServerTestSupport
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCommandLine
import SwitchboardCore
import SwitchboardJSON
import SwitchboardProfiles
import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// `switchboard calls` against a server on an ephemeral loopback port with real live calls placed by clients
/// of three surfaces: what it fetches (filters, pages followed, `--json`) and the table it makes of them
/// (docs/SERVER.md, "Live calls from a terminal"); then the built binary against the same server.
@Suite("switchboard calls against a server with live calls", .serialized)
struct LiveCallsServerTests {
    /// A logged-in session of `user` on `server`, on the surface it names.
    static func session(_ user: UserID, surface: String, on server: LoopbackServer) async throws -> ClientSession {
        let session = ClientSession(
            configuration: ClientConfiguration(app: "cli", user: user, device: DeviceID("\(user.rawValue)-1"), token: "cli", surface: surface),
            transport: WebSocketTransport(url: server.url, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })),
            clock: .system())
        try await session.login()
        return session
    }

    /// Three live calls, oldest first: alice (agora) rings bob (zim); carol (tencent) and dave (zim) are
    /// connected; erin (cli) calls frank, who is not logged in (still being invited).
    static func placeCalls(in server: LoopbackServer) async throws -> (sessions: [ClientSession], calls: [CallID]) {
        let alice = try await session("alice", surface: "agora", on: server)
        let bob = try await session("bob", surface: "zim", on: server)
        let carol = try await session("carol", surface: "tencent", on: server)
        let dave = try await session("dave", surface: "zim", on: server)
        let erin = try await session("erin", surface: "cli", on: server)
        let ringing = try await alice.invite(InviteRequest(invitees: ["bob"], parameters: CallParameters(ringTimeout: .seconds(120))))
        let connected = try await carol.invite(InviteRequest(invitees: ["dave"], profile: .nativeAdvanced,
                                                             parameters: CallParameters(ringTimeout: .seconds(120))))
        _ = try await dave.act(.accept(data: nil), on: connected.id)
        let offline = try await erin.invite(InviteRequest(invitees: ["frank"], parameters: CallParameters(ringTimeout: .seconds(120))))
        return ([alice, bob, carol, dave, erin], [ringing.id, connected.id, offline.id])
    }

    static func shutDown(_ sessions: [ClientSession]) async {
        for session in sessions {
            try? await session.logout()
            await session.shutdown()
        }
    }

    @Test("the live calls as the table shows them, filtered, paged and as JSON")
    func listing() async throws {
        let server = try await LoopbackServer.start()
        let (sessions, ids) = try await Self.placeCalls(in: server)
        let client = try AdminClient(server: server.url, credentials: nil)

        let page = try await client.liveCalls(LiveCallsQuery(limit: 50))
        #expect(page.calls.map(\.call) == ids.map(\.rawValue))
        #expect(page.total == 3 && page.next == nil)
        #expect(page.calls.map(\.state) == ["ringing", "connected", "ringing"])
        #expect(page.calls.map(\.caller) == ["alice", "carol", "erin"])
        #expect(page.calls[1].connectedAt != nil && page.calls[0].connectedAt == nil)
        #expect(page.calls.allSatisfy { $0.node == nil })

        let lines = LiveCallsTable(timeZone: TimeZone(identifier: "UTC")!).render(page).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("CALL ") && lines[0].hasSuffix("  TIME   CREATED"))
        for (line, id) in zip(lines[1...3], ids) { #expect(line.hasPrefix(id.rawValue + "  "), "\(line)") }
        // Participants with their states and surfaces: frank has no session, so no surface.
        #expect(lines[1].contains("alice:accepted@agora bob:received@zim"), "\(lines[1])")
        #expect(lines[2].contains("carol:accepted@tencent dave:accepted@zim"), "\(lines[2])")
        #expect(lines[3].contains("erin:accepted@cli frank:inviting "), "\(lines[3])")
        for line in lines[1...3] { #expect(line.contains("  00:0"), "rung or connected for seconds: \(line)") }
        #expect(lines[4] == "3 live calls")

        // Filters, as the server applies them.
        #expect(try await client.liveCalls(LiveCallsQuery(state: .connected)).calls.map(\.call) == [ids[1].rawValue])
        #expect(try await client.liveCalls(LiveCallsQuery(state: .ringing)).calls.map(\.call) == [ids[0].rawValue, ids[2].rawValue])
        #expect(try await client.liveCalls(LiveCallsQuery(user: "bob")).calls.map(\.call) == [ids[0].rawValue])
        #expect(try await client.liveCalls(LiveCallsQuery(surface: LiveCallsQuery.surfaceName("atomicx"))).calls.map(\.call) == [ids[1].rawValue])
        let none = try await client.liveCalls(LiveCallsQuery(state: .connected, user: "bob"))
        #expect(LiveCallsTable().render(none, query: LiveCallsQuery(state: .connected, user: "bob"))
                == "no live calls matching --state connected --user bob\n")

        // One a page: one call and the count, or with the cursor followed, all three in order.
        let first = try await client.liveCalls(LiveCallsQuery(limit: 1))
        #expect(first.calls.map(\.call) == [ids[0].rawValue] && first.total == 3 && first.next != nil)
        #expect(LiveCallsTable().render(first).hasSuffix("\n1 of 3 live calls (--limit N or --all for more)\n"))
        let followed = try await client.liveCalls(LiveCallsQuery(limit: 1), following: true)
        #expect(followed.calls.map(\.call) == ids.map(\.rawValue) && followed.next == nil)

        // --json: the calls as the server sent them.
        let json = try JSONParser().parse(page.json)
        #expect(json.arrayValue?.compactMap { $0["call"]?.stringValue } == ids.map(\.rawValue))
        #expect(json[1]?["participants"]?[1]?["surface"] == .string("zim"))

        // The server's refusals, as they come.
        await #expect(throws: AdminClientError.self) { _ = try await client.liveCalls(LiveCallsQuery(cursor: "nonsense")) }
        do {
            _ = try await client.liveCalls(LiveCallsQuery(cursor: "nonsense"))
        } catch {
            guard case .refused(400, "invalid_cursor", _) = error else { Issue.record("\(error)"); return }
        }

        await Self.shutDown(sessions)
        await server.stop()
    }

    @Test("the built binary: the table and --json on standard output, a wrong secret as calls: invalid_token: ... with status 1")
    func command() async throws {
        let server = try await LoopbackServer.start()
        let (sessions, ids) = try await Self.placeCalls(in: server)
        // The signaling URL from the environment, as a user of the other commands has it.
        let table = try await LiveCallsCommandTests.calls([], environment: ["SWITCHBOARD_URL": server.url])
        #expect(table.status == 0, "\(table.err)")
        #expect(table.err.isEmpty)
        let rows = table.out.split(separator: "\n").map(String.init)
        #expect(rows.count == 5 && rows.last == "3 live calls", "\(table.out)")
        for (row, id) in zip(rows.dropFirst(), ids) { #expect(row.hasPrefix(id.rawValue)) }

        let json = try await LiveCallsCommandTests.calls(["--server", "http://127.0.0.1:\(server.port)", "--state", "connected", "--json"])
        #expect(json.status == 0, "\(json.err)")
        #expect(try JSONParser().parse(json.out).arrayValue?.compactMap { $0["call"]?.stringValue } == [ids[1].rawValue])

        let limited = try await LiveCallsCommandTests.calls(["--server", "http://127.0.0.1:\(server.port)", "--limit", "2"])
        #expect(limited.out.hasSuffix("\n2 of 3 live calls (--limit N or --all for more)\n"), "\(limited.out)")
        let all = try await LiveCallsCommandTests.calls(["--server", "http://127.0.0.1:\(server.port)", "--all", "--surface", "zim"])
        #expect(all.out.hasSuffix("\n2 live calls matching --surface zim\n"), "\(all.out)")
        await Self.shutDown(sessions)
        await server.stop()

        try await LiveCallsCommandTests.withConfiguredServer { port in
            let wrong = try await LiveCallsCommandTests.calls(["--server", "ws://127.0.0.1:\(port)/v1/signal"],
                                                              environment: ["SWITCHBOARD_APP": "acme", "SWITCHBOARD_SECRET": "wrong"])
            #expect(wrong.status == 1)
            #expect(wrong.err == "calls: invalid_token: unknown app or wrong secret\n")
            #expect(wrong.out.isEmpty)
            let right = try await LiveCallsCommandTests.calls(["--server", "http://127.0.0.1:\(port)", "--app", "acme",
                                                               "--secret", LiveCallsCommandTests.secret])
            #expect(right.status == 0 && right.out == "no live calls\n", "\(right.err)")
        }
    }
}
