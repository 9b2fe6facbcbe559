import Crypto
import Foundation
import InMemoryLogging
import Logging
import PushProviderDouble
import SwitchboardCore
import SwitchboardPush
import SwitchboardService
import Testing

@Suite("Credentials: read once, typed errors, never printed or logged")
struct CredentialTests {
    /// A file with `text` in a fresh folder.
    private func file(_ text: String, name: String = "credential") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("push-credentials-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func apns(_ path: String) -> APNsConfiguration {
        APNsConfiguration(keyFile: path, keyID: "KEY1234567", teamID: "TEAM123456", bundleID: "com.example.app")
    }

    private func code(_ body: () throws -> Void) -> PushCredentialError? {
        do {
            try body()
            return nil
        } catch {
            return error as? PushCredentialError
        }
    }

    @Test("an APNs key file that is missing, not PEM, or not a P-256 key is refused with its code; the message quotes no key")
    func apnsKeyErrors() async throws {
        let rsa = try String(contentsOfFile: try await serviceAccountKeyPEM(), encoding: .utf8)
        let cases: [(String?, PushCredentialError.Code)] = [
            (nil, .fileUnreadable),
            ("not a key at all", .notPEM),
            (rsa, .wrongKeyType),
            ("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", .wrongKeyType),
        ]
        for (text, expected) in cases {
            let path = try text.map { try file($0) } ?? "/nonexistent/AuthKey.p8"
            let error = try #require(code { _ = try APNsSigningKey(configuration: apns(path)) })
            #expect(error.code == expected)
            #expect(error.message.contains(path))
            #expect(!error.description.contains("AAAA") && !error.description.contains("BEGIN"))
        }
        let good = try file(P256.Signing.PrivateKey().pemRepresentation)
        #expect(code { _ = try APNsSigningKey(configuration: apns(good)) } == nil)
    }

    @Test("a service account file that is missing, not JSON, lacks a field, or has a bad key is refused with its code")
    func serviceAccountErrors() async throws {
        let rsa = try String(contentsOfFile: try await serviceAccountKeyPEM(), encoding: .utf8)
        func account(_ fields: [String: String]) throws -> String {
            try file(String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self))
        }
        let complete = ["project_id": "p", "client_email": "a@p.iam.gserviceaccount.com", "private_key": rsa,
                        "private_key_id": "k1", "token_uri": "https://oauth2.example/token"]
        var noEmail = complete
        noEmail["client_email"] = nil
        var noTokenURI = complete
        noTokenURI["token_uri"] = nil
        var notPEM = complete
        notPEM["private_key"] = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"
        var ecKey = complete
        ecKey["private_key"] = P256.Signing.PrivateKey().pemRepresentation
        let cases: [(String, PushCredentialError.Code)] = [
            ("/nonexistent/service-account.json", .fileUnreadable),
            (try file("[1, 2]"), .notJSON),
            (try account(noEmail), .missingField),
            (try account(noTokenURI), .missingField),
            (try account(notPEM), .notPEM),
            (try account(ecKey), .wrongKeyType),
        ]
        for (path, expected) in cases {
            let error = try #require(code { _ = try FCMServiceAccount(configuration: FCMConfiguration(serviceAccountFile: path)) })
            #expect(error.code == expected, "\(path)")
            #expect(!error.description.contains("MII") && !error.description.contains("BEGIN"))
        }
        let loaded = try FCMServiceAccount(configuration: FCMConfiguration(serviceAccountFile: try account(complete)))
        #expect(loaded.tokenURL == "https://oauth2.example/token")
        let overridden = try FCMServiceAccount(configuration: FCMConfiguration(serviceAccountFile: try account(noTokenURI),
                                                                               tokenURL: "https://127.0.0.1:1/token"))
        #expect(overridden.tokenURL == "https://127.0.0.1:1/token")
    }

    @Test("a sender refuses to start on a bad credential file")
    func senderRefuses() throws {
        #expect(throws: PushCredentialError.self) {
            _ = try PushSender(apps: ["acme": PushConfiguration(apns: apns("/nonexistent/AuthKey.p8"))], onAnswer: { _ in })
        }
    }

    @Test("printing, reflecting or dumping credentials and configurations shows no key; neither do the sender's log lines")
    func redacted() async throws {
        let double = try await PushProviderDouble.start()
        let files = double.credentials
        let secrets = try keyLines(files.apnsKeyPath) + keyLines(await serviceAccountKeyPEM(files.serviceAccountPath))
        #expect(secrets.count > 10)
        let configuration = pushConfiguration(double)
        let key = try APNsSigningKey(configuration: try #require(configuration.apns))
        let account = try FCMServiceAccount(configuration: try #require(configuration.fcm))
        for value in [key, account, configuration] as [Any] {
            var dumped = ""
            dump(value, to: &dumped)
            for text in [String(describing: value), String(reflecting: value), dumped, "\(Mirror(reflecting: value).children.map { "\($0)" })"] {
                #expect(!secrets.contains { text.contains($0) }, "\(text)")
            }
        }
        #expect(String(describing: key).contains("<redacted>") && String(describing: account).contains("<redacted>"))

        let logs = InMemoryLogHandler()
        var logger = Logger(label: "push", factory: { _ in logs })
        logger.logLevel = .trace
        double.script(apnsToken: "0410", [.unregistered()])
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": configuration], log: log, logger: logger)
        sender.dispatch([pushJob(call: "c1", token: "aa"), pushJob(call: "c2", token: "0410"), pushJob(call: "c3", platform: .fcm, token: "f")])
        await log.wait(for: 3)
        await sender.shutdown()
        await double.stop()
        let bearers = double.requests.compactMap { $0.header("authorization")?.split(separator: " ").last.map(String.init) }
        let lines = logs.entries.map { "\($0.message) \($0.metadata ?? [:])" }
        #expect(lines.count >= 5)
        for line in lines {
            #expect(!secrets.contains { line.contains($0) }, "\(line)")
            #expect(!bearers.contains { line.contains($0) }, "\(line)")
        }
    }

    /// The base64 lines of a PEM key: what would show if a key leaked.
    private func keyLines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("-----") && $0.count >= 16 }.map { String($0.prefix(24)) }
    }

    /// The RSA key of a service-account file, as its own PEM file.
    private func serviceAccountKeyPEM(_ path: String? = nil) async throws -> String {
        let accountPath: String
        if let path {
            accountPath = path
        } else {
            let double = try await PushProviderDouble.start()
            accountPath = double.credentials.serviceAccountPath
            let copy = try file(try String(contentsOfFile: accountPath, encoding: .utf8))
            await double.stop()
            return try await serviceAccountKeyPEM(copy)
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: accountPath))) as? [String: String]
        return try file(try #require(json?["private_key"]))
    }
}
