/// Runs async jobs one after another, in the order they were enqueued: how a surface adapter keeps its
/// requests to a client session in the order the app made them (each job awaits its session call before
/// the next starts). Each ``SurfaceHost`` has one.
///
/// Jobs still queued when the queue is released are dropped; a running job finishes.
public final class SerialJobQueue: Sendable {
    public typealias Job = @Sendable () async -> Void

    private let jobs: AsyncStream<Job>.Continuation

    /// - Parameter executor: the jobs' preferred executor (Swift's default executors if nil).
    public init(executor: (any TaskExecutor)? = nil) {
        let (stream, continuation) = AsyncStream.makeStream(of: Job.self)
        jobs = continuation
        Task(executorPreference: executor) {
            for await job in stream {
                await job()
            }
        }
    }

    deinit {
        jobs.finish()
    }

    /// Runs `job` after every job enqueued before it.
    public func enqueue(_ job: @escaping Job) {
        jobs.yield(job)
    }
}
