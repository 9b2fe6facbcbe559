import AgoraTestSupport
import Foundation
import Synchronization
import Testing
import SwitchboardAgora
import SwitchboardCore
import SwitchboardService
import SwitchboardTesting
import SwitchboardWire
@testable import SwitchboardZIM

/// ZPNs on Switchboard (docs/ZIM.md, "Push tokens"): the tokens the app sets are registered for the ZIM
/// user at login and at once while logged in, removed at logout and by `unregisterAPNs`, and each
/// registration's outcome reaches the `ZPNsNotificationCenterDelegate`.
@Suite("ZPNs: push tokens on the ZIM surface")
struct ZPNsTests {
    /// Everything the delegate heard, one line each: `registered <pushID>`, `failed <domain> <code>` (the
    /// importer's spelling), `failedSelector <code>` (the selector's).
    final class DelegateLog: ZPNsNotificationCenterDelegate, @unchecked Sendable {
        // @unchecked: the lines are behind a Mutex.
        private let log = Mutex<[String]>([])
        var lines: [String] { log.withLock { $0 } }
        func onRegistered(_ Pushid: String) { log.withLock { $0.append("registered \(Pushid)") } }
        func zpNsRegisterFailed(_ error: NSError) { log.withLock { $0.append("failed \(error.domain) \(error.code)") } }
        func ZPNsRegisterFailed(_ error: NSError) { log.withLock { $0.append("failedSelector \(error.code)") } }
    }

    static let bundleID = "com.example.app"
    static let voip = Data([0xAB, 0xCD])
    static let device = Data([0x01, 0xEF])

    let store = MemoryStore()
    let delegate = DelegateLog()

    /// The tokens the service keeps, `user platform token topic environment`, sorted.
    var registrations: [String] {
        (store.restore(nil)[.development]?.pushRegistrations ?? [])
            .map { "\($0.user) \($0.platform.rawValue) \($0.token) \($0.topic) \($0.environment.rawValue)" }.sorted()
    }

    static func pushID(_ hex: String) -> String {
        ZPNsPushID.of(PushTokenRequest(platform: .apnsVoIP, token: hex, topic: bundleID))
    }

    /// A ZIM device of `name` whose ZPNs reports to ``delegate`` and registers under ``bundleID``.
    func phone(_ name: String, in world: TestWorld, faults: FaultInjector? = nil) -> (ZIMUser, ZPNs) {
        let user = ZIMUser(name, in: world, faults: faults)
        let zpns = ZPNs.shared(for: user.zim)
        zpns.setZPNsNotificationCenterDelegate(delegate)
        zpns.switchboardBundleID = Self.bundleID
        return (user, zpns)
    }

    @Test("tokens set before the login register once it succeeds, under the bundle id, each with its environment; onRegistered gives each PushID")
    func setBeforeLogin() async throws {
        let world = TestWorld(store: store)
        let (bob, zpns) = phone("bob", in: world)
        #expect(zpns !== ZPNs.shared(), "an isolated instance has a ZPNs of its own")
        zpns.setVoipToken(Self.voip, isProduct: false)
        zpns.setDeviceToken(Self.device, isProduct: true)
        await world.runUntilIdle()
        #expect(registrations == [] && delegate.lines == [])

        try await bob.login(in: world)
        await world.runUntilIdle()
        #expect(registrations == ["bob apns.alert 01ef com.example.app production",
                                  "bob apns.voip abcd com.example.app.voip sandbox"])
        #expect(store.restore(nil)[.development]?.pushRegistrations.allSatisfy { $0.device == bob.zim.client.device } == true)
        #expect(delegate.lines == ["registered \(Self.pushID("abcd"))", "registered \(Self.pushID("01ef"))"])
        #expect(Self.pushID("abcd").hasPrefix("zpns-") && Self.pushID("abcd").count == 21)
    }

    @Test("a token set while logged in registers at once; the same token again is not sent; a new one replaces it")
    func setWhileLoggedIn() async throws {
        let world = TestWorld(store: store)
        let (bob, zpns) = phone("bob", in: world)
        try await bob.login(in: world)
        zpns.setVoipToken(Self.voip, isProduct: true)
        await world.runUntilIdle()
        #expect(registrations == ["bob apns.voip abcd com.example.app.voip production"])
        #expect(delegate.lines.count == 1)

        zpns.setVoipToken(Self.voip, isProduct: true)
        await world.runUntilIdle()
        #expect(delegate.lines.count == 1, "not sent again")

        zpns.setVoipToken(Data([0x12, 0x34]), isProduct: true)
        await world.runUntilIdle()
        #expect(registrations == ["bob apns.voip 1234 com.example.app.voip production"])
        #expect(delegate.lines.last == "registered \(Self.pushID("1234"))")
    }

    @Test("logout removes the tokens from the service; the next login binds them again")
    func logoutUnbinds() async throws {
        let world = TestWorld(store: store)
        let (bob, zpns) = phone("bob", in: world)
        zpns.setVoipToken(Self.voip, isProduct: true)
        try await bob.login(in: world)
        await world.runUntilIdle()
        #expect(registrations.count == 1)

        try await bob.logout(in: world)
        await world.runUntilIdle()
        #expect(registrations == [])

        try await bob.login(in: world)
        await world.runUntilIdle()
        #expect(registrations == ["bob apns.voip abcd com.example.app.voip production"])
    }

    @Test("unregisterAPNs removes the device's tokens and holds new ones back; registerAPNs registers them again")
    func unregisterAPNs() async throws {
        let world = TestWorld(store: store)
        let (bob, zpns) = phone("bob", in: world)
        try await bob.login(in: world)
        zpns.setVoipToken(Self.voip, isProduct: true)
        zpns.setDeviceToken(Self.device, isProduct: true)
        await world.runUntilIdle()
        #expect(registrations.count == 2)

        zpns.unregisterAPNs()
        await world.runUntilIdle()
        #expect(registrations == [])
        zpns.setDeviceToken(Data([0x56, 0x78]), isProduct: true)
        await world.runUntilIdle()
        #expect(registrations == [], "held while unregistered")

        zpns.registerAPNs()
        await world.runUntilIdle()
        #expect(registrations == ["bob apns.alert 5678 com.example.app production",
                                  "bob apns.voip abcd com.example.app.voip production"])
    }

    @Test("without a bundle id the registration fails through ZPNsRegisterFailed (code 1, both spellings) and nothing is kept; setting one registers")
    func missingBundleID() async throws {
        let world = TestWorld(store: store)
        let bob = ZIMUser("bob", in: world)
        let zpns = ZPNs.shared(for: bob.zim)
        zpns.setZPNsNotificationCenterDelegate(delegate)
        zpns.mainBundleIdentifier = nil
        zpns.setVoipToken(Self.voip, isProduct: true)
        try await bob.login(in: world)
        await world.runUntilIdle()
        #expect(delegate.lines == ["failed \(ZPNsSwitchboardErrorDomain) \(ZPNsSwitchboardErrorCode.missingBundleID.rawValue)",
                                   "failedSelector 1"])
        #expect(registrations == [])

        zpns.switchboardBundleID = Self.bundleID
        await world.runUntilIdle()
        #expect(registrations == ["bob apns.voip abcd com.example.app.voip production"])
    }

    @Test("a token the service refuses (invalid_argument) fails through ZPNsRegisterFailed with code 2")
    func refused() async throws {
        let world = TestWorld(store: store)
        let (bob, zpns) = phone("bob", in: world)
        zpns.setVoipToken(Data(), isProduct: true)
        try await bob.login(in: world)
        await world.runUntilIdle()
        #expect(delegate.lines == ["failed Switchboard.ZPNs 2", "failedSelector 2"])
        #expect(registrations == [])
    }

    @Test("a ZIM callee whose phone went away is pushed at its VoIP token: ZEGO's layout for a ZIM caller's call, Switchboard's for an Agora caller's")
    func offlineCalleeIsPushed() async throws {
        let pushes = PushRecorder()
        let world = TestWorld(store: store, pushes: pushes)
        let phoneLinks = FaultInjector()
        let (bob, zpns) = phone("bob", in: world, faults: phoneLinks)
        zpns.setVoipToken(Self.voip, isProduct: false)
        try await bob.login(in: world)
        await world.runUntilIdle()
        phoneLinks.refusesConnections = true
        phoneLinks.closeLinks()
        await world.runUntilIdle()

        let alice = ZIMUser("alice", in: world)
        try await alice.login(in: world)
        let sent = try await alice.invite(["bob"], in: world)
        #expect(sent.code == .ZIMErrorCodeSuccess)
        await world.runUntilIdle()
        let ring = try #require(pushes.jobs.first)
        #expect(pushes.jobs.count == 1)
        #expect(ring.kind == .ring && ring.layout == .zego && ring.callID.rawValue == sent.callID && ring.caller == "alice")
        #expect(ring.registration.platform == .apnsVoIP && ring.registration.token == "abcd"
                && ring.registration.topic == "com.example.app.voip" && ring.registration.environment == .sandbox)

        let carol = AgoraUser("carol", in: world)
        try await carol.login(in: world)
        let code = try await carol.sendCode(AgoraRtmLocalInvitation(calleeId: "bob"), in: world)
        #expect(code == .ok)
        await world.runUntilIdle()
        let agoraRing = try #require(pushes.jobs.last)
        #expect(agoraRing.kind == .ring && agoraRing.layout == .switchboard && agoraRing.caller == "carol")
        #expect(agoraRing.registration.token == "abcd" && agoraRing.registration.device == bob.zim.client.device)
    }
}
