import Logging
import Synchronization

/// Logs at most ``linesPerSecond`` lines a second (a burst of as many), and counts the rest: the next
/// line that is logged says how many were suppressed. What a hostile client can make the server log
/// (an invalid frame, a refused connection) goes through one, so it cannot fill a disk
/// (docs/SECURITY.md, "Log and metric hygiene"); the metrics still count every event.
final class LogRateLimiter: Sendable {
    private struct State {
        var bucket: TokenBucket
        var suppressed = 0
    }

    private let state: Mutex<State>
    private let logger: Logger

    init(logger: Logger, linesPerSecond: Int = 5) {
        self.logger = logger
        state = Mutex(State(bucket: TokenBucket(rate: linesPerSecond, burst: linesPerSecond)))
    }

    /// Logs `message` at `level` unless over the rate.
    func log(_ level: Logger.Level, _ message: @autoclosure () -> String, now: ContinuousClock.Instant = .now) {
        guard logger.logLevel <= level else { return }
        let suppressed: Int? = state.withLock { state in
            guard state.bucket.take(now: now) else {
                state.suppressed += 1
                return nil
            }
            defer { state.suppressed = 0 }
            return state.suppressed
        }
        guard let suppressed else { return }
        let text = message()
        logger.log(level: level, "\(text)\(suppressed > 0 ? " (\(suppressed) more like it suppressed)" : "")")
    }
}
