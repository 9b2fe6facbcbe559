import Foundation
import Logging
import ServerTestSupport
import Synchronization
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardServer
import SwitchboardWire
import WSClient

/// A raw WebSocket client: sends what the test says, keeps every text it receives, and whether the server
/// closed the connection.
final class RawClient: Sendable {
    private let log = RawLog()
    private let task: Task<Void, Never>

    init(url: String, send frames: [String]) {
        let log = log
        task = Task {
            _ = try? await WebSocketClient.connect(url: url, logger: Logger(label: "raw")) { inbound, outbound, _ in
                for frame in frames { try await outbound.write(.text(frame)) }
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    if case .text(let text) = message { log.append(text) }
                }
            }
            log.close()
        }
    }

    var texts: [String] { log.texts }
    var isClosed: Bool { log.isClosed }

    func stop() async {
        task.cancel()
        _ = await task.value
    }
}

final class RawLog: Sendable {
    private let state = Mutex<(texts: [String], closed: Bool)>(([], false))
    func append(_ text: String) { state.withLock { $0.texts.append(text) } }
    func close() { state.withLock { $0.closed = true } }
    var texts: [String] { state.withLock { $0.texts } }
    var isClosed: Bool { state.withLock { $0.closed } }
}

private func hello(_ user: String) -> String {
    WireCodec.encodeText(.hello(Hello(app: "a", user: UserID(user), device: DeviceID("\(user)-1"), token: "t",
                                      loginPolicy: .multiDevice)))
}

@Suite("Connection limits", .serialized)
struct ConnectionLimitTests {
    @Test("a connection that never says hello is refused with timeout and closed")
    func handshakeTimeout() async throws {
        // 1 s, not less: the deadline runs from the accept, and on two loaded cores the upgrade itself
        // can take a few hundred milliseconds, which would turn the refusal into a plain close.
        let server = try await LoopbackServer.start(
            ServerConfiguration(host: "127.0.0.1", port: 0, handshakeTimeout: .seconds(1)))
        let raw = RawClient(url: server.url, send: [])
        try await eventually("the server closes the silent connection") { raw.isClosed }
        #expect(raw.texts.count == 1 && raw.texts[0].contains("refused") && raw.texts[0].contains("timeout"))
        await server.stop()
    }

    @Test("a client that sends its requests with its hello, before the welcome, is answered in order")
    func pipelinedFramesKeepTheirOrder() async throws {
        // Frames read before the server's event-loop handler was added, and frames after it, are received
        // in the order sent (docs/PERFORMANCE.md, "Frames on the event loop").
        let server = try await LoopbackServer.start(
            ServerConfiguration(host: "127.0.0.1", port: 0, requestsPerSecond: 1000, requestBurst: 1000))
        let requests = (1...40).map { WireCodec.encodeText(.request(Request(id: RequestID(rawValue: Int64($0)), operation: .activeCalls(ActiveCallQuery())))) }
        let raw = RawClient(url: server.url, send: [hello("pipeliner")] + requests)
        try await eventually("every request is answered") { raw.texts.count == 41 }
        #expect(raw.texts[0].contains("welcome"))
        let ids = raw.texts.dropFirst().compactMap { text -> Int64? in
            guard case .response(let response) = try? WireCodec.decodeServerFrame(text) else { return nil }
            return response.id.rawValue
        }
        #expect(ids == Array(1...40))
        await raw.stop()
        await server.stop()
    }

    @Test("a welcomed connection that falls silent is closed after the idle timeout")
    func idleTimeout() async throws {
        let server = try await LoopbackServer.start(
            ServerConfiguration(host: "127.0.0.1", port: 0, idleTimeout: .milliseconds(300)))
        let raw = RawClient(url: server.url, send: [hello("idle")])
        try await eventually("the idle connection is closed") { raw.isClosed }
        #expect(raw.texts.first?.contains("welcome") == true)
        await server.stop()
    }

    @Test("requests beyond the connection's rate are answered rate_limited; another client is served")
    func rateLimit() async throws {
        let server = try await LoopbackServer.start(
            ServerConfiguration(host: "127.0.0.1", port: 0, requestsPerSecond: 5, requestBurst: 10))
        let flood = (1...60).map { WireCodec.encodeText(.request(Request(id: RequestID(rawValue: Int64($0)), operation: .activeCalls(ActiveCallQuery())))) }
        let raw = RawClient(url: server.url, send: [hello("flooder")] + flood)
        try await eventually("every request is answered") { raw.texts.count == 61 }
        let limited = raw.texts.filter { $0.contains("rate_limited") }.count
        #expect(limited >= 40 && limited <= 50, "\(limited) of 60 limited")
        let alice = server.session("alice")
        try await alice.login()
        #expect(try await alice.activeCalls().isEmpty)
        let metrics = try await server.get("/metrics")
        #expect(metrics.body.contains("switchboard_errors_total{code=\"rate_limited\"}"))
        try await alice.logout()
        await alice.shutdown()
        await raw.stop()
        await server.stop()
    }

    @Test("a full server refuses the next connection with too_many_sessions")
    func maxConnections() async throws {
        let server = try await LoopbackServer.start(ServerConfiguration(host: "127.0.0.1", port: 0, maxConnections: 2))
        let first = RawClient(url: server.url, send: [hello("one")])
        let second = RawClient(url: server.url, send: [hello("two")])
        try await eventually("two welcomed") { first.texts.count == 1 && second.texts.count == 1 }
        let third = RawClient(url: server.url, send: [hello("three")])
        try await eventually("the third hears from the server") { !third.texts.isEmpty || third.isClosed }
        #expect(third.texts.count == 1 && third.texts[0].contains("too_many_sessions"), "the third heard \(third.texts)")
        try await eventually("the third is closed") { third.isClosed }
        #expect(!first.isClosed && !second.isClosed)
        await first.stop()
        await second.stop()
        await server.stop()
    }

    @Test("a full server refuses a connection that says nothing at the handshake timeout")
    func maxConnectionsSilentClient() async throws {
        let server = try await LoopbackServer.start(
            ServerConfiguration(host: "127.0.0.1", port: 0, handshakeTimeout: .milliseconds(300), maxConnections: 1))
        let first = RawClient(url: server.url, send: [hello("one")])
        try await eventually("one welcomed") { first.texts.count == 1 }
        let silent = RawClient(url: server.url, send: [])
        try await eventually("the silent one is refused and closed") { silent.isClosed }
        #expect(silent.texts.count == 1 && silent.texts[0].contains("too_many_sessions"), "it heard \(silent.texts)")
        #expect(!first.isClosed)
        await first.stop()
        await server.stop()
    }

    @Test("a text frame that is not UTF-8 closes the connection with 1007, as RFC 6455 says, instead of being repaired")
    func invalidUTF8() async throws {
        let server = try await LoopbackServer.start()
        let port = server.port
        let closeCode = try await Task.detached {
            let socket = try RawWebSocket(port: port, path: ServerConfiguration.signalPath)
            try socket.sendFrame(opcode: 0x1, payload: [0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d])  // {"\xC3("}
            var frame = try socket.readFrame()
            while frame.opcode != 0x8 { frame = try socket.readFrame() }
            return frame.payload.count >= 2 ? Int(frame.payload[0]) << 8 | Int(frame.payload[1]) : nil
        }.value
        #expect(closeCode == 1007)
        await server.stop()
    }
}
