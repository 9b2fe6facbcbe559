import Dispatch
import Foundation
import Testing
@testable import SwitchboardAtomicX
import SwitchboardCore
import SwitchboardService
import SwitchboardTesting
import SwitchboardWire

/// `V2TIMManager.setAPNS` / `setVOIP` on Switchboard (docs/TENCENT.md, "Push tokens"): the logged-in
/// device's tokens reach the service, nil configs remove them, logout removes them, and every failure is
/// the IM SDK's code through `fail`, on the set's callback queue.
@Suite("Tencent surface: V2TIMManager push tokens")
struct V2TIMPushTests {
    let store = MemoryStore()

    /// The tokens the service keeps, `user platform token topic environment`, sorted.
    var registrations: [String] {
        (store.restore(nil)[.development]?.pushRegistrations ?? [])
            .map { "\($0.user) \($0.platform.rawValue) \($0.token) \($0.topic) \($0.environment.rawValue)" }.sorted()
    }

    /// A device of `name` whose `V2TIMManager` registers under "com.example.app".
    func device(_ name: String, in world: TestWorld, faults: FaultInjector? = nil) -> (TencentUser, V2TIMManager) {
        let user = TencentUser(name, in: world, faults: faults)
        let manager = user.instance.imManager
        manager.switchboardBundleID = "com.example.app"
        return (user, manager)
    }

    /// `setAPNS` with `token` (nil config: off), awaited: nil for `succ`, else `fail`'s code. Checks that the
    /// callback runs on the device's callback queue.
    func setAPNS(_ token: Data?, on user: TencentUser, _ manager: V2TIMManager, in world: TestWorld) async throws -> Int32? {
        let config = token.map { token in
            let config = V2TIMAPNSConfig()
            config.token = token
            config.businessID = 12345
            return config
        }
        let queue = user.queue
        return try await world.completion { done in
            manager.setAPNS(config: config, succ: {
                dispatchPrecondition(condition: .onQueue(queue))
                done(nil)
            }, fail: { code, _ in
                dispatchPrecondition(condition: .onQueue(queue))
                done(code)
            })
        }
    }

    /// `setVOIP`, as ``setAPNS(_:on:_:in:)``; `config` false passes a nil config.
    func setVOIP(_ token: Data?, config: Bool = true, _ manager: V2TIMManager, in world: TestWorld) async throws -> Int32? {
        let voip = config ? V2TIMVOIPConfig() : nil
        voip?.token = token
        voip?.certificateID = 67890
        return try await world.completion { done in
            manager.setVOIP(config: voip, succ: { done(nil) }, fail: { code, _ in done(code) })
        }
    }

    @Test("after the login, setAPNS and setVOIP register the device's tokens under the bundle id; succ runs on the callback queue")
    func registers() async throws {
        let world = TestWorld(store: store)
        let (bob, manager) = device("bob", in: world)
        try #require(try await bob.login(in: world).isSuccess)
        #expect(try await setAPNS(Data([0x0A, 0x0B]), on: bob, manager, in: world) == nil)
        manager.switchboardAPNsEnvironment = .sandbox
        #expect(try await setVOIP(Data([0xC0, 0xDE]), manager, in: world) == nil)
        #expect(registrations == ["bob apns.alert 0a0b com.example.app production",
                                  "bob apns.voip c0de com.example.app.voip sandbox"])
        #expect(store.restore(nil)[.development]?.pushRegistrations.allSatisfy { $0.device == bob.instance.client.device } == true)
    }

    @Test("before the login both fail with 6014 (ERR_SDK_NOT_LOGGED_IN) and nothing is kept, also after the login")
    func beforeLogin() async throws {
        let world = TestWorld(store: store)
        let (bob, manager) = device("bob", in: world)
        #expect(try await setAPNS(Data([0x0A, 0x0B]), on: bob, manager, in: world) == 6014)
        #expect(try await setVOIP(Data([0xC0, 0xDE]), manager, in: world) == 6014)
        try #require(try await bob.login(in: world).isSuccess)
        await world.runUntilIdle()
        #expect(registrations == [])
    }

    @Test("a nil config turns that offline push off: only its platform's token goes; a nil VoIP token too")
    func nilConfigTurnsOff() async throws {
        let world = TestWorld(store: store)
        let (bob, manager) = device("bob", in: world)
        try #require(try await bob.login(in: world).isSuccess)
        _ = try await setAPNS(Data([0x0A, 0x0B]), on: bob, manager, in: world)
        _ = try await setVOIP(Data([0xC0, 0xDE]), manager, in: world)
        #expect(registrations.count == 2)

        #expect(try await setAPNS(nil, on: bob, manager, in: world) == nil)
        #expect(registrations == ["bob apns.voip c0de com.example.app.voip production"])
        #expect(try await setVOIP(nil, manager, in: world) == nil)
        #expect(registrations == [])

        _ = try await setVOIP(Data([0xC0, 0xDE]), manager, in: world)
        #expect(try await setVOIP(nil, config: false, manager, in: world) == nil)
        #expect(registrations == [])
    }

    @Test("logout removes the device's tokens")
    func logoutRemoves() async throws {
        let world = TestWorld(store: store)
        let (bob, manager) = device("bob", in: world)
        try #require(try await bob.login(in: world).isSuccess)
        _ = try await setVOIP(Data([0xC0, 0xDE]), manager, in: world)
        #expect(registrations.count == 1)
        try #require(try await bob.logout(in: world).isSuccess)
        await world.runUntilIdle()
        #expect(registrations == [])
    }

    @Test("refusals are the IM SDK's 6017 (ERR_INVALID_PARAMETERS): a token the service refuses, and no bundle id")
    func refusals() async throws {
        let world = TestWorld(store: store)
        let (bob, manager) = device("bob", in: world)
        try #require(try await bob.login(in: world).isSuccess)
        #expect(try await setAPNS(Data(), on: bob, manager, in: world) == 6017)
        manager.switchboardBundleID = nil
        manager.mainBundleIdentifier = nil
        #expect(try await setVOIP(Data([0xC0, 0xDE]), manager, in: world) == 6017)
        #expect(registrations == [])
    }

    @Test("a Tencent callee whose phone went away is pushed at its APNs token in Tencent's layout")
    func offlineCalleeIsPushed() async throws {
        let pushes = PushRecorder()
        let world = TestWorld(store: store, pushes: pushes)
        let phoneLinks = FaultInjector()
        let (bob, manager) = device("bob", in: world, faults: phoneLinks)
        try #require(try await bob.login(in: world).isSuccess)
        _ = try await setAPNS(Data([0x0A, 0x0B]), on: bob, manager, in: world)
        phoneLinks.refusesConnections = true
        phoneLinks.closeLinks()
        await world.runUntilIdle()

        let alice = TencentUser("alice", in: world)
        try #require(try await alice.login(in: world).isSuccess)
        try #require(try await alice.calls(["bob"], in: world).isSuccess)
        await world.runUntilIdle()
        let ring = try #require(pushes.jobs.first)
        #expect(pushes.jobs.count == 1)
        #expect(ring.kind == .ring && ring.layout == .tencent && ring.caller == "alice" && ring.callee == "bob")
        #expect(ring.registration.platform == .apnsAlert && ring.registration.token == "0a0b"
                && ring.registration.device == bob.instance.client.device)
    }
}
