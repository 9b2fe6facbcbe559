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
    let answer = Latch<Result<Value, any Error>>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            answer.whenSet { continuation.resume(with: $0) }
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(timeout / .nanoseconds(1)))) {
                answer.set(.failure(ClusterTestFailure("no answer within \(timeout): \(what)")), first: onTimeout)
            }
            start { answer.set($0) }
        }
    } onCancel: {
        answer.set(.failure(CancellationError()))
    }
}

/// A surface's completion handler (`Bool`: whether the operation succeeded), awaited within `timeout`.
/// The client's own request timeout is 10 s (``ClientTiming/requestTimeout``), so every completion is due
/// well inside the default.
public func completed(of what: String = "the completion handler", timeout: Duration = .seconds(30),
                      _ start: (@escaping @Sendable (Bool) -> Void) -> Void) async throws -> Bool {
    try await withinDeadline(what, timeout: timeout) { report in start { report(.success($0)) } }
}

/// A value set once, and what waits for it: a wait's first answer (the answer, the deadline or
/// cancellation), a node's first line, its exit status.
final class Latch<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiting: [@Sendable (Value) -> Void] = []
    }

    private let state = Mutex(State())

    var value: Value? { state.withLock { $0.value } }

    /// Sets the value, the first time only, and runs what waited for it; `first` runs before them, and only
    /// when this call set the value.
    func set(_ value: Value, first: @Sendable () -> Void = {}) {
        let waiting = state.withLock { state -> [@Sendable (Value) -> Void]? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.waiting = [] }
            return state.waiting
        }
        guard let waiting else { return }
        first()
        for action in waiting { action(value) }
    }

    /// Runs `action` with the value once it is set (at once if it is).
    func whenSet(_ action: @escaping @Sendable (Value) -> Void) {
        let value = state.withLock { state -> Value? in
            if state.value == nil { state.waiting.append(action) }
            return state.value
        }
        if let value { action(value) }
    }
}
