/// A token bucket: `rate` tokens a second, at most `burst` saved up. Written by hand: a few lines, and
/// none of the listed packages offers one for a per-connection counter.
struct TokenBucket {
    let rate: Double
    let burst: Double
    private var tokens: Double
    private var last: ContinuousClock.Instant

    init(rate: Int, burst: Int, now: ContinuousClock.Instant = .now) {
        self.rate = Double(rate)
        self.burst = Double(max(burst, 1))
        tokens = self.burst
        last = now
    }

    /// Takes a token if there is one.
    mutating func take(now: ContinuousClock.Instant = .now) -> Bool {
        let elapsed = last.duration(to: now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(burst, tokens + seconds * rate)
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
