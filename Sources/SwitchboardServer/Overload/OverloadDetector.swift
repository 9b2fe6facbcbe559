/// What the overload probe concludes from each lag it measures (docs/SERVER.md, "Overload"): a pure
/// state machine, fed one sample per probe, that answers the share of new calls to shed and whether the
/// server just entered or left overload. It knows no clock; the probe feeds it.
///
/// The share is an integral controller with a dead band: it grows by a fixed step per probe while the
/// smoothed lag is at or above the high mark, shrinks by a smaller step per probe while it is at or
/// below the low mark, and holds in between. The server counts as overloaded while it sheds anything.
struct OverloadDetector: Sendable {
    enum Change: Sendable, Equatable {
        case entered, left
    }

    let configuration: OverloadConfiguration
    /// The lag, smoothed over ``OverloadConfiguration/smoothingProbes`` probes.
    private(set) var smoothedLag: Duration = .zero
    /// The share of new calls to refuse, 0 to 1.
    private(set) var shedShare = 0.0

    init(configuration: OverloadConfiguration) {
        self.configuration = configuration
    }

    var isOverloaded: Bool { shedShare > 0 }

    /// The share gained per probe above the high mark, and lost per probe at or below the low mark.
    private var shedStep: Double { Self.step(configuration.probeInterval, over: configuration.rampTime) }
    private var recoveryStep: Double { Self.step(configuration.probeInterval, over: configuration.recoveryTime) }

    private static func step(_ interval: Duration, over time: Duration) -> Double {
        time <= interval ? 1 : interval / time
    }

    /// One probe's lag (how late it woke); the change of state it makes, if any.
    mutating func observe(lag: Duration) -> Change? {
        let wasOverloaded = isOverloaded
        let weight = 1 / OverloadConfiguration.smoothingProbes
        smoothedLag = smoothedLag * (1 - weight) + max(.zero, lag) * weight
        if smoothedLag >= configuration.highLag {
            shedShare = min(1, shedShare + shedStep)
        } else if smoothedLag <= configuration.lowLag {
            // A share within a rounding error of zero is zero: the server is no longer overloaded.
            shedShare = shedShare - recoveryStep < 1e-9 ? 0 : shedShare - recoveryStep
        }
        switch (wasOverloaded, isOverloaded) {
        case (false, true): return .entered
        case (true, false): return .left
        default: return nil
        }
    }
}
