import Synchronization
import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardWire

@Suite("Limits and recovery")
struct ReviewRegressionTests {
    @Test("renewing a token with the same expiry does not repeat the notice or the end")
    func tokenExpiryOnce() async throws {
        let harness = ServiceHarness(verifier: ScriptedVerifier())
        let expiry = harness.now.millisecondsSince1970 + 60_000
        let alice = try harness.login("alice", token: "ok:\(expiry)")
        _ = try alice.request(.renewToken("ok:\(expiry)"))
        _ = try alice.request(.renewToken("ok:\(expiry)"))
        for _ in 0..<61 {
            await harness.advance(by: .seconds(1))
            alice.send(.ping)
        }
        let names = alice.events.map(\.event.name)
        #expect(names == ["session.tokenWillExpire"])
        let byes = alice.frames.filter { $0.type == "bye" }
        #expect(byes.count == 1)
    }

    @Test("a user with as many active calls as allowed cannot place another")
    func activeCallLimit() throws {
        let harness = ServiceHarness(configuration: ServiceConfiguration(maxActiveCallsPerUser: 2))
        let alice = try harness.login("alice")
        _ = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        _ = try alice.call(.invite(InviteRequest(invitees: ["carol"])))
        #expect(try alice.request(.invite(InviteRequest(invitees: ["dave"]))).failureCode == "too_many_calls")
        #expect(harness.service.activeCalls().count == 2)
    }

    @Test("offline messages are bounded per app and swept once past their retention")
    func offlineMessageBounds() async throws {
        let configuration = ServiceConfiguration(offlineMessageRetention: .seconds(60), offlineMessageBytesPerApp: 10)
        let harness = ServiceHarness(configuration: configuration)
        let alice = try harness.login("alice")
        for user in ["u1", "u2"] {
            #expect(try alice.request(.sendMessage(PeerMessageRequest(to: UserID(user), content: .text("12345"), storeIfOffline: true))) == .success(.message(.stored)))
        }
        #expect(try alice.request(.sendMessage(PeerMessageRequest(to: "u3", content: .text("x"), storeIfOffline: true))).failureCode == "rate_limited")
        for _ in 0..<61 {
            await harness.advance(by: .seconds(1))
            alice.send(.ping)
        }
        #expect(try alice.request(.sendMessage(PeerMessageRequest(to: "u3", content: .text("x"), storeIfOffline: true))) == .success(.message(.stored)), "the sweep freed the space")
        let u1 = try harness.login("u1")
        #expect(!u1.events.contains { if case .message = $0.event { true } else { false } }, "expired messages are not delivered")
    }

    @Test("a record the store refused is retried with the next one, and a newer record of the same call wins")
    func recordRetry() throws {
        let store = RecordingStore()
        let harness = ServiceHarness(store: store)
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        _ = try bob.call(.call(call.id, .accept(data: nil)))
        store.fail(true)
        _ = try bob.call(.call(call.id, .quit(data: "first")))       // bob's record refused, queued
        _ = try bob.call(.call(call.id, .join(data: nil)))
        _ = try bob.call(.call(call.id, .quit(data: "second")))      // the newer record replaces it in the queue
        #expect(store.records(app: .development, owner: "bob", after: nil, limit: 10).records.isEmpty)
        store.fail(false)
        _ = try alice.call(.call(call.id, .end(data: nil)))           // alice's record: the queue is retried
        let records = store.records(app: .development, owner: "bob", after: nil, limit: 10).records
        #expect(records.count == 1)
        #expect(records.first?.outcome == .quit)
        #expect(store.records(app: .development, owner: "alice", after: nil, limit: 10).records.count == 1)
    }

    @Test("a tombstone tells only its own device why the session ended, after the token check")
    func tombstoneIsPrivate() throws {
        let harness = ServiceHarness(verifier: ScriptedVerifier())
        let phone = try harness.login("alice", device: "phone", token: "ok", policy: .singleDevice)
        _ = try harness.login("alice", device: "tablet", token: "ok", policy: .singleDevice)
        let probe = harness.connect()
        probe.send(.hello(Hello(app: "app", user: "alice", device: "other", token: "ok", loginPolicy: .multiDevice,
                                resume: Hello.Resume(session: phone.session!, lastSequence: 0))))
        guard case .refused(let error) = probe.frames.last else { Issue.record("\(probe.frames)"); return }
        #expect(error.code == .service(.sessionExpired))
        let forged = harness.connect()
        forged.send(.hello(Hello(app: "app", user: "alice", device: "phone", token: "forged", loginPolicy: .multiDevice,
                                 resume: Hello.Resume(session: phone.session!, lastSequence: 0))))
        guard case .refused(let forgedError) = forged.frames.last else { Issue.record("\(forged.frames)"); return }
        #expect(forgedError.code == .service(.invalidToken))
    }
}
