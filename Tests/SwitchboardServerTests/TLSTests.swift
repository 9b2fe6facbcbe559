import Foundation
import Logging
import NIOSSL
import ServerTestSupport
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardServer
import SwitchboardService
import SwitchboardWire

@Suite("TLS", .serialized)
struct TLSTests {
    /// A self-signed certificate for 127.0.0.1, made with openssl (on every machine of this kind).
    private func certificate() async throws -> (cert: String, key: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let cert = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        _ = try await runToExit(["/usr/bin/openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                                 "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
        return (cert, key)
    }

    @Test("with a certificate the server speaks wss://; a client trusting it logs in and calls")
    func secureWebSocket() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
            Issue.record("openssl is needed to make a test certificate")
            return
        }
        let (cert, key) = try await certificate()
        let server = try await LoopbackServer.start(ServerConfiguration(
            host: "127.0.0.1", port: 0, tls: .init(certificateChain: cert, privateKey: key)))
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(cert))
        // A host name, not an IP: TLS server-name indication carries names only.
        let url = "wss://localhost:\(server.port)/v1/signal"
        func session(_ user: UserID) -> ClientSession {
            ClientSession(configuration: ClientConfiguration(app: "a", user: user, device: DeviceID("\(user.rawValue)-1"),
                                                             token: "t", surface: "test"),
                          transport: WebSocketTransport(url: url, tlsConfiguration: tls), clock: .system())
        }
        let alice = session("alice"), bob = session("bob")
        try await alice.login()
        try await bob.login()
        let call = try await alice.invite(InviteRequest(invitees: ["bob"]))
        try await eventually("bob can accept") { (try? await bob.act(.accept(data: nil), on: call.id)) != nil }

        // A client that does not trust the certificate cannot connect.
        let stranger = ClientSession(
            configuration: ClientConfiguration(app: "a", user: "eve", device: "eve-1", token: "t",
                                               timing: ClientTiming(loginTimeout: .seconds(2))),
            transport: WebSocketTransport(url: url), clock: .system())
        await #expect(throws: SignalingError.self) { try await stranger.login() }
        await stranger.shutdown()
        for user in [alice, bob] {
            try await user.logout()
            await user.shutdown()
        }
        await server.stop()
    }
}
