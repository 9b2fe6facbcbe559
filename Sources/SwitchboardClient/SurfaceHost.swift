import Dispatch
import Foundation
import Synchronization
import SwitchboardCore
import SwitchboardWire

/// What a surface keeps under its host's lock: the fields of the session plumbing, which the host
/// manages, beside whatever the surface shows. One lock guards both, so a login, a logout or an event
/// changes them together.
public protocol SurfaceState: Sendable {
    /// The current session, if any.
    var session: ClientSession? { get set }
    /// Who the current session logs in as.
    var user: UserID? { get set }
    /// Bumped whenever a session starts or ends for the surface: the events and answers of an older one
    /// are dropped.
    var generation: Int { get set }
    /// Whether the surface's requests may go out: its vendor's idea of logged in.
    var isLoggedIn: Bool { get }
}

extension SurfaceState {
    /// Makes `session` the current one, logging in as `user`, in a new generation; returns the
    /// session it replaces.
    @discardableResult
    public mutating func begin(_ session: ClientSession, as user: UserID) -> ClientSession? {
        let previous = self.session
        self.session = session
        self.user = user
        generation += 1
        return previous
    }
}

/// The one host of every vendor surface (ARCHITECTURE.md, "Surfaces"): it owns the session, the
/// callback queue, the order of the jobs sent to the session, the login generations and the teardown,
/// so that each surface's client (`RTMClient`, `ZIMClient`, `TencentClient`, its subclasses) keeps
/// only its vendor's translation.
///
/// Ordering: every request goes to the session through one FIFO job queue, and the session hands
/// responses and events back synchronously in the order its frames arrived; the surface turns each
/// into a block on its serial callback queue (``post(_:)``). So a completion precedes the events its
/// request caused, and callbacks follow the service's order.
///
/// A subclass rather than a member, so that the surface's code reads `state`, `post` and `submit` as
/// its own. `@unchecked Sendable`: an open class cannot be checked; every stored property is a `let` of
/// a `Sendable` type, and the mutable state is behind `state`'s lock.
open class SurfaceHost<State: SurfaceState>: @unchecked Sendable {
    /// Where sessions connect and on which clock the surface times things.
    public let environment: ClientEnvironment
    /// This instance's device: each kit, ZIM instance or set of Tencent stores is a device of its own.
    public let device: DeviceID
    /// Where the surface's callbacks run, one after another.
    public let callbackQueue: DispatchQueue
    /// The session plumbing's state and the surface's, under one lock.
    public let state: Mutex<State>
    private let jobs: SerialJobQueue

    /// - Parameters:
    ///   - environment: the transport, clock, callback queue and executor the surface object was made on.
    ///   - devicePrefix: names the device (`"agora"`, `"zim"`, ...), followed by a random UUID.
    ///   - callbackQueue: nil for the environment's queue, or else the main queue (the vendors'
    ///     default, DECISIONS.md, "Callback queues").
    ///   - state: the surface's own state at the start, kept under the host's lock with the session's.
    public init(environment: ClientEnvironment, devicePrefix: String, callbackQueue: DispatchQueue? = nil, state: State) {
        self.environment = environment
        self.device = DeviceID("\(devicePrefix)-\(UUID().uuidString.lowercased())")
        self.callbackQueue = callbackQueue ?? environment.callbackQueue ?? .main
        self.state = Mutex(state)
        self.jobs = SerialJobQueue(executor: environment.executor)
    }

    /// As ``SurfaceHost/init(environment:devicePrefix:callbackQueue:state:)``, for a surface whose state starts from
    /// its device (a state machine that tells its own part of a call snapshot from another device's).
    public init(
        environment: ClientEnvironment, devicePrefix: String, callbackQueue: DispatchQueue? = nil,
        makeState: (DeviceID) -> State
    ) {
        let device = DeviceID("\(devicePrefix)-\(UUID().uuidString.lowercased())")
        self.environment = environment
        self.device = device
        self.callbackQueue = callbackQueue ?? environment.callbackQueue ?? .main
        self.state = Mutex(makeState(device))
        self.jobs = SerialJobQueue(executor: environment.executor)
    }

    deinit {
        if let session = state.withLock({ $0.session }) {
            Task(executorPreference: environment.executor) { await session.shutdown() }
        }
    }

    /// The current time on the environment's clock.
    public var now: Timestamp { environment.clock.now() }

    /// Whether `generation` is still the current one.
    public func isCurrent(_ generation: Int) -> Bool {
        state.withLock { $0.generation == generation }
    }

    // MARK: - Order

    /// Runs `job` after every job enqueued before it.
    public func enqueue(_ job: @escaping SerialJobQueue.Job) {
        jobs.enqueue(job)
    }

    /// Runs `block` on the callback queue, after every block posted before it.
    public func post(_ block: @escaping @Sendable () -> Void) {
        callbackQueue.async(execute: environment.tracking(block))
    }

    // MARK: - Sessions

    /// A session logging in with `configuration` through this host's environment.
    public func makeSession(_ configuration: ClientConfiguration) -> ClientSession {
        ClientSession(configuration: configuration, transport: environment.transport, clock: environment.clock,
                      executor: environment.executor)
    }

    /// Starts the login of `session`, which ``SurfaceState/begin(_:as:)`` made current in `generation`,
    /// on the job queue after `retiring` (which lets the session it replaced go). While `generation` is
    /// current, the session's events reach ``sessionEvent(_:generation:)``; `completion` gets the login's
    /// result on the session's executor, so it should `post` what the app sees.
    public func startLogin(
        _ session: ClientSession, generation: Int, retiring: (@Sendable () async -> Void)? = nil,
        completion: @escaping ClientSession.Completion<Void>
    ) {
        let this = WeakReference(self)
        enqueue {
            await retiring?()
            await session.observe { event in this.value?.receive(event, generation: generation) }
            await session.startLogin(completion: completion)
        }
    }

    private func receive(_ event: ClientEvent, generation: Int) {
        guard isCurrent(generation) else { return }
        sessionEvent(event, generation: generation)
    }

    /// An event of the current session, on the session's executor, in order. The surface translates it.
    open func sessionEvent(_ event: ClientEvent, generation: Int) {}

    /// Ends the current session for good (a `destroy`, the instance released): `update` changes the
    /// surface's state under the same lock, then the session logs out and shuts down on the job queue.
    @discardableResult
    public func endSession<Result>(_ update: (inout State) -> Result) -> Result {
        let (session, result) = state.withLock { state in
            let session = state.session
            state.session = nil
            state.generation += 1
            return (session, update(&state))
        }
        if let session {
            enqueue {
                try? await session.logout()
                await session.shutdown()
            }
        }
        return result
    }

    // MARK: - Requests

    /// Sends `operation` on the current session, in order, if the surface is logged in (else it fails
    /// at once with ``/SwitchboardWire/ServiceErrorCode/notLoggedIn``). `completion` runs on the session's executor, in
    /// order with the events, so it should `post` what the app sees.
    open func submit(
        _ operation: ServiceOperation, timeout: Duration? = nil, waitWhileReconnecting: Bool = true,
        completion: @escaping ClientSession.Completion<Reply>
    ) {
        guard let session = state.withLock({ $0.isLoggedIn ? $0.session : nil }) else {
            return completion(.failure(SignalingError(.notLoggedIn, "not logged in")))
        }
        enqueue {
            await session.submit(operation, timeout: timeout, waitWhileReconnecting: waitWhileReconnecting,
                                 completion: completion)
        }
    }

    /// Renews the token of `session` and reports the outcome on the callback queue: on the job queue
    /// when `queued`, or at once (a renewal ordered with nothing need not wait for the requests
    /// before it).
    public func renewToken(
        _ token: String, on session: ClientSession, queued: Bool,
        report: @escaping @Sendable (SignalingError?) -> Void
    ) {
        let renewal: SerialJobQueue.Job = { [weak self] in
            let failure: SignalingError?
            do throws(SignalingError) {
                try await session.renewToken(token)
                failure = nil
            } catch {
                failure = error
            }
            self?.post { report(failure) }
        }
        if queued {
            enqueue(renewal)
        } else {
            Task(executorPreference: environment.executor, operation: renewal)
        }
    }
}
