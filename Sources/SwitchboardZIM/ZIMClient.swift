import Dispatch
import Synchronization
import SwitchboardClient
import SwitchboardCore
#if Embedded
import SwitchboardEmbedded
#endif
import SwitchboardWire

/// The engine behind one `ZIM` instance: one logged-in session at a time, the instance's connection
/// state and what it last showed of each call. The session, the job queue, the callback queue and the
/// login generations are its ``SurfaceHost``'s (ARCHITECTURE.md, "Surfaces"); what the instance decides
/// is its ``ZIMInstanceStateMachine``'s, kept under the host's lock, whose actions the client carries out.
final class ZIMClient: SurfaceHost<ZIMClient.State>, @unchecked Sendable {
    // @unchecked: as the host, whose state is behind its lock; the rest are `let`s of Sendable types.
    /// The service's app id: ZIM's numeric `appID` as text.
    let app: String
    private let sink = Mutex<(@Sendable (ZIMEvent) -> Void)?>(nil)

    struct State: SurfaceState {
        var session: ClientSession?
        /// The instance's state: every decision about it is the machine's.
        var instance: ZIMInstanceStateMachine

        var user: UserID? {
            get { instance.user }
            set { instance.user = newValue }
        }

        var generation: Int {
            get { instance.generation }
            set { instance.generation = newValue }
        }

        var isLoggedIn: Bool { instance.isLoggedIn }
    }

    /// Each instance is one device of its user (ZIM logs in several devices at once).
    init(app: String, environment: ClientEnvironment, callbackQueue: DispatchQueue) {
        // The trait that carries the embedded service (Package.swift): without it the process must be
        // pointed at a server.
        #if Embedded
        EmbeddedService.provideAsProcessService()
        #endif
        self.app = app
        super.init(environment: environment, devicePrefix: "zim", callbackQueue: callbackQueue) { device in
            State(instance: ZIMInstanceStateMachine(device: device))
        }
    }

    func setEventSink(_ handler: (@Sendable (ZIMEvent) -> Void)?) {
        sink.withLock { $0 = handler }
    }

    func emit(_ event: ZIMEvent) {
        post { [self] in sink.withLock { $0 }?(event) }
    }

    /// Runs `input` on the instance's machine under the host's lock and carries out the actions it
    /// returns in order: events are posted under the same lock (so they reach the callback queue in the
    /// order the machine made its changes), session work goes to the job queue after it.
    func perform(_ input: (inout ZIMInstanceStateMachine) -> [ZIMInstanceStateMachine.Action]) {
        let jobs: [SerialJobQueue.Job] = state.withLock { state in
            var jobs: [SerialJobQueue.Job] = []
            for action in input(&state.instance) {
                switch action {
                case .emit(let event):
                    emit(event)
                case .logOutSession:
                    guard let session = state.session else { continue }
                    jobs.append { try? await session.logout() }
                case .shutDownSession:
                    guard let session = state.session else { continue }
                    jobs.append { await session.shutdown() }
                case .registerPush(let request):
                    guard let session = state.session else { continue }
                    let generation = state.generation
                    let this = WeakReference(self)
                    jobs.append {
                        await session.submit(.registerPush(request)) { result in
                            let error: SignalingError? = if case .failure(let error) = result { error } else { nil }
                            this.value?.perform { $0.pushRegisterAnswered(request, error: error, generation: generation) }
                        }
                    }
                case .unregisterPush:
                    guard let session = state.session else { continue }
                    jobs.append { _ = try? await session.request(.unregisterPush(platform: nil)) }
                }
            }
            return jobs
        }
        for job in jobs { enqueue(job) }
    }

    /// A decision of the instance's machine, under the host's lock.
    func decide<Value>(_ input: (inout ZIMInstanceStateMachine) -> Value) -> Value {
        state.withLock { input(&$0.instance) }
    }

    /// Sends `operation` on the current session, in order, with its refusal as `api` reports it.
    /// `completion` runs on the session's executor, in order with the events, so it must `post` what
    /// the app sees.
    func submit(
        _ operation: ServiceOperation, api: ZIMCallAPI,
        completion: @escaping @Sendable (Result<Reply, ZIMFailure>) -> Void
    ) {
        submit(operation) { result in
            completion(result.mapError { ZIMErrorMapping.error($0, in: api) })
        }
    }

    /// The instance's `ZPNs` changed, or was just attached (`ZIMInstanceStateMachine+Push.swift`).
    func pushSetupChanged(_ setup: ZPNsSetup) {
        perform { $0.pushSetupChanged(setup) }
    }

    // MARK: - Login, logout, token

    /// `login(withUserID:config:callback:)`; `token` nil for AppSign authentication. A non-empty
    /// `userName` becomes the user's stored name before the login is reported (an empty one leaves it).
    func login(user: String, token: String?, userName: String, completion: @escaping @Sendable (ZIMFailure?) -> Void) {
        guard ZIMLimits.isValidUserID(user) else {
            return post { completion(.invalid("userID must be 1 to 32 bytes of letters, digits and !#$%&()+-:;<=.>?@[]^_{}|~")) }
        }
        guard userName.utf8.count <= ZIMLimits.userNameBytes else {
            return post { completion(.invalid("userName is \(userName.utf8.count) bytes; at most \(ZIMLimits.userNameBytes)")) }
        }
        let outcome: Result<(ClientSession, ClientSession?, Int), ZIMFailure> = state.withLock { state in
            let generation: Int
            do throws(ZIMFailure) {
                generation = try state.instance.loginRequested(UserID(user))
            } catch {
                return .failure(error)
            }
            let session = makeSession(ClientConfiguration(
                app: app, user: UserID(user), device: device, token: token, loginPolicy: .multiDevice,
                surface: "zim", timing: ZIMLimits.timing, tokenWarningLead: ZIMLimits.tokenWillExpireNotice))
            let previous = state.session
            state.session = session
            return .success((session, previous, generation))
        }
        let session: ClientSession, previous: ClientSession?, generation: Int
        switch outcome {
        case .failure(let failure): return post { completion(failure) }
        case .success(let started): (session, previous, generation) = started
        }
        let this = WeakReference(self)
        startLogin(session, generation: generation, retiring: { await previous?.shutdown() }) { result in
            switch result {
            case .success where !userName.isEmpty:
                this.value?.storeName(userName, on: session) { this.value?.post { completion(nil) } }
            case .success:
                this.value?.post { completion(nil) }
            case .failure(let error):
                this.value?.post { completion(ZIMErrorMapping.sessionError(error)) }
            }
        }
    }

    /// The name a login gave (ZIM: "an empty userName leaves the name as it is"), stored before the login
    /// is reported. The login stands if storing it fails; the name is then the one stored before.
    private func storeName(_ userName: String, on session: ClientSession, then done: @escaping @Sendable () -> Void) {
        let this = WeakReference(self)
        enqueue {
            await session.submit(.setProfile(nickname: userName, avatarURL: nil, extendedData: nil)) { result in
                if case .success(.profiles(let profiles, _)) = result, let mine = profiles.first {
                    this.value?.remember(mine)
                }
                done()
            }
        }
    }

    /// `logout()`: no callback. The instance is logged out at once (a `login` right after it starts a
    /// new session); `connectionStateChanged(.disconnected, .success)` follows, and the old session
    /// tells the service on the job queue, before anything the new one sends.
    func logout() {
        perform { $0.logoutRequested() }
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
        renewToken(token, on: session, queued: false) { error in
            completion(error.map(ZIMErrorMapping.sessionError))
        }
    }

    /// Logs out and lets the session go (`destroy()`).
    func shutdown() {
        endSession { $0.instance.released() }
    }

    // MARK: - Events from the session

    /// Called on the session's executor, in order, for the current session only.
    override func sessionEvent(_ event: ClientEvent, generation: Int) {
        switch event {
        case .connection(let connectionState, let reason):
            perform { $0.connectionChanged(connectionState, reason, generation: generation) }
        case .server(.call(let note)):
            perform { $0.callNotified(note, generation: generation) }
        case .server(.tokenWillExpire(let expiresAt)):
            let now = now
            perform { $0.tokenWillExpire(at: expiresAt, now: now) }
        case .server(.profileChanged(let profile)):
            perform { $0.profileChanged(profile, generation: generation) }
        case .server(.message), .server(.presenceChanged), .server(.channelMemberJoined), .server(.channelMemberLeft),
             .server(.channelMessage), .server(.channelAttributesChanged):
            break
        case .reconnectRefused(let error):
            perform { $0.reconnectRefused(error, generation: generation) }
        case .sessionReplaced:
            break
        }
    }
}
