/// Where a client does its asynchronous work, when the app (in practice a `TestWorld`) wants to see all
/// of it: client sessions run on it as their actor executor, the tasks of sessions, job queues, links
/// and adapters prefer it as their task executor, and every callback posted to a callback queue is
/// announced to it, so it can tell when nothing is left to run.
///
/// Without one (``ClientEnvironment/executor`` nil, the default) everything runs on Swift's default
/// executors.
public protocol ClientExecutor: SerialExecutor, TaskExecutor {
    /// Returns `callback` wrapped so that the executor counts it from now until it has run; the caller
    /// then posts the result to a callback queue.
    func tracking(_ callback: @escaping @Sendable () -> Void) -> @Sendable () -> Void
}
