import AgoraTestSupport
import Foundation
import Testing
import SwitchboardAgora
import SwitchboardARtm
import SwitchboardCore
import SwitchboardService
import SwitchboardTesting
import SwitchboardWire

/// The kits' Switchboard-named push registration (docs/AGORA.md, "Push tokens"): RTM 1.x and anyRTC have
/// no push API, so `switchboardRegisterPushToken` registers the kit's own device, which the server pushes
/// while it has no live session.
@Suite("Agora and anyRTC kits: push tokens")
struct RtmKitPushTests {
    let store = MemoryStore()

    /// The tokens the service keeps, `user platform token topic environment`, sorted.
    var registrations: [String] {
        (store.restore(nil)[.development]?.pushRegistrations ?? [])
            .map { "\($0.user) \($0.platform.rawValue) \($0.token) \($0.topic) \($0.environment.rawValue)" }.sorted()
    }

    /// The devices holding tokens.
    var devices: Set<String> {
        Set((store.restore(nil)[.development]?.pushRegistrations ?? []).map(\.device.rawValue))
    }

    /// Runs `operation` in the world and returns the `SignalingError` it threw, nil when it succeeded.
    func outcome(in world: TestWorld, _ operation: @escaping @Sendable () async throws -> Void) async throws -> SignalingError? {
        let task = world.task { try await operation() }
        switch try await world.result(of: task) {
        case .success: return nil
        case .failure(let error as SignalingError): return error
        case .failure(let error): throw error
        }
    }

    @Test("an Agora kit registers its own device's tokens once logged in (not before); logout removes them")
    func agoraKit() async throws {
        let world = TestWorld(store: store)
        let bob = AgoraUser("bob", in: world)
        let kit = bob.kit
        let early = try await outcome(in: world) {
            try await kit.switchboardRegisterPushToken(platform: .fcm, token: "fcm-token", topic: "com.example.android")
        }
        #expect(early?.code == .service(.notLoggedIn))

        try await bob.login(in: world)
        #expect(try await outcome(in: world) {
            try await kit.switchboardRegisterPushToken(platform: .apnsVoIP, token: Data([0xBE, 0xEF]), topic: "com.example.app")
        } == nil)
        #expect(registrations == ["bob apns.voip beef com.example.app.voip production"])
        #expect(devices.allSatisfy { $0.hasPrefix("agora-") })

        let refused = try await outcome(in: world) {
            try await kit.switchboardRegisterPushToken(platform: .apnsAlert, token: "not hex", topic: "com.example.app")
        }
        #expect(refused?.code == .call(.invalidArgument))

        _ = try await world.completion { done in kit.logout { done($0) } }
        await world.runUntilIdle()
        #expect(registrations == [])
    }

    @Test("an anyRTC kit registers and unregisters by platform; an Agora caller's call pushes its offline device in Switchboard's layout")
    func anyRTCKit() async throws {
        let pushes = PushRecorder()
        let world = TestWorld(store: store, pushes: pushes)
        let links = FaultInjector()
        let bob = ARtmUser("bob", in: world, faults: links)
        let kit = bob.kit
        try await bob.login(in: world)
        #expect(try await outcome(in: world) {
            try await kit.switchboardRegisterPushToken(platform: .fcm, token: "fcm-token", topic: "com.example.android")
            try await kit.switchboardRegisterPushToken(platform: .apnsAlert, token: [0x0A], topic: "com.example.app",
                                                       environment: .sandbox)
        } == nil)
        #expect(registrations == ["bob apns.alert 0a com.example.app sandbox", "bob fcm fcm-token com.example.android production"])
        #expect(devices.allSatisfy { $0.hasPrefix("artm-") })
        #expect(try await outcome(in: world) { try await kit.switchboardUnregisterPushTokens(platform: .apnsAlert) } == nil)
        #expect(registrations == ["bob fcm fcm-token com.example.android production"])

        links.refusesConnections = true
        links.closeLinks()
        await world.runUntilIdle()
        let alice = AgoraUser("alice", in: world)
        try await alice.login(in: world)
        #expect(try await alice.sendCode(AgoraRtmLocalInvitation(calleeId: "bob"), in: world) == .ok)
        await world.runUntilIdle()
        #expect(pushes.jobs.map { "\($0.kind.rawValue) \($0.layout.rawValue) \($0.registration.platform.rawValue) \($0.registration.token)" }
                == ["ring switchboard fcm fcm-token"])
        #expect(pushes.jobs.first?.registration.device.rawValue.hasPrefix("artm-") == true)
    }
}
