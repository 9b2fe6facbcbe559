import Dispatch

// The suites that run the built binary, or a server over loopback, wait on real time: their clients and
// servers run on the system clock. Every such wait has a deadline and ends when the test's task is
// cancelled (a suite's time limit), so that one lost answer fails its test instead of holding the whole
// run until CI's own limit kills it (docs/DECISIONS.md, "Testing product (`SwitchboardTesting`)").

/// Waits in real time, up to `timeout`, for what `start` reports through the callback it is handed: the
/// answer of a subprocess (a server that prints its port, one that exits) or a surface's completion
/// handler. A callback that never comes throws ``TestFailure`` naming `what` when the deadline passes;
/// cancellation of the waiting task throws `CancellationError`. `onTimeout` runs first on a missed
/// deadline (to kill the process being waited for). Only the first report counts; later ones are dropped.
public func withinDeadline<Value: Sendable>(_ what: String, timeout: Duration, onTimeout: @escaping @Sendable () -> Void = {},
                                            _ start: (@escaping @Sendable (Result<Value, any Error>) -> Void) -> Void) async throws -> Value {
    let answer = Latch<Result<Value, any Error>>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            answer.whenSet { continuation.resume(with: $0) }
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(timeout / .nanoseconds(1)))) {
                answer.set(.failure(TestFailure("no answer within \(timeout): \(what)")), first: onTimeout)
            }
            start { answer.set($0) }
        }
    } onCancel: {
        answer.set(.failure(CancellationError()))
    }
}

/// What a surface's completion handler (or any callback) passes, awaited within `timeout`. The client's
/// own request timeout is 10 s (`ClientTiming.requestTimeout`), so every completion is due well inside
/// the default.
public func completed<Value: Sendable>(of what: String = "the completion handler", timeout: Duration = .seconds(30),
                                       _ start: (@escaping @Sendable (Value) -> Void) -> Void) async throws -> Value {
    try await withinDeadline(what, timeout: timeout) { report in start { report(.success($0)) } }
}

/// Waits in real time, up to `timeout`, until `condition` holds: checked at once, then after 5 ms, and
/// after twice as long each time up to 50 ms between checks, so that what comes at once is seen at once
/// and a long wait (a cluster's takeover) does not keep the cores busy. Throws ``TestFailure`` naming
/// `what` once the deadline has passed, `CancellationError` when the task is cancelled. The condition
/// itself must return in bounded time (a client's request times out; a node's HTTP answer is awaited
/// through ``withinDeadline(_:timeout:onTimeout:_:)``).
public func eventually(_ what: String, timeout: Duration = .seconds(10), _ condition: () async -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    var pause = Duration.milliseconds(5)
    while await !condition() {
        guard ContinuousClock.now < deadline else { throw TestFailure("not reached within \(timeout): \(what)") }
        try await Task.sleep(for: pause)
        pause = min(pause * 2, .milliseconds(50))
    }
}
