import Dispatch
import Logging
import SwitchboardClient
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// The embedded service on virtual time: a ``/SwitchboardService/SignalingService`` whose clock
/// (``VirtualClock``) moves only when told, and an executor that every client, link and surface object of
/// the simulation runs on, so the simulation knows when all of it is done. A 30 s timeout takes no time
/// at all, and nothing waits on real time.
///
/// `switchboard demo` runs its scenario on one; SwitchboardTesting's `TestWorld` is one with the helpers
/// tests need (recorded events, waits that fail when the world went idle first).
///
/// Everything the simulation should wait for must run in it: sessions and surface objects made on its
/// ``transport(faults:)`` or ``environment(callbackQueue:faults:)`` with its ``executor``, and tasks made
/// with ``task(_:)``.
public final class SimulatedService: Sendable {
    /// The simulation's time. Move it with ``advance(by:)``, never directly: the simulation fires its timers
    /// as it moves time.
    public let clock: VirtualClock
    public let serviceClock: ServiceClock
    /// The simulated service. The simulation fires its timers as it moves time: do not start its timer loop
    /// (`run()`, `start()`), whose sleeps the simulation would not see.
    public let service: SignalingService
    /// Faults for every link of the default transport.
    public let faults: FaultInjector
    /// Whether links encode every frame through the JSON wire codec (and write the frame log).
    public let encodesFrames: Bool
    /// Where the simulation's clients, links and surface objects run their work, and what tells it that
    /// all of it is done. Give it to anything made by hand (``/SwitchboardClient/ClientEnvironment/executor``).
    public var executor: any ClientExecutor { worldExecutor }
    private let worldExecutor: WorldExecutor

    /// 2026-01-01T00:00:00Z: where the simulation's wall clock starts.
    public static let defaultEpoch = Timestamp(millisecondsSince1970: 1_767_225_600_000)

    /// - Parameters:
    ///   - configuration: the service's configuration (development mode by default).
    ///   - encodesFrames: pass every frame through the JSON codec, as over a network.
    ///   - store: the service's storage engine (a ``/SwitchboardService/MemoryStore`` of its own by default).
    ///   - verifier: the token verifier (development mode's accepts anything).
    ///   - backendEvents: told what the service tells an app's backend (the server's webhooks).
    ///   - pushes: handed the pushes the service decides (the server's push sender); none by default.
    ///   - epoch: the wall-clock time the simulation starts at (``defaultEpoch``).
    ///   - logger: the service's logger; nil logs nothing.
    public init(
        configuration: ServiceConfiguration = .development,
        encodesFrames: Bool = true,
        store: any ServiceStore = MemoryStore(),
        verifier: (any TokenVerifier)? = nil,
        backendEvents: (any BackendEventSink)? = nil,
        pushes: (any PushDispatching)? = nil,
        epoch: Timestamp = SimulatedService.defaultEpoch,
        logger: Logger? = nil
    ) {
        worldExecutor = WorldExecutor()
        clock = VirtualClock(executor: worldExecutor)
        serviceClock = ServiceClock(clock, epoch: epoch)
        service = SignalingService(
            configuration: configuration, clock: serviceClock, store: store, verifier: verifier,
            backendEvents: backendEvents, pushes: pushes,
            logger: logger ?? Logger(label: "switchboard.simulation", factory: { _ in SwiftLogNoOpLogHandler() }))
        faults = FaultInjector()
        self.encodesFrames = encodesFrames
    }

    /// The simulation's current wall-clock time.
    public var now: Timestamp { serviceClock.now() }

    /// A transport to the simulated service; pass a fault injector of its own to break one client's links
    /// without touching the others.
    public func transport(faults: FaultInjector? = nil) -> InProcessTransport {
        InProcessTransport(service: service, encodesFrames: encodesFrames, faults: faults ?? self.faults,
                           executor: worldExecutor)
    }

    /// An environment bound to this simulation, for surface objects (`AgoraRtmKit(appId:delegate:environment:)`
    /// ...). Callbacks go to `callbackQueue`, a private serial queue by default, so nothing needs a main
    /// run loop; nil leaves the choice to each surface (its vendor's default queue).
    public func environment(
        callbackQueue: DispatchQueue? = DispatchQueue(label: "switchboard.simulation.callbacks"),
        faults: FaultInjector? = nil
    ) -> ClientEnvironment {
        ClientEnvironment(transport: transport(faults: faults), clock: serviceClock, callbackQueue: callbackQueue,
                          executor: worldExecutor)
    }

    /// A client session of the simulation, not logged in yet.
    public func session(_ configuration: ClientConfiguration, faults: FaultInjector? = nil) -> ClientSession {
        ClientSession(configuration: configuration, transport: transport(faults: faults), clock: serviceClock,
                      executor: worldExecutor)
    }

    // MARK: - Running

    /// Runs everything the simulation can run without moving time, until nothing is left: frames in
    /// flight, the sessions' handling of them, adapter jobs, callbacks on their queues, and timers due now.
    ///
    /// It returns when the simulation is idle, which it knows rather than guesses: its clients, links and
    /// surface objects run their tasks on its ``executor``, which counts every job queued or running and
    /// every callback posted and not yet run. Idle means that count is zero, so nothing can happen any
    /// more until someone acts or time moves. Work started from outside belongs in the simulation too
    /// (``task(_:)``); a plain `Task` is not waited for. Callbacks count until they have run, so a surface
    /// whose callbacks go to the main queue needs the main queue drained (as it is under `swift test`).
    public func runUntilIdle() async {
        await run(until: clock.now)
    }

    /// Moves time forward by `duration`, firing every timer on the way (the service's and the clients')
    /// at its own instant and in order, and running until idle after each: as real time would, only
    /// without the waiting.
    public func advance(by duration: Duration) async {
        await run(until: clock.now.advanced(by: duration))
    }

    /// Runs until idle; then, while a deadline is due by `target`, moves the clock to it, fires it and
    /// runs until idle again; finally moves the clock to `target`.
    private func run(until target: VirtualClock.Instant) async {
        while true {
            await worldExecutor.whenIdle()
            let next = [clock.nextDeadline, service.nextDeadline.map(instant(of:))].compactMap { $0 }.min()
            if let next, next <= target {
                // Wakes every sleeper due by `next`: their wake-ups are jobs of the executor.
                clock.advance(to: next)
                service.fireDueTimers()
            } else if clock.now < target {
                clock.advance(to: target)
            } else {
                return
            }
        }
    }

    /// The clock's instant of a wall-clock time.
    private func instant(of time: Timestamp) -> VirtualClock.Instant {
        clock.now.advanced(by: now.duration(to: time))
    }

    /// Starts `operation` as a task of the simulation, so that ``runUntilIdle()`` waits for it too.
    @discardableResult
    public func task<Success: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Success
    ) -> Task<Success, any Error> {
        Task(executorPreference: worldExecutor, operation: operation)
    }
}
