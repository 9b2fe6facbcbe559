/// One command's progress as text to write (docs/PERFORMANCE.md, "Progress lines"): pure, given where the
/// text goes and a clock; the caller writes what it returns.
///
/// On a terminal the status is one line rewritten in place (a carriage return, the status, erase to the end
/// of the line), at most every ``interval`` (100 ms: ten a second), and ended with a newline when done.
/// Anywhere else a plain line every ``interval`` (5 s), so a CI log holds a line every few seconds and not
/// thousands of carriage returns, and the final line whatever the time.
public struct ProgressLine<C: Clock>: Sendable where C.Duration == Duration, C: Sendable {
    public let output: ProgressOutput
    public let clock: C
    /// The least time between two lines written.
    public let interval: Duration
    private var lastWritten: C.Instant?
    /// The status now on the terminal's line (in place), which a newline has not ended yet.
    private var shown: String?
    private var isFinished = false

    /// Erase from the cursor to the end of the line (ECMA-48 EL).
    static var eraseToEndOfLine: String { "\u{1B}[K" }

    public init(output: ProgressOutput, clock: C, terminalInterval: Duration = .milliseconds(100),
                linesInterval: Duration = .seconds(5)) {
        self.output = output
        self.clock = clock
        switch output {
        case .terminal: interval = terminalInterval
        case .lines: interval = linesInterval
        }
    }

    /// The text that shows `status` now, or nil: too soon after the last line, the same status as the
    /// one shown (in place), or the line is finished.
    public mutating func update(_ status: String) -> String? {
        guard !isFinished else { return nil }
        let now = clock.now
        if let lastWritten, lastWritten.duration(to: now) < interval { return nil }
        switch output {
        case .terminal(let columns):
            let fitted = Self.fit(status, columns: columns)
            if fitted == shown { return nil }
            lastWritten = now
            shown = fitted
            return "\r" + fitted + Self.eraseToEndOfLine
        case .lines:
            lastWritten = now
            return status + "\n"
        }
    }

    /// The text that writes `text` as a line of its own (a step done, a warning), out of the status's way:
    /// in place, the status is erased first and comes back with the next ``update(_:)`` at once.
    public mutating func note(_ text: String) -> String {
        switch output {
        case .terminal:
            let erase = shown == nil ? "" : "\r" + Self.eraseToEndOfLine
            shown = nil
            lastWritten = nil
            return erase + text + "\n"
        case .lines:
            return text + "\n"
        }
    }

    /// The last text: `status`, whatever the time since the last line, as a line that is ended (in place,
    /// with the newline that leaves it on the screen); with no status, just the end of the line shown.
    /// Nothing after it.
    public mutating func finish(_ status: String?) -> String {
        guard !isFinished else { return "" }
        isFinished = true
        switch output {
        case .terminal(let columns):
            defer { shown = nil }
            guard let status else { return shown == nil ? "" : "\n" }
            return "\r" + Self.fit(status, columns: columns) + Self.eraseToEndOfLine + "\n"
        case .lines:
            return status.map { $0 + "\n" } ?? ""
        }
    }

    /// `status` cut to one column less than the terminal's width (a line that fills the last column wraps
    /// on some terminals), ending in "…" where it was cut.
    static func fit(_ status: String, columns: Int?) -> String {
        guard let columns, columns > 1, status.count > columns - 1 else { return status }
        return String(status.prefix(columns - 2)) + "…"
    }
}
