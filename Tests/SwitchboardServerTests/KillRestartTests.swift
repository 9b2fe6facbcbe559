import Foundation
import Testing
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// The built `switchboard` binary as a subprocess: started, killed with SIGKILL mid-call, restarted on
/// the same port and data file.
final class ServerProcess: @unchecked Sendable {
    // @unchecked: used from one test at a time.
    let process = Process()
    private let output = Pipe()
    private(set) var port = 0

    static var binary: URL {
        // The test bundle sits next to the products of the same build (`swift build --build-tests`).
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("switchboard")
    }

    /// - Parameter config: a configuration file (`--config`); development mode without.
    /// - Parameter loadShedding: whether the server may refuse new calls as `overloaded`: off unless a
    ///   test is about it, since the suite's own load on two cores can make the server's event loops lag.
    init(port: Int, data: String, config: String? = nil, arguments: [String] = [], loadShedding: Bool = false) throws {
        process.executableURL = Self.binary
        process.arguments = ["serve", "--port", String(port), "--data", data] + (config.map { ["--config", $0] } ?? []) + arguments
            + (loadShedding ? [] : ["--no-load-shedding"])
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Waits for the "listening on" line; returns the port.
    func waitUntilListening() async throws -> Int {
        let handle = output.fileHandleForReading
        let line: String = try await withCheckedThrowingContinuation { done in
            DispatchQueue.global().async {
                var buffer = Data()
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { return done.resume(throwing: TimeoutError(what: "the server's first line")) }
                    buffer.append(chunk)
                    if let text = String(data: buffer, encoding: .utf8), text.contains("\n") { return done.resume(returning: text) }
                }
            }
        }
        guard let range = line.range(of: #":(\d+)/v1/signal"#, options: .regularExpression) else {
            throw TimeoutError(what: "a port in \(line)")
        }
        port = Int(line[range].dropFirst().prefix { $0.isNumber })!
        return port
    }

    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

@Suite("Kill -9 and restart", .serialized)
struct KillRestartTests {
    @Test("a server killed mid-ring and restarted finishes the calls: the ringing one rings on and can be answered, the connected one stays connected, records and profiles are kept")
    func killAndRestart() async throws {
        guard FileManager.default.isExecutableFile(atPath: ServerProcess.binary.path) else {
            Issue.record("build the switchboard binary first (swift build --build-tests): \(ServerProcess.binary.path)")
            return
        }
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchboard-kill-\(UUID().uuidString).sqlite").path
        let first = try ServerProcess(port: 0, data: data)
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
        first.kill()
        let second = try ServerProcess(port: port, data: data)
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
