import Synchronization

/// A value set once, and what waits for it: a wait's first answer (the answer, the deadline or
/// cancellation), a child's first line, its exit status.
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
