import Foundation
import Testing
import SwitchboardClient
import SwitchboardCore
import SwitchboardService
import SwitchboardTesting
import SwitchboardWire

/// `ClientSession.registerPushToken` / `unregisterPushTokens`: Switchboard's own push registration, which
/// Agora and anyRTC apps and native apps use (docs/AGORA.md, "Push tokens").
@Suite("Client session: push tokens")
struct ClientSessionPushTests {
    let store = MemoryStore()

    /// The tokens the service keeps, `user/device platform token topic environment`, sorted.
    var registrations: [String] {
        (store.restore(nil)[.development]?.pushRegistrations ?? [])
            .map { "\($0.user)/\($0.device) \($0.platform.rawValue) \($0.token) \($0.topic) \($0.environment.rawValue)" }
            .sorted()
    }

    @Test("tokens register for the session's device, bytes as lowercase hex, text as given (APNs lowercased); unregister removes one platform, then all")
    func registerAndUnregister() async throws {
        let world = TestWorld(store: store)
        let bob = try await world.login("bob", device: "phone")
        try await bob.session.registerPushToken(platform: .apnsVoIP, token: Data([0xAB, 0x0C]), topic: "com.example.app",
                                                environment: .sandbox)
        try await bob.session.registerPushToken(platform: .apnsAlert, token: [0x01, 0xFF], topic: "com.example.app")
        try await bob.session.registerPushToken(platform: .fcm, token: "fcm:Token-1", topic: "com.example.android")
        await world.runUntilIdle()
        #expect(registrations == ["bob/phone apns.alert 01ff com.example.app production",
                                  "bob/phone apns.voip ab0c com.example.app.voip sandbox",
                                  "bob/phone fcm fcm:Token-1 com.example.android production"])

        try await bob.session.unregisterPushTokens(platform: .apnsVoIP)
        await world.runUntilIdle()
        #expect(registrations.count == 2 && !registrations.contains { $0.contains("apns.voip") })
        try await bob.session.unregisterPushTokens()
        await world.runUntilIdle()
        #expect(registrations == [])
    }

    @Test("a token the service refuses throws invalid_argument and keeps nothing; before the login, not_logged_in")
    func refusals() async throws {
        let world = TestWorld(store: store)
        let bob = try await world.login("bob", device: "phone")
        await #expect(throws: SignalingError(.call(.invalidArgument), "an APNs token is hex (an even number of 0-9, a-f)")) {
            try await bob.session.registerPushToken(platform: .apnsVoIP, token: "xyz", topic: "com.example.app")
        }
        let carol = world.client("carol")
        do {
            try await carol.session.registerPushToken(platform: .fcm, token: "t", topic: "com.example.android")
            Issue.record("registered before the login")
        } catch {
            #expect(error.code == .service(.notLoggedIn))
        }
        await world.runUntilIdle()
        #expect(registrations == [])
    }

    @Test("logging out removes the device's tokens")
    func logoutRemoves() async throws {
        let world = TestWorld(store: store)
        let bob = try await world.login("bob", device: "phone")
        try await bob.session.registerPushToken(platform: .fcm, token: "fcm-token", topic: "com.example.android")
        await world.runUntilIdle()
        #expect(registrations.count == 1)
        try await bob.session.logout()
        await world.runUntilIdle()
        #expect(registrations == [])
    }
}
