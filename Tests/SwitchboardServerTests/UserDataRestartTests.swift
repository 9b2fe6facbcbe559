import Foundation
import Synchronization
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// The built server keeps offline messages and attributes in its SQLite file across a `kill -9`
/// (docs/SERVER.md, "What survives a restart").
@Suite("Offline messages and attributes across a server restart", .serialized)
struct UserDataRestartTests {
    private func session(_ user: UserID, url: String) throws -> ClientSession {
        ClientSession(configuration: ClientConfiguration(app: "app", user: user, device: DeviceID("\(user.rawValue)-1"),
                                                         token: "t", surface: "test"),
                      transport: try WebSocketTransport(urls: [url], first: 0), clock: .system())
    }

    @Test("a message kept for an offline user is handed over once after kill -9 and a restart; attributes are there for a user back within the grace")
    func survivesKill() async throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchboard-user-data-\(UUID().uuidString).sqlite").path
        let first = try ServerProcess.serve(data: data)
        let port = try await first.waitUntilListening()
        let url = "ws://127.0.0.1:\(port)/v1/signal"

        let alice = try session("alice", url: url)
        try await alice.login()
        #expect(try await alice.sendMessage(PeerMessageRequest(to: "dave", content: .text("kept"), storeIfOffline: true)) == .stored)
        _ = try await alice.request(.setUserAttributes(.replace([Attribute(key: "mood", value: "away")]), limits: nil))
        await first.kill()
        await alice.shutdown()

        let second = try ServerProcess.serve(port: port, data: data)
        _ = try await second.waitUntilListening()
        let back = try session("alice", url: url)
        try await back.login()
        #expect(try await back.request(.getUserAttributes("alice", keys: nil)) == .attributes([Attribute(key: "mood", value: "away")]))

        let dave = try session("dave", url: url)
        let handed = Mutex<[String]>([])
        await dave.observe { event in
            if case .server(.message(let message)) = event, case .text(let text) = message.content {
                handed.withLock { $0.append("\(message.from):\(text)") }
            }
        }
        try await dave.login()
        try await eventually("dave is handed alice's message", timeout: .seconds(5)) { !handed.withLock { $0 }.isEmpty }
        #expect(handed.withLock { $0 } == ["alice:kept"])
        try await dave.logout()
        await dave.shutdown()
        await second.kill()

        let third = try ServerProcess.serve(port: port, data: data)
        defer { third.stop() }
        _ = try await third.waitUntilListening()
        let again = try session("dave", url: url)
        let handedAgain = Mutex<[String]>([])
        await again.observe { event in
            if case .server(.message(let message)) = event, case .text(let text) = message.content {
                handedAgain.withLock { $0.append(text) }
            }
        }
        try await again.login()
        // The hand-over would come right after the welcome, before the answer to a later request.
        _ = try await again.queryPresence(["alice"])
        #expect(handedAgain.withLock { $0 }.isEmpty, "handed over once")
        await again.shutdown()
        await back.shutdown()
    }
}
