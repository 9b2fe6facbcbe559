import Foundation
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// The built `switchboard serve` as a subprocess: killed with SIGKILL mid-call, restarted on the same port and
/// data file.
@Suite("Kill -9 and restart", .serialized)
struct KillRestartTests {
    @Test("a server killed mid-ring and restarted finishes the calls: the ringing one rings on and can be answered, the connected one stays connected, records and profiles are kept")
    func killAndRestart() async throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchboard-kill-\(UUID().uuidString).sqlite").path
        let first = try ServerProcess.serve(data: data)
        let port = try await first.waitUntilListening()
        let url = "ws://127.0.0.1:\(port)/v1/signal"
        func session(_ user: UserID) -> ClientSession {
            ClientSession(configuration: ClientConfiguration(app: "app", user: user, device: DeviceID("\(user.rawValue)-1"),
                                                             token: "t", surface: "test"),
                          transport: WebSocketTransport(url: url), clock: .system())
        }
        let alice = session("alice"), bob = session("bob"), carol = session("carol")
        for user in [alice, bob, carol] { try await user.login() }

        // A finished call (records), a connected advanced call, and a ringing one.
        let finished = try await alice.invite(InviteRequest(invitees: ["carol"]))
        _ = try await carol.act(.accept(data: nil), on: finished.id)
        let connected = try await alice.invite(InviteRequest(invitees: ["carol"], profile: .nativeAdvanced))
        _ = try await carol.act(.accept(data: nil), on: connected.id)
        let ringing = try await alice.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced,
                                                           parameters: CallParameters(ringTimeout: .seconds(120))))
        try await eventually("bob acknowledged the invitation") {
            (try? await alice.call(ringing.id))?.participant("bob")?.state == .received
        }

        _ = try await alice.request(.setProfile(nickname: "Alice", avatarURL: "https://example.invalid/a.png"))
        await first.kill()
        let second = try ServerProcess.serve(port: port, data: data)
        defer { second.stop() }
        _ = try await second.waitUntilListening()

        // The clients log in again by themselves; the service has the calls as they were.
        try await eventually("bob is back and can act on the ringing call", timeout: .seconds(20)) {
            (try? await bob.act(.accept(data: "back"), on: ringing.id)) != nil
        }
        // Each client is back on its own schedule (a loaded machine may take a while for one of them).
        try await eventually("alice and carol are back", timeout: .seconds(20)) {
            let aliceBack = (try? await alice.call(ringing.id)) != nil
            let carolBack = (try? await carol.call(connected.id)) != nil
            return aliceBack && carolBack
        }
        let afterAccept = try await alice.call(ringing.id)
        #expect(afterAccept.participant("bob")?.state == .accepted)
        let stillConnected = try await carol.call(connected.id)
        #expect(stillConnected.state == .connected)
        #expect(stillConnected.participant("carol")?.state == .accepted)
        let page = try await carol.callRecords()
        #expect(page.records.contains { $0.callID == finished.id })
        let profiles = try await carol.request(.queryProfiles(["alice"]))
        #expect(profiles == .profiles([Profile(user: "alice", nickname: "Alice", avatarURL: "https://example.invalid/a.png")]))

        for user in [alice, bob, carol] {
            try? await user.logout()
            await user.shutdown()
        }
    }
}
