import Testing
import SwitchboardServer
import SwitchboardService

/// An app's `push` in the configuration file (docs/SERVER.md, "Push").
@Suite("Server configuration file: push")
struct PushConfigTests {
    static let secret = String(repeating: "s", count: 32)

    static func file(push: String) -> String {
        """
        {"apps": [{"id": "acme", "secret": "\(secret)", "vendorIDs": ["1"], "push": \(push)}]}
        """
    }

    @Test("credentials by path, defaults, topics and offline push turned on")
    func parsed() throws {
        let file = try ServerConfigFile.parse(Self.file(push: """
            {"apns": {"keyFile": "/k.p8", "keyID": "ABC123DEFG", "teamID": "DEF123GHIJ", "bundleID": "com.acme.app",
                      "sandboxURL": "https://127.0.0.1:9443"},
             "fcm": {"serviceAccountFile": "/sa.json", "package": "com.acme.android"}, "attempts": 5}
            """))
        let push = try #require(file.push["acme"])
        #expect(push.apns?.keyID == "ABC123DEFG" && push.apns?.sandboxURL == "https://127.0.0.1:9443" && push.apns?.productionURL == nil)
        #expect(push.fcm?.serviceAccountFile == "/sa.json")
        #expect(push.queueCapacity == 1000 && push.timeoutSeconds == 10 && push.attempts == 5)
        let app = try #require(file.apps.first)
        #expect(app.pushTopics == ["com.acme.app", "com.acme.android"])
        #expect(app.pushesOfflineInvitations)

        let fcmAnyPackage = try ServerConfigFile.parse(Self.file(push: #"{"fcm": {"serviceAccountFile": "/sa.json"}}"#))
        #expect(fcmAnyPackage.apps.first?.pushTopics == [])
        let none = try ServerConfigFile.parse(#"{"apps": [{"id": "acme", "secret": "\#(Self.secret)", "vendorIDs": ["1"]}]}"#)
        #expect(none.push.isEmpty && none.apps.first?.pushesOfflineInvitations == false)
    }

    @Test("a malformed push entry is refused with its path", arguments: [
        (#"{}"#, "$.apps[0].push"),
        (#"[]"#, "$.apps[0].push"),
        (#"{"apns": {"keyFile": "/k.p8", "keyID": "K", "teamID": "T"}}"#, "$.apps[0].push.apns.bundleID"),
        (#"{"apns": {"keyFile": "", "keyID": "K", "teamID": "T", "bundleID": "b"}}"#, "$.apps[0].push.apns.keyFile"),
        (#"{"apns": {"keyFile": "/k", "keyID": "K", "teamID": "T", "bundleID": "b", "productionURL": "http://x"}}"#,
         "$.apps[0].push.apns.productionURL"),
        (#"{"fcm": {"serviceAccountFile": "/sa.json", "key": "inline"}}"#, "$.apps[0].push.fcm.key"),
        (#"{"fcm": {"serviceAccountFile": "/sa.json"}, "queueCapacity": 0}"#, "$.apps[0].push.queueCapacity"),
    ])
    func refused(_ push: String, _ path: String) {
        #expect(throws: ServerConfigFile.Invalid.self) { try ServerConfigFile.parse(Self.file(push: push)) }
        do {
            _ = try ServerConfigFile.parse(Self.file(push: push))
        } catch {
            #expect(error.path == path, "\(push): \(error)")
        }
    }
}
