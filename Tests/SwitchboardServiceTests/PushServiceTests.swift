import Synchronization
import Testing
import SwitchboardCore
import SwitchboardProfiles
@testable import SwitchboardService
import SwitchboardWire

/// The service's side of push (docs/SERVER.md, "Push"): tokens registered and removed, and which pushes a
/// call's transitions decide, each (call, device, platform, kind) once, also after a restart.
@Suite("Push: tokens and decisions")
struct PushServiceTests {
    /// The pushes a service handed its sender, in order.
    final class RecordedPushes: PushDispatching {
        private let jobs = Mutex<[PushJob]>([])
        func dispatch(_ jobs: [PushJob]) { self.jobs.withLock { $0 += jobs } }
        var all: [PushJob] { jobs.withLock { $0 } }
        /// "kind platform user/device" of each push.
        var lines: [String] {
            all.map { "\($0.kind.rawValue) \($0.registration.platform.rawValue) \($0.callee.rawValue)/\($0.registration.device.rawValue)" }
        }
    }

    static let app = AppConfiguration(id: "a", vendorIDs: ["app"], secret: "s", pushTopics: ["com.example.app"])
    static let configuration = ServiceConfiguration(apps: [app])
    static let voip = PushTokenRequest(platform: "apns.voip", token: "AA01", topic: "com.example.app", environment: "sandbox")
    static let alert = PushTokenRequest(platform: "apns.alert", token: "bb02", topic: "com.example.app")
    static let fcm = PushTokenRequest(platform: "fcm", token: "fcm-token:1", topic: "com.example.app")
    /// A ZIM call with a ZIMPushConfig, as the ZIM surface attaches it.
    static let zimPush = ["zim.push.title": "Alice", "zim.push.content": "Incoming call", "zim.push.payload": "{\"type\":1}"]

    private func harness(store: any ServiceStore = MemoryStore(), pushes: RecordedPushes) -> ServiceHarness {
        ServiceHarness(configuration: Self.configuration, verifier: ScriptedVerifier(), store: store, pushes: pushes)
    }

    /// Bob's phone registers `tokens` and goes away (its connection drops; the session waits in its grace).
    private func phoneAway(_ harness: ServiceHarness, tokens: [PushTokenRequest] = [voip]) throws {
        let phone = try harness.login("bob", device: "phone", token: "ok")
        for token in tokens { #expect(try phone.request(.registerPush(token)) == .success(.empty)) }
        phone.drop()
    }

    private func invite(_ caller: RawConnection, profile: CallProfile = .zimAdvanced, attachments: [String: String] = zimPush) throws -> Call {
        try caller.call(.invite(InviteRequest(invitees: ["bob"], profile: profile, mediaType: .video, payload: "hi",
                                              attachments: attachments)))
    }

    @Test("a bad token is refused with invalid_argument and nothing is kept", arguments: [
        PushTokenRequest(platform: "apns", token: "aa", topic: "com.example.app"),
        PushTokenRequest(platform: "apns.voip", token: "", topic: "com.example.app"),
        PushTokenRequest(platform: "apns.voip", token: String(repeating: "a", count: 4098), topic: "com.example.app"),
        PushTokenRequest(platform: "apns.alert", token: "not-hex", topic: "com.example.app"),
        PushTokenRequest(platform: "apns.alert", token: "abc", topic: "com.example.app"),
        PushTokenRequest(platform: "apns.alert", token: "ab01", topic: "com.example.app", environment: "staging"),
        PushTokenRequest(platform: "apns.alert", token: "ab01", topic: "com.other.app"),
        PushTokenRequest(platform: "apns.voip", token: "ab01", topic: "com.other.app.voip"),
        PushTokenRequest(platform: "fcm", token: "has space", topic: "com.example.app"),
        PushTokenRequest(platform: "fcm", token: "t", topic: ""),
    ])
    func refused(_ request: PushTokenRequest) throws {
        let store = MemoryStore()
        let harness = harness(store: store, pushes: RecordedPushes())
        let bob = try harness.login("bob", device: "phone", token: "ok")
        guard case .failure(let error) = try bob.request(.registerPush(request)) else {
            Issue.record("\(request) was accepted")
            return
        }
        #expect(error.code == .call(.invalidArgument))
        #expect(store.restore(nil)["a"]?.pushRegistrations ?? [] == [])
        #expect(try bob.request(.unregisterPush(platform: "apns")) == .failure(
            SignalingError(.call(.invalidArgument), "unknown push platform \"apns\": apns.voip, apns.alert or fcm")))
    }

    @Test("tokens are kept per device and platform, lowercased; another user's registration takes a token over; logout for good removes them, a dropped connection does not")
    func tokenLifecycle() throws {
        let store = MemoryStore()
        let harness = harness(store: store, pushes: RecordedPushes())
        let phone = try harness.login("bob", device: "phone", token: "ok")
        #expect(try phone.request(.registerPush(Self.voip)) == .success(.empty))
        #expect(try phone.request(.registerPush(Self.alert)) == .success(.empty))
        var kept = store.restore(nil)["a"]?.pushRegistrations ?? []
        #expect(kept.map(\.token) == ["bb02", "aa01"])
        #expect(kept.map(\.topic) == ["com.example.app", "com.example.app.voip"])
        #expect(kept.map(\.environment) == [.production, .sandbox])

        // Carol's device now has the alert token (the phone changed hands, or the app was reinstalled).
        let carol = try harness.login("carol", device: "pad", token: "ok")
        #expect(try carol.request(.registerPush(PushTokenRequest(platform: "apns.alert", token: "BB02", topic: "com.example.app"))) == .success(.empty))
        kept = store.restore(nil)["a"]?.pushRegistrations ?? []
        #expect(kept.map { "\($0.user)/\($0.device) \($0.platform.rawValue)" } == ["bob/phone apns.voip", "carol/pad apns.alert"])

        phone.drop()
        #expect(store.restore(nil)["a"]?.pushRegistrations.count == 2, "a dropped connection keeps the tokens")
        #expect(try carol.request(.logout) == .success(.empty))
        #expect(store.restore(nil)["a"]?.pushRegistrations.map(\.user) == ["bob"])
        let back = try harness.login("bob", device: "phone", token: "ok")
        #expect(try back.request(.unregisterPush(platform: "apns.voip")) == .success(.empty))
        #expect(store.restore(nil)["a"]?.pushRegistrations ?? [] == [])
    }

    @Test("an invitation rings the callee's devices with no live session once, with the ring deadline as expiry; the caller's cancel follows once")
    func ringThenCancel() async throws {
        let pushes = RecordedPushes()
        let harness = harness(pushes: pushes)
        try phoneAway(harness)
        let web = try harness.login("bob", device: "web", token: "ok")
        #expect(try web.request(.registerPush(Self.fcm)) == .success(.empty), "a live device is not pushed")
        let alice = try harness.login("alice", token: "ok")
        let call = try invite(alice)
        #expect(pushes.lines == ["ring apns.voip bob/phone"])
        let ring = try #require(pushes.all.first)
        #expect(ring.callID == call.id && ring.caller == "alice" && ring.mediaType == .video && ring.layout == .zego)
        #expect(ring.content == PushContent(title: "Alice", body: "Incoming call", payload: "{\"type\":1}"))
        #expect(ring.expiresAt == call.participant("bob")?.ringDeadline)
        #expect(ring.registration.token == "aa01" && ring.collapseID == call.id.rawValue)

        // Another transition of the call does not ring again.
        await harness.advance(by: .seconds(2))
        _ = try alice.request(.call(call.id, .inviteMore(["carol"])))
        #expect(pushes.lines == ["ring apns.voip bob/phone"])

        _ = try alice.request(.call(call.id, .cancel(invitees: ["bob"], data: nil)))
        #expect(pushes.lines == ["ring apns.voip bob/phone", "cancel apns.voip bob/phone"])
        let cancel = pushes.all[1]
        #expect(cancel.cancelReason == .cancelled && cancel.collapseID == call.id.rawValue)
        _ = try alice.request(.call(call.id, .end(data: nil)))
        #expect(pushes.all.count == 2, "a settled ring is not cancelled twice")
    }

    @Test("another device answering cancels the ring; the pushed device answering itself does not")
    func answeredElsewhereOrHere() throws {
        let pushes = RecordedPushes()
        let harness = harness(pushes: pushes)
        try phoneAway(harness)
        let alice = try harness.login("alice", token: "ok")
        let first = try invite(alice)
        let web = try harness.login("bob", device: "web", token: "ok")
        _ = try web.request(.call(first.id, .accept(data: nil)))
        #expect(pushes.lines == ["ring apns.voip bob/phone", "cancel apns.voip bob/phone"])
        #expect(pushes.all.last?.cancelReason == .answeredElsewhere)
        _ = try web.request(.call(first.id, .quit(data: nil)))
        web.drop()

        let second = try invite(alice)
        #expect(pushes.all.count == 3 && pushes.all[2].kind == .ring && pushes.all[2].callID == second.id)
        let phone = try harness.login("bob", device: "phone", token: "ok")
        _ = try phone.request(.call(second.id, .accept(data: nil)))
        _ = try phone.request(.call(second.id, .quit(data: nil)))
        #expect(pushes.all.count == 3, "the device that rang answered: nothing to cancel")
    }

    @Test("the vendor's flags decide what is pushed: ZIM without a pushConfig rings VoIP only; Tencent's isDisablePush pushes nothing, its iOSPushType picks VoIP or alert")
    func vendorFlags() throws {
        for (profile, attachments, expected) in [
            (CallProfile.zimAdvanced, [String: String](), ["ring apns.voip bob/phone"]),
            (.zimAdvanced, Self.zimPush, ["ring apns.alert bob/phone", "ring apns.voip bob/phone", "ring fcm bob/phone"]),
            (.tencent, [TencentCallRules.pushDisabledKey: "1"], []),
            (.tencent, [TencentCallRules.iOSPushTypeKey: "1"], ["ring apns.voip bob/phone", "ring fcm bob/phone"]),
            (.tencent, [:], ["ring apns.alert bob/phone", "ring fcm bob/phone"]),
            (.agora, [:], ["ring apns.alert bob/phone", "ring apns.voip bob/phone", "ring fcm bob/phone"]),
        ] {
            let pushes = RecordedPushes()
            let harness = ServiceHarness(
                configuration: ServiceConfiguration(apps: [AppConfiguration(id: "a", vendorIDs: ["app"], secret: "s",
                                                                            pushesOfflineInvitations: true, pushTopics: ["com.example.app"])]),
                verifier: ScriptedVerifier(), pushes: pushes)
            try phoneAway(harness, tokens: [Self.voip, Self.alert, Self.fcm])
            let alice = try harness.login("alice", token: "ok")
            _ = try invite(alice, profile: profile, attachments: attachments)
            #expect(pushes.lines == expected, "\(profile) \(attachments)")
            #expect(Set(pushes.all.map(\.layout)).count <= 1)
        }
    }

    @Test("after a restart (or a takeover) the call's marks come back with it: no second ring, one cancel")
    func marksSurviveARestart() async throws {
        let store = MemoryStore()
        let before = RecordedPushes()
        let first = harness(store: store, pushes: before)
        try phoneAway(first)
        let call = try invite(try first.login("alice", token: "ok"))
        #expect(before.lines == ["ring apns.voip bob/phone"])
        #expect(store.restore(nil)["a"]?.liveCalls.first?.participant("bob")?.pushMarks.count == 1)
        #expect(store.restore(nil)["a"]?.liveCalls.first?.placedThrough == "zim.advanced")

        let after = RecordedPushes()
        let second = harness(store: store, pushes: after)
        let alice = try second.login("alice", token: "ok")
        #expect(after.all.isEmpty)
        _ = try alice.request(.call(call.id, .cancel(invitees: ["bob"], data: nil)))
        #expect(after.lines == ["cancel apns.voip bob/phone"])
        #expect(after.all.first?.registration.token == "aa01", "the token came back from the store")
    }

    @Test("a token the provider says is gone is removed, unless re-registered since; the timeline shows each answer")
    func providerAnswers() throws {
        let store = MemoryStore()
        let pushes = RecordedPushes()
        let harness = harness(store: store, pushes: pushes)
        try phoneAway(harness)
        let call = try invite(try harness.login("alice", token: "ok"))
        let ring = try #require(pushes.all.first)
        harness.service.pushAnswered(PushAnswer(job: ring, outcome: .delivered(id: "apns-1"), at: harness.now))
        #expect(store.restore(nil)["a"]?.pushRegistrations.count == 1)
        harness.service.pushAnswered(PushAnswer(job: ring, outcome: .tokenInvalid(status: 410, reason: "Unregistered"), at: harness.now))
        #expect(store.restore(nil)["a"]?.pushRegistrations ?? [] == [])
        let lines = harness.service.timeline(of: call.id, app: "a")?.entries.compactMap { entry -> String? in
            if case .push(let push) = entry.what { push.summary } else { nil }
        }
        #expect(lines == ["apns.voip ring → bob/phone: 200", "apns.voip ring → bob/phone: 410 Unregistered → token removed"])

        // A newer token of the device is not removed by an answer about the old one.
        let phone = try harness.login("bob", device: "phone", token: "ok")
        _ = try phone.request(.registerPush(PushTokenRequest(platform: "apns.voip", token: "cc03", topic: "com.example.app")))
        harness.service.pushAnswered(PushAnswer(job: ring, outcome: .tokenInvalid(status: 400, reason: "BadDeviceToken"), at: harness.now))
        #expect(store.restore(nil)["a"]?.pushRegistrations.map(\.token) == ["cc03"])
    }
}
