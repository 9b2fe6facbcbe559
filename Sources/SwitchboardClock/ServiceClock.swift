import Clocks
import SwitchboardCore

/// The service's notion of time, and its clients': an injected clock (a `TestClock` in tests) anchored
/// to a wall-clock epoch, so deadlines can be stored as UTC milliseconds (they must survive a restart)
/// while sleeping happens on the injected clock. It sits below both the service and the client
/// (ARCHITECTURE.md, "Layers (data flows down on a request, up on an event)"), so one test clock
/// drives both sides.
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

    /// The process's system clock: the continuous clock anchored once, at first use. An in-process
    /// service and the clients that reach it through the process's default environment read this one,
    /// so they agree to the millisecond (ZIM counts the seconds a token has left on the client's
    /// clock up to an expiry set on the service's).
    public static let process = ServiceClock.system()

    /// The current time.
    public func now() -> Timestamp {
        epoch + origin.duration(to: clock.now)
    }

    /// Sleeps until `deadline` on the injected clock.
    public func sleep(until deadline: Timestamp) async throws {
        try await clock.sleep(until: origin.advanced(by: epoch.duration(to: deadline)))
    }
}
