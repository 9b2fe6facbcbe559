import Histogram
import Synchronization

/// Latencies recorded as they come, from any task, and their percentiles at any time: for commands that time
/// one thing after another (`loadtest latency`) and show the median on their progress line. HdrHistogram, as
/// ``LoadStats``: fixed memory, constant-time recording.
public final class LatencyRecorder: Sendable {
    private let histogram = Mutex(Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: .three))

    public init() {}

    /// Records one latency (to the microsecond; at least 1 µs, at most 10 minutes).
    public func record(_ duration: Duration) {
        let micros = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        histogram.withLock { _ = $0.record(UInt64(clamping: max(1, micros))) }
    }

    /// The distribution so far, in milliseconds.
    public var summary: LatencySummary {
        histogram.withLock { LatencySummary($0) }
    }
}
