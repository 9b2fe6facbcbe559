import Testing
@testable import SwitchboardServer

/// The overload detector (docs/SERVER.md, "Overload") fed lag samples by hand, one per probe: when the
/// server starts shedding new calls, how far, and when it stops. The defaults: probes every 10 ms, lag
/// smoothed over 4 probes, high mark 40 ms, low mark 10 ms, all shed within 200 ms, none within 1 s.
@Suite("Overload detector")
struct OverloadDetectorTests {
    private static let configuration = OverloadConfiguration()

    /// Feeds `lags` (milliseconds) one per probe; returns the changes with the probe they came at.
    private static func feed(_ detector: inout OverloadDetector, _ lags: [Int]) -> [(Int, OverloadDetector.Change)] {
        var changes: [(Int, OverloadDetector.Change)] = []
        for (probe, lag) in lags.enumerated() {
            if let change = detector.observe(lag: .milliseconds(lag)) { changes.append((probe, change)) }
        }
        return changes
    }

    @Test("loops that keep up (lag under the low mark, with single spikes) shed nothing, ever")
    func quietLoopsShedNothing() {
        var detector = OverloadDetector(configuration: Self.configuration)
        // A busy but healthy server: a few milliseconds, and now and then one probe 120 ms late (a long
        // write, a checkpoint): smoothed, that stays under the high mark.
        let lags = (0..<3000).map { $0 % 250 == 0 ? 120 : $0 % 7 }
        #expect(Self.feed(&detector, lags).isEmpty)
        #expect(detector.shedShare == 0)
        #expect(!detector.isOverloaded)
    }

    @Test("a lag that stays high: overloaded from the second probe, every new call shed 200 ms later")
    func sustainedLagShedsEverything() {
        var detector = OverloadDetector(configuration: Self.configuration)
        #expect(detector.observe(lag: .milliseconds(100)) == nil, "one late probe smooths to 25 ms")
        #expect(detector.smoothedLag == .milliseconds(25))
        #expect(detector.observe(lag: .milliseconds(100)) == .entered)
        #expect(detector.shedShare == 0.05)
        for _ in 0..<18 { #expect(detector.observe(lag: .milliseconds(100)) == nil) }
        #expect(detector.shedShare < 1)
        #expect(detector.observe(lag: .milliseconds(100)) == nil)
        #expect(abs(detector.shedShare - 1) < 1e-9)
        #expect(detector.observe(lag: .milliseconds(500)) == nil)
        #expect(detector.shedShare == 1, "never more than all of them")
    }

    @Test("hysteresis: a lag between the marks holds the share; under the low mark it takes 1 s to shed nothing, and the detector leaves overload once")
    func recoveryIsSlowAndSingle() {
        var detector = OverloadDetector(configuration: Self.configuration)
        _ = Self.feed(&detector, Array(repeating: 200, count: 40))
        #expect(detector.shedShare == 1)
        // Between the marks (smoothed 10 to 40 ms): no change, however long.
        _ = Self.feed(&detector, Array(repeating: 25, count: 40))
        let held = Self.feed(&detector, Array(repeating: 25, count: 500))
        #expect(held.isEmpty)
        #expect(detector.shedShare == 1)
        // Quiet: the smoothed lag falls under 10 ms within a few probes, then the share falls 0.01 a probe.
        let quiet = Self.feed(&detector, Array(repeating: 0, count: 200))
        #expect(quiet.map(\.1) == [.left])
        if let (probe, _) = quiet.first { #expect((100...105).contains(probe), "left at probe \(probe)") }
        #expect(detector.shedShare == 0)
    }

    @Test("a lag that swings around the high mark after entering does not flap in and out")
    func doesNotFlap() {
        var detector = OverloadDetector(configuration: Self.configuration)
        _ = Self.feed(&detector, Array(repeating: 80, count: 10))
        #expect(detector.isOverloaded)
        // Averaging 30 ms: sometimes above the high mark, never under the low one.
        let swings = (0..<1000).map { $0 % 2 == 0 ? 0 : 60 }
        #expect(Self.feed(&detector, swings).isEmpty)
        #expect(detector.isOverloaded)
    }

    @Test("a negative lag (a probe that ran early) counts as none")
    func earlyProbeIsNoLag() {
        var detector = OverloadDetector(configuration: Self.configuration)
        #expect(detector.observe(lag: .milliseconds(-5)) == nil)
        #expect(detector.smoothedLag == .zero)
    }
}
