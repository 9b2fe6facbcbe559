import Clocks
import SwitchboardCore

/// The service's notion of time: an injected clock (a `TestClock` in tests) anchored to a wall-clock
/// epoch, so deadlines can be stored as UTC milliseconds (they must survive a restart) while sleeping
/// happens on the injected clock.
public struct ServiceClock: Sendable {
    private let clock: AnyClock<Duration>
    private let origin: AnyClock<Duration>.Instant
    /// The wall-clock time at `origin`.
    public let epoch: Timestamp

    /// Anchors `clock`'s current instant to `epoch`.
    public init<C: Clock>(_ clock: C, epoch: Timestamp) where C.Duration == Duration {
        let erased = AnyClock(clock)
        self.clock = erased
        self.origin = erased.now
        self.epoch = epoch
    }

    /// The continuous clock anchored to the current wall-clock time.
    public static func system() -> ServiceClock {
        ServiceClock(ContinuousClock(), epoch: WallClock.now())
    }

    /// The current time.
    public func now() -> Timestamp {
        epoch + origin.duration(to: clock.now)
    }

    /// Sleeps until `deadline` on the injected clock.
    public func sleep(until deadline: Timestamp) async throws {
        try await clock.sleep(until: origin.advanced(by: epoch.duration(to: deadline)))
    }

}

/// Reads the operating system's wall clock.
public enum WallClock {
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(millisecondsSince1970: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
