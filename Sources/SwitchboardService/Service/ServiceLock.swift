import NIOConcurrencyHelpers

/// The service's one lock around its state (``ServiceCore``).
///
/// A pthread mutex (swift-nio's `NIOLock`) rather than `Synchronization.Mutex`: on Linux `Mutex` is a
/// priority-inheritance futex, whose contended path always enters the kernel and hands the lock over to
/// the sleeping waiter. Every frame of every connection takes this lock, from both threads of the
/// cooperative pool at once under load; profiled on the network server, that hand-over convoy
/// (`futex_lock_pi`, `rt_mutex_slowlock`, the context switches) was about a tenth of the server's CPU.
///
/// Every hold of the lock is one step of the service: the state is told when the hold ends, before
/// the lock is let go (``LockedSteps``), and ends the step there.
final class ServiceLock<Value: LockedSteps>: @unchecked Sendable {
    // @unchecked: `value` is only reached through `withLock`, under `lock`.
    private let lock = NIOLock()
    private let value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result, Failure: Error>(_ body: (Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer {
            value.endOfStep()
            lock.unlock()
        }
        return try body(value)
    }
}

/// State behind a ``ServiceLock``, told at the end of each hold of the lock, still under it.
protocol LockedSteps: AnyObject {
    func endOfStep()
}
