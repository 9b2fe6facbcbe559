import Dispatch
import Synchronization
import SwitchboardClient

/// The one executor of a ``TestWorld``: every client session of the world runs on it (as the actor's
/// serial executor), every task the world's clients, links and adapters start prefers it, and every
/// callback they post to a callback queue is announced to it. So it knows exactly when the world has
/// nothing left to run: no job queued or running and no callback waiting for its queue.
///
/// Jobs run one at a time, in the order they were enqueued, on a private dispatch queue: whatever the
/// test is doing, the world's work goes on, and the order of that work does not depend on threads.
final class WorldExecutor: ClientExecutor {
    private struct State {
        /// Jobs enqueued and not finished, plus callbacks posted and not run.
        var busy = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "switchboard.test.world")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        begin()
        queue.async {
            job.runSynchronously(isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor())
            self.end()
        }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }

    func tracking(_ callback: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        begin()
        return {
            callback()
            self.end()
        }
    }

    /// Whether the current task prefers this executor (the world's own tasks do).
    var isPreferredByCurrentTask: Bool {
        withUnsafeCurrentTask { $0?.unownedTaskExecutor == asUnownedTaskExecutor() }
    }

    /// Returns once nothing is queued, running or waiting for a callback queue. Nothing in the world
    /// can start again by itself then: only the test (calling the world's clients or service) or the
    /// world's clock (waking a sleeper) can.
    func whenIdle() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state in
                if state.busy == 0 { return true }
                state.idleWaiters.append(waiter)
                return false
            }
            if idle { waiter.resume() }
        }
    }

    private func begin() {
        state.withLock { $0.busy += 1 }
    }

    private func end() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.busy -= 1
            guard state.busy == 0 else { return [] }
            defer { state.idleWaiters = [] }
            return state.idleWaiters
        }
        waiters.forEach { $0.resume() }
    }
}
