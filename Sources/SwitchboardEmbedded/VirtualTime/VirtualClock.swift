import Synchronization

/// The clock of a ``SimulatedService`` (and so of SwitchboardTesting's `TestWorld`): its time moves only when
/// the simulation moves it (``SimulatedService/advance(by:)``), and it knows who sleeps until when, so the
/// simulation can go straight to the next deadline.
///
/// The simulation does not use swift-clocks' `TestClock` here: its `advance` yields to the global executor
/// dozens of times per step to let woken tasks run, which the simulation has no need for (it knows when
/// its tasks are done, see ``SimulatedService/runUntilIdle()``) and which made time-heavy tests about 15 times slower.
public final class VirtualClock: Clock, Sendable {
    /// A point on the world's time line: the time since the world was created.
    public struct Instant: InstantProtocol {
        public var offset: Duration

        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        /// By registration order, which breaks ties between equal deadlines.
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())
    private let executor: WorldExecutor

    init(executor: WorldExecutor) {
        self.executor = executor
    }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        // A sleeper outside the world's executor would wake where the world cannot see it, and
        // ``SimulatedService/runUntilIdle()`` could return before it ran.
        precondition(executor.isPreferredByCurrentTask, "a task sleeps on a simulation's clock without the simulation's executor")
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Checked under the lock that cancellation takes too, so a cancellation is never missed.
                let early: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let early { continuation.resume(with: early) }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The earliest deadline anyone sleeps until.
    var nextDeadline: Instant? {
        state.withLock { $0.sleepers.values.map(\.deadline).min() }
    }

    /// Moves time to `instant` (never back) and wakes everyone due by then, earliest first.
    func advance(to instant: Instant) {
        let due = state.withLock { state in
            state.now = max(state.now, instant)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
                .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
            for (id, _) in due { state.sleepers[id] = nil }
            return due.map(\.value.continuation)
        }
        due.forEach { $0.resume() }
    }
}
