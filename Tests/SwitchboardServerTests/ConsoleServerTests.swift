import Foundation
import Logging
import NIOCore
import ServerTestSupport
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardJSON
import SwitchboardProfiles
@testable import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// The web console over real loopback sockets (docs/SERVER.md, "Console"): its page, its data behind the
/// app's credentials and only the app's own, and its live feed. What the page does in a browser is
/// scripts/console-test's (Chromium).
@Suite("The console: page, data and feed over HTTP", .serialized)
struct ConsoleServerTests {
    static let acme = AppConfiguration(id: "acme", vendorIDs: ["acme-app"], secret: "acme-backend-secret-of-at-least-32-bytes")
    static let other = AppConfiguration(id: "other", vendorIDs: ["other-app"], secret: "other-backend-secret-of-at-least-32-bytes")

    static func basic(_ app: AppConfiguration, secret: String? = nil) -> String {
        "Basic " + Data("\(app.id.rawValue):\(secret ?? app.secret)".utf8).base64EncodedString()
    }

    static func session(_ user: UserID, of app: AppConfiguration, on server: LoopbackServer, surface: String) async throws -> ClientSession {
        let token = try await SwitchboardToken.mint(app: app, user: user, expiresAt: Date().addingTimeInterval(600))
        return ClientSession(
            configuration: ClientConfiguration(app: app.vendorIDs[0], user: user, device: DeviceID("\(user.rawValue)-1"),
                                               token: token, surface: surface),
            transport: WebSocketTransport(url: server.url), clock: .system())
    }

    static func json(_ answer: HTTPAnswer) throws -> JSONObject {
        try #require(try JSONParser().parse(answer.body).objectValue, "\(answer.status): \(answer.body)")
    }

    @Test("the page, its script and its style come from the binary, with a policy that runs only them and forbids framing")
    func pageIsServed() async throws {
        let server = try await LoopbackServer.startDurable(apps: [Self.acme])
        let page = try await server.request("GET", "/console")
        #expect(page.status == 200 && page.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(page.body.contains("id=\"login-form\"") && page.body.contains("/console/console.js"))
        let policy = try #require(page.header("Content-Security-Policy"))
        #expect(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'"))
        #expect(page.header("X-Frame-Options") == "DENY" && page.header("Cache-Control") == "no-store")
        #expect(!page.body.contains("http://") && !page.body.contains("https://"), "nothing fetched from elsewhere")
        let script = try await server.request("GET", "/console/console.js")
        #expect(script.status == 200 && script.header("Content-Type")?.hasPrefix("text/javascript") == true)
        #expect(!script.body.contains("innerHTML"), "data is written as text only")
        #expect(try await server.request("GET", "/console/console.css").status == 200)
        await server.stop()
    }

    @Test("bad credentials get 401 and nothing else; an app's credentials never reach another app's calls")
    func credentialsAndIsolation() async throws {
        let server = try await LoopbackServer.startDurable(apps: [Self.acme, Self.other])
        let alice = try await Self.session("alice", of: Self.acme, on: server, surface: "zim")
        let mallory = try await Self.session("mallory", of: Self.other, on: server, surface: "agora")
        try await alice.login()
        try await mallory.login()
        let acmeCall = try await alice.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced,
                                                            parameters: CallParameters(ringTimeout: .seconds(120))))
        let otherCall = try await mallory.invite(InviteRequest(invitees: ["eve"], profile: .nativeAdvanced,
                                                               parameters: CallParameters(ringTimeout: .seconds(120))))

        for path in ["/v1/admin/calls/live", "/v1/admin/calls/\(acmeCall.id.rawValue)/timeline", "/v1/admin/sessions", "/v1/admin/feed"] {
            for authorization in [nil, Self.basic(Self.acme, secret: "wrong-secret-of-at-least-32-bytes-long"), "Bearer x"] {
                let answer = try await server.request("GET", path, authorization: authorization)
                #expect(answer.status == 401 && answer.errorCode == "invalid_token", "\(path) \(authorization ?? "none")")
                #expect(!answer.body.contains(acmeCall.id.rawValue), "a refusal shows no data")
            }
        }

        let acmeList = try Self.json(try await server.request("GET", "/v1/admin/calls/live", authorization: Self.basic(Self.acme)))
        let calls = try #require(acmeList["calls"]?.arrayValue)
        #expect(calls.compactMap { $0.objectValue?["call"]?.stringValue } == [acmeCall.id.rawValue])
        #expect(acmeList["total"]?.intValue == 1)
        let caller = try #require(calls.first?.objectValue?["participants"]?.arrayValue?.first?.objectValue)
        #expect(caller["user"]?.stringValue == "alice" && caller["surface"]?.stringValue == "zim")

        // Another app's call id is unknown to acme's credentials, the same answer as an id nobody has.
        let foreign = try await server.request("GET", "/v1/admin/calls/\(otherCall.id.rawValue)/timeline", authorization: Self.basic(Self.acme))
        #expect(foreign.status == 404 && foreign.errorCode == "call_not_found")
        #expect(!foreign.body.contains("mallory"))
        let foreignEnd = try await server.request("POST", "/v1/admin/calls/\(otherCall.id.rawValue)/end", authorization: Self.basic(Self.acme))
        #expect(foreignEnd.status == 404)
        #expect(server.service.activeCalls(app: Self.other.id).map(\.id) == [otherCall.id], "the other app's call is untouched")

        let sessions = try Self.json(try await server.request("GET", "/v1/admin/sessions", authorization: Self.basic(Self.acme)))
        #expect(sessions["total"]?.intValue == 1 && sessions["bySurface"]?.objectValue?["zim"]?.intValue == 1)

        let timeline = try Self.json(try await server.request(
            "GET", "/v1/admin/calls/\(acmeCall.id.rawValue)/timeline", authorization: Self.basic(Self.acme)))
        let entries = try #require(timeline["entries"]?.arrayValue).compactMap(\.objectValue)
        #expect(entries.first?["kind"]?.stringValue == "command" && entries.first?["name"]?.stringValue == "invite")
        #expect(entries.first?["by"]?.stringValue == "alice/alice-1" && timeline["live"]?.boolValue == true)

        // Ended through the admin API: the timeline says so, and keeps the call after it ended.
        #expect(try await server.request("POST", "/v1/admin/calls/\(acmeCall.id.rawValue)/end", authorization: Self.basic(Self.acme)).status == 200)
        let ended = try Self.json(try await server.request(
            "GET", "/v1/admin/calls/\(acmeCall.id.rawValue)/timeline", authorization: Self.basic(Self.acme)))
        let names = ended["entries"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } ?? []
        #expect(ended["live"]?.boolValue == false && names.suffix(2) == ["endedByAdmin", "ended"])

        for (query, code) in [("state=gone", "invalid_request"), ("limit=0", "invalid_request"), ("limit=501", "invalid_request"),
                              ("cursor=a1.zz", "invalid_cursor"), ("user=%20", "invalid_user_id"), ("surface=a%20b", "invalid_request")] {
            let answer = try await server.request("GET", "/v1/admin/calls/live?\(query)", authorization: Self.basic(Self.acme))
            #expect(answer.status == 400 && answer.errorCode == code, "\(query): \(answer.body)")
        }
        await alice.shutdown()
        await mallory.shutdown()
        await server.stop()
    }

    @Test("the feed streams one activity sample a second to each viewer, and forgets a viewer that left")
    func feedStreams() async throws {
        let server = try await LoopbackServer.startDurable(apps: [Self.acme])
        let alice = try await Self.session("alice", of: Self.acme, on: server, surface: "tencent")
        try await alice.login()
        _ = try await alice.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced, parameters: CallParameters(ringTimeout: .seconds(60))))

        let port = server.port
        let authorization = Self.basic(Self.acme)
        let samples: [JSONObject] = try await withinDeadline("two samples of the feed", timeout: .seconds(30)) { done in
            DispatchQueue.global().async {
                done(Result {
                    let socket = try RawWebSocket(port: port, timeout: 10, upgrade: false)
                    try socket.sendRaw(Array("GET /v1/admin/feed HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: \(authorization)\r\n\r\n".utf8))
                    let head = try socket.read(until: "\r\n\r\n")
                    guard head.hasPrefix("HTTP/1.1 200"), head.lowercased().contains("content-type: text/event-stream") else {
                        throw RawSocketError.failed("feed head: \(head)")
                    }
                    return try (0..<2).map { _ in
                        let block = try socket.read(until: "}\n\n")
                        guard let start = block.range(of: "data: ") else { throw RawSocketError.failed("no data in \(block)") }
                        return try JSONParser().parse(String(block[start.upperBound...].dropLast(2))).objectValue ?? [:]
                    }
                })
            }
        }
        #expect(samples.count == 2)
        #expect(samples.allSatisfy { $0["hosted"]?.boolValue == true && $0["ringing"]?.intValue == 1 })
        #expect(samples[0]["sessions"]?.objectValue?["tencent"]?.intValue == 1)
        #expect(samples[0]["callsPerSecond"] == .null && samples[1]["callsPerSecond"]?.doubleValue != nil,
                "a rate needs two samples")
        let (first, second) = (samples[0]["time"]?.intValue ?? 0, samples[1]["time"]?.intValue ?? 0)
        #expect((500...2_500).contains(second - first), "about a second apart: \(second - first) ms")
        try await eventually("the viewer that closed is forgotten") { server.server.consoleFeed.viewerCount == 0 }
        await alice.shutdown()
        await server.stop()
    }

    @Test("the feed takes at most 64 viewers; one more is refused with rate_limited and changes nothing")
    func feedViewerCap() throws {
        let service = testService()
        let feed = ConsoleFeed(service: service, cluster: nil)
        var streams: [AsyncStream<ByteBuffer>] = []
        for _ in 0..<ConsoleFeed.maxViewers { streams.append(try feed.subscribe(app: .development)) }
        #expect(feed.viewerCount == ConsoleFeed.maxViewers)
        #expect {
            try feed.subscribe(app: .development)
        } throws: { error in
            (error as? SignalingError)?.code == .service(.rateLimited)
        }
        #expect(feed.viewerCount == ConsoleFeed.maxViewers)
        withExtendedLifetime(streams) {}
    }

    @Test("development mode opens the console to loopback peers only")
    func loopbackOnly() {
        func loopback(_ address: SocketAddress?) -> Bool { ServerRequestContext.isLoopback(address) }
        #expect(loopback(try? SocketAddress(ipAddress: "127.0.0.1", port: 1)))
        #expect(loopback(try? SocketAddress(ipAddress: "127.9.8.7", port: 1)))
        #expect(loopback(try? SocketAddress(ipAddress: "::1", port: 1)))
        #expect(loopback(try? SocketAddress(ipAddress: "::ffff:127.0.0.1", port: 1)))
        #expect(!loopback(try? SocketAddress(ipAddress: "10.0.0.1", port: 1)))
        #expect(!loopback(try? SocketAddress(ipAddress: "128.0.0.1", port: 1)))
        #expect(!loopback(try? SocketAddress(ipAddress: "::2", port: 1)))
        #expect(!loopback(try? SocketAddress(ipAddress: "::ffff:10.0.0.1", port: 1)))
        #expect(!loopback(nil))
    }
}
