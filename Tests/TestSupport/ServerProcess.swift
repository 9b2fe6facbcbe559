import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The built `switchboard` serving as a subprocess (`switchboard serve`, alone or as a cluster node):
/// started, waited for until it prints its address, signalled, stopped and reaped, every wait with a
/// deadline (``withinDeadline(_:timeout:onTimeout:_:)``).
///
/// Standard error is appended to ``log`` in the run's temporary folder (scripts/test keeps it when a run
/// fails); standard output is read on a thread of its own to its end: the first line is the server's
/// address, the rest is dropped, so that the pipe never fills under a server that writes more.
public final class ServerProcess: @unchecked Sendable {
    // @unchecked: `port` is set once, by `waitUntilListening()`, before the test uses the server.
    /// Names the server in failures and in its log's file name.
    public let name: String
    /// Its standard error.
    public let log: URL
    private let child: ChildProcess
    /// The server's first line on standard output (its address), or nil when its output ended first.
    private let firstLine = Latch<String?>()
    public private(set) var port = 0

    /// Starts `switchboard arguments`. `descriptors` caps its open files (`ulimit -n`, through /bin/sh,
    /// which execs the server under the same pid); `cpus` pins it to those CPUs (`taskset -c`, which execs
    /// it under the same pid too); `environment` is added to the test's own. `log` is appended to: a
    /// server restarted with the same one continues it.
    public init(_ arguments: [String], name: String = "switchboard", descriptors: Int? = nil, cpus: String? = nil,
                environment: [String: String] = [:], log: URL? = nil) throws {
        guard SwitchboardBinary.isBuilt else { throw TestFailure(SwitchboardBinary.missing) }
        let log = log ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("switchboard-\(name)-\(UUID().uuidString.prefix(8)).log")
        self.name = name
        self.log = log
        var argv = [SwitchboardBinary.path] + arguments
        if let cpus {
            argv = ["/usr/bin/taskset", "-c", cpus] + argv
        }
        if let descriptors {
            argv = ["/bin/sh", "-c", "ulimit -n \(descriptors) && exec " + argv.map { "'\($0)'" }.joined(separator: " ")]
        }
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw TestFailure("pipe: errno \(errno)") }
        // Neither end leaks into a process another thread spawns meanwhile; the child's dup2 to 1 clears it.
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(pipe[1]) }
        do {
            child = try ChildProcess(
                argv, environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 },
                standardOutput: .descriptor(pipe[1]),
                standardError: .file(log.path, flags: O_WRONLY | O_CREAT | O_APPEND, mode: 0o644))
        } catch {
            close(pipe[0])
            throw error
        }
        Self.readFirstLine(of: pipe[0], into: firstLine)
    }

    /// Starts `switchboard arguments` and waits until it listens.
    public static func start(_ arguments: [String], name: String = "switchboard", descriptors: Int? = nil,
                             environment: [String: String] = [:]) async throws -> ServerProcess {
        let server = try ServerProcess(arguments, name: name, descriptors: descriptors, environment: environment)
        try await server.waitUntilListening()
        return server
    }

    /// Reads `output` to its end on a thread of its own; its first line goes to `firstLine`.
    private static func readFirstLine(of output: Int32, into firstLine: Latch<String?>) {
        Thread.detachNewThread {
            var line: [UInt8] = []
            var reported = false
            var chunk = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                guard !reported else { continue }
                line += chunk[..<count]
                if let end = line.firstIndex(of: UInt8(ascii: "\n")) {
                    reported = true
                    firstLine.set(String(decoding: line[..<end], as: UTF8.self))
                }
            }
            close(output)
            if !reported { firstLine.set(nil) }
        }
    }

    /// The server's process id, for /proc.
    public var pid: pid_t { child.pid }
    /// The server's signaling endpoint.
    public var url: String { "ws://127.0.0.1:\(port)/v1/signal" }
    /// Whether the server has not exited yet (a stopped one is running).
    public var isRunning: Bool { child.isRunning }

    /// What the server logged so far, a line each.
    public var logLines: [String] {
        (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }

    /// Waits for the server's first line (its address) within `timeout` and returns its port; a server
    /// that says nothing by then is killed and the wait throws.
    @discardableResult
    public func waitUntilListening(timeout: Duration = .seconds(30)) async throws -> Int {
        let line = try await withinDeadline("\(name) prints its address", timeout: timeout,
                                            onTimeout: { [child] in child.signal(SIGKILL) }) { done in
            firstLine.whenSet { done(.success($0)) }
        }
        guard let line else { throw TestFailure("\(name) exited before listening: \(logLines.suffix(5))") }
        guard let range = line.range(of: #":(\d+)/v1/signal"#, options: .regularExpression) else {
            throw TestFailure("no port in \(line)")
        }
        port = Int(line[range].dropFirst().prefix { $0.isNumber })!
        return port
    }

    /// Sends `signal` to the server unless it has exited (SIGSTOP freezes it, SIGCONT wakes it).
    public func signal(_ signal: Int32) {
        child.signal(signal)
    }

    /// SIGKILL, and the server reaped (within 30 s: a process killed outright is gone in milliseconds).
    public func kill() async {
        child.signal(SIGKILL)
        _ = try? await exited(within: .seconds(30))
    }

    /// SIGTERM: the server drains; returns how long it took to exit. A server still running after `bound`
    /// (a drain that hangs) is killed with SIGKILL, so the wait ends either way; the caller's check of the
    /// time it took then fails.
    @discardableResult
    public func terminate(bound: Duration = .seconds(30)) async -> Duration {
        let started = ContinuousClock.now
        guard isRunning else { return .zero }
        child.signal(SIGTERM)
        if (try? await exited(within: bound)) == nil { await kill() }
        return ContinuousClock.now - started
    }

    /// Stops the server without waiting, for a test's `defer`: SIGTERM now, SIGKILL 30 s later if it still
    /// runs. Its reaper thread reaps it whenever it exits.
    public func stop() {
        guard isRunning else { return }
        child.signal(SIGTERM)
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) { [child] in child.signal(SIGKILL) }
    }

    /// The server's wait status once it exits, within `timeout`.
    public func exited(within timeout: Duration) async throws -> Int32 {
        try await child.exited(within: timeout, "\(name) exits")
    }
}

extension ServerProcess {
    /// `switchboard serve` on `port` (0: one the system picks) with its SQLite file at `data` (a new one in
    /// the temporary folder unless given), a `--config` file of the text `config` and `arguments` after, pinned to
    /// `cpus` when given. `loadShedding`:
    /// whether the server may refuse new calls as `overloaded`; off unless a test is about it or attacks the
    /// server, since the suite's own load on two cores can make the server's event loops lag.
    public static func serve(port: Int = 0, data: String? = nil, config: String? = nil, arguments: [String] = [],
                             loadShedding: Bool = false, descriptors: Int? = nil, cpus: String? = nil,
                             environment: [String: String] = [:]) throws -> ServerProcess {
        let folder = FileManager.default.temporaryDirectory
        let data = data ?? folder.appendingPathComponent("switchboard-\(UUID().uuidString).sqlite").path
        var options = ["--port", String(port), "--data", data]
        if let config {
            let file = folder.appendingPathComponent("switchboard-\(UUID().uuidString).json").path
            try config.write(toFile: file, atomically: true, encoding: .utf8)
            options += ["--config", file]
        }
        return try ServerProcess(["serve"] + options + arguments + (loadShedding ? [] : ["--no-load-shedding"]),
                                 name: "serve", descriptors: descriptors, cpus: cpus, environment: environment)
    }
}
