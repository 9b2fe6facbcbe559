import Clocks
import Logging
import Testing
import SwitchboardCore
@testable import SwitchboardService

/// Coalesced wakes of the timer loop (``ServiceConfiguration/timerResolution``, docs/PERFORMANCE.md,
/// "Timers"): when the loop sleeps until, and when a newly armed timer cuts its sleep short. The timers'
/// own instants are the deadlines' (``ServiceCore/fireDeadlines(until:)``); only the loop's wakes move.
@Suite("Timer loop: coalesced wakes")
struct TimerResolutionTests {
    private static let start = Timestamp(millisecondsSince1970: 1_000_000)

    private static func core(resolution: Duration) -> ServiceCore {
        ServiceCore(configuration: ServiceConfiguration(timerResolution: resolution), store: MemoryStore(),
                    verifier: DevelopmentTokenVerifier(), logger: Logger(label: "test"))
    }

    private static func at(_ milliseconds: Int64) -> Timestamp {
        start + .milliseconds(milliseconds)
    }

    /// Puts `core`'s timer loop to sleep until `until` (nil: until a deadline is armed), as the loop would:
    /// a task sleeping on a test clock nobody advances, so only a cancel ends it. Cancel the task returned at
    /// the end of the test.
    private static func sleep(_ core: ServiceCore, until: Timestamp?) -> Task<Void, Never> {
        let clock = TestClock<Duration>()
        let sleeper = Task<Void, Never> { try? await clock.sleep(for: .seconds(3600)) }
        core.timerSleeper = sleeper
        core.timerSleepsUntil = until
        return sleeper
    }

    @Test("without a resolution the loop wakes at the earliest deadline, however close")
    func noResolution() {
        let core = Self.core(resolution: .zero)
        #expect(core.timerWake(after: Self.start) == nil, "nothing armed: the loop sleeps until something is")
        core.arm(.offlineSweep(.development), at: Self.at(3))
        core.arm(.offlineSweep(.development), at: Self.at(1))
        #expect(core.timerWake(after: Self.start) == Self.at(1))
    }

    @Test("with 20 ms the loop wakes no sooner than 20 ms on, and at a later deadline when that is the earliest")
    func wakesAreSpaced() {
        let core = Self.core(resolution: .milliseconds(20))
        core.arm(.offlineSweep(.development), at: Self.at(1))
        core.arm(.offlineSweep(.development), at: Self.at(7))
        #expect(core.timerWake(after: Self.start) == Self.at(20), "both fire at the one wake, 20 ms on")
        core.fireDeadlines(until: Self.at(20))
        #expect(core.nextDeadline == nil, "both fired at that wake")
        core.arm(.offlineSweep(.development), at: Self.at(500))
        #expect(core.timerWake(after: Self.at(20)) == Self.at(500), "a deadline past the resolution is kept to the millisecond")
    }

    @Test("a timer armed during a sleep cuts it short only when it would otherwise fire more than the resolution late")
    func armingWakesTheLoopOnlyWhenNeeded() {
        let core = Self.core(resolution: .milliseconds(20))
        let sleeper = Self.sleep(core, until: Self.at(100))
        defer { sleeper.cancel() }
        core.arm(.offlineSweep(.development), at: Self.at(90))
        #expect(core.timerSleeper != nil && !sleeper.isCancelled, "10 ms late at most: the sleep goes on")
        core.arm(.offlineSweep(.development), at: Self.at(80))
        #expect(core.timerSleeper != nil && !sleeper.isCancelled, "exactly the resolution late: the sleep goes on")
        core.arm(.offlineSweep(.development), at: Self.at(79))
        #expect(core.timerSleeper == nil && sleeper.isCancelled, "21 ms late: the loop wakes to sleep again, shorter")
    }

    @Test("with no deadline armed the loop sleeps until one is; arming one wakes it whatever the resolution")
    func armingWakesAnIdleLoop() {
        let core = Self.core(resolution: .milliseconds(20))
        let sleeper = Self.sleep(core, until: nil)
        defer { sleeper.cancel() }
        core.arm(.offlineSweep(.development), at: Self.at(10_000))
        #expect(sleeper.isCancelled)
    }
}
