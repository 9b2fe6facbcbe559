import ClusterTestSupport
import Foundation
import Synchronization
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardJSON
import SwitchboardProfiles
import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// Every admin request on every node (docs/SERVER.md, "Cluster"): on a node that does not host the app,
/// ending a call, a call's timeline and a page of sessions are forwarded over the bus to the node that
/// does and answered there, by the host's own routes. Nodes are subprocesses on a real PostgreSQL.
extension ClusterFailoverTests {
    private func client(_ user: UserID, on nodes: [ServerProcess]) throws -> ClientSession {
        ClientSession(configuration: ClientConfiguration(app: "app", user: user, device: DeviceID("\(user.rawValue)-1"),
                                                         token: "t", surface: "test"),
                      transport: try WebSocketTransport(urls: nodes.map(\.url), first: 0), clock: .system())
    }

    private func roles(_ cluster: LoopbackCluster, app: String = "development") async throws -> (host: ServerProcess, other: ServerProcess) {
        let name = try #require(try await cluster.host(of: app))
        return (try #require(cluster.node(name)), try #require(cluster.nodes.first { $0.name != name }))
    }

    private func object(_ answer: (status: Int, body: String)) throws -> JSONObject {
        try #require(try JSONParser().parse(answer.body).objectValue, "\(answer.status): \(answer.body)")
    }

    private func errorCode(_ answer: (status: Int, body: String)) -> String? {
        (try? JSONParser().parse(answer.body))?["error"]?["code"]?.stringValue
    }

    @Test("on the node that does not host the app: a timeline, a page of sessions, an unknown call (404), and ending a ringing call, which both parties hear ended by server and which is recorded once")
    func adminRequestsOnTheOtherNode() async throws {
        try await withCluster(nodes: 2) { cluster in
            let (host, other) = try await roles(cluster)
            let alice = try client("alice", on: [host, other])
            let bob = try client("bob", on: [other, host])
            let ended = EndedCalls()
            for user in [alice, bob] {
                ended.follow(user)
                try await user.login()
            }
            let call = try await alice.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced,
                                                            parameters: CallParameters(ringTimeout: .seconds(120))))
            try await eventually("bob acknowledged the invitation", timeout: .seconds(15)) {
                (try? await alice.call(call.id))?.participant("bob")?.state == .received
            }
            let id = call.id.rawValue

            // The timeline lives in the host's memory: the other node's answer is the host's.
            let timeline = try object(await other.request("GET", "/v1/admin/calls/\(id)/timeline"))
            #expect(timeline["call"]?.stringValue == id && timeline["live"]?.boolValue == true, "\(timeline)")
            let nodes = Set(timeline["entries"]?.arrayValue?.compactMap { $0["node"]?.stringValue } ?? [])
            #expect(nodes == [host.name], "\(timeline)")
            #expect(try object(await host.request("GET", "/v1/admin/calls/\(id)/timeline")) == timeline)

            // Sessions, filtered and paged by the host.
            let sessions = try object(await other.request("GET", "/v1/admin/sessions"))
            let users = Set(sessions["sessions"]?.arrayValue?.compactMap { $0["user"]?.stringValue } ?? [])
            #expect(users == ["alice", "bob"] && sessions["total"]?.intValue == 2, "\(sessions)")
            let page = try object(await other.request("GET", "/v1/admin/sessions?limit=1"))
            #expect(page["sessions"]?.arrayValue?.count == 1 && page["next"]?.stringValue != nil, "\(page)")
            let next = try #require(page["next"]?.stringValue)
            let rest = try object(await other.request("GET", "/v1/admin/sessions?limit=1&cursor=\(next)"))
            #expect(rest["sessions"]?.arrayValue?.count == 1 && rest["sessions"] != page["sessions"], "\(rest)")
            let bobs = try object(await other.request("GET", "/v1/admin/sessions?user=bob"))
            #expect(bobs["sessions"]?.arrayValue?.compactMap { $0["user"]?.stringValue } == ["bob"], "\(bobs)")
            let badCursor = await other.request("GET", "/v1/admin/sessions?cursor=nope")
            #expect(badCursor.status == 400 && errorCode(badCursor) == "invalid_cursor", "\(badCursor)")

            // Calls it does not have: the host's 404.
            let unknownEnd = await other.request("POST", "/v1/admin/calls/no-such-call/end")
            #expect(unknownEnd.status == 404 && errorCode(unknownEnd) == "call_not_found", "\(unknownEnd)")
            let unknownTimeline = await other.request("GET", "/v1/admin/calls/no-such-call/timeline")
            #expect(unknownTimeline.status == 404 && errorCode(unknownTimeline) == "call_not_found", "\(unknownTimeline)")

            // Ending the ringing call: the host ends it, both parties hear it, the record is written once.
            let end = await other.request("POST", "/v1/admin/calls/\(id)/end")
            #expect(end.status == 200 && (try? object(end))?["ended"]?.stringValue == id, "\(end)")
            try await eventually("alice and bob hear the call ended by server", timeout: .seconds(15)) {
                ended.reasons(of: call.id) == ["alice": .endedByServer, "bob": .endedByServer]
            }
            let again = await other.request("POST", "/v1/admin/calls/\(id)/end")
            #expect(again.status == 404, "\(again)")
            try await eventually("both records are in PostgreSQL", timeout: .seconds(15)) {
                let rows = try? await TestPostgres.query(cluster.database, "SELECT owner FROM records WHERE call_id = '\(id)' ORDER BY owner")
                return (try? rows?.map { try $0.decode(String.self) }) == ["alice", "bob"]
            }
            let live = try object(await other.request("GET", "/v1/admin/calls/live"))
            #expect(live["total"]?.intValue == 0, "\(live)")
            #expect(ended.count(of: call.id) == 2, "each party heard the end once")
            for user in [alice, bob] {
                try? await user.logout()
                await user.shutdown()
            }
        }
    }

    @Test("the host is frozen, then killed with kill -9, while a forwarded request waits: the other node answers 503 internal_error within the timeout, not a hang")
    func hostKilledWhileForwarded() async throws {
        try await withCluster(nodes: 2) { cluster in
            let (host, other) = try await roles(cluster)
            host.signal(SIGSTOP)
            let started = ContinuousClock.now
            async let answer = other.request("POST", "/v1/admin/calls/some-call/end", timeout: 20)
            try await Task.sleep(for: .milliseconds(300))
            await host.kill()
            let (status, body) = await answer
            let took = ContinuousClock.now - started
            #expect(status == 503 && errorCode((status, body)) == "internal_error", "\(status): \(body)")
            #expect(body.contains(host.name), "the answer names the host: \(body)")
            #expect(took < .seconds(4), "answered after \(took)")
            // Once the other node has taken the app over it answers itself.
            try await eventually("the other node hosts the app", timeout: .seconds(15)) {
                (try? await cluster.host()) == other.name
            }
            try await eventually("the other node answers the admin request itself", timeout: .seconds(5)) {
                let answer = await other.request("POST", "/v1/admin/calls/some-call/end")
                return answer.status == 404 && self.errorCode(answer) == "call_not_found"
            }
        }
    }

    @Test("configured apps: bad credentials are refused on the node that does not host the app (401, nothing forwarded); another app's credentials never reach this app's call; its own end it")
    func credentialsOnTheOtherNode() async throws {
        let secret = "acme-backend-secret-of-at-least-32-bytes"
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("sb-admin-\(UUID().uuidString).json")
        try Data("""
            {"apps": [{"id": "acme", "secret": "\(secret)", "vendorIDs": ["acme-app"]},
                      {"id": "other", "secret": "other-backend-secret-of-at-least-32-bytes", "vendorIDs": ["other-app"]}]}
            """.utf8).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        func basic(_ app: String, _ secret: String) -> String { "Basic " + Data("\(app):\(secret)".utf8).base64EncodedString() }
        try await withCluster(nodes: 2, arguments: ["--config", config.path], apps: ["acme", "other"]) { cluster in
            let (_, other) = try await roles(cluster, app: "acme")
            for authorization in [nil, basic("acme", "wrong-secret-of-at-least-32-bytes-long"), basic("nobody", secret)] {
                for (method, path) in [("POST", "/v1/admin/calls/c-1/end"), ("GET", "/v1/admin/calls/c-1/timeline"), ("GET", "/v1/admin/sessions")] {
                    let answer = await other.request(method, path, authorization: authorization)
                    #expect(answer.status == 401 && errorCode(answer) == "invalid_token", "\(method) \(path): \(answer)")
                }
            }
            // A call of acme's, placed by clients of the node that does not host it.
            let acme = AppConfiguration(id: "acme", vendorIDs: ["acme-app"], secret: secret)
            var sessions: [ClientSession] = []
            for user: UserID in ["alice", "bob"] {
                let token = try await SwitchboardToken.mint(app: acme, user: user, expiresAt: Date().addingTimeInterval(600))
                let session = ClientSession(
                    configuration: ClientConfiguration(app: "acme-app", user: user, device: DeviceID("\(user.rawValue)-1"), token: token, surface: "test"),
                    transport: try WebSocketTransport(urls: [other.url], first: 0), clock: .system())
                try await session.login()
                sessions.append(session)
            }
            let call = try await sessions[0].invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced,
                                                                  parameters: CallParameters(ringTimeout: .seconds(120))))
            let sessionPage = await other.request("GET", "/v1/admin/sessions", authorization: basic("acme", secret))
            #expect(sessionPage.status == 200 && (try? object(sessionPage))?["total"]?.intValue == 2, "\(sessionPage)")
            // The other app's credentials: its own host is asked, which has no such call; acme's call rings on.
            let otherSecret = "other-backend-secret-of-at-least-32-bytes"
            for (method, path) in [("POST", "/v1/admin/calls/\(call.id.rawValue)/end"), ("GET", "/v1/admin/calls/\(call.id.rawValue)/timeline")] {
                let answer = await other.request(method, path, authorization: basic("other", otherSecret))
                #expect(answer.status == 404 && errorCode(answer) == "call_not_found", "\(method) \(path): \(answer)")
            }
            #expect(try await sessions[0].call(call.id).state == .ringing)
            let end = await other.request("POST", "/v1/admin/calls/\(call.id.rawValue)/end", authorization: basic("acme", secret))
            #expect(end.status == 200, "\(end)")
            for session in sessions {
                try? await session.logout()
                await session.shutdown()
            }
        }
    }
}

extension ClusterFailoverTests {
    @Test("record retention in a cluster: a node that starts sweeps PostgreSQL of every app's records older than limits.recordRetentionDays, and keeps the newer")
    func retentionOnANode() async throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("sb-retention-\(UUID().uuidString).json")
        try Data(#"{"limits": {"recordRetentionDays": 1}}"#.utf8).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        try await withCluster(nodes: 1, arguments: ["--config", config.path]) { cluster in
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            let day: Int64 = 86_400_000
            _ = try await TestPostgres.query(cluster.database, """
                INSERT INTO records (app, owner, call_id, recorded_at, body) VALUES
                    ('development', 'alice', 'old-1', \(now - 2 * day), '{}'), ('development', 'bob', 'old-2', \(now - day - 60_000), '{}'),
                    ('another', 'carol', 'old-3', \(now - 30 * day), '{}'),
                    ('development', 'alice', 'new-1', \(now - day + 3_600_000), '{}'), ('another', 'carol', 'new-2', \(now), '{}')
                """)
            // Every node sweeps at start, then hourly: a second node starting sweeps now.
            try await cluster.startNode("node2")
            try await eventually("the old records are gone", timeout: .seconds(15)) {
                let rows = try? await TestPostgres.query(cluster.database, "SELECT call_id FROM records ORDER BY call_id")
                return (try? rows?.map { try $0.decode(String.self) }) == ["new-1", "new-2"]
            }
        }
    }
}

/// How each user heard each call end, and how many times.
private final class EndedCalls: Sendable {
    private let ends = Mutex<[CallID: [(UserID, CallEndReason)]]>([:])
    private let tasks = Mutex<[Task<Void, Never>]>([])

    func follow(_ session: ClientSession) {
        let user = session.configuration.user
        let task = Task {
            for await event in session.events {
                if case .server(.call(let note)) = event, case .ended = note.kind, let end = note.call.state.end {
                    ends.withLock { $0[note.call.id, default: []].append((user, end.reason)) }
                }
            }
        }
        tasks.withLock { $0.append(task) }
    }

    func reasons(of call: CallID) -> [UserID: CallEndReason] {
        ends.withLock { Dictionary(($0[call] ?? []).map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first }) }
    }

    func count(of call: CallID) -> Int { ends.withLock { $0[call]?.count ?? 0 } }
}
