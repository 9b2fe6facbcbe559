import Dispatch
import Synchronization

/// Waits in real time, up to `timeout`, for what `start` reports through the callback it is handed: the
/// answer of a subprocess (a node that prints its port) or a surface's completion handler. Tests of the
/// built binary may wait on real time, but only with a deadline (docs/DECISIONS.md, "Testing product
/// (`SwitchboardTesting`)"): a callback that never comes throws ``ClusterTestFailure`` naming `what` when
/// the deadline passes, and the test's task being cancelled (a suite's time limit) ends the wait too, so
/// one lost callback fails its test instead of holding the whole run until CI's own limit kills it.
/// `onTimeout` runs first on a missed deadline (to kill the process being waited for). Only the first
/// report counts; later ones are dropped.
public func withinDeadline<Value: Sendable>(_ what: String, timeout: Duration, onTimeout: @escaping @Sendable () -> Void = {},
                                            _ start: (@escaping @Sendable (Result<Value, any Error>) -> Void) -> Void) async throws -> Value {
    let answer = FirstAnswer<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            answer.wait(with: continuation)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(timeout / .nanoseconds(1)))) {
                answer.report(.failure(ClusterTestFailure("no answer within \(timeout): \(what)")), first: onTimeout)
            }
            start { answer.report($0) }
        }
    } onCancel: {
        answer.report(.failure(CancellationError()))
    }
}

/// A surface's completion handler (`Bool`: whether the operation succeeded), awaited within `timeout`.
/// The client's own request timeout is 10 s (``ClientTiming/requestTimeout``), so every completion is due
/// well inside the default.
public func completed(of what: String = "the completion handler", timeout: Duration = .seconds(30),
                      _ start: (@escaping @Sendable (Bool) -> Void) -> Void) async throws -> Bool {
    try await withinDeadline(what, timeout: timeout) { report in start { report(.success($0)) } }
}

/// The continuation of one wait, resumed by the first report (the answer, the deadline or cancellation).
private final class FirstAnswer<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        /// A report that came before the continuation was installed (cancellation can).
        var early: Result<Value, any Error>?
        var answered = false
    }

    private let state = Mutex(State())

    func wait(with continuation: CheckedContinuation<Value, any Error>) {
        let early = state.withLock { state -> Result<Value, any Error>? in
            guard let early = state.early else {
                state.continuation = continuation
                return nil
            }
            state.early = nil
            return early
        }
        if let early { continuation.resume(with: early) }
    }

    /// Resumes the wait with `result` unless it was answered already; `first` runs before, and only then.
    func report(_ result: Result<Value, any Error>, first: @Sendable () -> Void = {}) {
        let (won, continuation) = state.withLock { state -> (Bool, CheckedContinuation<Value, any Error>?) in
            guard !state.answered else { return (false, nil) }
            state.answered = true
            guard let continuation = state.continuation.take() else {
                state.early = result
                return (true, nil)
            }
            return (true, continuation)
        }
        guard won else { return }
        first()
        continuation?.resume(with: result)
    }
}
