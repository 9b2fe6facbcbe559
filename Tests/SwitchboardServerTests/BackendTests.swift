import Clocks
import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import InMemoryLogging
import Logging
import ServerTestSupport
import Synchronization
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
@testable import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// A local HTTP receiver for webhook posts.
final class WebhookReceiver: Sendable {
    struct Post: Sendable {
        var path: String
        var event: String
        var signature: String
        var body: String
    }

    let port: Int
    private let task: Task<Void, any Error>

    /// - Parameter failing: how many posts are answered 500 before the receiver starts answering 200.
    static func start(failing: Int = 0) async throws -> WebhookReceiver {
        let box = PostsBox(failing: failing)
        let router = Router()
        for path in ["events", "push"] {
            router.post(RouterPath(stringLiteral: path)) { request, _ -> HTTPResponse.Status in
                let body = try await request.body.collect(upTo: 1 << 20)
                func header(_ name: String) -> String {
                    request.headers.first { $0.name.canonicalName == name.lowercased() }?.value ?? ""
                }
                return box.append(Post(path: path, event: header("X-Switchboard-Event"),
                                       signature: header("X-Switchboard-Signature"), body: String(buffer: body)))
            }
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) },
                              logger: Logger(label: "receiver", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        return WebhookReceiver(port: port, task: task, box: box)
    }

    private let box: PostsBox
    private init(port: Int, task: Task<Void, any Error>, box: PostsBox) {
        self.port = port
        self.task = task
        self.box = box
    }

    var received: [Post] { box.all }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}

final class PostsBox: Sendable {
    private let state: Mutex<(posts: [WebhookReceiver.Post], failing: Int)>
    init(failing: Int) { state = Mutex(([], failing)) }

    /// Keeps the post; answers 500 while failures remain, then 200.
    func append(_ post: WebhookReceiver.Post) -> HTTPResponse.Status {
        state.withLock { state in
            state.posts.append(post)
            guard state.failing > 0 else { return .ok }
            state.failing -= 1
            return .internalServerError
        }
    }

    var all: [WebhookReceiver.Post] { state.withLock { $0.posts } }
}

@Suite("Backend: webhooks, the push hook and the admin API", .serialized)
struct BackendTests {
    let secret = "a-backend-secret-of-at-least-32-bytes"

    @Test("call events and offline invitations are posted, signed; the admin API ends calls and reads records")
    func backend() async throws {
        let receiver = try await WebhookReceiver.start()
        let app = AppConfiguration(id: "acme", vendorIDs: ["acme-app"], secret: secret,
                                   eventWebhook: "http://127.0.0.1:\(receiver.port)/events",
                                   pushWebhook: "http://127.0.0.1:\(receiver.port)/push")
        let running = try await LoopbackServer.startDurable(apps: [app])
        let port = running.port
        func session(_ user: UserID) async throws -> ClientSession {
            let token = try await SwitchboardToken.mint(app: app, user: user, expiresAt: Date().addingTimeInterval(600))
            return ClientSession(configuration: ClientConfiguration(app: "acme-app", user: user, device: DeviceID("\(user.rawValue)-1"),
                                                                    token: token, surface: "zim"),
                                 transport: WebSocketTransport(url: "ws://127.0.0.1:\(port)/v1/signal"), clock: .system())
        }

        // bob is offline: the invitation is kept and goes to the push hook with the ZIM push fields.
        let alice = try await session("alice")
        try await alice.login()
        let call = try await alice.invite(InviteRequest(
            invitees: ["bob"], parameters: CallParameters(ringTimeout: .seconds(90)), payload: "ring",
            attachments: ["zim.push.title": "Alice calls", "zim.push.content": "pick up"]))
        try await eventually("created and push posted") { receiver.received.count >= 2 }
        let push = try #require(receiver.received.first { $0.path == "push" })
        #expect(push.event == "call.offlineInvitation")
        #expect(push.body.contains("\"user\":\"bob\""))
        #expect(push.body.contains("\"zim.push.title\":\"Alice calls\""))
        let expectedSignature = HMAC<SHA256>.authenticationCode(for: Array(push.body.utf8), using: SymmetricKey(data: Data(secret.utf8)))
            .map { String(format: "%02x", $0) }.joined()
        #expect(push.signature == expectedSignature)
        #expect(receiver.received.contains { $0.path == "events" && $0.event == "call.created" && $0.body.contains(call.id.rawValue) })

        // bob logs in and answers: answered, then ended (a general call ends once everyone answered).
        let bob = try await session("bob")
        try await bob.login()
        _ = try await bob.act(.accept(data: nil), on: call.id)
        try await eventually("answered and ended posted") {
            let events = receiver.received.map(\.event)
            return events.contains("call.answered") && events.contains("call.ended")
        }

        // The admin API: wrong credentials are refused; right ones end a live call and read records.
        let advanced = try await alice.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced))
        _ = try await bob.act(.accept(data: nil), on: advanced.id)
        let base = "http://127.0.0.1:\(port)/v1/admin"
        func request(_ method: String, _ path: String, secret: String) async throws -> (Int, String) {
            var request = URLRequest(url: URL(string: base + path)!)
            request.httpMethod = method
            request.setValue("Basic " + Data("acme:\(secret)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
        #expect(try await request("POST", "/calls/\(advanced.id.rawValue)/end", secret: "wrong").0 == 401)
        let live = try await request("GET", "/calls", secret: secret)
        #expect(live.0 == 200 && live.1.contains(advanced.id.rawValue))
        let ended = try await request("POST", "/calls/\(advanced.id.rawValue)/end", secret: secret)
        #expect(ended.0 == 200)
        #expect(try await request("POST", "/calls/\(advanced.id.rawValue)/end", secret: secret).0 == 404)
        try await eventually("alice hears the call ended by the server") {
            (try? await alice.activeCalls())?.isEmpty == true
        }
        let records = try await request("GET", "/users/alice/records?limit=10", secret: secret)
        #expect(records.0 == 200)
        #expect(records.1.contains(call.id.rawValue) && records.1.contains(advanced.id.rawValue))
        #expect(records.1.contains("endedByServer"))

        for user in [alice, bob] {
            try? await user.logout()
            await user.shutdown()
        }
        await running.stop()
        await receiver.stop()
    }
}

@Suite("Webhook retries and record retention", .serialized)
struct WebhookRetryTests {
    let secret = "a-backend-secret-of-at-least-32-bytes"

    private func event(_ id: String) -> BackendEvent {
        let call = Call(id: CallID(id), caller: "alice", mode: .general, policy: CallPolicy(),
                        participants: [Participant(user: "alice", role: .caller, invitedBy: nil, state: .accepted,
                                                   at: Timestamp(millisecondsSince1970: 0))],
                        createdAt: Timestamp(millisecondsSince1970: 0))
        return .callCreated(app: "acme", call: call)
    }

    /// A dispatcher with the server's retry settings, its backoff on `clock`, and what it logged.
    private func dispatcher(posting receiver: WebhookReceiver, clock: TestClock<Duration>)
        -> (WebhookDispatcher, InMemoryLogHandler)
    {
        let app = AppConfiguration(id: "acme", vendorIDs: ["acme-app"], secret: secret,
                                   eventWebhook: "http://127.0.0.1:\(receiver.port)/events")
        let log = InMemoryLogHandler()
        return (WebhookDispatcher(apps: [app], logger: Logger(label: "t", factory: { _ in log }), clock: clock), log)
    }

    /// Whether the dispatcher waits on `clock` to retry.
    private func waits(on clock: TestClock<Duration>) async -> Bool {
        do {
            try await clock.checkSuspension()
            return false
        } catch {
            return true
        }
    }

    /// Waits (in real time: the post goes over loopback) for the receiver's `count`th post and then for
    /// the dispatcher to wait on `clock`; moves the clock to a millisecond short of `delay`, where the
    /// dispatcher still waits, then to `delay`, which starts the next attempt.
    private func expectRetry(after delay: Duration, posts count: Int, to receiver: WebhookReceiver,
                             clock: TestClock<Duration>) async throws {
        try await eventually("post \(count) arrives") { receiver.received.count == count }
        try await eventually("the dispatcher waits to retry after post \(count)") { await self.waits(on: clock) }
        await clock.advance(by: delay - .milliseconds(1))
        #expect(await waits(on: clock), "no retry before \(delay)")
        #expect(receiver.received.count == count)
        await clock.advance(by: .milliseconds(1))
    }

    /// The warning logged for a failed attempt.
    private func failure(_ attempt: Int, of attempts: Int, to receiver: WebhookReceiver) -> String {
        "webhook: http://127.0.0.1:\(receiver.port)/events answered 500 to call.created (attempt \(attempt) of \(attempts))"
    }

    @Test("a post answered 500 is retried after 1 s, then 2 s, until it is taken; each failure is logged; an app without a webhook gets nothing")
    func retriesUntilTaken() async throws {
        let receiver = try await WebhookReceiver.start(failing: 2)
        let clock = TestClock<Duration>()
        let (dispatcher, log) = dispatcher(posting: receiver, clock: clock)
        let runner = Task { try await dispatcher.run() }
        dispatcher.deliver(event("c1"))
        try await expectRetry(after: .seconds(1), posts: 1, to: receiver, clock: clock)
        try await expectRetry(after: .seconds(2), posts: 2, to: receiver, clock: clock)
        try await eventually("the third post is taken") { receiver.received.count == 3 }
        #expect(Set(receiver.received.map(\.body)).count == 1, "the same body each time")

        // Another app (no webhook here) gets nothing; the next event is posted once, at once: the
        // dispatcher was done with the first.
        dispatcher.deliver(.callCreated(app: "other", call: Call(id: "c3", caller: "x", mode: .general, policy: CallPolicy(),
                                                                   participants: [], createdAt: Timestamp(millisecondsSince1970: 0))))
        dispatcher.deliver(event("c2"))
        try await eventually("the next event is posted") { receiver.received.count == 4 }
        #expect(receiver.received[3].body.contains("\"c2\""))
        #expect(await !waits(on: clock))
        #expect(log.entries.map(\.level) == [.warning, .warning])
        #expect(log.entries.map(\.message.description) == [failure(1, of: 4, to: receiver), failure(2, of: 4, to: receiver)])
        runner.cancel()
        await receiver.stop()
    }

    @Test("a post that keeps failing is tried 4 times, 1, 2 and 4 s apart, then given up with an error in the log")
    func givesUpAfterItsAttempts() async throws {
        let receiver = try await WebhookReceiver.start(failing: 10)
        let clock = TestClock<Duration>()
        let (dispatcher, log) = dispatcher(posting: receiver, clock: clock)
        let runner = Task { try await dispatcher.run() }
        dispatcher.deliver(event("c1"))
        for (attempt, delay) in zip(1..., [Duration.seconds(1), .seconds(2), .seconds(4)]) {
            try await expectRetry(after: delay, posts: attempt, to: receiver, clock: clock)
        }
        let gaveUp = "webhook: gave up on call.created for app acme after 4 attempts"
        try await eventually("the dispatcher gives up") { log.entries.contains { $0.message.description == gaveUp } }
        #expect(receiver.received.count == 4)
        #expect(await !waits(on: clock), "no fifth attempt")
        #expect(log.entries.map(\.message.description) == (1...4).map { failure($0, of: 4, to: receiver) } + [gaveUp])
        #expect(log.entries.last?.level == .error)
        runner.cancel()
        await receiver.stop()
    }

    @Test("retention deletes the records older than the configured age and keeps the rest")
    func retention() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-\(UUID().uuidString).sqlite").path
        let store = try SQLiteStore(path: path)
        let now = ServiceClock.system().now()
        func record(_ id: String, age: Duration) -> CallRecord {
            CallRecord(callID: CallID(id), owner: "bob", caller: "alice", participants: ["alice", "bob"], mode: .general,
                       mediaType: nil, roomID: nil, groupID: nil, direction: .incoming, outcome: .accepted,
                       endReason: .allAnswered, answeredOn: nil, startedAt: now - age, duration: .zero, recordedAt: now - age)
        }
        try store.commit([.record("a", record("old", age: .seconds(8 * 86_400)))])
        try store.commit([.record("a", record("new", age: .seconds(86_400)))])
        await RecordRetention(store: store, maxAge: .seconds(7 * 86_400), clock: .system(),
                              logger: Logger(label: "t", factory: { _ in SwiftLogNoOpLogHandler() })).sweep()
        #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 10).records.map(\.callID) == ["new"])
    }
}
