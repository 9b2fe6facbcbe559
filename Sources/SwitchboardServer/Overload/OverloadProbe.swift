import Logging
import NIOCore
import ServiceLifecycle

/// Measures how far behind the server's event loops are and sets the service's load shedding from it
/// (docs/SERVER.md, "Overload"). Every ``OverloadConfiguration/probeInterval`` it schedules a task on
/// each event loop of the server, which queues another there, and measures how late the loop gets
/// through it: the time work that is ready waits before a loop gets to it. In `switchboard serve`
/// Swift's tasks run on these loops too (the executable's `main.swift`), so the lag covers every frame
/// read from a client and every frame queued for one, whatever the work is. The latest loop counts. One
/// probe for the whole server: two tasks per loop per interval.
struct OverloadProbe: Service {
    let server: SignalingServer
    let loops: any EventLoopGroup

    func run() async throws {
        let configuration = server.configuration.overload
        let (shedding, metrics, logger, loops) = (server.service.loadShedding, server.metrics, server.logger, self.loops)
        let interval = TimeAmount.nanoseconds(configuration.probeInterval.wholeNanoseconds)
        await cancelWhenGracefulShutdown {
            var detector = OverloadDetector(configuration: configuration)
            while !Task.isCancelled {
                let started = ContinuousClock.now
                let measured = await Self.lag(of: loops, after: interval)
                guard !Task.isCancelled else { return }
                // A stall outside the probe's own tasks (the process stopped, or starved of CPU, while this
                // task waited to resume) makes the round long instead: it counts as lag as well.
                let lag = max(measured, started.duration(to: .now) - configuration.probeInterval)
                let change = detector.observe(lag: lag)
                shedding.shed(detector.shedShare)
                metrics.eventLoopLag(detector.smoothedLag)
                switch change {
                case .entered:
                    logger.notice("overloaded: the event loops lag \(detector.smoothedLag) on average; shedding new calls")
                case .left:
                    logger.notice("no longer overloaded (\(shedding.refusals) new calls refused since the server started)")
                case nil:
                    break
                }
            }
        }
    }

    /// How late the latest of `loops` gets through a task scheduled `interval` ahead: how late the loop
    /// takes it up, plus how long a task it then queues waits behind the work already queued there (a
    /// loop runs its scheduled tasks in batches between the queued ones; the second step is the wait
    /// every frame read now has before it is handled).
    static func lag(of loops: any EventLoopGroup, after interval: TimeAmount) async -> Duration {
        let probes = loops.makeIterator().map { loop in
            let due = NIODeadline.now() + interval
            let lag = loop.makePromise(of: TimeAmount.self)
            loop.scheduleTask(deadline: due) {
                loop.execute { lag.succeed(NIODeadline.now() - due) }
            }.futureResult.whenFailure { lag.fail($0) }
            return lag.futureResult
        }
        var latest = TimeAmount.zero
        for probe in probes {
            // A loop shutting down fails its tasks: no lag to report from it.
            if let lag = try? await probe.get() { latest = max(latest, lag) }
        }
        return .nanoseconds(latest.nanoseconds)
    }
}
