import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a long command's progress goes, and so how it is drawn (docs/PERFORMANCE.md, "Progress lines"):
/// a terminal gets one line rewritten in place; anything else (a pipe, a file, CI) plain lines it can keep.
public enum ProgressOutput: Sendable, Hashable {
    /// A terminal that can rewrite a line: `columns` wide when known (the line is cut to fit, since a
    /// line that wraps can no longer be rewritten with a carriage return).
    case terminal(columns: Int?)
    /// Plain lines, one now and then: a pipe, a file, CI, or a terminal that asked for no control
    /// sequences (`NO_COLOR`, `TERM=dumb`).
    case lines

    /// The output for a stream that `isTerminal` says is (or is not) a terminal, in `environment`:
    /// `NO_COLOR` (set and not empty, as no-color.org defines it) or `TERM=dumb` ask for plain lines.
    public static func detect(isTerminal: Bool, environment: [String: String], columns: Int? = nil) -> ProgressOutput {
        guard isTerminal else { return .lines }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .lines }
        if environment["TERM"] == "dumb" { return .lines }
        return .terminal(columns: columns.flatMap { $0 > 0 ? $0 : nil })
    }

    /// The process's standard error, where progress goes (standard output stays for results, `--json`).
    public static var standardError: ProgressOutput { of(STDERR_FILENO) }

    /// The process's standard output (`switchboard calls --watch` redraws its list there).
    public static var standardOutput: ProgressOutput { of(STDOUT_FILENO) }

    private static func of(_ descriptor: Int32) -> ProgressOutput {
        detect(isTerminal: isatty(descriptor) == 1, environment: ProcessInfo.processInfo.environment,
               columns: terminalColumns(of: descriptor))
    }

    /// The width of the terminal on `descriptor`, or nil when it does not say.
    private static func terminalColumns(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
