import ClusterTestSupport
import Foundation
import PushProviderDouble
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// Push across a cluster takeover (docs/SERVER.md, "Push"): the host node sends, and the call's marks move
/// with it, so the node that adopts the app after a kill -9 neither rings again nor forgets the cancel.
@Suite("Cluster push", .serialized, .timeLimit(.minutes(3)),
       .enabled(if: ClusterTestEnvironment.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES (scripts/test sets it)"))
struct ClusterPushTests {
    static let secret = "a-cluster-push-secret-of-32-bytes-or-more"
    static let app = AppConfiguration(id: "acme", vendorIDs: ["acme-app"], secret: secret)

    private func session(_ user: UserID, device: DeviceID, on nodes: [ServerProcess]) async throws -> ClientSession {
        let token = try await SwitchboardToken.mint(app: Self.app, user: user, expiresAt: Date().addingTimeInterval(600))
        return ClientSession(configuration: ClientConfiguration(app: "acme-app", user: user, device: device, token: token, surface: "zim"),
                             transport: try WebSocketTransport(urls: nodes.map(\.url), first: 0), clock: .system())
    }

    @Test("kill -9 of the host between the invite and the cancel: one ring, then one cancel from the node that took over")
    func takeoverBetweenInviteAndCancel() async throws {
        let double = try await PushProviderDouble.start()
        let files = double.credentials
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("sb-cluster-push-\(UUID().uuidString).json")
        try Data("""
            {"apps": [{"id": "acme", "secret": "\(Self.secret)", "vendorIDs": ["acme-app"],
              "push": {"apns": {"keyFile": "\(files.apnsKeyPath)", "keyID": "\(files.apnsKeyID)", "teamID": "\(files.apnsTeamID)",
                                "bundleID": "\(files.apnsBundleID)", "productionURL": "\(double.baseURL)", "sandboxURL": "\(double.baseURL)"},
                       "trustRootsFile": "\(files.caCertificatePath)"}}]}
            """.utf8).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        let token = String(repeating: "5e", count: 32)

        try await withCluster(nodes: 2, arguments: ["--config", config.path], apps: ["acme"]) { cluster in
            let hostName = try #require(try await cluster.host(of: "acme"))
            let host = try #require(cluster.node(hostName))
            let other = try #require(cluster.nodes.first { $0.name != hostName })

            let phone = try await session("bob", device: "phone", on: [other, host])
            try await phone.login()
            _ = try await phone.request(.registerPush(PushTokenRequest(platform: "apns.voip", token: token, topic: files.apnsBundleID)))
            await phone.shutdown()
            try await host.waitUntilDetached(user: "bob", device: "phone", app: "acme", secret: Self.secret)
            let alice = try await session("alice", device: "a1", on: [host, other])
            try await alice.login()
            let call = try await alice.invite(InviteRequest(
                invitees: ["bob"], profile: .zimAdvanced, parameters: CallParameters(ringTimeout: .seconds(120)),
                attachments: ["zim.push.title": "Alice"]))
            #expect(await double.waitForRequests { $0.contains { $0.deviceToken == token } })

            await host.kill()
            try await eventually("the other node adopts the app", timeout: .seconds(7)) {
                (try? await cluster.host(of: "acme")) == other.name
            }
            try await eventually("alice is back and cancels", timeout: .seconds(20)) {
                (try? await alice.act(.cancel(invitees: ["bob"], data: nil), on: call.id)) != nil
            }
            #expect(await double.waitForRequests { $0.filter { $0.deviceToken == token }.count >= 2 })
            // Anything more the new host would send (a second ring, a second cancel) would be here by now.
            try await Task.sleep(for: .seconds(1))
            let pushes = double.apnsRequests.filter { $0.deviceToken == token }
            #expect(pushes.count == 2, "one ring and one cancel: \(pushes.map(\.text))")
            #expect(pushes.allSatisfy { $0.header("apns-collapse-id") == call.id.rawValue })
            #expect(pushes.last?.text.contains("cancel") == true)
            try? await alice.logout()
            await alice.shutdown()
        }
        await double.stop()
    }
}
