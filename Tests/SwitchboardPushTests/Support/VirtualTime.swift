import Clocks
import SwitchboardClock
import SwitchboardCore

/// A test clock anchored to the wall clock (the double checks token ages against real time), and a way to
/// move it on in small steps until something happens, which tells how much virtual time that took.
struct VirtualTime {
    let clock = TestClock<Duration>()
    let service: ServiceClock

    init() {
        service = ServiceClock(clock, epoch: WallClock.now())
    }

    /// Advances `step` at a time, letting real time pass between steps, until `condition` holds; returns
    /// the virtual time advanced, or nil if it did not hold within `limit`.
    func advance(by step: Duration = .milliseconds(100), upTo limit: Duration,
                 until condition: @Sendable () -> Bool) async -> Duration? {
        var advanced = Duration.zero
        while advanced <= limit {
            for _ in 0..<20 {
                if condition() { return advanced }
                try? await Task.sleep(for: .milliseconds(5))
            }
            await clock.advance(by: step)
            advanced += step
        }
        return condition() ? advanced : nil
    }
}
