import Dispatch
import Synchronization
import SwitchboardClient

/// The one executor of a ``SimulatedService`` (a world): every client session of the world runs on it (as the actor's
/// serial executor), every task the world's clients, links and adapters start prefers it, and every
/// callback they post to a callback queue is announced to it. So it knows exactly when the world has
/// nothing left to run: no job queued or running and no callback waiting for its queue.
///
/// Jobs run one at a time, in the order they were enqueued, on a private dispatch queue. The world
/// runs only while the test waits for it: once idle, the executor holds the jobs that the test's own
/// code makes runnable (a kit call that queues a request, say) until the test waits, either through
/// the world (``whenIdle()``) or by calling into one of its sessions. So a test that makes two calls in
/// a row sees the first still in flight when it makes the second, however the threads are scheduled.
final class WorldExecutor: ClientExecutor {
    private struct State {
        /// Jobs enqueued and not finished, plus callbacks posted and not run.
        var busy = 0
        /// Whether jobs wait in `held` instead of going to the queue.
        var holding = true
        var held: [UnownedJob] = []
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "switchboard.test.world")
    private let onQueue = DispatchSpecificKey<Bool>()

    init() {
        queue.setSpecific(key: onQueue, value: true)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let waiting = isTaskArrivingFromOutside
        let released = state.withLock { state -> [UnownedJob] in
            state.busy += 1
            if state.holding && !waiting {
                state.held.append(job)
                return []
            }
            state.holding = false
            defer { state.held = [] }
            return state.held + [job]
        }
        released.forEach(dispatch)
    }

    private func dispatch(_ job: UnownedJob) {
        queue.async {
            job.runSynchronously(isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor())
            self.end()
        }
    }

    /// Whether the job being enqueued is a task that switches to the world from outside it: a task of
    /// the test hopping onto one of the world's sessions (`await alice.session.invite(...)`), which then
    /// waits for the world. A task switching executors is enqueued with no current task; the world's own
    /// tasks switch on the world's queue. Anything else the test's code makes runnable (a kit call that
    /// queues a request wakes the job queue's task) is enqueued while the test's task is current.
    private var isTaskArrivingFromOutside: Bool {
        withUnsafeCurrentTask { $0 == nil } && DispatchQueue.getSpecific(key: onQueue) == nil
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

    /// Runs what is held and returns once nothing is queued, running or waiting for a callback queue.
    /// Nothing in the world can start again by itself then: only the test (calling the world's clients
    /// or service) or the world's clock (waking a sleeper) can.
    func whenIdle() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let (idle, released) = state.withLock { state -> (Bool, [UnownedJob]) in
                if state.busy == 0 { return (true, []) }
                state.idleWaiters.append(waiter)
                state.holding = false
                defer { state.held = [] }
                return (false, state.held)
            }
            if idle { waiter.resume() }
            released.forEach(dispatch)
        }
    }

    private func begin() {
        state.withLock { $0.busy += 1 }
    }

    private func end() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.busy -= 1
            guard state.busy == 0 else { return [] }
            state.holding = true
            defer { state.idleWaiters = [] }
            return state.idleWaiters
        }
        waiters.forEach { $0.resume() }
    }
}
