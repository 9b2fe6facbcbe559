import Dispatch
import Foundation
import Synchronization
import Testing
import SwitchboardClient
import SwitchboardCore
import SwitchboardService
import SwitchboardTesting
import SwitchboardWire
import SwitchboardZIM

/// An event handler that notes, for every event and callback, whether it ran on the instance's queue
/// (a queue marked with a `DispatchSpecificKey`): lines that did not are prefixed `OFF-QUEUE`.
private final class ZIMQueueProbe: ZIMEventHandler, @unchecked Sendable {
    // @unchecked: `log` is behind a Mutex; the rest is set once in init.
    let queue: DispatchQueue
    let zim: ZIM
    private let key = DispatchSpecificKey<String>()
    private let label: String
    private let log = Mutex<[String]>([])

    init(_ label: String, in world: TestWorld) {
        self.label = label
        queue = DispatchQueue(label: "zim.probe.\(label)")
        queue.setSpecific(key: key, value: label)
        let config = ZIMAppConfig()
        config.appID = testAppID
        zim = ZIM.create(with: config, environment: world.environment(callbackQueue: queue))!
        zim.setEventHandler(self)
    }

    var events: [String] { log.withLock { $0 } }

    func record(_ line: String) {
        let onQueue = DispatchQueue.getSpecific(key: key) == label
        log.withLock { $0.append(onQueue ? line : "OFF-QUEUE \(line)") }
    }

    func zim(_ zim: ZIM, connectionStateChanged state: ZIMConnectionState, event: ZIMConnectionEvent, extendedData: [AnyHashable: Any]) {
        record("connection \(state) \(event)")
    }

    func zim(_ zim: ZIM, callInvitationCreated info: ZIMCallInvitationCreatedInfo, callID: String) {
        record("created \(callID)")
    }

    func zim(_ zim: ZIM, callInvitationReceived info: ZIMCallInvitationReceivedInfo, callID: String) {
        record("received \(callID)")
    }

    func zim(_ zim: ZIM, callUserStateChanged info: ZIMCallUserStateChangeInfo, callID: String) {
        record("state \(callID) \(describe(info.callUserList))")
    }

    func zim(_ zim: ZIM, callInvitationCancelled info: ZIMCallInvitationCancelledInfo, callID: String) {
        record("cancelled \(callID)")
    }

    func zim(_ zim: ZIM, callInvitationAccepted info: ZIMCallInvitationAcceptedInfo, callID: String) {
        record("legacyAccepted \(callID) \(info.invitee)")
    }
}

/// `ZIM.create(with:)`/`shared()`/`destroy()` and the single process instance; every callback and event
/// of an instance on its one serial queue, a request's callback before the events it caused, each with a
/// `ZIMError` (docs/ZIM.md, "One ZIM instance per process", "Callback queue", "Non-optional ZIMError");
/// tokens (`tokenWillExpire` 30 s before, `tokenExpired`), `renewToken`, and `logout`.
@Suite("ZIM conformance flows: lifecycle, queues, tokens")
struct ZIMConformanceFlowLifecycleTests {
    @Test("callbacks and events on the instance's queue; callInvite's callback before created; callAccept's before the state line")
    func callbackQueueAndOrder() async throws {
        let world = TestWorld()
        let alice = ZIMQueueProbe("alice", in: world)
        let bob = ZIMQueueProbe("bob", in: world)
        for probe in [alice, bob] {
            let config = ZIMLoginConfig()
            config.token = "token"
            try await world.completion { done in
                probe.zim.login(withUserID: probe === alice ? "alice" : "bob", config: config) { error in
                    probe.record("login callback \(error.code)")
                    done(())
                }
            }
            try await world.requireWhenIdle("\(probe.events)") { probe.events.contains("connection connected success") }
        }
        #expect(alice.events.contains("login callback ZIMErrorCodeSuccess"))

        let inviteConfig = ZIMCallInviteConfig()
        let id: String = try await world.completion { done in
            alice.zim.callInvite(with: ["bob"], config: inviteConfig) { callID, _, error in
                alice.record("invite callback \(callID) \(error.code)")
                done(callID)
            }
        }
        try await world.requireWhenIdle("\(alice.events)") { alice.events.contains("state \(id) bob:received") }
        try await world.requireWhenIdle("\(bob.events)") { bob.events.contains("state \(id) bob:received") }
        let aliceCall = alice.events.filter { $0.contains(id) }
        #expect(aliceCall == [
            "invite callback \(id) ZIMErrorCodeSuccess",
            "created \(id)",
            "state \(id) alice:accepted,bob:inviting",
            "state \(id) bob:received",
        ])

        let acceptConfig = ZIMCallAcceptConfig()
        try await world.completion { done in
            bob.zim.callAccept(with: id, config: acceptConfig) { callID, error in
                bob.record("accept callback \(callID) \(error.code)")
                done(())
            }
        }
        try await world.requireWhenIdle("\(bob.events)") { bob.events.contains("state \(id) bob:accepted") }
        try await world.requireWhenIdle("\(alice.events)") { alice.events.contains("legacyAccepted \(id) bob") }
        #expect(bob.events.filter { $0.contains(id) } == [
            "received \(id)",
            "state \(id) alice:accepted,bob:inviting",
            "state \(id) bob:received",
            "accept callback \(id) ZIMErrorCodeSuccess",
            "state \(id) bob:accepted",
        ])
        // A refused request's callback also comes on the queue.
        try await world.completion { done in
            bob.zim.callReject(with: "no-such-call", config: ZIMCallRejectConfig()) { _, error in
                bob.record("reject callback \(error.code)")
                done(())
            }
        }
        #expect(bob.events.last == "reject callback ZIMErrorCodeMessageModuleCallDoseNotExist")
        for probe in [alice, bob] {
            #expect(!probe.events.contains { $0.hasPrefix("OFF-QUEUE") }, "\(probe.events)")
        }
    }

    @Test("tokenWillExpire 30 s before the expiry with the seconds left (not at 29 s); a token that runs out → disconnected tokenExpired")
    func tokenExpiry() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let alice = ZIMUser("alice", in: world)
        #expect(try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 60), in: world).code == .ZIMErrorCodeSuccess)
        alice.clear()

        await world.advance(by: .seconds(29))
        await world.runUntilIdle()
        #expect(alice.events.isEmpty)
        await world.advance(by: .seconds(1))
        try await alice.waitFor("tokenWillExpire 30", in: world)
        await world.advance(by: .seconds(29))
        await world.runUntilIdle()
        #expect(alice.events == ["tokenWillExpire 30"])
        await world.advance(by: .seconds(1))
        try await alice.waitFor("connection disconnected tokenExpired", in: world)
        await world.runUntilIdle()
        #expect(alice.events == ["tokenWillExpire 30", "connection disconnected tokenExpired"])

        // Logged out: the call methods say so; an expired token cannot log in again.
        #expect(try await alice.invite(["bob"], in: world).code == .ZIMErrorCodeNetworkModuleUserIsNotLogged)
        let again = try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 30), in: world)
        #expect(again.code == .ZIMErrorCodeNetworkModuleTokenExpired)
    }

    @Test("less than 30 s left at login: tokenWillExpire at once with the seconds left")
    func tokenShortAtLogin() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let alice = ZIMUser("alice", in: world)
        #expect(try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 20), in: world).code == .ZIMErrorCodeSuccess)
        try await alice.waitFor(prefix: "tokenWillExpire", in: world)
        await world.runUntilIdle()
        #expect(alice.events == ["connection connecting activeLogin", "connection connected success", "tokenWillExpire 20"])
    }

    @Test("renewToken: success with the token echoed, and the session outlives the old expiry; 6000121 when not logged in")
    func renewToken() async throws {
        let world = TestWorld(verifier: ExpiringTokenVerifier())
        let alice = ZIMUser("alice", in: world)
        let notLogged: (String, ZIMErrorCode) = try await world.completion { done in
            alice.zim.renewToken(ExpiringTokenVerifier.token(expiringAt: 3600)) { token, error in done((token, error.code)) }
        }
        #expect(notLogged.1 == .ZIMErrorCodeNetworkModuleUserIsNotLogged)

        #expect(try await alice.login(token: ExpiringTokenVerifier.token(expiringAt: 60), in: world).code == .ZIMErrorCodeSuccess)
        alice.clear()
        await world.advance(by: .seconds(30))
        try await alice.waitFor("tokenWillExpire 30", in: world)
        let fresh = ExpiringTokenVerifier.token(expiringAt: 3600)
        let renewed: (String, ZIMErrorCode) = try await world.completion { done in
            alice.zim.renewToken(fresh) { token, error in done((token, error.code)) }
        }
        #expect(renewed.1 == .ZIMErrorCodeSuccess)
        #expect(renewed.0 == fresh)
        await world.advance(by: .seconds(40))
        await world.runUntilIdle()
        #expect(alice.events == ["tokenWillExpire 30"], "still connected past the old expiry")
        #expect(try await alice.query(count: 1, in: world).code == .ZIMErrorCodeSuccess)
    }

    @Test("logout: connection disconnected success; a second logout does nothing")
    func logout() async throws {
        let world = TestWorld()
        let alice = ZIMUser("alice", in: world)
        #expect(try await alice.login(in: world).code == .ZIMErrorCodeSuccess)
        try await alice.logout(in: world)
        alice.zim.logout()
        await world.runUntilIdle()
        #expect(alice.events == ["connection connecting activeLogin", "connection connected success", "connection disconnected success"])
        // And logging in again works.
        #expect(try await alice.login(in: world).code == .ZIMErrorCodeSuccess)
    }

    @Test("appID 0: create(with:) and create(with:environment:) return nil")
    func appIDZero() {
        let config = ZIMAppConfig()
        config.appID = 0
        #expect(ZIM.create(with: config, environment: TestWorld().environment()) == nil)
    }
}

/// The process instance (docs/ZIM.md, "One ZIM instance per process"). Serialized, and it destroys what
/// it creates, so that no other test sees its instance.
@Suite("ZIM conformance flows: the process instance", .serialized)
struct ZIMConformanceFlowSingletonTests {
    @Test("create(with:) returns nil while an instance exists; shared() returns it; destroy() frees the slot; appID 0 → nil")
    func singleInstance() throws {
        let config = ZIMAppConfig()
        config.appID = testAppID
        config.appSign = "sign"
        let zero = ZIMAppConfig()
        zero.appID = 0
        #expect(ZIM.create(with: zero) == nil)

        let zim = try #require(ZIM.create(with: config))
        defer { zim.destroy() }
        #expect(ZIM.shared() === zim)
        #expect(ZIM.create(with: config) == nil, "one instance per process")
        #expect(ZIM.shared() === zim, "the refused create changed nothing")
        // Isolated instances (the testing product) do not take the slot.
        let isolated = try #require(ZIM.create(with: config, environment: TestWorld().environment()))
        #expect(ZIM.shared() === zim)
        isolated.destroy()

        zim.destroy()
        #expect(ZIM.shared() == nil)
        let again = try #require(ZIM.create(with: config), "destroy() frees the slot")
        #expect(ZIM.shared() === again)
        #expect(again !== zim)
        again.destroy()
        #expect(ZIM.shared() == nil)
    }
}
