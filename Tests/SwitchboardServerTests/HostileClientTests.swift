import Foundation
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardWire
#if canImport(Glibc)
import Glibc
#endif

/// The built server as a subprocess, attacked as a hostile client would attack it (docs/SECURITY.md,
/// "Connections"): each test runs one attack over loopback and checks what the server promises.
/// Real time, bounded: these are the tests that run the binary.
@Suite("Hostile clients against the built server", .serialized)
struct HostileClientTests {
    @Test("2,000 silent sockets against a server under ulimit -n 1024: all closed within the handshake timeout (5 s) + 1 s, a normal client logs in throughout, the server lives and idles afterwards")
    func silentSocketsUnderDescriptorLimit() async throws {
        let server = try await ServerProcess.attacked(descriptors: 1024)
        defer { server.stop() }
        raiseOwnDescriptorLimit(to: 4096)

        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        var loginTimes: [Duration] = []
        for batch in 0..<10 {
            for _ in 0..<200 {
                if let fd = connectNonBlocking(port: server.port) { sockets.append(fd) }
            }
            try await Task.sleep(for: .milliseconds(20))
            // A normal client logs in while the flood goes on.
            if batch % 3 == 0 { loginTimes.append(try await server.timedLogin("normal-\(batch)")) }
        }
        let flooded = ContinuousClock.now
        #expect(sockets.count == 2_000)
        // Every login succeeds (timedLogin throws otherwise); the bound only catches a stall, since the
        // machine may be loaded (docs/SECURITY.md, "Connections", has the quiet figures).
        for time in loginTimes { #expect(time < .seconds(10), "a login during the flood took \(time)") }

        // Every socket the server took is closed within the handshake timeout (5 s) + 1 s of the last one.
        try await Task.sleep(until: flooded + .seconds(6), clock: .continuous)
        let open = sockets.filter { isOpen($0) }
        #expect(open.isEmpty, "\(open.count) of 2,000 silent sockets still open after the handshake timeout + 1 s: \(server.logLines.suffix(5))")
        #expect(server.isRunning)
        #expect(try await server.timedLogin("after") < .seconds(2))
        // Shedding a socket is not an error: the log stays readable.
        let errors = server.logLines.filter { $0.contains(" error ") }
        #expect(errors.count < 10, "\(errors.count) error lines, e.g. \(errors.prefix(3))")
        let busy = try await server.cpuTime(over: .seconds(1))
        #expect(busy < .milliseconds(100), "the server used \(busy) of CPU in 1 s of quiet")
    }

    @Test("a keep-alive HTTP connection (a metrics scraper) outlives the handshake timeout that WebSockets get")
    func keepAliveHTTP() async throws {
        let server = try await ServerProcess.attacked(arguments: ["--handshake-timeout", "1"])
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, timeout: 5, upgrade: false)
        for _ in 0..<3 {
            try socket.sendRaw(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            #expect(try socket.read(until: "ok\n").hasPrefix("HTTP/1.1 200"))
            try await Task.sleep(for: .milliseconds(700))
        }
    }

    @Test("a frame before the hello larger than a few KiB closes the connection with 1009 at its header; a partial 1 MiB frame is not buffered")
    func partialFrameBeforeHello() async throws {
        let server = try await ServerProcess.attacked()
        defer { server.stop() }
        let before = server.residentBytes
        var sockets: [RawWebSocket] = []
        for _ in 0..<20 {
            let socket = try RawWebSocket(port: server.port)
            try socket.sendFrame(opcode: 1, declaredLength: 1 << 20, payload: Array(repeating: 0x20, count: 60_000))
            sockets.append(socket)
        }
        for socket in sockets { #expect(try socket.readCloseCode() == 1009) }
        // 20 partial megabytes would be 20 MiB held; the guard read their headers only.
        #expect(server.residentBytes - before < 10 << 20)
        #expect(try await server.timedLogin("normal") < .seconds(2))
    }

    @Test("an unmasked client frame closes the connection with 1002")
    func unmaskedFrame() async throws {
        let server = try await ServerProcess.attacked()
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port)
        try socket.sendFrame(opcode: 1, declaredLength: 2, payload: Array("{}".utf8), masked: false)
        #expect(try socket.readCloseCode() == 1002)
        #expect(socket.isClosedByServer())
    }

    @Test("a text frame that is not UTF-8 closes the connection with 1007; it is never repaired and carried out")
    func invalidUTF8() async throws {
        let server = try await ServerProcess.attacked()
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port)
        // A lone continuation byte inside an otherwise valid hello.
        try socket.sendFrame(opcode: 1, payload: Array(#"{"t":"hello","app":""#.utf8) + [0x80] + Array(#""}"#.utf8))
        #expect(try socket.readCloseCode() == 1007)
        #expect(socket.isClosedByServer())

        // After the welcome, when frames are received on the event loop (docs/PERFORMANCE.md, "Frames on
        // the event loop"), the same.
        let welcomed = try RawWebSocket(port: server.port)
        try welcomed.sendFrame(opcode: 1, payload: Array(WireCodec.encodeText(.hello(Hello(
            app: "a", user: "utf8", device: "utf8-1", token: "t", loginPolicy: .multiDevice))).utf8))
        let welcome = try welcomed.readFrame()
        #expect(String(decoding: welcome.payload, as: UTF8.self).contains("welcome"))
        try welcomed.sendFrame(opcode: 1, payload: Array(#"{"t":"ping","x":""#.utf8) + [0xc3, 0x28] + Array(#""}"#.utf8))
        #expect(try welcomed.readCloseCode() == 1007)
        #expect(welcomed.isClosedByServer())
    }

    @Test("slowloris: a request head sent a byte at a time is cut at the handshake timeout")
    func slowloris() async throws {
        let server = try await ServerProcess.attacked(arguments: ["--handshake-timeout", "2"])
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, timeout: 1, upgrade: false)
        let started = ContinuousClock.now
        var cut = false
        for byte in Array("GET /v1/signal HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 100) {
            if (try? socket.sendRaw([byte])) == nil { cut = true; break }
            try await Task.sleep(for: .milliseconds(100))
            if ContinuousClock.now - started > .seconds(4) { break }
        }
        #expect(cut || socket.isClosedByServer(), "the slow request was still open after \(ContinuousClock.now - started)")
        #expect(ContinuousClock.now - started < .seconds(3) + .milliseconds(500))
    }

    @Test("a flood of pings closes the connection with 1008")
    func pingFlood() async throws {
        let server = try await ServerProcess.attacked()
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port)
        for _ in 0..<50 { try? socket.sendFrame(opcode: 0x9, payload: []) }
        #expect(try socket.readCloseCode() == 1008)
    }

    @Test("invalid frames are answered, counted, logged at a bounded rate, and past the rate close the connection with 1008")
    func invalidFrameFlood() async throws {
        let server = try await ServerProcess.attacked()
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port)
        try socket.sendText(hello("mallory"))
        _ = try socket.readFrame()
        for index in 0..<200 { try? socket.sendText("{\"t\":\"req\",\"id\":\(index),\"op\":") }
        #expect(try socket.readCloseCode() == 1008)
        let metrics = try await server.metrics()
        #expect(metrics.contains("switchboard_invalid_frames_total{code=\"invalid_frame\"}"))
        let lines = server.logLines.filter { $0.contains("invalid frame") }
        #expect(lines.count <= 12, "\(lines.count) log lines for 200 invalid frames")
    }

    @Test("a request with a duplicate key, or an integer past Int64, whose id is readable gets its error")
    func readableIdsAreAnswered() async throws {
        let server = try await ServerProcess.attacked()
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port)
        try socket.sendText(hello("mallory"))
        _ = try socket.readFrame()
        try socket.sendText(#"{"t":"req","id":7,"op":"call.active","op":"call.active"}"#)
        let duplicate = try #require(String(bytes: socket.readFrame().payload, encoding: .utf8))
        #expect(duplicate.contains(#""id":7"#) && duplicate.contains("invalid_frame"))
        try socket.sendText(#"{"t":"req","id":8,"op":"call.active","args":{"n":123456789012345678901234567890}}"#)
        let overflow = try #require(String(bytes: socket.readFrame().payload, encoding: .utf8))
        #expect(overflow.contains(#""id":8"#) && overflow.contains("invalid_frame"))
    }

    @Test("a client that stops reading is dropped once a write has waited 2 s; its sender is unaffected")
    func stalledReader() async throws {
        let server = try await ServerProcess.attacked()
        defer { server.stop() }
        let bob = try RawWebSocket(port: server.port, timeout: 10)
        try bob.sendText(hello("bob"))
        let alice = ClientSession(
            configuration: ClientConfiguration(app: "app", user: "alice", device: "alice-1", token: "t", surface: "test"),
            transport: WebSocketTransport(url: "ws://127.0.0.1:\(server.port)/v1/signal"), clock: .system())
        try await alice.login()
        // Messages of 30 KB to bob, who never reads: the socket's buffers fill, then the server's writes wait.
        let body = String(repeating: "x", count: 30_000)
        var dropped = false
        // At most 40 a second: below the server's request rate limit (50), so the last request below is
        // answered however fast the server took these.
        for _ in 0..<600 where !dropped {
            let sent = ContinuousClock.now
            _ = try? await alice.request(.sendMessage(PeerMessageRequest(to: "bob", content: .text(body))))
            dropped = try await server.metrics().contains("switchboard_connections_closed_total{reason=\"write_timeout\"} 1")
            try await Task.sleep(until: sent + .milliseconds(25))
        }
        #expect(dropped, "bob was never dropped")
        // alice goes on as before.
        _ = try await alice.request(.queryPresence(["bob"]))
        try? await alice.logout()
        await alice.shutdown()
    }

    @Test("SIGTERM with a client that stopped reading and a silent socket: every session gets bye(serverShutdown) and the server exits within 10 s")
    func sigterm() async throws {
        let server = try await ServerProcess.attacked()
        let listener = try RawWebSocket(port: server.port, timeout: 10)
        try listener.sendText(hello("alice"))
        _ = try listener.readFrame()
        // A client that logs in and then never reads; a socket that never says anything.
        let stalled = try RawWebSocket(port: server.port, timeout: 10)
        try stalled.sendText(hello("bob"))
        let silent = try RawWebSocket(port: server.port, upgrade: false)
        _ = silent

        let signalled = ContinuousClock.now
        server.signal(SIGTERM)
        var frames: [String] = []
        while let frame = try? listener.readFrame(), frame.opcode == 1 {
            frames.append(String(decoding: frame.payload, as: UTF8.self))
        }
        #expect(frames.contains { $0.contains("\"bye\"") && $0.contains("serverShutdown") }, "\(frames)")
        let exited = (try? await server.exited(within: .seconds(10))) != nil
        #expect(exited, "the server was still running 10 s after SIGTERM")
        #expect(ContinuousClock.now - signalled < .seconds(10))
    }
}

// MARK: - The server under attack

extension ServerProcess {
    /// `switchboard serve` as the attacks meet it: load shedding on, as in production; `descriptors` caps
    /// its open files (`ulimit -n`).
    static func attacked(descriptors: Int? = nil, arguments: [String] = [], environment: [String: String] = [:])
        async throws -> ServerProcess {
        let server = try ServerProcess.serve(arguments: arguments, loadShedding: true, descriptors: descriptors,
                                             environment: environment)
        try await server.waitUntilListening()
        return server
    }

    /// The server's resident memory, from /proc.
    var residentBytes: Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// CPU time (user + system) the server uses over `interval` of wall time.
    func cpuTime(over interval: Duration) async throws -> Duration {
        func ticks() -> Int {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = text.lastIndex(of: ")")
            else { return 0 }
            let fields = text[text.index(after: close)...].split(separator: " ")
            return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        }
        let before = ticks()
        try await Task.sleep(for: interval)
        let hertz = sysconf(Int32(_SC_CLK_TCK))
        return .milliseconds((ticks() - before) * 1000 / max(hertz, 1))
    }

    /// Logs a client in and out; returns how long the login took.
    func timedLogin(_ user: String) async throws -> Duration {
        let session = ClientSession(
            configuration: ClientConfiguration(app: "app", user: UserID(user), device: DeviceID("\(user)-1"), token: "t", surface: "test"),
            transport: WebSocketTransport(url: url), clock: .system())
        let started = ContinuousClock.now
        try await session.login()
        let took = ContinuousClock.now - started
        try? await session.logout()
        await session.shutdown()
        return took
    }
}

// MARK: - Raw sockets

private func hello(_ user: String) -> String {
    WireCodec.encodeText(.hello(Hello(app: "a", user: UserID(user), device: DeviceID("\(user)-1"), token: "t",
                                      loginPolicy: .multiDevice)))
}

extension RawWebSocket {
    func sendText(_ text: String) throws {
        try sendFrame(opcode: 1, declaredLength: text.utf8.count, payload: Array(text.utf8))
    }
}

/// Raises this process's soft descriptor limit (the test opens thousands of sockets).
private func raiseOwnDescriptorLimit(to wanted: Int) {
    var limit = rlimit()
    getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    limit.rlim_cur = min(limit.rlim_max, rlim_t(max(wanted, Int(limit.rlim_cur))))
    setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
}

/// A non-blocking TCP connect to the loopback port; the socket, or nil if it could not be made.
private func connectNonBlocking(port: Int) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 || errno == EINPROGRESS else { close(fd); return nil }
    return fd
}

/// Whether the peer has not closed a non-blocking socket: no end of stream or error is pending.
private func isOpen(_ fd: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 0) >= 0 else { return false }
    if entry.revents & Int16(POLLHUP | POLLERR) != 0 { return false }
    guard entry.revents & Int16(POLLIN) != 0 else { return true }
    var byte: UInt8 = 0
    let read = recv(fd, &byte, 1, Int32(MSG_PEEK))
    return read > 0 || (read < 0 && errno == EAGAIN)
}
