import Foundation
import Testing
import TestSupport

/// The server runs as many event loops as the CPUs it may run on, not the machine's cores
/// (docs/PERFORMANCE.md, "Results of 2026-11-29, pinned (first run)"): the built binary under `taskset`.
@Suite("Event loops by CPU affinity", .serialized)
struct EventLoopCountTests {
    /// The threads of NIO's singleton group in the process (`NIO-SGLTN-<group>-#<loop>`).
    private func eventLoops(of server: ServerProcess) throws -> Int {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.pid)/task")
        return tasks.filter { task in
            let name = (try? String(contentsOfFile: "/proc/\(server.pid)/task/\(task)/comm", encoding: .utf8)) ?? ""
            return name.hasPrefix("NIO-SGLTN-")
        }.count
    }

    private func loops(cpus: String?, environment: [String: String] = [:]) async throws -> Int {
        let server = try ServerProcess.serve(cpus: cpus, environment: environment)
        defer { server.stop() }
        try await server.waitUntilListening()
        return try eventLoops(of: server)
    }

    @Test("pinned to one CPU: one event loop; unpinned: one per CPU the tests may use")
    func loopsFollowAffinity() async throws {
        #expect(try await loops(cpus: "0") == 1)
        #expect(try await loops(cpus: nil) == ProcessInfo.processInfo.activeProcessorCount)
    }

    @Test("NIO_SINGLETON_GROUP_LOOP_COUNT, when set, still decides")
    func operatorDecides() async throws {
        #expect(try await loops(cpus: "0", environment: ["NIO_SINGLETON_GROUP_LOOP_COUNT": "3"]) == 3)
    }
}
