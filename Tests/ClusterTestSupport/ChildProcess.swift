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

/// `posix_spawn` failed to start a child; `code` is its error number.
struct SpawnFailed: Error {
    var code: Int32
}

/// Starts `argv` (its first element the executable's path) with standard input from /dev/null and the two
/// outputs where given; every other descriptor of the test process is closed in the child, so that a
/// long-lived child (a node, PostgreSQL's daemon) holds none of the test's sockets or pipes open. The test
/// process reaps it (`waitpid`): spawned directly rather than through Foundation's `Process`, whose exit
/// monitoring was seen to miss a child's exit.
func spawnChild(_ argv: [String], standardOutput: ChildOutput, standardError: ChildOutput) throws(SpawnFailed) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    for (target, output) in [(Int32(1), standardOutput), (2, standardError)] {
        switch output {
        case .file(let path, let flags, let mode): posix_spawn_file_actions_addopen(&actions, target, path, flags, mode)
        case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        }
    }
    closeFrom3(&actions)
    let cArguments = argv.map { strdup($0) }
    defer { cArguments.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments + [nil], environ)
    guard spawned == 0 else { throw SpawnFailed(code: spawned) }
    return pid
}

/// Adds "close every descriptor from 3 up" to `actions`: glibc's `posix_spawn_file_actions_addclosefrom_np`
/// (2.34), which Swift's Glibc module does not declare, looked up by name; without it, each descriptor
/// open now (/proc/self/fd) is closed one by one.
private func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
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
