import Foundation
import Synchronization
import Clocks
import Testing
@testable import SwitchboardCluster
import SwitchboardCore
import SwitchboardService
import SwitchboardJSON
import SwitchboardWire

/// Admin requests forwarded to an app's host (docs/SERVER.md, "Cluster"): their bodies on the bus, and
/// the asking side's table of waiting requests, each answered exactly once. No PostgreSQL needed: the
/// bus is a closure here; ClusterFailoverTests run the real thing between nodes.
@Suite("Admin request forwarding")
struct AdminForwardingTests {
    // MARK: - Bodies

    @Test("every request and reply round-trips through its body")
    func bodies() throws {
        let requests: [AdminRequest] = [
            .endCall("c-1"), .endCall(#"odd "id" / é"#), .timeline("c-2"),
            .sessions(user: nil, surface: nil, cursor: nil, limit: 100),
            .sessions(user: "bob", surface: "zim", cursor: "s1.00ff", limit: 1),
        ]
        for request in requests {
            #expect(try AdminRequest(body: request.body) == request)
        }
        let replies: [AdminReply] = [
            .answer(["ended": "c-1"]), .answer(["entries": [["states": ["bob": "received"]]], "live": true, "endedAt": nil]),
            .refused(SignalingError(.call(.callNotFound), "no live call \"c-9\"")),
            .refused(SignalingError(.unknownApp, "node n2 does not host app acme")),
            .refused(SignalingError(.other("newer_code"), "")),
        ]
        for reply in replies {
            #expect(try AdminReply(body: reply.body) == reply)
        }
    }

    @Test("a request body that is not exactly one of the requests is refused", arguments: [
        "", "[]", "null", #"{}"#, #"{"op":"end"}"#, #"{"op":"endCall"}"#, #"{"op":"endCall","call":5}"#,
        #"{"op":"endCall","call":"c","x":1}"#, #"{"op":"timeline","call":null}"#, #"{"op":"sessions"}"#,
        #"{"op":"sessions","limit":"5"}"#, #"{"op":"sessions","limit":1.5}"#, #"{"op":"sessions","limit":5,"user":7}"#,
        #"{"op":"sessions","limit":5,"cursor":["s1"]}"#, #"{"op":"sessions","limit":5,"call":"c"}"#, #"{"op":1}"#,
        #"{"op":"ENDCALL","call":"c"}"#,
    ])
    func badRequests(body: String) {
        #expect(throws: InvalidBusPayload.self) { try AdminRequest(body: body) }
    }

    @Test("a reply body that is not exactly an answer or a {code, message} error is refused", arguments: [
        "", "[]", #"{}"#, #"{"ok":1,"error":{"code":"a","message":"b"}}"#, #"{"error":{"code":"a"}}"#,
        #"{"error":{"code":"a","message":"b","x":1}}"#, #"{"error":{"code":1,"message":"b"}}"#, #"{"error":"internal_error"}"#,
        #"{"answer":{}}"#,
    ])
    func badReplies(body: String) {
        #expect(throws: InvalidBusPayload.self) { try AdminReply(body: body) }
    }

    // MARK: - The waiting table

    /// What the forwarder sent, by request id; a test awaits the sends instead of polling (a request is in
    /// the waiting table before it is sent).
    final class Sent: Sendable {
        private let state = Mutex<(messages: [BusMessage], waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)])>(([], []))

        func send(_ message: BusMessage) {
            let ready = state.withLock { state in
                state.messages.append(message)
                let count = state.messages.count
                defer { state.waiters.removeAll { $0.count <= count } }
                return state.waiters.filter { $0.count <= count }.map(\.continuation)
            }
            for waiter in ready { waiter.resume() }
        }

        /// Returns once `count` messages were sent in all.
        func sent(_ count: Int) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    if state.messages.count >= count { return true }
                    state.waiters.append((count, continuation))
                    return false
                }
                if now { continuation.resume() }
            }
        }

        var messages: [BusMessage] { state.withLock { $0.messages } }

        var ids: [UInt64] {
            state.withLock { $0.messages.compactMap { if case .adminRequest(let id, _, _) = $0 { id } else { nil } } }
        }
    }

    @Test("the host's answer and its refusal come back to the request that asked; a reply from another node is ignored")
    func answered() async throws {
        let forwarder = AdminForwarder()
        let sent = Sent()
        async let outcome = forwarder.ask(.timeline("c-1"), app: "acme", of: "n2", timeout: .seconds(30), send: sent.send)
        await sent.sent(1)
        #expect(forwarder.waiting == 1)
        let id = try #require(sent.ids.first)
        guard case .adminRequest(_, let app, let body) = try #require(sent.messages.first) else { Issue.record("sent \(sent.messages)"); return }
        #expect(app == "acme")
        #expect(try AdminRequest(body: body) == .timeline("c-1"))
        forwarder.replied(id: id, from: "n3", body: AdminReply.answer(["forged": true]).body)
        forwarder.replied(id: id &+ 1, from: "n2", body: AdminReply.answer(["other": true]).body)
        #expect(forwarder.waiting == 1)
        forwarder.replied(id: id, from: "n2", body: AdminReply.answer(["call": "c-1"]).body)
        #expect(try await outcome.get() == ["call": "c-1"])
        // Answered once: a second reply changes nothing.
        forwarder.replied(id: id, from: "n2", body: AdminReply.answer(["again": true]).body)
        #expect(forwarder.waiting == 0)

        async let refused = forwarder.ask(.endCall("c-9"), app: "acme", of: "n2", timeout: .seconds(30), send: sent.send)
        await sent.sent(2)
        let second = try #require(sent.ids.last)
        forwarder.replied(id: second, from: "n2", body: AdminReply.refused(SignalingError(.call(.callNotFound), "no call")).body)
        #expect(await refused == .failure(.refused(SignalingError(.call(.callNotFound), "no call"))))

        async let garbled = forwarder.ask(.endCall("c-9"), app: "acme", of: "n2", timeout: .seconds(30), send: sent.send)
        await sent.sent(3)
        forwarder.replied(id: try #require(sent.ids.last), from: "n2", body: "{not json")
        guard case .failure(.invalidReply(node: "n2", _)) = await garbled else { Issue.record("an unreadable reply was read"); return }
    }

    @Test("no answer within the timeout: hostDidNotAnswer, not before it, and the request no longer waits")
    func timesOut() async throws {
        let clock = TestClock()
        let forwarder = AdminForwarder(clock: clock)
        let sent = Sent()
        async let outcome = forwarder.ask(.endCall("c"), app: "acme", of: "n2", timeout: .milliseconds(200), send: sent.send)
        await sent.sent(1)
        await clock.advance(by: .milliseconds(199))
        #expect(forwarder.waiting == 1, "not before the timeout")
        await clock.advance(by: .milliseconds(1))
        #expect(await outcome == .failure(.hostDidNotAnswer(node: "n2", timeout: .milliseconds(200))))
        #expect(forwarder.waiting == 0)
        let error = AdminForwardError.hostDidNotAnswer(node: "n2", timeout: .milliseconds(200))
        #expect(error.signalingError.code == .service(.internalError) && error.signalingError.message.contains("n2"))
    }

    @Test("a host that dies fails the requests waiting on it at once, and only those; a fenced or stopped node fails them all")
    func hostGoneAndFenced() async throws {
        let forwarder = AdminForwarder()
        let sent = Sent()
        async let onN2 = forwarder.ask(.endCall("a"), app: "acme", of: "n2", timeout: .seconds(60), send: sent.send)
        async let onN3 = forwarder.ask(.endCall("b"), app: "other", of: "n3", timeout: .seconds(60), send: sent.send)
        await sent.sent(2)
        #expect(forwarder.waiting == 2)
        let started = ContinuousClock.now
        forwarder.fail(waitingOn: "n2", with: .hostGone(node: "n2"))
        #expect(await onN2 == .failure(.hostGone(node: "n2")))
        #expect(forwarder.waiting == 1)
        forwarder.failAll(with: .notServing("fenced: test"))
        #expect(await onN3 == .failure(.notServing("fenced: test")))
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test("at most 256 requests wait: the next is refused at once with rate_limited, and once one is answered a new one waits")
    func bounded() async throws {
        let forwarder = AdminForwarder()
        let sent = Sent()
        #expect(AdminForwarder.maximumPending == 256 && ClusterNode.maximumPendingAdminRequests == 256)
        try await withThrowingTaskGroup(of: AdminForwarder.Outcome.self) { group in
            for index in 0..<256 {
                group.addTask { await forwarder.ask(.timeline(CallID("c\(index)")), app: "acme", of: "n2", timeout: .seconds(60), send: sent.send) }
            }
            await sent.sent(256)
            #expect(forwarder.waiting == 256)
            let refused = await forwarder.ask(.timeline("c-257"), app: "acme", of: "n2", timeout: .seconds(60), send: sent.send)
            #expect(refused == .failure(.tooManyPending(256)))
            #expect(AdminForwardError.tooManyPending(256).signalingError.code == .service(.rateLimited))
            #expect(sent.ids.count == 256, "the refused request was not sent")
            forwarder.replied(id: sent.ids[0], from: "n2", body: AdminReply.answer(["ok": true]).body)
            #expect(forwarder.waiting == 255)
            group.addTask { await forwarder.ask(.timeline("c-258"), app: "acme", of: "n2", timeout: .seconds(60), send: sent.send) }
            await sent.sent(257)
            #expect(forwarder.waiting == 256)
            forwarder.failAll(with: .notServing("the node stopped"))
            var answers = 0, stopped = 0
            for try await outcome in group {
                switch outcome {
                case .success: answers += 1
                case .failure(.notServing): stopped += 1
                default: Issue.record("\(outcome)")
                }
            }
            #expect(answers == 1 && stopped == 256)
        }
    }

    @Test("a cancelled request (the HTTP client went away) stops waiting")
    func cancelled() async throws {
        let forwarder = AdminForwarder()
        let sent = Sent()
        let task = Task { await forwarder.ask(.endCall("c"), app: "acme", of: "n2", timeout: .seconds(60), send: sent.send) }
        await sent.sent(1)
        #expect(forwarder.waiting == 1)
        task.cancel()
        #expect(await task.value == .failure(.notServing("the request was cancelled")))
        #expect(forwarder.waiting == 0)
    }
}
