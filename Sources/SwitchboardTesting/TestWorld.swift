import Dispatch
import Synchronization
import Logging
import SwitchboardClient
import SwitchboardCore
import SwitchboardEmbedded
import SwitchboardService
import SwitchboardWire

/// An isolated Switchboard for tests (and for apps testing their own call flows): the embedded service
/// on virtual time (a ``/SwitchboardEmbedded/SimulatedService``, whose ``/SwitchboardEmbedded/VirtualClock``
/// moves only when the test says so), and any number of users and devices logged in to it through
/// in-process links. A 30 s timeout takes no time at all, and the test never waits on real time: the
/// world runs its clients, links and callbacks on an executor of its own and knows when all of it is done
/// (see ``runUntilIdle()``).
///
/// ```swift
/// let world = TestWorld()
/// let alice = try await world.login("alice")
/// let bob = try await world.login("bob")
/// let call = try await alice.session.invite(InviteRequest(invitees: ["bob"]))
/// try await bob.next { if case .call(let note) = $0, case .invited = note.kind { true } else { false } }
/// await world.advance(by: .seconds(30))   // the invitation rings out
/// ```
///
/// Everything the world should wait for must run in it: clients and surface objects made from
/// ``client(_:device:app:token:loginPolicy:surface:timing:faults:compactEvents:)``,
/// ``environment(callbackQueue:faults:)`` or ``transport(faults:)``, and tasks of the test made with ``task(_:)``.
public final class TestWorld: Sendable {
    /// The embedded service on virtual time that the world is.
    public let simulation: SimulatedService
    /// The world's time. Move it with ``advance(by:)``, never directly: the world fires its timers as
    /// it moves time.
    public var clock: VirtualClock { simulation.clock }
    public var serviceClock: ServiceClock { simulation.serviceClock }
    /// The world's service. The world fires its timers as it moves time: do not start its timer loop
    /// (`run()`, `start()`), whose sleeps the world would not see.
    public var service: SignalingService { simulation.service }
    /// Faults for every link of the world's default transport.
    public var faults: FaultInjector { simulation.faults }
    /// Whether links encode every frame through the JSON wire codec (and write the frame log).
    public var encodesFrames: Bool { simulation.encodesFrames }
    /// Where the world's clients, links and surface objects run their work, and what tells the world
    /// that all of it is done. Give it to anything made by hand (``/SwitchboardClient/ClientEnvironment/executor``).
    public var executor: any ClientExecutor { simulation.executor }

    /// 2026-01-01T00:00:00Z: where the world's wall clock starts.
    public static let defaultEpoch = SimulatedService.defaultEpoch

    /// - Parameters:
    ///   - configuration: the service's configuration (development mode by default).
    ///   - encodesFrames: pass every frame through the JSON codec, as over a network (on by default,
    ///     so every test exercises the codec and feeds the CI schema check).
    ///   - store: the service's storage engine (a ``/SwitchboardService/MemoryStore`` of its own by default).
    ///   - verifier: the token verifier (development mode's accepts anything).
    ///   - backendEvents: told what the service tells an app's backend (the server's webhooks).
    ///   - pushes: handed the pushes the service decides (a ``PushRecorder`` records them); none by default.
    ///   - epoch: the wall-clock time the world starts at (``defaultEpoch``).
    ///   - logger: the service's logger; nil logs nothing.
    public init(
        configuration: ServiceConfiguration = .development,
        encodesFrames: Bool = true,
        store: any ServiceStore = MemoryStore(),
        verifier: (any TokenVerifier)? = nil,
        backendEvents: (any BackendEventSink)? = nil,
        pushes: (any PushDispatching)? = nil,
        epoch: Timestamp = TestWorld.defaultEpoch,
        logger: Logger? = nil
    ) {
        simulation = SimulatedService(configuration: configuration, encodesFrames: encodesFrames, store: store,
                                      verifier: verifier, backendEvents: backendEvents, pushes: pushes, epoch: epoch,
                                      logger: logger ?? Logger(label: "switchboard.test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// The world's current wall-clock time.
    public var now: Timestamp { simulation.now }

    /// A transport to the world's service; pass a fault injector of its own to break one client's
    /// links without touching the others.
    public func transport(faults: FaultInjector? = nil) -> InProcessTransport {
        simulation.transport(faults: faults)
    }

    /// An environment bound to this world, for surface objects (`AgoraRtmKit(appId:delegate:environment:)`
    /// ...). Callbacks go to `callbackQueue`, a private serial queue by default, so tests need no main
    /// run loop; nil leaves the choice to each surface (its vendor's default queue).
    public func environment(
        callbackQueue: DispatchQueue? = DispatchQueue(label: "switchboard.test.callbacks"),
        faults: FaultInjector? = nil
    ) -> ClientEnvironment {
        simulation.environment(callbackQueue: callbackQueue, faults: faults)
    }

    /// A client that is not logged in yet.
    public func client(
        _ user: UserID,
        device: DeviceID? = nil,
        app: String = "test-app",
        token: String? = "test-token",
        loginPolicy: LoginPolicy = .multiDevice,
        surface: String? = "test",
        timing: ClientTiming = ClientTiming(),
        faults: FaultInjector? = nil,
        compactEvents: Bool = true
    ) -> TestClient {
        let configuration = ClientConfiguration(
            app: app, user: user, device: device ?? DeviceID("\(user.rawValue)-1"), token: token,
            loginPolicy: loginPolicy, surface: surface, timing: timing, compactEvents: compactEvents)
        return TestClient(session: simulation.session(configuration, faults: faults), world: self)
    }

    /// A client, logged in.
    public func login(
        _ user: UserID,
        device: DeviceID? = nil,
        app: String = "test-app",
        token: String? = "test-token",
        loginPolicy: LoginPolicy = .multiDevice,
        surface: String? = "test",
        timing: ClientTiming = ClientTiming(),
        faults: FaultInjector? = nil,
        compactEvents: Bool = true
    ) async throws(SignalingError) -> TestClient {
        let client = client(user, device: device, app: app, token: token, loginPolicy: loginPolicy,
                            surface: surface, timing: timing, faults: faults, compactEvents: compactEvents)
        try await client.session.login()
        return client
    }

    // MARK: - Running the world

    /// Runs everything the world can run without moving time, until nothing is left: frames in flight,
    /// the sessions' handling of them, adapter jobs, callbacks on their queues, and timers due now
    /// (``/SwitchboardEmbedded/SimulatedService/runUntilIdle()`` says how the world knows).
    public func runUntilIdle() async {
        await simulation.runUntilIdle()
    }

    /// Moves time forward by `duration`, firing every timer on the way (the service's and the clients')
    /// at its own instant and in order, and running the world until idle after each: as real time would,
    /// only without the waiting.
    public func advance(by duration: Duration) async {
        await simulation.advance(by: duration)
    }

    /// Runs the world until idle, then throws unless `condition` holds: for outcomes that need no time
    /// to pass. Nothing waits on real time, so a condition that does not hold now never will without
    /// the test doing more.
    public func requireWhenIdle(
        _ what: String = "the condition",
        _ condition: @Sendable () async -> Bool
    ) async throws {
        await runUntilIdle()
        guard await condition() else {
            throw TestWorldError.notReached("\(what) did not come true by the time the world was idle")
        }
    }

    /// Starts `operation` as a task of the world, so that ``runUntilIdle()`` waits for it too (a test
    /// that needs time to move while an operation waits, for instance).
    @discardableResult
    public func task<Success: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Success
    ) -> Task<Success, any Error> {
        simulation.task(operation)
    }

    /// The result of a task of the world (``task(_:)``), once the world is idle. Throws when the task
    /// has not finished by then: it waits for something that will not happen without the test.
    public func result<Success: Sendable>(of task: Task<Success, any Error>) async throws -> Result<Success, any Error> {
        let outcome = Mutex<Result<Success, any Error>?>(nil)
        let watcher = simulation.task {
            let result = await task.result
            outcome.withLock { $0 = result }
        }
        await runUntilIdle()
        guard let result = outcome.withLock({ $0 }) else {
            watcher.cancel()
            throw TestWorldError.notReached("the task did not finish by the time the world was idle")
        }
        return result
    }
}

extension TestWorld {
    /// Starts a callback-style operation (a vendor API with a completion block), runs the world until
    /// idle and returns the completion's value. Throws when the completion was not called by then.
    public func completion<Value: Sendable>(
        of start: (@escaping @Sendable (Value) -> Void) -> Void
    ) async throws -> Value {
        let value = Mutex<Value?>(nil)
        start { result in value.withLock { $0 = $0 ?? result } }
        await runUntilIdle()
        guard let result = value.withLock({ $0 }) else {
            throw TestWorldError.notReached("no completion by the time the world was idle")
        }
        return result
    }
}

/// Why a ``TestWorld`` wait failed.
public enum TestWorldError: Error, CustomStringConvertible {
    /// What the test waited for had not happened by the time the world was idle.
    case notReached(String)

    public var description: String {
        switch self {
        case .notReached(let message): message
        }
    }
}
