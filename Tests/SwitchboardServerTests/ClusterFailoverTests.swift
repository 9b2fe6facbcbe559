import ClusterTestSupport
import Dispatch
import Foundation
import Logging
import ServerTestSupport
import Synchronization
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
@testable import SwitchboardServer
import SwitchboardWire
import SwitchboardZIM

/// A client given several server URLs (docs/ARCHITECTURE.md, "Several server URLs") whose server shuts
/// down: the server's drain (what SIGTERM does, docs/SERVER.md, "Shutdown") sends every session its
/// `bye(serverShutdown)`, and the client goes on to the next URL as after a lost link. The two servers
/// here are separate single nodes, so the second does not know the session: the client logs in afresh
/// there, as it does when a node of a cluster has lost it.
@Suite("Several server URLs: a client moves to the next server when its server shuts down", .serialized)
struct ClusterFailoverTests {
    let quiet = Logger(label: "test.client", factory: { _ in SwiftLogNoOpLogHandler() })

    func session(_ user: UserID, _ transport: WebSocketTransport) -> ClientSession {
        ClientSession(configuration: ClientConfiguration(app: "test-app", user: user, device: DeviceID("\(user.rawValue)-1"),
                                                         token: "token", surface: "test"),
                      transport: transport, clock: .system())
    }

    @Test("the first server drains: the session reconnects to the second without logging out, logs in afresh there and calls from it")
    func sessionMovesToTheSecondServer() async throws {
        let first = try await LoopbackServer.start()
        let second = try await LoopbackServer.start()
        let transport = try WebSocketTransport(urls: [first.url, second.url], first: 0, logger: quiet)
        let alice = session("alice", transport)
        let log = EventLog()
        log.follow(alice)
        try await alice.login()
        #expect(transport.connectedURL == first.url)
        #expect(first.service.sessionCount() == 1)
        let bob = second.session("bob")
        try await bob.login()

        await first.server.drain()
        try await eventually("alice logs in afresh on the second server") { log.replaced && second.service.sessionCount() == 2 }
        #expect(transport.connectedURL == second.url)
        #expect(await alice.state == .connected)
        // A drain is a lost link to the client: repaired without a logout, and never back to the
        // draining server (its bye put it last).
        #expect(!log.states.contains("disconnected") && !log.states.contains("aborted"), "\(log.states)")
        let call = try await alice.invite(InviteRequest(invitees: ["bob"]))
        #expect(second.service.activeCalls().map(\.id) == [call.id])

        for user in [alice, bob] {
            try await user.logout()
            await user.shutdown()
        }
        await first.stop()
        await second.stop()
    }

    @Test("a URL that reaches no server is passed over: the login goes to the next, and the reconnect after a drain skips it")
    func deadURLPassedOver() async throws {
        let dead = try await LoopbackServer.start()
        let deadURL = dead.url
        await dead.stop()
        let first = try await LoopbackServer.start()
        let second = try await LoopbackServer.start()
        let transport = try WebSocketTransport(urls: [deadURL, first.url, second.url], first: 0, logger: quiet)
        let alice = session("alice", transport)
        let log = EventLog()
        log.follow(alice)
        try await alice.login()  // the dead URL fails; the retry goes to the next
        #expect(transport.connectedURL == first.url)

        await first.server.drain()
        try await eventually("alice is on the second server") { log.replaced && second.service.sessionCount() == 1 }
        #expect(transport.connectedURL == second.url)
        #expect(!log.states.contains("disconnected"), "\(log.states)")
        try await alice.logout()
        await alice.shutdown()
        await first.stop()
        await second.stop()
    }

    @Test("a ZIM instance on both URLs: the first server drains and ZIM never reports a logout; it ends connected on the second")
    func zimKeepsItsVendorStates() async throws {
        let first = try await LoopbackServer.start()
        let second = try await LoopbackServer.start()
        let environment = ClientEnvironment(
            transport: try WebSocketTransport(urls: [first.url, second.url], first: 0, logger: quiet), clock: .system(),
            callbackQueue: DispatchQueue(label: "zim"))
        let config = ZIMAppConfig()
        config.appID = 1_234_567
        config.appSign = "sign"
        let zim = try #require(ZIM.create(with: config, environment: environment))
        let states = ZIMStateRecorder()
        zim.setEventHandler(states)
        let login = ZIMLoginConfig()
        login.token = "token"
        let loggedIn = try await withinDeadline("ZIM logs in", timeout: .seconds(30)) { done in
            zim.login(withUserID: "alice", config: login) { done(.success($0.code)) }
        }
        #expect(loggedIn == .ZIMErrorCodeSuccess)
        #expect(first.service.sessionCount() == 1)

        await first.server.drain()
        try await eventually("alice's ZIM is on the second server") { second.service.sessionCount() == 1 }
        try await eventually("ZIM is connected") { states.lines.last?.hasPrefix("connected") == true }
        #expect(!states.lines.contains { $0.hasPrefix("disconnected") }, "\(states.lines)")

        zim.destroy()
        await first.stop()
        await second.stop()
    }
}

/// A ZIM instance's connection states, `state event` a line.
private final class ZIMStateRecorder: NSObject, ZIMEventHandler, @unchecked Sendable {
    private let log = Mutex<[String]>([])
    var lines: [String] { log.withLock { $0 } }

    func zim(_ zim: ZIM, connectionStateChanged state: ZIMConnectionState, event: ZIMConnectionEvent,
             extendedData: [AnyHashable: Any]) {
        log.withLock { $0.append("\(state) \(event)") }
    }
}
