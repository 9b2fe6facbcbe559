/// When the server counts as overloaded and how hard it sheds new calls then (docs/SERVER.md,
/// "Overload"). The signal is measured, not a fixed rate: every ``probeInterval`` a probe schedules a
/// task on each of the server's event loops and measures how late the loop gets through it, queued
/// behind the work already waiting there (the lag, which grows with that work); the lag is smoothed over
/// a few probes.
///
/// Above ``highLag`` the share of new calls refused (`overloaded`) grows, reaching all of them within
/// ``rampTime``; at or below ``lowLag`` it shrinks, back to none within ``recoveryTime``; in between it
/// holds. The two marks and the slower way down are the hysteresis: a server that just shed does not
/// start admitting everything again at the first quiet probe.
public struct OverloadConfiguration: Sendable, Equatable {
    /// Off: nothing is measured and nothing refused (the server queues, as before there was shedding).
    public var isEnabled: Bool
    public var probeInterval: Duration
    /// The smoothed lag at or above which the server sheds more new calls.
    public var highLag: Duration
    /// The smoothed lag at or below which it sheds fewer.
    public var lowLag: Duration
    /// From shedding nothing to shedding every new call, while the lag stays above ``highLag``.
    public var rampTime: Duration
    /// From shedding every new call to shedding none, while the lag stays at or below ``lowLag``.
    public var recoveryTime: Duration

    /// The defaults, measured on 2 cores (docs/PERFORMANCE.md, "Overload"): below the knee the smoothed
    /// lag stays under a few milliseconds; past it the lag grows by tens of milliseconds a second and
    /// calls ring out within seconds.
    public init(
        isEnabled: Bool = true, probeInterval: Duration = .milliseconds(10), highLag: Duration = .milliseconds(40),
        lowLag: Duration = .milliseconds(10), rampTime: Duration = .milliseconds(200), recoveryTime: Duration = .seconds(1)
    ) {
        self.isEnabled = isEnabled
        self.probeInterval = probeInterval
        self.highLag = highLag
        self.lowLag = lowLag
        self.rampTime = rampTime
        self.recoveryTime = recoveryTime
    }

    /// Nothing measured, nothing shed.
    public static let disabled = OverloadConfiguration(isEnabled: false)

    /// Probes over which the lag is smoothed (an exponentially weighted average of this many samples).
    static let smoothingProbes = 4.0
}
