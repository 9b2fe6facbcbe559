import Dispatch
import Foundation
import Synchronization
import SwitchboardClient
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// The engine behind one `ZIM` instance: one logged-in session at a time, the instance's connection
/// state, what it last showed of each call, and the order of its callbacks.
///
/// Ordering: requests go to the session through one FIFO job queue; the session hands responses and
/// events back synchronously in frame order, and each becomes a block on the instance's serial callback
/// queue. A request's callback therefore precedes the events it caused, and events follow the
/// service's order.
final class ZIMClient: Sendable {
    /// The service's app id: ZIM's numeric `appID` as text.
    let app: String
    let environment: ClientEnvironment
    /// Each instance is one device of its user (ZIM logs in several devices at once).
    let device: DeviceID
    let callbackQueue: DispatchQueue
    private let jobs: SerialJobQueue
    let state: Mutex<State>
    private let sink = Mutex<(@Sendable (ZIMEvent) -> Void)?>(nil)

    typealias Job = SerialJobQueue.Job

    struct State {
        var connection: ZIMConnectionState = .disconnected
        var session: ClientSession?
        var user: UserID?
        /// Bumped on every login; events of an older session are ignored.
        var generation = 0
        /// The token ran out while connected; the logout that follows reports `tokenExpired`.
        var loggingOutForExpiredToken = false
        /// What this instance last showed of each call it takes part in.
        var calls: [CallID: ShownCall] = [:]
        /// `nextFlag` values handed out by `queryCallInvitationList`, oldest first.
        var queryPositions: [(flag: Int64, position: QueryPosition)] = []
        var lastQueryFlag: Int64 = 0

        var isLoggedIn: Bool { connection == .connected || connection == .reconnecting }
    }

    /// A call as this instance last showed it: every member's state, and whether the invitation was
    /// presented (`callInvitationReceived` comes once per instance).
    struct ShownCall {
        var users: [String: ZIMCallUser] = [:]
        var presented = false
    }

    init(app: String, environment: ClientEnvironment, callbackQueue: DispatchQueue) {
        self.app = app
        self.environment = environment
        self.callbackQueue = callbackQueue
        self.jobs = SerialJobQueue(executor: environment.executor)
        self.device = DeviceID("zim-\(UUID().uuidString.lowercased())")
        self.state = Mutex(State())
    }

    deinit {
        if let session = state.withLock({ $0.session }) {
            Task(executorPreference: environment.executor) { await session.shutdown() }
        }
    }

    func setEventSink(_ handler: (@Sendable (ZIMEvent) -> Void)?) {
        sink.withLock { $0 = handler }
    }

    var now: Timestamp { environment.clock.now() }

    // MARK: - Plumbing

    func enqueue(_ job: @escaping Job) {
        jobs.enqueue(job)
    }

    /// Runs `block` on the callback queue after every block posted before it.
    func post(_ block: @escaping @Sendable () -> Void) {
        callbackQueue.async(execute: environment.tracking(block))
    }

    func emit(_ event: ZIMEvent) {
        post { [self] in sink.withLock { $0 }?(event) }
    }

    /// Sends `operation` on the current session, in order. `completion` runs on the session's executor,
    /// in order with the events, so it must `post` what the app sees.
    func submit(
        _ operation: ServiceOperation, api: ZIMCallAPI,
        completion: @escaping @Sendable (Result<Reply, ZIMFailure>) -> Void
    ) {
        let session: ClientSession? = state.withLock { $0.isLoggedIn ? $0.session : nil }
        guard let session else {
            return completion(.failure(.notLoggedIn))
        }
        enqueue {
            await session.submit(operation) { result in
                completion(result.mapError { ZIMErrorMapping.error($0, in: api) })
            }
        }
    }

    // MARK: - Login, logout, token

    /// `login(withUserID:config:callback:)`; `token` nil for AppSign authentication.
    func login(user: String, token: String?, completion: @escaping @Sendable (ZIMFailure?) -> Void) {
        guard ZIMLimits.isValidUserID(user) else {
            return post { completion(.invalid("userID must be 1 to 32 bytes of letters, digits and !#$%&()+-:;<=.>?@[]^_{}|~")) }
        }
        let outcome: (ClientSession, ClientSession?, Int)? = state.withLock { state in
            guard state.connection == .disconnected else { return nil }
            let configuration = ClientConfiguration(
                app: app, user: UserID(user), device: device, token: token, loginPolicy: .multiDevice,
                surface: "zim", timing: ZIMLimits.timing)
            let session = ClientSession(configuration: configuration, transport: environment.transport,
                                        clock: environment.clock, executor: environment.executor)
            let previous = state.session
            state.session = session
            if state.user != UserID(user) {
                state.calls = [:]
                state.queryPositions = []
            }
            state.user = UserID(user)
            state.generation += 1
            state.connection = .connecting
            state.loggingOutForExpiredToken = false
            return (session, previous, state.generation)
        }
        guard let (session, previous, generation) = outcome else {
            return post {
                completion(ZIMFailure(.ZIMErrorCodeNetworkModuleUserHasAlreadyLogged, "already logged in"))
            }
        }
        let this = WeakReference(self)
        enqueue {
            await previous?.shutdown()
            await session.observe { event in this.value?.handle(event, generation: generation) }
            await session.startLogin { result in
                let failure: ZIMFailure? = switch result {
                case .success: nil
                case .failure(let error): ZIMErrorMapping.sessionError(error)
                }
                this.value?.post { completion(failure) }
            }
        }
    }

    /// `logout()`: no callback. The instance is logged out at once (a `login` right after it starts a
    /// new session); `connectionStateChanged(.disconnected, .success)` follows, and the old session
    /// tells the service on the job queue, before anything the new one sends.
    func logout() {
        let session: ClientSession? = state.withLock { state in
            guard state.connection != .disconnected, let session = state.session else { return nil }
            state.generation += 1
            state.connection = .disconnected
            state.calls = [:]
            return session
        }
        guard let session else { return }
        emit(.connectionStateChanged(.disconnected, .success))
        enqueue { try? await session.logout() }
    }

    /// `renewToken(_:callback:)`.
    func renewToken(_ token: String, completion: @escaping @Sendable (ZIMFailure?) -> Void) {
        guard !token.isEmpty else {
            return post { completion(ZIMFailure(.ZIMErrorCodeNetworkModuleTokenInvalid, "the token is empty")) }
        }
        guard let session = state.withLock({ $0.isLoggedIn ? $0.session : nil }) else {
            return post { completion(.notLoggedIn) }
        }
        // Not on the job queue: a renewal is ordered with nothing, and waiting for it must not hold up
        // the calls behind it.
        Task(executorPreference: environment.executor) { [weak self] in
            let failure: ZIMFailure?
            do throws(SignalingError) {
                try await session.renewToken(token)
                failure = nil
            } catch {
                failure = ZIMErrorMapping.sessionError(error)
            }
            self?.post { completion(failure) }
        }
    }

    /// Logs out and lets the session go (`destroy()`).
    func shutdown() {
        let session = state.withLock { state in
            defer {
                state.session = nil
                state.generation += 1
                state.connection = .disconnected
                state.calls = [:]
            }
            return state.session
        }
        guard let session else { return }
        enqueue {
            try? await session.logout()
            await session.shutdown()
        }
    }

    // MARK: - Events from the session

    /// Called on the session's executor, in order.
    private func handle(_ event: ClientEvent, generation: Int) {
        guard state.withLock({ $0.generation == generation }) else { return }
        switch event {
        case .connection(let connectionState, let reason):
            connectionChanged(connectionState, reason, generation: generation)
        case .server(let serverEvent):
            handle(serverEvent, generation: generation)
        case .sessionReplaced, .reconnectRefused:
            break
        }
    }

    private func connectionChanged(
        _ newState: SwitchboardClient.ConnectionState, _ reason: ConnectionChangeReason, generation: Int
    ) {
        let mapped: ZIMConnectionState = switch newState {
        case .disconnected, .aborted: .disconnected
        case .connecting: .connecting
        case .connected: .connected
        case .reconnecting: .reconnecting
        }
        var zimEvent: ZIMConnectionEvent = switch reason {
        case .login: .activeLogin
        case .loginSuccess, .logout: .success
        case .loginFailure, .interrupted: .loginInterrupted
        case .loginTimeout: .loginTimeout
        case .bannedByServer, .remoteLogin: .kickedOut
        case .tokenExpired: .tokenExpired
        }
        let current: Bool = state.withLock { state in
            // Checked again under the lock: a logout or destroy may have retired this session since.
            guard state.generation == generation else { return false }
            if mapped == .disconnected && state.loggingOutForExpiredToken {
                zimEvent = .tokenExpired
                state.loggingOutForExpiredToken = false
            }
            if mapped == .disconnected {
                // What was shown belongs to the session; a later login catches up afresh.
                state.calls = [:]
            }
            state.connection = mapped
            return true
        }
        if current {
            emit(.connectionStateChanged(mapped, zimEvent))
        }
    }

    private func handle(_ event: ServerEvent, generation: Int) {
        switch event {
        case .call(let note):
            handleCall(note, generation: generation)
        case .tokenWillExpire(let expiresAt):
            let remaining = now.duration(to: expiresAt)
            let seconds = max(0, remaining.components.seconds + (remaining.components.attoseconds > 0 ? 1 : 0))
            emit(.tokenWillExpire(seconds: UInt32(clamping: seconds)))
        case .tokenExpired:
            // ZIM logs out with `tokenExpired` once the token runs out while connected; a replayed notice
            // for a token renewed since changes nothing.
            guard let session = state.withLock({ $0.session }) else { return }
            enqueue { [weak self] in
                guard let self, let expiry = await session.tokenExpiresAt, expiry <= now else { return }
                let current = state.withLock { state in
                    guard state.session === session else { return false }
                    state.loggingOutForExpiredToken = true
                    return true
                }
                if current { try? await session.logout() }
            }
        case .message, .presenceChanged, .channelMemberJoined, .channelMemberLeft, .channelMessage, .profileChanged:
            break
        }
    }
}
