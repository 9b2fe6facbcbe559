/// The delay before a retry the provider gave no `Retry-After` for: exponential from the app's
/// ``PushConfiguration/initialBackoff`` (1 s, 2 s, 4 s, ...), capped at its ``PushConfiguration/maxBackoff``.
struct Backoff: Sendable {
    var initial: Duration
    var cap: Duration

    /// The delay after the `attempt`th attempt (1-based) failed.
    func delay(after attempt: Int) -> Duration {
        var delay = initial
        for _ in 1..<max(1, attempt) {
            delay *= 2
            if delay >= cap { return cap }
        }
        return min(delay, cap)
    }
}
