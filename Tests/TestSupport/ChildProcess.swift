import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a child's standard output or error goes.
enum ChildOutput {
    /// A file, opened with `flags` (`O_WRONLY | O_CREAT` and `O_TRUNC` or `O_APPEND`) and `mode`.
    case file(String, flags: Int32, mode: mode_t)
    /// A descriptor of the test process (the writing end of a pipe), duplicated into the child.
    case descriptor(Int32)
}

/// A child process of the test, reaped by a thread of its own blocked in `waitpid`, whose every wait has a
/// deadline.
///
/// Spawned directly rather than through Foundation's `Process`, whose exit monitoring was seen to miss a
/// child's exit (a `waitUntilExit()` that never returns would hold the whole run). Standard input is read
/// from `standardInput` (/dev/null unless given); every descriptor of the test process but the two outputs
/// is closed in the child, so that a long-lived child (a server, PostgreSQL's daemon) holds none of the
/// test's sockets or pipes open (a client socket held open by a server would hide the close from the
/// server it was talking to).
final class ChildProcess: Sendable {
    /// The child's process id, for signals and /proc.
    let pid: pid_t
    /// The child's wait status, once it exited and was reaped.
    private let exitStatus = Latch<Int32>()

    /// Starts `argv` (its first element the executable's path) with `environment` (the test's own when
    /// nil).
    init(_ argv: [String], environment: [String: String]? = nil, standardInput: String = "/dev/null",
         standardOutput: ChildOutput, standardError: ChildOutput) throws(TestFailure) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
        for (target, output) in [(Int32(1), standardOutput), (2, standardError)] {
            switch output {
            case .file(let path, let flags, let mode): posix_spawn_file_actions_addopen(&actions, target, path, flags, mode)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        Self.closeFrom3(&actions)
        let cArguments = argv.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        let cEnvironment = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } }
        defer { cEnvironment?.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = if let cEnvironment {
            posix_spawn(&pid, argv[0], &actions, nil, cArguments + [nil], cEnvironment + [nil])
        } else {
            posix_spawn(&pid, argv[0], &actions, nil, cArguments + [nil], environ)
        }
        guard spawned == 0 else { throw TestFailure("posix_spawn \(argv[0]): error \(spawned)") }
        self.pid = pid
        Thread.detachNewThread { [pid, exitStatus] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 {
                guard errno == EINTR else { status = -1; break }
            }
            exitStatus.set(status)
        }
    }

    /// Whether the child has not exited yet (a stopped child is running).
    var isRunning: Bool { exitStatus.value == nil }

    /// Sends `signal` to the child unless it has exited (its pid, not reaped until then, is still its own).
    func signal(_ signal: Int32) {
        guard isRunning else { return }
        kill(pid, signal)
    }

    /// The child's wait status once it exits, within `timeout`; `onTimeout` runs if it has not by then.
    func exited(within timeout: Duration, _ what: String, onTimeout: @escaping @Sendable () -> Void = {}) async throws -> Int32 {
        try await withinDeadline(what, timeout: timeout, onTimeout: onTimeout) { done in
            exitStatus.whenSet { done(.success($0)) }
        }
    }

    /// Adds "close every descriptor from 3 up" to `actions`: glibc's `posix_spawn_file_actions_addclosefrom_np`
    /// (2.34), which Swift's Glibc module does not declare, looked up by name; without it, each descriptor
    /// open now (/proc/self/fd) is closed one by one.
    private static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap({ Int32($0) }) where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
    }
}
