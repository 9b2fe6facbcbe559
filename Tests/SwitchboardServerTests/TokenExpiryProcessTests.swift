import Foundation
import Synchronization
import Testing
import TestSupport
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
    /// How long the short tokens live: about 3 s, longer only when this process was too slow to log in
    /// within that (the suite runs beside hundreds of others on two cores). JWT expiries are whole seconds.
    private static let lifetimes: [TimeInterval] = [3.5, 7, 14]

    @Test("a client whose token expires in about 3 s hears the notice, then bye(tokenExpired) within a second of the expiry and the link closes; a client that renews on its notice stays")
    func expiredSessionsEnd() async throws {
        let server = try ServerProcess.serve(config: #"{"apps": [{"id": "acme", "secret": "\#(Self.secret)", "vendorIDs": ["acme-app"]}]}"#)
        defer { server.stop() }
        let port = try await server.waitUntilListening()

        // alice speaks the wire by hand on a thread of her own, so the test sees the very frames the
        // server sends, each stamped when it arrived.
        let (alice, expiry) = try await Self.aliceLogsIn(port: port)
        // bob is a client session that renews on its notice.
        let (bob, bobEvents, bobExpiry) = try await Self.bobLogsIn(port: port)
        let loggedIn = bobEvents.all.count

        try await eventually("bob's notice", timeout: .seconds(20)) {
            bobEvents.all.contains { if case .server(.tokenWillExpire) = $0 { true } else { false } }
        }
        let renewal = try await SwitchboardToken.mint(app: Self.app, user: "bob", expiresAt: Date().addingTimeInterval(600))
        let renewedExpiry = try await bob.renewToken(renewal)
        #expect(renewedExpiry != nil && renewedExpiry! > bobExpiry)

        try await eventually("alice's link closes", timeout: .seconds(20)) { alice.isClosed }
        let frames = alice.frames
        let types: [String] = frames.map { $0.frame.type }
        #expect(types == ["welcome", "evt", "bye"], "\(frames)")
        if frames.count == 3, case .event(let notice) = frames[1].frame, case .bye(let bye) = frames[2].frame {
            #expect(notice.event == .tokenWillExpire(expiresAt: expiry))
            #expect(bye.reason == .tokenExpired)
            let expiryDate = Date(timeIntervalSince1970: Double(expiry.millisecondsSince1970) / 1000)
            let lateness = frames[2].at.timeIntervalSince(expiryDate)
            #expect(lateness >= -0.05 && lateness <= 1, "the bye came \(lateness) s after the expiry")
        }

        // bob, a second past his first token's expiry: still connected, and served.
        let pastExpiry = Date(timeIntervalSince1970: Double(bobExpiry.millisecondsSince1970) / 1000 + 1.2).timeIntervalSinceNow
        if pastExpiry > 0 { try await Task.sleep(for: .milliseconds(Int(pastExpiry * 1000))) }
        #expect(await bob.state == .connected)
        let sinceLogin = Array(bobEvents.all.dropFirst(loggedIn))
        #expect(sinceLogin.allSatisfy { if case .connection = $0 { false } else { true } }, "bob saw no connection change: \(sinceLogin)")
        #expect(try await bob.activeCalls().isEmpty)
        #expect(try await server.metrics().contains("switchboard_sessions 1"), "only bob's session is left")

        try await bob.logout()
        await bob.shutdown()
    }

    /// alice's raw login with a short token; returns her socket and the expiry the server welcomed her with.
    private static func aliceLogsIn(port: Int) async throws -> (StampedSocket, Timestamp) {
        for lifetime in lifetimes {
            if let alice = try await aliceLogsIn(port: port, lifetime: lifetime) { return alice }
        }
        throw TestFailure("no login of alice within her token's life")
    }

    /// Nil when the server found the token already expired (this process was too slow).
    private static func aliceLogsIn(port: Int, lifetime: TimeInterval) async throws -> (StampedSocket, Timestamp)? {
        let token = try await SwitchboardToken.mint(app: app, user: "alice", expiresAt: Date().addingTimeInterval(lifetime))
        let hello = WireCodec.encodeText(.hello(Hello(
            app: "acme-app", user: "alice", device: "alice-1", token: token, loginPolicy: .multiDevice,
            surface: "test", tokenWarningLead: .seconds(1))))
        let socket = try StampedSocket(port: port, sending: hello)
        try await eventually("an answer to alice's hello", timeout: .seconds(20)) { !socket.frames.isEmpty }
        let answer = socket.frames[0].frame
        if case .refused(let error) = answer, error.code == .service(.tokenExpired) { return nil }
        guard case .welcome(let welcome) = answer, let expiry = welcome.tokenExpiresAt else {
            throw TestFailure("no welcome with an expiry for alice, but \(answer)")
        }
        return (socket, expiry)
    }

    /// bob's login with a short token and a 2 s lead; returns the session, its events and its expiry.
    private static func bobLogsIn(port: Int) async throws -> (ClientSession, ClientEventLog, Timestamp) {
        for lifetime in lifetimes {
            if let bob = try await bobLogsIn(port: port, lifetime: lifetime + 0.5) { return bob }
        }
        throw TestFailure("no login of bob within his token's life")
    }

    /// Nil when the server found the token already expired (this process was too slow).
    private static func bobLogsIn(port: Int, lifetime: TimeInterval) async throws -> (ClientSession, ClientEventLog, Timestamp)? {
        let token = try await SwitchboardToken.mint(app: app, user: "bob", expiresAt: Date().addingTimeInterval(lifetime))
        let bob = ClientSession(
            configuration: ClientConfiguration(app: "acme-app", user: "bob", device: "bob-1", token: token,
                                               surface: "test", tokenWarningLead: .seconds(2)),
            transport: WebSocketTransport(url: "ws://127.0.0.1:\(port)/v1/signal"), clock: .system())
        let events = ClientEventLog()
        await bob.observe { event in events.append(event) }
        do {
            try await bob.login()
        } catch {
            await bob.shutdown()
            if error.code == .service(.tokenExpired) { return nil }
            throw error
        }
        guard let expiry = await bob.tokenExpiresAt else { throw TestFailure("no expiry for bob") }
        return (bob, events, expiry)
    }
}

/// What a client session said, in order.
final class ClientEventLog: Sendable {
    private let events = Mutex<[ClientEvent]>([])
    func append(_ event: ClientEvent) { events.withLock { $0.append(event) } }
    var all: [ClientEvent] { events.withLock { $0 } }
}

/// A raw WebSocket whose frames a thread of its own reads and stamps with their arrival time, so the
/// stamps do not wait for the test's tasks.
final class StampedSocket: @unchecked Sendable {
    // @unchecked: after the hello is sent in init, only the reader thread touches `socket`; the frames
    // are behind a lock.
    struct Stamped: Sendable {
        let at: Date
        let frame: ServerFrame
    }

    private let socket: RawWebSocket
    private let received = Mutex<[Stamped]>([])
    private let ended = Mutex(false)

    init(port: Int, sending text: String) throws {
        socket = try RawWebSocket(port: port, path: ServerConfiguration.signalPath, timeout: 30)
        try socket.sendFrame(opcode: 1, payload: Array(text.utf8))
        Thread { [self] in readUntilClosed() }.start()
    }

    private func readUntilClosed() {
        while true {
            guard let next = try? socket.readFrame(), next.opcode != 8 else { break }
            guard next.opcode == 1, let frame = try? WireCodec.decodeServerFrame(next.payload) else { continue }
            let stamped = Stamped(at: Date(), frame: frame)
            received.withLock { $0.append(stamped) }
        }
        ended.withLock { $0 = true }
    }

    var frames: [Stamped] { received.withLock { $0 } }
    /// The server closed the connection (or it failed).
    var isClosed: Bool { ended.withLock { $0 } }
}
