import Foundation
import Logging
import ServerTestSupport
import Testing
import TestSupport
import SwitchboardAtomicX
import SwitchboardClient
import SwitchboardCore
import SwitchboardServer
import SwitchboardService
import SwitchboardUserSig
import SwitchboardWire
import SwitchboardZIM
import Synchronization

private let secret = "a-secret-of-at-least-32-bytes-long!"
private let app = AppConfiguration(id: "acme", vendorIDs: ["1400000001", "acme-app"], secret: secret)
private let now = Timestamp(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000))

@Suite("Switchboard tokens (JWT, HS256)")
struct JWTTokenTests {
    @Test("a minted token verifies for its user and app, with its expiry")
    func minted() async throws {
        let expiry = Date().addingTimeInterval(3600)
        let token = try await SwitchboardToken.mint(app: app, user: "alice", expiresAt: expiry)
        let grant = try JWTTokenVerifier().verify(token: token, user: "alice", app: app, vendorApp: "acme-app",
                                                  surface: "agora", at: now)
        let expected = Int64(expiry.timeIntervalSince1970) * 1000
        #expect(abs((grant.expiresAt?.millisecondsSince1970 ?? 0) - expected) < 1000)
    }

    @Test("forged, foreign, expired and malformed tokens are refused with the right code")
    func refused() async throws {
        let other = AppConfiguration(id: "other", vendorIDs: ["x"], secret: "another-secret-of-at-least-32-bytes")
        let good = try await SwitchboardToken.mint(app: app, user: "alice", expiresAt: Date().addingTimeInterval(3600))
        let foreign = try await SwitchboardToken.mint(app: other, user: "alice", expiresAt: Date().addingTimeInterval(3600))
        let expired = try await SwitchboardToken.mint(app: app, user: "alice", expiresAt: Date().addingTimeInterval(-10))
        var tampered = Array(good)
        tampered[tampered.count - 3] = tampered[tampered.count - 3] == "A" ? "B" : "A"
        let parts = good.split(separator: ".")
        let unsigned = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.\(parts[1])."
        let cases: [(String?, UserID, ServiceErrorCode)] = [
            (good, "bob", .invalidToken),
            (foreign, "alice", .invalidToken),
            (expired, "alice", .tokenExpired),
            (String(tampered), "alice", .invalidToken),
            (unsigned, "alice", .invalidToken),
            ("not a jwt", "alice", .invalidToken),
            ("", "alice", .invalidToken),
            (nil, "alice", .invalidToken),
        ]
        for (token, user, code) in cases {
            #expect(throws: SignalingError.self) {
                try JWTTokenVerifier().verify(token: token, user: user, app: app, vendorApp: "acme-app", surface: nil, at: now)
            }
            do {
                _ = try JWTTokenVerifier().verify(token: token, user: user, app: app, vendorApp: "acme-app", surface: nil, at: now)
            } catch {
                #expect(error.code == .service(code), "\(token ?? "nil") for \(user): \(error)")
            }
        }
    }
}

@Suite("Server configuration file")
struct ServerConfigFileTests {
    @Test("a full file becomes the service's apps and limits")
    func full() throws {
        let file = try ServerConfigFile.parse("""
            {"apps": [{"id": "acme", "secret": "\(secret)", "vendorIDs": ["1400000001", "acme-app"],
                       "loginPolicy": "singleDevice", "pushesOfflineInvitations": true}],
             "limits": {"maxSessionsPerUser": 4, "maxActiveCallsPerUser": 8, "maxPendingInvitationsPerUser": 5, "maxMessageBytes": 1024, "recordRetentionDays": 7,
                        "tokenExpiryGraceSeconds": 5}}
            """)
        #expect(file.apps == [AppConfiguration(id: "acme", vendorIDs: ["1400000001", "acme-app"], secret: secret,
                                               loginPolicyCap: .singleDevice, pushesOfflineInvitations: true)])
        let service = file.serviceConfiguration
        #expect(!service.isDevelopmentMode)
        #expect(service.maxSessionsPerUser == 4)
        #expect(service.maxActiveCallsPerUser == 8)
        #expect(service.maxPendingInvitationsPerUser == 5)
        #expect(service.maxMessageBytes == 1024)
        #expect(file.recordRetentionDays == 7)
        #expect(service.tokenExpiryGrace == .seconds(5))
        #expect(try ServerConfigFile.parse("{}").serviceConfiguration.isDevelopmentMode)
        #expect(try ServerConfigFile.parse("{}").serviceConfiguration.tokenExpiryGrace == .zero, "no grace unless asked")
    }

    @Test("call rules: per app, over the file's ring cap, which is 120 s when the file names none")
    func callRules() throws {
        let file = try ServerConfigFile.parse("""
            {"apps": [{"id": "a", "secret": "\(secret)", "vendorIDs": ["1"],
                       "limits": {"maxRingSeconds": 45}, "calls": {"join": "invited", "ephemeral": "record"}},
                      {"id": "b", "secret": "\(secret)", "vendorIDs": ["2"], "calls": {"join": "invited"}},
                      {"id": "c", "secret": "\(secret)", "vendorIDs": ["3"]}],
             "limits": {"maxRingSeconds": 300}}
            """)
        #expect(file.apps[0].callRules == AppCallRules(maxRingTimeout: .seconds(45), join: .invited, allowsEphemeralCalls: false))
        #expect(file.apps[1].callRules == AppCallRules(maxRingTimeout: .seconds(300), join: .invited))
        #expect(file.apps[2].callRules == nil)
        #expect(file.serviceConfiguration.callRules == AppCallRules(maxRingTimeout: .seconds(300)))
        #expect(try ServerConfigFile.parse("{}").serviceConfiguration.callRules == AppCallRules(maxRingTimeout: .seconds(120)))
        #expect(ServiceConfiguration.development.callRules == .standard, "the embedded service keeps the vendors' bounds")
    }

    @Test("every mistake names its place", arguments: [
        ("[]", "$"),
        ("{\"port\": 1}", "$.port"),
        ("{\"apps\": {}}", "$.apps"),
        ("{\"apps\": [{\"id\": \"\", \"secret\": \"\(secret)\", \"vendorIDs\": [\"a\"]}]}", "$.apps[0].id"),
        ("{\"apps\": [{\"id\": \"a\", \"secret\": \"short\", \"vendorIDs\": [\"a\"]}]}", "$.apps[0].secret"),
        ("{\"apps\": [{\"id\": \"a\", \"secret\": \"\(secret)\", \"vendorIDs\": []}]}", "$.apps[0].vendorIDs"),
        ("{\"apps\": [{\"id\": \"a\", \"secret\": \"\(secret)\", \"vendorIDs\": [\"v\"], \"loginPolicy\": \"latestDevice\"}]}", "$.apps[0].loginPolicy"),
        ("{\"apps\": [{\"id\": \"a\", \"secret\": \"\(secret)\", \"vendorIDs\": [\"v\"]}, {\"id\": \"a\", \"secret\": \"\(secret)\", \"vendorIDs\": [\"w\"]}]}", "$.apps[1].id"),
        ("{\"apps\": [{\"id\": \"a\", \"secret\": \"\(secret)\", \"vendorIDs\": [\"v\"]}, {\"id\": \"b\", \"secret\": \"\(secret)\", \"vendorIDs\": [\"v\"]}]}", "$.apps[1].vendorIDs"),
        ("{\"limits\": {\"maxSessionsPerUser\": 0}}", "$.limits.maxSessionsPerUser"),
        ("{\"limits\": {\"speed\": 1}}", "$.limits.speed"),
        ("{\"limits\": {\"maxRingSeconds\": 3601}}", "$.limits.maxRingSeconds"),
        ("{\"limits\": {\"tokenExpiryGraceSeconds\": 301}}", "$.limits.tokenExpiryGraceSeconds"),
        ("{\"limits\": {\"tokenExpiryGraceSeconds\": -1}}", "$.limits.tokenExpiryGraceSeconds"),
        ("{\"apps\": [{\"id\": \"a\", \"secret\": \"\(secret)\", \"vendorIDs\": [\"v\"], \"calls\": {\"join\": \"anyone\"}}]}", "$.apps[0].calls.join"),
        ("{\"apps\": [{\"id\": \"a\", \"secret\": \"\(secret)\", \"vendorIDs\": [\"v\"], \"calls\": {\"ephemeral\": true}}]}", "$.apps[0].calls.ephemeral"),
        ("{\"apps\": [{\"id\": \"a\", \"secret\": \"\(secret)\", \"vendorIDs\": [\"v\"], \"limits\": {\"maxRingSeconds\": 0}}]}", "$.apps[0].limits.maxRingSeconds"),
        ("{\"apps\": [{\"id\": \"a\", \"secret\": \"\(secret)\", \"vendorIDs\": [\"v\"], \"calls\": {\"record\": 1}}]}", "$.apps[0].calls.record"),
        ("not json", "$"),
    ])
    func invalid(text: String, path: String) {
        do {
            _ = try ServerConfigFile.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.path == path, "\(error)")
        }
    }
}

@Suite("Tokens over the network", .serialized)
struct NetworkTokenTests {
    @Test("on a configured server a JWT logs any surface in, a UserSig logs the Tencent surface in, forgeries are refused")
    func configuredServer() async throws {
        let running = try await LoopbackServer.startDurable(apps: [app])
        let port = running.port
        let url = "ws://127.0.0.1:\(port)/v1/signal"
        func session(_ user: UserID, token: String, surface: String = "agora", app vendorApp: String = "acme-app") -> ClientSession {
            ClientSession(configuration: ClientConfiguration(app: vendorApp, user: user, device: DeviceID("\(user.rawValue)-1"),
                                                             token: token, surface: surface),
                          transport: WebSocketTransport(url: url), clock: .system())
        }

        let token = try await SwitchboardToken.mint(app: app, user: "alice", expiresAt: Date().addingTimeInterval(600))
        let alice = session("alice", token: token)
        try await alice.login()
        #expect(await alice.tokenExpiresAt != nil)

        let forged = session("mallory", token: token)
        await #expect(throws: SignalingError.self) { try await forged.login() }
        let unknownApp = session("alice", token: token, app: "nobody")
        await #expect(throws: SignalingError.self) { try await unknownApp.login() }

        // Tencent: a UserSig for the app's SDKAppID, through the AtomicX stores.
        let tencent = AtomicXInstance(environment: ClientEnvironment(
            transport: WebSocketTransport(url: url), clock: .system(), callbackQueue: DispatchQueue(label: "t")))
        let sig = GenerateTestUserSig.genTestUserSig(userID: "bob", sdkAppID: 1_400_000_001, secretKey: secret)
        let ok = try await completed { done in
            tencent.loginStore.login(sdkAppID: 1_400_000_001, userID: "bob", userSig: sig) { done(Box($0)) }
        }
        #expect(ok.value.isSuccess)
        let carol = AtomicXInstance(environment: ClientEnvironment(
            transport: WebSocketTransport(url: url), clock: .system(), callbackQueue: DispatchQueue(label: "c")))
        let refused = try await completed { done in
            carol.loginStore.login(sdkAppID: 1_400_000_001, userID: "carol", userSig: sig) { done(Box($0)) }
        }
        if case .failure(let error) = refused.value { #expect(error.code == 70003) } else { Issue.record("bob's sig logged carol in") }

        try await alice.logout()
        await alice.shutdown()
        await running.stop()
    }
}

@Suite("Token expiry notices over the network", .serialized)
struct NetworkTokenExpiryTests {
    @Test("a ZIM user whose JWT expires in 32 s hears tokenWillExpire about 30 s before, over the WebSocket")
    func zimTokenWillExpire() async throws {
        let zimApp = AppConfiguration(id: "zim-app", vendorIDs: ["1234567"], secret: secret)
        let running = try await LoopbackServer.startDurable(apps: [zimApp])
        let token = try await SwitchboardToken.mint(app: zimApp, user: "alice", expiresAt: Date().addingTimeInterval(32))
        let config = ZIMAppConfig()
        config.appID = 1_234_567
        config.appSign = "sign"
        let zim = try #require(ZIM.create(with: config, environment: running.environment(queue: DispatchQueue(label: "zim"))))
        let recorder = ZIMExpiryRecorder()
        zim.setEventHandler(recorder)
        let login = ZIMLoginConfig()
        login.token = token
        let code = try await completed { done in zim.login(withUserID: "alice", config: login) { done($0.code) } }
        #expect(code == .ZIMErrorCodeSuccess)
        try await eventually("tokenWillExpire arrives") { !recorder.notices.isEmpty }
        #expect((28...31).contains(recorder.notices[0]), "\(recorder.notices)")
        zim.destroy()
        await running.stop()
    }
}

final class ZIMExpiryRecorder: NSObject, ZIMEventHandler, @unchecked Sendable {
    private let seconds = Mutex<[UInt32]>([])
    var notices: [UInt32] { seconds.withLock { $0 } }
    func zim(_ zim: ZIM, tokenWillExpire second: UInt32) { seconds.withLock { $0.append(second) } }
}

@Suite("switchboard token")
struct TokenCommandTests {
    /// `switchboard arguments`: its status, and what it wrote to either output.
    private func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let outcome = try await SwitchboardBinary.run(arguments)
        return (outcome.status, (outcome.output + outcome.errors).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("mints a JWT and a UserSig that the server's verifiers accept; an unknown app is refused")
    func mints() async throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-\(UUID().uuidString).json")
        try #"{"apps": [{"id": "acme", "secret": "\#(secret)", "vendorIDs": ["1400000001", "acme-app"]}]}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let jwt = try await run(["token", "--config", config.path, "--app", "acme", "--user", "alice", "--ttl", "600"])
        #expect(jwt.status == 0)
        let grant = try JWTTokenVerifier().verify(token: jwt.output, user: "alice", app: app, vendorApp: "acme-app",
                                                  surface: "agora", at: now)
        #expect(grant.expiresAt != nil)
        let sig = try await run(["token", "--config", config.path, "--app", "acme", "--user", "bob", "--usersig"])
        #expect(sig.status == 0)
        _ = try UserSigTokenVerifier(fallback: JWTTokenVerifier()).verify(
            token: sig.output, user: "bob", app: app, vendorApp: "1400000001", surface: "tencent", at: now)
        let unknown = try await run(["token", "--config", config.path, "--app", "nobody", "--user", "bob"])
        #expect(unknown.status != 0)
        #expect(unknown.output.contains("no app"))
    }
}
