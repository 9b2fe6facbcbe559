import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing
import SwitchboardClient
import SwitchboardCore
import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// The built `switchboard serve` ends sessions whose token ran out (docs/SECURITY.md, "Tokens"): the
/// one test here that waits on real time, with bounded deadlines.
@Suite("Token expiry against switchboard serve", .serialized)
struct TokenExpiryProcessTests {
    private static let secret = "a-secret-of-at-least-32-bytes-long!"
    private static let app = AppConfiguration(id: "acme", vendorIDs: ["acme-app"], secret: secret)

    @Test("a client whose token expires in about 3 s hears the notice, then bye(tokenExpired) within a second of the expiry and the link closes; a client that renews on its notice stays")
    func expiredSessionsEnd() async throws {
        guard FileManager.default.isExecutableFile(atPath: ServerProcess.binary.path) else {
            Issue.record("build the switchboard binary first (swift build --build-tests): \(ServerProcess.binary.path)")
            return
        }
        let directory = FileManager.default.temporaryDirectory
        let config = directory.appendingPathComponent("switchboard-tokens-\(UUID().uuidString).json")
        try #"{"apps": [{"id": "acme", "secret": "\#(Self.secret)", "vendorIDs": ["acme-app"]}]}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let data = directory.appendingPathComponent("switchboard-tokens-\(UUID().uuidString).sqlite").path
        let server = try ServerProcess(port: 0, data: data, config: config.path)
        defer { server.stop() }
        let port = try await server.waitUntilListening()
        let url = "ws://127.0.0.1:\(port)/v1/signal"

        // alice speaks the wire by hand, so the test sees the very frames the server sends. JWT expiries
        // are whole seconds: her token runs out 2.5 to 3.5 s after it is made, his 3 to 4 s.
        let aliceToken = try await SwitchboardToken.mint(app: Self.app, user: "alice", expiresAt: Date().addingTimeInterval(3.5))
        let hello = WireCodec.encodeText(.hello(Hello(
            app: "acme-app", user: "alice", device: "alice-1", token: aliceToken, loginPolicy: .multiDevice,
            surface: "test", tokenWarningLead: .seconds(1))))
        let alice = RawClient(url: url, send: [hello])
        // bob is a client session that renews on its notice.
        let bobToken = try await SwitchboardToken.mint(app: Self.app, user: "bob", expiresAt: Date().addingTimeInterval(4))
        let bob = ClientSession(
            configuration: ClientConfiguration(app: "acme-app", user: "bob", device: "bob-1", token: bobToken,
                                               surface: "test", tokenWarningLead: .seconds(1)),
            transport: WebSocketTransport(url: url), clock: .system())
        let bobEvents = Mutex<[ClientEvent]>([])
        await bob.observe { event in bobEvents.withLock { $0.append(event) } }
        try await bob.login()
        let bobExpiry = try #require(await bob.tokenExpiresAt)
        let loggedIn = bobEvents.withLock { $0.count }

        try await eventually("alice is welcomed", timeout: .seconds(5)) { !alice.texts.isEmpty }
        guard case .welcome(let welcome) = try WireCodec.decodeServerFrame(alice.texts[0]),
              let expiry = welcome.tokenExpiresAt else {
            Issue.record("not welcomed with an expiry: \(alice.texts)")
            return
        }
        let expiryDate = Date(timeIntervalSince1970: Double(expiry.millisecondsSince1970) / 1000)

        try await eventually("alice's notice", timeout: .seconds(5)) { alice.texts.count >= 2 }
        guard case .event(let notice) = try WireCodec.decodeServerFrame(alice.texts[1]) else {
            Issue.record("expected the notice: \(alice.texts)")
            return
        }
        #expect(notice.event == .tokenWillExpire(expiresAt: expiry))

        try await eventually("bob's notice", timeout: .seconds(5)) {
            bobEvents.withLock { $0.contains { if case .server(.tokenWillExpire) = $0 { true } else { false } } }
        }
        let renewal = try await SwitchboardToken.mint(app: Self.app, user: "bob", expiresAt: Date().addingTimeInterval(600))
        let renewedExpiry = try await bob.renewToken(renewal)
        #expect(renewedExpiry != nil && renewedExpiry! > bobExpiry)

        try await eventually("alice's bye", timeout: .seconds(6)) { alice.texts.count >= 3 }
        let byeArrived = Date()
        guard case .bye(let bye) = try WireCodec.decodeServerFrame(alice.texts[2]) else {
            Issue.record("expected a bye: \(alice.texts)")
            return
        }
        #expect(bye.reason == .tokenExpired)
        let lateness = byeArrived.timeIntervalSince(expiryDate)
        #expect(lateness >= -0.05 && lateness <= 1, "the bye came \(lateness) s after the expiry")
        try await eventually("alice's link is closed", timeout: .seconds(2)) { alice.isClosed }
        #expect(alice.texts.count == 3, "nothing after the bye: \(alice.texts)")

        // bob, a second past his first token's expiry: still connected, and served.
        let pastExpiry = Date(timeIntervalSince1970: Double(bobExpiry.millisecondsSince1970) / 1000 + 1.2).timeIntervalSinceNow
        if pastExpiry > 0 { try await Task.sleep(for: .milliseconds(Int(pastExpiry * 1000))) }
        #expect(await bob.state == .connected)
        let sinceLogin = bobEvents.withLock { Array($0.dropFirst(loggedIn)) }
        #expect(sinceLogin.allSatisfy { if case .connection = $0 { false } else { true } },
                "bob saw no connection change: \(sinceLogin)")
        #expect(try await bob.activeCalls().isEmpty)
        let (metrics, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/metrics")!)
        #expect(String(decoding: metrics, as: UTF8.self).contains("switchboard_sessions 1"), "only bob's session is left")

        try await bob.logout()
        await bob.shutdown()
        await alice.stop()
    }
}
