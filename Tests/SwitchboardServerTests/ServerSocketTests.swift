import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import ServerTestSupport
import Synchronization
import Testing
import TestSupport
import SwitchboardAgora
import SwitchboardAtomicX
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardServer
import SwitchboardService
import SwitchboardWire
import SwitchboardZIM
import WSClient

@Suite("The network server over real loopback sockets", .serialized)
struct ServerSocketTests {
    @Test("GET /healthz answers ok; GET /metrics is Prometheus text with the server's gauges")
    func healthAndMetrics() async throws {
        let server = try await LoopbackServer.start()
        let health = try await server.get("/healthz")
        #expect(health.status == 200)
        #expect(health.body == "ok\n")
        let alice = server.session("alice")
        try await alice.login()
        let metrics = try await server.get("/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.body.contains("switchboard_connections 1"))
        #expect(metrics.body.contains("switchboard_sessions 1"))
        #expect(metrics.body.contains("switchboard_frames_in_total{type=\"hello\"} 1"))
        #expect(metrics.body.contains("switchboard_frames_out_total{type=\"welcome\"} 1"))
        #expect(metrics.body.contains("switchboard_calls{state=\"ringing\"} 0"))
        #expect(metrics.body.contains("process_resident_memory_bytes"))
        // The process's CPU so far (the server runs in this process): between this process's own CPU time
        // before the scrape and after it.
        func cpuSeconds(_ text: String) -> Double? {
            text.split(separator: "\n").first { $0.hasPrefix("process_cpu_seconds_total ") }
                .flatMap { Double($0.split(separator: " ").last ?? "") }
        }
        func ownCPU() -> Double {
            var usage = rusage()
            _ = getrusage(RUSAGE_SELF.rawValue, &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
        }
        let before = ownCPU()
        let scraped = try #require(cpuSeconds(try await server.get("/metrics").body))
        let after = ownCPU()
        #expect(scraped >= before - 1e-6 && scraped <= after + 1e-6, "\(before) <= \(scraped) <= \(after)")
        try await alice.logout()
        await alice.shutdown()
        await server.stop()
    }

    @Test("two client sessions call each other over the WebSocket: invite, delivery, accept")
    func sessionsCallEachOther() async throws {
        let server = try await LoopbackServer.start()
        let alice = server.session("alice")
        let bob = server.session("bob")
        try await alice.login()
        try await bob.login()
        let call = try await alice.invite(InviteRequest(invitees: ["bob"], payload: "hello over the wire"))
        var bobEvents = bob.events.makeAsyncIterator()
        var invited: CallNotification?
        while invited == nil, let event = await bobEvents.next() {
            if case .server(.call(let note)) = event, case .invited = note.kind { invited = note }
        }
        #expect(invited?.call.id == call.id)
        #expect(invited?.call.payload == "hello over the wire")
        let accepted = try await bob.act(.accept(data: "hi"), on: call.id)
        #expect(accepted.call.participant("bob")?.state == .accepted)
        #expect(server.service.activeCalls().isEmpty, "a general call ends once everyone answered")
        for session in [alice, bob] {
            try await session.logout()
            await session.shutdown()
        }
        await server.stop()
    }

    @Test("over the wire, a third user gets call_not_found for every operation on a call it is not in, as for an unknown id")
    func outsiderOverTheWire() async throws {
        let server = try await LoopbackServer.start()
        let (alice, bob, carol) = (server.session("alice"), server.session("bob"), server.session("carol"))
        for session in [alice, bob, carol] { try await session.login() }
        let call = try await alice.invite(InviteRequest(invitees: ["bob"], profile: .zimAdvanced, payload: "private"))
        let actions: [CallAction] = [
            .cancel(invitees: nil, data: nil), .accept(data: nil), .reject(data: nil, reason: .declined), .acknowledge,
            .confirm(invitee: "bob"), .inviteMore(["carol"]), .quit(data: nil), .end(data: nil),
            .setMedia(ParticipantMedia(microphone: true, camera: true)),
        ]
        func refusal(_ body: () async throws -> Void) async -> SignalingError? {
            do {
                try await body()
                return nil
            } catch {
                return error as? SignalingError
            }
        }
        for id in [call.id, CallID("c-unknown")] {
            let get = await refusal { _ = try await carol.call(id) }
            #expect(get?.code == .call(.callNotFound) && get?.message == "no call \(id), or it has ended")
            for action in actions {
                let error = await refusal { _ = try await carol.act(action, on: id) }
                #expect(error?.code == .call(.callNotFound), "\(action.name)")
                #expect(error?.message == "no call \(id), or it has ended", "\(action.name)")
            }
        }
        #expect(try await alice.call(call.id).participants.map(\.user) == ["alice", "bob"])
        for session in [alice, bob, carol] {
            try await session.logout()
            await session.shutdown()
        }
        await server.stop()
    }

    @Test("a ZIM user and a Tencent user, each on its own client stack, call each other through the server")
    func surfacesOverTheNetwork() async throws {
        let server = try await LoopbackServer.start()
        let zimQueue = DispatchQueue(label: "zim")
        let config = ZIMAppConfig()
        config.appID = 1_234_567
        config.appSign = "sign"
        let zim = try #require(ZIM.create(with: config, environment: server.environment(queue: zimQueue)))
        let handler = ZIMRecorder()
        zim.setEventHandler(handler)
        let tencent = AtomicXInstance(environment: server.environment(queue: DispatchQueue(label: "tencent")))
        let events = Mutex<[String]>([])
        let subscription = tencent.callStore.callEventPublisher.sink { event in
            events.withLock { $0.append("\(event)") }
        }

        let zimLogin = ZIMLoginConfig()
        zimLogin.token = "token"
        let loggedIn = try await completed { done in zim.login(withUserID: "alice", config: zimLogin) { done($0.code) } }
        #expect(loggedIn == .ZIMErrorCodeSuccess)
        let tencentLogin = try await completed { done in
            tencent.loginStore.login(sdkAppID: 1_400_000_001, userID: "bob", userSig: "sig") { done(Box($0)) }
        }
        #expect(tencentLogin.value.isSuccess)

        let invite = ZIMCallInviteConfig()
        invite.extendedData = "from zim over the network"
        let callID = try await completed { done in
            zim.callInvite(with: ["bob"], config: invite) { callID, _, _ in done(callID) }
        }
        try await eventually("bob rings") { events.withLock { $0.contains { $0.contains("onCallReceived") } } }
        #expect(events.withLock { $0 }.contains { $0.contains(callID) && $0.contains("from zim over the network") })
        let accepted = try await completed { done in tencent.callStore.accept { done(Box($0)) } }
        #expect(accepted.value.isSuccess)
        try await eventually("alice sees bob accepted") { handler.lines.contains { $0.contains("bob:accepted") } }

        zim.destroy()
        _ = try await completed { done in tencent.loginStore.logout { done(Box($0)) } }
        withExtendedLifetime(subscription) {}
        await server.stop()
    }

    @Test("links dropped mid-call resume over the network without losing or repeating an event")
    func resumeAfterDrop() async throws {
        let server = try await LoopbackServer.start()
        let alice = server.session("alice")
        let bob = server.session("bob")
        try await alice.login()
        try await bob.login()
        let log = EventLog()
        log.follow(bob)
        let call = try await alice.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced))
        try await eventually("bob is invited") { log.callKinds.contains("invited") }

        server.server.abortConnections()
        // While the links are down, the call ends: the events wait in the sessions' replay buffers.
        try server.service.endCall(call.id)
        try await eventually("bob hears the end after resuming", timeout: .seconds(15)) { log.callKinds.contains("ended") }
        #expect(log.callKinds.filter { $0 == "ended" }.count == 1)
        #expect(log.callKinds.filter { $0 == "invited" }.count == 1)
        #expect(!log.replaced, "the session resumed; it was not replaced by a fresh login")
        // The sockets are closed at once, so the clients see the loss and repair the link silently
        // (ConnectionStateMachine: reconnecting is reported only when the repair takes a while).
        #expect(!log.states.contains("disconnected"))
        for session in [alice, bob] {
            try await session.logout()
            await session.shutdown()
        }
        await server.stop()
    }

    @Test("an Agora caller reaches a ZIM callee through the server, content as extendedData")
    func agoraOverTheNetwork() async throws {
        let server = try await LoopbackServer.start()
        let kit = try #require(AgoraRtmKit(appId: String(repeating: "a", count: 32), delegate: nil,
                                           environment: server.environment(queue: DispatchQueue(label: "agora"))))
        let loginCode = try await completed { done in kit.login(byToken: "t", user: "alice") { done($0) } }
        #expect(loginCode == .ok)
        let config = ZIMAppConfig()
        config.appID = 1_234_567
        config.appSign = "sign"
        let zim = try #require(ZIM.create(with: config, environment: server.environment(queue: DispatchQueue(label: "zim"))))
        let handler = ZIMRecorder()
        zim.setEventHandler(handler)
        let zimLogin = ZIMLoginConfig()
        zimLogin.token = "token"
        _ = try await completed { done in zim.login(withUserID: "bob", config: zimLogin) { done($0.code) } }

        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        invitation.content = "over the network"
        let callKit = try #require(kit.getRtmCall())
        let sent = try await completed { done in callKit.send(invitation) { done($0) } }
        #expect(sent == .ok)
        try await eventually("bob receives alice's invitation") {
            handler.received.contains { $0.contains("caller=alice") && $0.contains("data=over the network") }
        }
        zim.destroy()
        _ = try await completed { done in kit.logout { done($0) } }
        await server.stop()
    }

    @Test("bad and oversized frames get errors; other clients are not disturbed")
    func badFrames() async throws {
        let server = try await LoopbackServer.start(ServerConfiguration(host: "127.0.0.1", port: 0, maxFrameBytes: 64 * 1024))
        let alice = server.session("alice")
        try await alice.login()

        // A raw client logs in, then sends garbage (dropped: it has no request id), a request with a
        // readable id but a bad body (answered with an error), and a message over the limit (the server
        // closes that connection).
        let replies = Mutex<[String]>([])
        let raw = Task {
            try await WebSocketClient.connect(url: server.url, logger: Logger(label: "raw")) { inbound, outbound, _ in
                try await outbound.write(.text(WireCodec.encodeText(.hello(Hello(
                    app: "test-app", user: "mallory", device: "m-1", token: "t", loginPolicy: .multiDevice)))))
                try await outbound.write(.text("not json"))
                try await outbound.write(.text(#"{"t":"req","id":7,"op":"call.invite","body":{}}"#))
                var iterator = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                for _ in 0..<2 {
                    if case .text(let text) = try await iterator.next() { replies.withLock { $0.append(text) } }
                }
                try await outbound.write(.text(String(repeating: "x", count: 65 * 1024)))
                while try await iterator.next() != nil {}
            }
        }
        try await eventually("welcome and an error reply") { replies.withLock { $0.count == 2 } }
        let texts = replies.withLock { $0 }
        #expect(texts[0].contains(#""t":"welcome""#))
        #expect(texts[1].contains(#""id":7"#) && texts[1].contains("invalid_request"))
        _ = await raw.result
        // alice's session is untouched.
        #expect(try await alice.activeCalls().isEmpty)
        let metrics = try await server.get("/metrics")
        #expect(metrics.body.contains("switchboard_frames_in_total{type=\"invalid\"}"))
        try await alice.logout()
        await alice.shutdown()
        await server.stop()
    }
}

/// A ZIM event handler that keeps `callUserStateChanged` lines.
final class ZIMRecorder: NSObject, ZIMEventHandler, @unchecked Sendable {
    private let log = Mutex<[String]>([])
    var lines: [String] { log.withLock { $0 } }

    var received: [String] { log.withLock { $0.filter { $0.hasPrefix("received") } } }

    func zim(_ zim: ZIM, callInvitationReceived info: ZIMCallInvitationReceivedInfo, callID: String) {
        log.withLock { $0.append("received \(callID) caller=\(info.caller) data=\(info.extendedData)") }
    }

    func zim(_ zim: ZIM, callUserStateChanged info: ZIMCallUserStateChangeInfo, callID: String) {
        let users = info.callUserList.map { "\($0.userID):\($0.state)" }.joined(separator: ",")
        log.withLock { $0.append("state \(callID) \(users)") }
    }
}

struct Box<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}

/// A session's events, kept as the test reads them.
final class EventLog: Sendable {
    private let state = Mutex<(kinds: [String], states: [String], replaced: Bool)>(([], [], false))
    private let tasks = Mutex<[Task<Void, Never>]>([])

    func follow(_ session: ClientSession) {
        let task = Task { [self] in
            for await event in session.events {
                state.withLock { state in
                    switch event {
                    case .server(.call(let note)):
                        let kind = "\(note.kind)"
                        state.kinds.append(String(kind.prefix { $0 != "(" }))
                    case .connection(let connection, _):
                        state.states.append(connection.rawValue)
                    case .sessionReplaced:
                        state.replaced = true
                    default:
                        break
                    }
                }
            }
        }
        tasks.withLock { $0.append(task) }
    }

    var callKinds: [String] { state.withLock { $0.kinds } }
    var states: [String] { state.withLock { $0.states } }
    var replaced: Bool { state.withLock { $0.replaced } }
}
