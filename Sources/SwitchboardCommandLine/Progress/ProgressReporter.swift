import Foundation
import Synchronization

/// A long command's progress line, kept up by a timer task (docs/PERFORMANCE.md, "Progress lines"): every
/// ``ProgressLine/interval`` it samples the command's status (counters the command keeps anyway, read under
/// their lock: nothing is added to the work measured), measures how fast the count grows, and writes what the
/// ``ProgressLine`` makes of it. Steps done go through ``note(_:)``, the last line through ``finish()``.
public final class ProgressReporter<C: Clock>: Sendable where C.Duration == Duration, C: Sendable {
    private struct State: Sendable {
        var line: ProgressLine<C>
        var window = RateWindow<C.Instant>()
        /// The label of the last sample: a new one (logging in, then calls) is a new count, measured afresh.
        var label: String?
        var timer: Task<Void, Never>?

        mutating func rate(of status: ProgressStatus, at now: C.Instant) -> Double? {
            if status.label != label {
                label = status.label
                window = RateWindow()
            }
            return window.add(status.done, at: now)
        }
    }

    private let state: Mutex<State>
    private let clock: C
    private let interval: Duration
    private let sample: @Sendable () -> ProgressStatus
    private let write: @Sendable (String) -> Void

    /// - Parameters:
    ///   - output: whether the text goes to a terminal (one line rewritten in place) or not (plain lines).
    ///   - clock: when to sample and what time the lines are throttled by (a test's clock in tests).
    ///   - write: where the text goes (standard error by default, so standard output keeps only results).
    ///   - sample: the command's status now; called on the timer's task, so it must be cheap and must not
    ///     block (read a counter, take a lock briefly).
    public init(output: ProgressOutput, clock: C, write: @escaping @Sendable (String) -> Void = ProgressWriter.standardError,
                sample: @escaping @Sendable () -> ProgressStatus) {
        let line = ProgressLine(output: output, clock: clock)
        state = Mutex(State(line: line))
        self.clock = clock
        interval = line.interval
        self.sample = sample
        self.write = write
    }

    /// Starts the timer (on `executor` when given: a test's, whose clock it sleeps on). The first line
    /// comes one interval from now, with the rate since now.
    public func start(on executor: (any TaskExecutor)? = nil) {
        let first = sample()
        state.withLock { state in _ = state.rate(of: first, at: clock.now) }
        let timer = Task(executorPreference: executor) { [clock, interval] in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(until: clock.now.advanced(by: interval), tolerance: nil)
                } catch {
                    return
                }
                self.tick()
            }
        }
        state.withLock { $0.timer = timer }
    }

    /// Samples the status and writes the line, if it is time.
    func tick() {
        let status = sample()
        state.withLock { state in
            let rate = state.rate(of: status, at: clock.now)
            if let text = state.line.update(status.text(rate: rate)) { write(text) }
        }
    }

    /// Writes `text` as a line of its own (the status line gives way and comes back).
    public func note(_ text: String) {
        state.withLock { state in write(state.line.note(text)) }
    }

    /// Stops the timer and writes the last line: the status now, whatever the time since the last one.
    /// Nothing is written after it.
    public func finish() {
        let status = sample()
        state.withLock { state in
            state.timer?.cancel()
            state.timer = nil
            let rate = state.rate(of: status, at: clock.now)
            let text = state.line.finish(status.text(rate: rate))
            if !text.isEmpty { write(text) }
        }
    }
}

extension ProgressReporter where C == ContinuousClock {
    /// A progress line on standard error, drawn as its terminal (or pipe) calls for, on the real clock.
    public convenience init(sample: @escaping @Sendable () -> ProgressStatus) {
        self.init(output: .standardError, clock: ContinuousClock(), sample: sample)
    }
}

/// Where progress text goes.
public enum ProgressWriter {
    /// Standard error, unbuffered.
    public static let standardError: @Sendable (String) -> Void = { text in
        FileHandle.standardError.write(Data(text.utf8))
    }
}
