import Foundation
import ServerTestSupport
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// Overload over the network (docs/SERVER.md, "Overload"): the refusal crosses the wire with its code
/// and is counted in `/metrics`, and the built `switchboard serve` measures its own lag and sheds new
/// calls while the calls already going complete.
@Suite("Overload over the network", .serialized)
struct OverloadServerTests {
    @Test("over the WebSocket, while shedding: a new call is refused overloaded and counted; the call already ringing is accepted and hung up")
    func refusalOverTheWire() async throws {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        // The probe would set the share from what it measures; here the test sets it.
        configuration.overload = .disabled
        let server = try await LoopbackServer.start(configuration)
        let (alice, bob, carol) = (server.session("alice"), server.session("bob"), server.session("carol"))
        for session in [alice, bob, carol] { try await session.login() }
        let call = try await alice.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced))

        server.service.loadShedding.shed(1)
        await #expect(throws: LoadShedding.refusal) { _ = try await carol.invite(InviteRequest(invitees: ["alice"])) }
        #expect(server.service.activeCalls().map(\.id) == [call.id])
        let accepted = try await bob.act(.accept(data: nil), on: call.id)
        #expect(accepted.call.state == .connected)
        let ended = try await alice.act(.end(data: nil), on: call.id)
        #expect(ended.call.state.end?.reason == .hungUp)

        let metrics = try await server.get("/metrics").body
        #expect(metrics.contains("switchboard_overloaded 1"))
        #expect(metrics.contains("switchboard_overload_shed_ratio 1"))
        #expect(metrics.contains("switchboard_overload_refusals_total 1"))
        #expect(metrics.contains("switchboard_errors_total{code=\"overloaded\"} 1"))

        server.service.loadShedding.shed(0)
        let later = try await carol.invite(InviteRequest(invitees: ["alice"]))
        #expect(later.participant("alice") != nil)
        #expect(try await server.get("/metrics").body.contains("switchboard_overloaded 0"))
        for session in [alice, bob, carol] {
            try await session.logout()
            await session.shutdown()
        }
        await server.stop()
    }

    @Test("switchboard serve stopped for 1.5 s (SIGSTOP) finds its event loops late, sheds a share of new calls (overloaded), and still lets the call that was ringing be accepted and hung up")
    func servedProcessShedsWhenLate() async throws {
        // A minute to recover from full shedding: the share the stop leaves stays for the whole test.
        let server = try ServerProcess.serve(config: #"{"overload": {"recoveryMilliseconds": 60000}}"#, loadShedding: true)
        defer { server.stop() }
        let port = try await server.waitUntilListening()
        let url = "ws://127.0.0.1:\(port)/v1/signal"
        func session(_ user: UserID) -> ClientSession {
            ClientSession(configuration: ClientConfiguration(app: "test-app", user: user, device: DeviceID("\(user.rawValue)-1"),
                                                             token: "token", surface: "test"),
                          transport: WebSocketTransport(url: url), clock: .system())
        }
        let (alice, bob, carol, dave) = (session("alice"), session("bob"), session("carol"), session("dave"))
        for user in [alice, bob, carol, dave] { try await user.login() }
        let ringing = try await alice.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced))
        #expect(try await server.metrics().contains("switchboard_overloaded 0"))

        // Stopped, the server's loops run nothing; the probe due meanwhile runs 1.5 s late.
        server.signal(SIGSTOP)
        try await Task.sleep(for: .milliseconds(1500))
        server.signal(SIGCONT)
        try await eventually("the server reports overload", timeout: .seconds(20)) {
            (try? await server.metrics().contains("switchboard_overloaded 1")) ?? false
        }

        // A share of the new calls is refused at once (every third or so, evenly); the ones let
        // through are cancelled again.
        var refusal: SignalingError?
        for _ in 0..<20 where refusal == nil {
            do {
                let call = try await carol.invite(InviteRequest(invitees: ["dave"], profile: .nativeAdvanced))
                _ = try await carol.act(.cancel(invitees: nil, data: nil), on: call.id)
            } catch {
                refusal = error
            }
        }
        #expect(refusal?.code == .service(.overloaded))

        // The call that was ringing completes.
        let accepted = try await bob.act(.accept(data: nil), on: ringing.id)
        #expect(accepted.call.state == .connected)
        let ended = try await alice.act(.end(data: nil), on: ringing.id)
        #expect(ended.call.state.end?.reason == .hungUp)
        let after = try await server.metrics()
        #expect(after.contains("switchboard_overloaded 1"))
        #expect(!after.contains("switchboard_overload_refusals_total 0"))
        for user in [alice, bob, carol, dave] {
            try? await user.logout()
            await user.shutdown()
        }
    }
}
