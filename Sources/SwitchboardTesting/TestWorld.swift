import Clocks
import Dispatch
import Synchronization
import Logging
import SwitchboardClient
import SwitchboardCore
import SwitchboardEmbedded
import SwitchboardService
import SwitchboardWire

/// An isolated Switchboard for tests (and for apps testing their own call flows): a service on a
/// `TestClock`, and any number of users and devices logged in to it through in-process links.
/// Time moves only when the test says so, so a 30 s timeout takes no time at all.
///
/// ```swift
/// let world = TestWorld()
/// let alice = try await world.login("alice")
/// let bob = try await world.login("bob")
/// let call = try await alice.session.invite(InviteRequest(invitees: ["bob"]))
/// try await bob.next { if case .call(let note) = $0, case .invited = note.kind { true } else { false } }
/// await world.advance(by: .seconds(30))   // the invitation rings out
/// ```
public final class TestWorld: Sendable {
    /// The one clock of the world: the service and every client sleep on it.
    public let clock: TestClock<Duration>
    public let serviceClock: ServiceClock
    public let service: SignalingService
    /// Faults for every link of the world's default transport.
    public let faults: FaultInjector
    /// Whether links encode every frame through the JSON wire codec (and write the frame log).
    public let encodesFrames: Bool
    private let timers: Task<Void, Never>

    /// 2026-01-01T00:00:00Z: where the world's wall clock starts.
    public static let defaultEpoch = Timestamp(millisecondsSince1970: 1_767_225_600_000)

    /// - Parameters:
    ///   - configuration: the service's configuration (development mode by default).
    ///   - encodesFrames: pass every frame through the JSON codec, as over a network (on by default,
    ///     so every test exercises the codec and feeds the CI schema check).
    ///   - verifier: the token verifier (development mode's accepts anything).
    public init(
        configuration: ServiceConfiguration = .development,
        encodesFrames: Bool = true,
        store: any CallRecordStore = InMemoryCallRecordStore(),
        verifier: (any TokenVerifier)? = nil,
        epoch: Timestamp = TestWorld.defaultEpoch,
        logger: Logger? = nil
    ) {
        clock = TestClock()
        serviceClock = ServiceClock(clock, epoch: epoch)
        service = SignalingService(
            configuration: configuration, clock: serviceClock, store: store, verifier: verifier,
            logger: logger ?? Logger(label: "switchboard.test", factory: { _ in SwiftLogNoOpLogHandler() }))
        faults = FaultInjector()
        self.encodesFrames = encodesFrames
        let service = service
        timers = Task { await service.run() }
    }

    deinit {
        timers.cancel()
    }

    /// The world's current wall-clock time.
    public var now: Timestamp { serviceClock.now() }

    /// A transport to the world's service; pass a fault injector of its own to break one client's
    /// links without touching the others.
    public func transport(faults: FaultInjector? = nil) -> InProcessTransport {
        InProcessTransport(service: service, encodesFrames: encodesFrames, faults: faults ?? self.faults)
    }

    /// An environment bound to this world, for surface objects (`AgoraRtmKit(appId:delegate:environment:)`
    /// ...). Callbacks go to `callbackQueue`, a private serial queue by default, so tests need no main
    /// run loop.
    public func environment(
        callbackQueue: DispatchQueue = DispatchQueue(label: "switchboard.test.callbacks"),
        faults: FaultInjector? = nil
    ) -> ClientEnvironment {
        ClientEnvironment(transport: transport(faults: faults), clock: serviceClock, callbackQueue: callbackQueue)
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
        faults: FaultInjector? = nil
    ) -> TestClient {
        let configuration = ClientConfiguration(
            app: app, user: user, device: device ?? DeviceID("\(user.rawValue)-1"), token: token,
            loginPolicy: loginPolicy, surface: surface, timing: timing)
        let session = ClientSession(configuration: configuration, transport: transport(faults: faults), clock: serviceClock)
        return TestClient(session: session)
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
        faults: FaultInjector? = nil
    ) async throws(SignalingError) -> TestClient {
        let client = client(user, device: device, app: app, token: token, loginPolicy: loginPolicy,
                            surface: surface, timing: timing, faults: faults)
        try await client.session.login()
        return client
    }

    /// Moves time forward, firing every timer on the way in order (the service's and the clients'),
    /// in steps of at most `step` so that heartbeats keep links alive as they would in real time.
    public func advance(by duration: Duration, step: Duration = .milliseconds(250)) async {
        var remaining = duration
        while remaining > .zero {
            let next = min(step, remaining)
            await clock.advance(by: next)
            await settle()
            remaining -= next
        }
        await settle()
    }

    /// Lets the work already set in motion (frames in flight, events being handled) finish, without
    /// moving time.
    public func settle() async {
        for _ in 0..<3 {
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Waits (in real time, at most `timeout`) until `condition` holds, without moving the world's time.
    /// Use it before advancing the clock, so that the work under test has armed its timers first.
    public func eventually(
        timeout: Duration = .seconds(5),
        _ what: String = "the condition",
        _ condition: @Sendable () async -> Bool
    ) async throws {
        let start = ContinuousClock.now
        while !(await condition()) {
            if ContinuousClock.now - start > timeout {
                throw TestWorldError.timedOut("\(what) did not come true in \(timeout) of real time")
            }
            await settle()
        }
    }

    /// The result of a task, waiting at most `timeout` of real time: a test that waits for something
    /// that never happens fails instead of hanging the suite.
    public func result<Success: Sendable>(
        of task: Task<Success, any Error>,
        timeout: Duration = .seconds(5)
    ) async throws -> Result<Success, any Error> {
        try await completion(timeout: timeout) { done in
            Task { done(await task.result) }
        }
    }
}

extension TestWorld {
    /// Starts a callback-style operation (a vendor API with a completion block) and waits, in real time
    /// (at most `timeout`), for its completion's value.
    public func completion<Value: Sendable>(
        timeout: Duration = .seconds(5),
        of start: (@escaping @Sendable (Value) -> Void) -> Void
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let once = ResumeOnce(continuation)
            start { once.resume(with: .success($0)) }
            Task {
                try? await Task.sleep(for: timeout)
                once.resume(with: .failure(TestWorldError.timedOut("no completion in \(timeout) of real time")))
            }
        }
    }
}

/// Resumes a continuation with whichever result comes first.
private final class ResumeOnce<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, any Error>?>

    init(_ continuation: CheckedContinuation<Value, any Error>) {
        self.continuation = Mutex(continuation)
    }

    func resume(with result: Result<Value, any Error>) {
        let waiting = continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(with: result)
    }
}

/// Why a ``TestWorld`` wait failed.
public enum TestWorldError: Error, CustomStringConvertible {
    case timedOut(String)

    public var description: String {
        switch self {
        case .timedOut(let message): message
        }
    }
}
