/// How fast a count grows now: over the samples of the last ``span`` (and the one just before it, so a
/// sampler slower than the span still measures between its last two samples).
struct RateWindow<Instant: InstantProtocol> where Instant.Duration == Duration {
    let span: Duration
    /// A dozen at most at ten samples a second: an array will do.
    private var samples: [(at: Instant, count: Int)] = []

    init(span: Duration = .seconds(1)) {
        self.span = span
    }

    /// Adds the count at `now` and returns the rate per second over the window, nil until two samples
    /// some time apart.
    /// A count lower than the last starts the window afresh: something else is counted now (a load run's
    /// warm-up calls, then its measured ones).
    mutating func add(_ count: Int, at now: Instant) -> Double? {
        if let last = samples.last, count < last.count { samples.removeAll() }
        samples.append((now, count))
        // Drops samples while the next one is still at least a span old: the oldest kept is the last one
        // from before the span.
        while samples.count > 2, samples[1].at.duration(to: now) >= span { samples.removeFirst() }
        guard let first = samples.first, samples.count > 1 else { return nil }
        let elapsed = first.at.duration(to: now)
        guard elapsed > .zero else { return nil }
        return Double(count - first.count) / elapsed.seconds
    }
}
