import DequeModule
import SwitchboardService
import Synchronization

/// One app's waiting pushes: bounded, taken by several workers. Written here because AsyncStream, which
/// bounds its buffer, allows one consumer only, and the app's workers are several.
final class PushQueue: Sendable {
    private struct State {
        var jobs = Deque<PushJob>()
        var idle = Deque<CheckedContinuation<PushJob?, Never>>()
        var closed = false
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Hands `job` to an idle worker, or queues it; false when the queue is full or closed.
    func offer(_ job: PushJob) -> Bool {
        enum Placement { case refused, queued, handed(CheckedContinuation<PushJob?, Never>) }
        let placement: Placement = state.withLock { state in
            if state.closed { return .refused }
            if let worker = state.idle.popFirst() { return .handed(worker) }
            guard state.jobs.count < capacity else { return .refused }
            state.jobs.append(job)
            return .queued
        }
        switch placement {
        case .refused: return false
        case .queued: return true
        case .handed(let worker):
            worker.resume(returning: job)
            return true
        }
    }

    /// The next job, waiting for one; nil once the queue is closed. Not cancellable: ``close()`` wakes
    /// every waiting worker.
    func next() async -> PushJob? {
        await withCheckedContinuation { continuation in
            let ready: PushJob?? = state.withLock { state in
                if let job = state.jobs.popFirst() { return .some(job) }
                if state.closed { return .some(nil) }
                state.idle.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Closes the queue: idle workers get nil; returns the jobs that were still waiting.
    func close() -> [PushJob] {
        let (jobs, idle) = state.withLock { state in
            state.closed = true
            defer {
                state.jobs.removeAll()
                state.idle.removeAll()
            }
            return (Array(state.jobs), Array(state.idle))
        }
        for worker in idle { worker.resume(returning: nil) }
        return jobs
    }
}
