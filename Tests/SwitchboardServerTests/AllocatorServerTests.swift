import Foundation
import TestSupport
import SwitchboardCore
import SwitchboardWire
import Testing

/// jansson's allocator in the built server (docs/PERFORMANCE.md, "jansson's allocations"): `switchboard`
/// installs the per-thread cache as its first statement, and says which allocator jansson has;
/// `SWITCHBOARD_JANSSON_MALLOC=1` leaves jansson on malloc. Every other test that starts the binary runs
/// on the cache. Real time, bounded: the binary as a subprocess.
@Suite("jansson's allocator in the built server")
struct AllocatorServerTests {
    @Test("the server runs jansson on the per-thread cache, and on malloc when the environment asks")
    func serverSaysWhichAllocator() async throws {
        let cached = try await ServerProcess.attacked()
        defer { cached.stop() }
        let plain = try await ServerProcess.attacked(environment: ["SWITCHBOARD_JANSSON_MALLOC": "1"])
        defer { plain.stop() }
        // A frame through each, so each has made and freed jansson values.
        for server in [cached, plain] {
            let socket = try RawWebSocket(port: server.port)
            try socket.sendText(WireCodec.encodeText(.hello(Hello(app: "a", user: "u", device: "u-1", token: "t", loginPolicy: .multiDevice))))
            let welcome = try #require(String(bytes: socket.readFrame().payload, encoding: .utf8))
            #expect(welcome.contains(#""t":"welcome""#))
        }
        #expect(cached.logLines.contains { $0.contains("jansson allocates from a per-thread cache") })
        #expect(plain.logLines.contains { $0.contains("jansson allocates with malloc") })
        #expect(cached.isRunning && plain.isRunning)
    }
}
