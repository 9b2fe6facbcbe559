import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How a program a test ran to its end ended, and what it wrote.
public struct ProgramOutcome: Sendable {
    /// The exit code, or 128 + the signal's number when a signal ended it (as a shell says it).
    public var status: Int32
    /// Its standard output.
    public var output: String
    /// Its standard error.
    public var errors: String
}

/// Runs `argv` (its first element the executable's path) to its end, within `timeout`: the built binary's
/// one-shot commands (`switchboard token`, `calls`, `--help`), the repository's scripts, python3 and
/// openssl. `input` is its standard input (none when nil); `environment` its whole environment (the
/// test's own when nil). Its outputs go to files while it runs, so a full pipe never blocks it; a program
/// still running at the deadline is killed (SIGKILL) and the run throws ``TestFailure``.
public func runToExit(_ argv: [String], environment: [String: String]? = nil, input: String? = nil,
                      timeout: Duration = .seconds(60)) async throws -> ProgramOutcome {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let inPath = folder.appendingPathComponent("in").path
    let outPath = folder.appendingPathComponent("out").path
    let errPath = folder.appendingPathComponent("err").path
    try (input ?? "").write(toFile: inPath, atomically: false, encoding: .utf8)
    let files = O_WRONLY | O_CREAT | O_TRUNC
    let child = try ChildProcess(argv, environment: environment, standardInput: input == nil ? "/dev/null" : inPath,
                                 standardOutput: .file(outPath, flags: files, mode: 0o600),
                                 standardError: .file(errPath, flags: files, mode: 0o600))
    let status = try await child.exited(within: timeout, "\(argv.joined(separator: " ")) exits", onTimeout: { child.signal(SIGKILL) })
    // The wait status: the signal in the low 7 bits, else the exit code in the next byte.
    let signal = status & 0x7F
    return ProgramOutcome(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
                          output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                          errors: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
}
