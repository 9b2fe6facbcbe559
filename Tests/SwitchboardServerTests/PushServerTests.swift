import Foundation
import PushProviderDouble
import Synchronization
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// Push end to end through the built server (docs/SERVER.md, "Push"): the `switchboard` binary as a subprocess,
/// clients over WebSocket, and a local APNs and FCM over HTTP/2 and TLS that checks what Apple and Google
/// document (PushProviderDouble). Real time, with bounded deadlines.
@Suite("Push through the built server", .serialized)
struct PushServerTests {
    static let secret = "a-push-secret-of-at-least-32-bytes-long"
    static let app = AppConfiguration(id: "acme", vendorIDs: ["acme-app"], secret: secret)
    /// The ZIM push config the ZIM surface attaches, so the call is pushed in ZEGO's layout.
    static let zimPush = ["zim.push.title": "Alice", "zim.push.content": "Incoming call", "zim.push.payload": "{\"type\":1}"]

    /// A running server pushing for `acme` to `double`.
    struct Running {
        let server: ServerProcess
        let url: String
        let double: PushProviderDouble
    }

    static func start(double: PushProviderDouble, timeoutSeconds: Int = 10, attempts: Int = 3,
                      queue: String = "") async throws -> Running {
        let files = double.credentials
        let config = """
            {"apps": [{"id": "acme", "secret": "\(secret)", "vendorIDs": ["acme-app"],
              "push": {"apns": {"keyFile": "\(files.apnsKeyPath)", "keyID": "\(files.apnsKeyID)", "teamID": "\(files.apnsTeamID)",
                                "bundleID": "\(files.apnsBundleID)", "productionURL": "\(double.baseURL)", "sandboxURL": "\(double.baseURL)"},
                       "fcm": {"serviceAccountFile": "\(files.serviceAccountPath)", "url": "\(double.baseURL)", "tokenURL": "\(double.tokenURL)"},
                       "timeoutSeconds": \(timeoutSeconds), "attempts": \(attempts), \(queue)
                       "trustRootsFile": "\(files.caCertificatePath)"}}]}
            """
        let server = try ServerProcess.serve(config: config)
        let port = try await server.waitUntilListening()
        return Running(server: server, url: "ws://127.0.0.1:\(port)/v1/signal", double: double)
    }

    /// A logged-in session of `user` on `device`, its events recorded.
    final class Device: Sendable {
        let session: ClientSession
        private let log = EventLog()

        final class EventLog: Sendable {
            let events = Mutex<[ServerEvent]>([])
        }

        init(_ user: UserID, device: DeviceID, url: String) async throws {
            let token = try await SwitchboardToken.mint(app: PushServerTests.app, user: user, expiresAt: Date().addingTimeInterval(600))
            session = ClientSession(configuration: ClientConfiguration(app: "acme-app", user: user, device: device, token: token, surface: "zim"),
                                    transport: WebSocketTransport(url: url), clock: .system())
            let log = log
            await session.observe { event in
                if case .server(let server) = event { log.events.withLock { $0.append(server) } }
            }
            try await session.login()
        }

        var invitations: [CallID] {
            log.events.withLock { events in
                events.compactMap { if case .call(let note) = $0, case .invited = note.kind { note.call.id } else { nil } }
            }
        }

        func register(_ platform: String, _ token: String, topic: String, environment: String? = "sandbox") async throws {
            _ = try await session.request(.registerPush(PushTokenRequest(platform: platform, token: token, topic: topic, environment: environment)))
        }
    }

    static func invite(_ caller: Device, _ callee: UserID) async throws -> Call {
        try await caller.session.invite(InviteRequest(invitees: [callee], profile: .zimAdvanced,
                                                      parameters: CallParameters(ringTimeout: .seconds(30)), mediaType: .video,
                                                      payload: "hi", attachments: zimPush))
    }

    @Test("a device registers and goes away; an invite pushes to it (headers, payload, expiry); it logs in and gets the invitation; the caller cancels and the cancel push follows")
    func ringLoginCancel() async throws {
        let double = try await PushProviderDouble.start()
        let running = try await Self.start(double: double)
        defer { running.server.stop() }
        let voipToken = String(repeating: "ab", count: 32)
        let bundle = double.credentials.apnsBundleID

        let phone = try await Device("bob", device: "phone", url: running.url)
        try await phone.register("apns.voip", voipToken, topic: bundle)
        await phone.session.shutdown()
        try await running.server.waitUntilDetached(user: "bob", device: "phone", app: "acme", secret: Self.secret)
        let alice = try await Device("alice", device: "a1", url: running.url)
        let invitedAt = Date()
        let call = try await Self.invite(alice, "bob")

        #expect(await double.waitForRequests { $0.contains { $0.deviceToken == voipToken } })
        let ring = try #require(double.apnsRequests.first)
        #expect(ring.version == "HTTP/2.0" || ring.version.contains("2"))
        #expect(ring.header("apns-push-type") == "voip" && ring.header("apns-topic") == bundle + ".voip")
        #expect(ring.header("apns-priority") == "10" && ring.header("apns-collapse-id") == call.id.rawValue)
        let expiration = try #require(ring.header("apns-expiration").flatMap(Double.init))
        #expect(abs(expiration - (invitedAt.timeIntervalSince1970 + 30)) <= 2, "the expiry is the ring deadline")
        // What ZEGO's CallKitManager reads before it reports the call: aps.alert (title), call_id, payload (JSON text).
        let payload = try #require(ring.json)
        #expect((payload["aps"] as? [String: Any])?["alert"] != nil)
        #expect(payload["call_id"] as? String == call.id.rawValue)
        let vendorPayload = try #require(payload["payload"] as? String)
        #expect((try JSONSerialization.jsonObject(with: Data(vendorPayload.utf8)) as? [String: Any])?["type"] as? Int == 1)

        // The phone wakes and logs in: the invitation reaches it while it still rings.
        let woken = try await Device("bob", device: "phone", url: running.url)
        try await eventually("the woken phone gets the invitation") { woken.invitations.contains(call.id) }

        _ = try await alice.session.act(.cancel(invitees: ["bob"], data: nil), on: call.id)
        #expect(await double.waitForRequests { $0.filter { $0.deviceToken == voipToken }.count >= 2 })
        let pushes = double.apnsRequests.filter { $0.deviceToken == voipToken }
        #expect(pushes.count == 2)
        #expect(pushes.last?.header("apns-collapse-id") == call.id.rawValue, "the cancel replaces the ring")
        #expect(pushes.last?.text.contains("cancel") == true)
        await Self.stop(running.server, then: double)
    }

    @Test("another device answering cancels the ring on the phone; a 410 removes the token, so the next call does not push to it")
    func answeredElsewhereAndGoneToken() async throws {
        let double = try await PushProviderDouble.start()
        let running = try await Self.start(double: double)
        defer { running.server.stop() }
        let bundle = double.credentials.apnsBundleID
        let voipToken = String(repeating: "cd", count: 32)
        let phone = try await Device("bob", device: "phone", url: running.url)
        try await phone.register("apns.voip", voipToken, topic: bundle + ".voip")
        await phone.session.shutdown()
        try await running.server.waitUntilDetached(user: "bob", device: "phone", app: "acme", secret: Self.secret)
        let web = try await Device("bob", device: "web", url: running.url)
        let alice = try await Device("alice", device: "a1", url: running.url)

        let first = try await Self.invite(alice, "bob")
        #expect(await double.waitForRequests { $0.contains { $0.deviceToken == voipToken } })
        _ = try await web.session.act(.accept(data: nil), on: first.id)
        #expect(await double.waitForRequests { $0.filter { $0.deviceToken == voipToken }.count == 2 })
        #expect(double.apnsRequests.last?.header("apns-collapse-id") == first.id.rawValue)
        _ = try await web.session.act(.quit(data: nil), on: first.id)

        // The provider says the token is gone: the server removes it.
        double.script(apnsToken: voipToken, [.unregistered()])
        let second = try await Self.invite(alice, "bob")
        #expect(await double.waitForRequests { $0.filter { $0.deviceToken == voipToken }.count == 3 })
        // The answer comes back asynchronously: the call's timeline shows it once the token is gone.
        let credentials = "Basic " + Data("acme:\(Self.secret)".utf8).base64EncodedString()
        try await eventually("the 410 is answered and the token removed") {
            let timeline = await running.server.request("GET", "/v1/admin/calls/\(second.id.rawValue)/timeline",
                                                        authorization: credentials)
            return timeline.body.contains("token removed")
        }
        _ = try await alice.session.act(.cancel(invitees: ["bob"], data: nil), on: second.id)
        let third = try await Self.invite(alice, "bob")
        _ = try await alice.session.act(.cancel(invitees: ["bob"], data: nil), on: third.id)
        // Neither the cancel of the second call nor anything of the third reaches the removed token.
        try await Task.sleep(for: .milliseconds(500))  // bounded: what would have been sent by now
        #expect(double.apnsRequests.filter { $0.deviceToken == voipToken }.count == 3)
        await Self.stop(running.server, then: double)
    }

    @Test("a 503 with Retry-After is tried again after it; a provider that hangs costs its own push the timeout and slows nothing else; FCM through the OAuth flow")
    func retriesTimeoutsAndFCM() async throws {
        let double = try await PushProviderDouble.start()
        let running = try await Self.start(double: double, timeoutSeconds: 2, attempts: 2)
        defer { running.server.stop() }
        let bundle = double.credentials.apnsBundleID
        let retried = String(repeating: "ef", count: 32)
        let hanging = String(repeating: "0a", count: 32)
        double.script(apnsToken: retried, [.serviceUnavailable(retryAfter: "1"), .ok])
        double.script(apnsToken: hanging, [.hang, .hang])

        let phone = try await Device("bob", device: "phone", url: running.url)
        try await phone.register("apns.voip", retried, topic: bundle)
        await phone.session.shutdown()
        try await running.server.waitUntilDetached(user: "bob", device: "phone", app: "acme", secret: Self.secret)
        let tablet = try await Device("carol", device: "tablet", url: running.url)
        try await tablet.register("apns.alert", hanging, topic: bundle)
        await tablet.session.shutdown()
        try await running.server.waitUntilDetached(user: "carol", device: "tablet", app: "acme", secret: Self.secret)
        let android = try await Device("dave", device: "android", url: running.url)
        try await android.register("fcm", "fcm-registration:dave", topic: "com.example.android", environment: nil)
        await android.session.shutdown()
        try await running.server.waitUntilDetached(user: "dave", device: "android", app: "acme", secret: Self.secret)

        let alice = try await Device("alice", device: "a1", url: running.url)
        let started = ContinuousClock.now
        let call = try await alice.session.invite(InviteRequest(
            invitees: ["carol", "bob", "dave"], profile: .zimAdvanced, parameters: CallParameters(ringTimeout: .seconds(30)),
            mediaType: .audio, attachments: Self.zimPush))
        #expect(ContinuousClock.now - started < .seconds(1), "sending never holds up signaling")

        // FCM: an access token from the token endpoint, then a high-priority data message with it.
        #expect(await double.waitForRequests { $0.contains { $0.path.hasSuffix("/messages:send") } })
        #expect(double.accessTokensIssued == 1)
        let fcm = try #require(double.fcmRequests.first)
        let message = try #require(fcm.json?["message"] as? [String: Any])
        #expect(message["token"] as? String == "fcm-registration:dave")
        #expect((message["android"] as? [String: Any])?["priority"] as? String == "HIGH")
        #expect((message["data"] as? [String: String])?["call_id"] == call.id.rawValue)
        #expect(ContinuousClock.now - started < .seconds(2), "the hanging provider request did not hold up the others")

        // 503 with Retry-After: 1 → the same push again, at least a second later, then delivered.
        #expect(await double.waitForRequests { $0.filter { $0.deviceToken == retried }.count == 2 })
        let tries = double.apnsRequests.filter { $0.deviceToken == retried }
        #expect(tries[1].arrivedAt.timeIntervalSince(tries[0].arrivedAt) >= 0.95)
        #expect(tries[0].header("apns-id") == tries[1].header("apns-id"), "a retry is the same push")

        // The hanging provider: the push is given up after its timeout (2 tries of 2 s), counted; the call is unharmed.
        try await eventually("the hanging push counted as failed", timeout: .seconds(15)) {
            let metrics = (try? await running.server.metrics()) ?? ""
            return metrics.split(separator: "\n").contains {
                $0.hasPrefix("switchboard_push_total") && $0.contains(#"outcome="failed""#) && $0.contains(#"provider="apns""#)
                    && $0.contains(#"kind="ring""#) && !$0.hasSuffix(" 0")
            }
        }
        let metrics = try await running.server.metrics()
        #expect(metrics.contains(#"outcome="retried""#) && metrics.contains("switchboard_push_latency_seconds"))
        let live = try await alice.session.call(call.id)
        #expect(live.participant("carol")?.state.isRinging == true)
        await Self.stop(running.server, then: double)
    }

    /// Found by Benchmarks/push-knee: a push dropped from a full queue was answered from inside the service's
    /// step, whose lock the answer then waited for, and the server stopped for good. (And by this test: three
    /// users' devices named alike shared one idempotency key, so two of the three were never sent.)
    @Test("a full queue drops and counts the push, and the server goes on: its answer never waits inside a step")
    func fullQueueDrops() async throws {
        let double = try await PushProviderDouble.start()
        let running = try await Self.start(double: double, timeoutSeconds: 30, attempts: 1,
                                           queue: #""queueCapacity": 1, "concurrency": 1,"#)
        defer { running.server.stop() }
        let bundle = double.credentials.apnsBundleID
        var phones: [String] = []
        for (index, user) in ["bob", "carol", "dave"].enumerated() {
            let token = String(repeating: "9\(index)", count: 32)
            double.script(apnsToken: token, [.hang])
            let phone = try await Device(UserID(user), device: "phone", url: running.url)
            try await phone.register("apns.voip", token, topic: bundle)
            await phone.session.shutdown()
            try await running.server.waitUntilDetached(user: user, device: "phone", app: "acme", secret: Self.secret)
            phones.append(token)
        }
        let alice = try await Device("alice", device: "a1", url: running.url)
        // Three pushes at once for a queue of one and one worker: at least one is dropped.
        let call = try await alice.session.invite(InviteRequest(invitees: ["bob", "carol", "dave"], profile: .zimAdvanced,
                                                                attachments: Self.zimPush))
        try await eventually("the dropped push is counted", timeout: .seconds(10)) {
            let metrics = (try? await running.server.metrics()) ?? ""
            return metrics.split(separator: "\n").contains {
                $0.hasPrefix("switchboard_push_total") && $0.contains(#"outcome="dropped""#) && !$0.hasSuffix(" 0")
            }
        }
        // The service still answers, and the call goes on.
        let live = try await alice.session.call(call.id)
        #expect(live.participants.filter { $0.state.isRinging }.count == 3)
        _ = try await alice.session.act(.cancel(invitees: nil, data: nil), on: call.id)
        await Self.stop(running.server, then: double)
    }

    /// Stops the server, waits for it to exit, then the double: a server still running could open a stream
    /// to a double that is shutting down (a retried push), whose HTTP/2 multiplexer then drops that stream's
    /// channel unfinished, which NIO traps in a debug build.
    private static func stop(_ server: ServerProcess, then double: PushProviderDouble) async {
        server.stop()
        _ = try? await server.exited(within: .seconds(15))
        await double.stop()
    }
}
