import Clocks
import ServerTestSupport
import Synchronization
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// A service on a test clock whose timers the test fires by hand, and raw connections that record
/// every frame the service sends: for testing the service's protocol handling without a client.
final class ServiceHarness: Sendable {
    let clock = TestClock<Duration>()
    let service: SignalingService

    /// The instant the service's clock starts at.
    static let epoch = Timestamp(millisecondsSince1970: 1_767_225_600_000)

    init(configuration: ServiceConfiguration = .development, verifier: (any TokenVerifier)? = nil,
         store: any ServiceStore = MemoryStore(), cluster: (any ClusterRouting)? = nil,
         pushes: (any PushDispatching)? = nil) {
        service = testService(configuration: configuration, clock: ServiceClock(clock, epoch: Self.epoch), store: store,
                              verifier: verifier, cluster: cluster, pushes: pushes)
    }

    var now: Timestamp { service.clock.now() }

    /// Moves time in steps and fires the timers due after each, as the timer loop would.
    func advance(by duration: Duration, step: Duration = .seconds(1)) async {
        var remaining = duration
        while remaining > .zero {
            let next = min(step, remaining)
            await clock.advance(by: next)
            service.fireDueTimers()
            remaining -= next
        }
    }

    func connect() -> RawConnection {
        let connection = RawConnection()
        connection.id = service.open(connection)
        connection.service = service
        return connection
    }

    /// A raw connection logged in as `user`.
    func login(_ user: UserID, device: DeviceID? = nil, app: String = "app", token: String? = "token",
               policy: LoginPolicy = .multiDevice) throws -> RawConnection {
        let connection = connect()
        connection.send(.hello(Hello(app: app, user: user, device: device ?? DeviceID("\(user.rawValue)-1"),
                                     token: token, loginPolicy: policy)))
        guard case .welcome(let welcome) = connection.frames.first else {
            throw HarnessError.notWelcomed(connection.frames)
        }
        connection.session = welcome.session
        return connection
    }
}

enum HarnessError: Error {
    case notWelcomed([ServerFrame])
    case noResponse(RequestID, [ServerFrame])
}

/// A connection that records what the service sends it.
final class RawConnection: ServiceConnection, @unchecked Sendable {
    // Test-only: set once right after opening, before any concurrent use.
    var id = ConnectionID(rawValue: 0)
    var service: SignalingService?
    var session: SessionID?
    private let state = Mutex<(frames: [ServerFrame], closed: Bool, nextID: Int64)>(([], false, 1))

    func send(_ frame: ServerFrame) {
        state.withLock { $0.frames.append(frame) }
    }

    func close() {
        state.withLock { $0.closed = true }
    }

    var frames: [ServerFrame] { state.withLock { $0.frames } }
    var isClosed: Bool { state.withLock { $0.closed } }

    func send(_ frame: ClientFrame) {
        service?.receive(frame, from: id)
    }

    /// The events received, in order.
    var events: [EventEnvelope] {
        frames.compactMap { if case .event(let envelope) = $0 { envelope } else { nil } }
    }

    var callNotes: [CallNotification] {
        events.compactMap { if case .call(let note) = $0.event { note } else { nil } }
    }

    /// Sends a request and returns its response (the service answers synchronously).
    @discardableResult
    func request(_ operation: ServiceOperation, id: RequestID? = nil) throws -> Result<Reply, SignalingError> {
        let requestID = id ?? state.withLock { state in
            defer { state.nextID += 1 }
            return RequestID(rawValue: state.nextID)
        }
        send(.request(Request(id: requestID, operation: operation)))
        for frame in frames.reversed() {
            if case .response(let response) = frame, response.id == requestID { return response.result }
        }
        throw HarnessError.noResponse(requestID, frames)
    }

    /// The call in a successful call reply.
    func call(_ operation: ServiceOperation) throws -> Call {
        guard case .call(let call, _) = try request(operation).get() else { throw HarnessError.noResponse(0, frames) }
        return call
    }

    /// Acknowledges every event so far and simulates the client closing.
    func ackAll() {
        if let last = events.last { send(.ack(last.sequence)) }
    }

    func drop() {
        service?.closed(id)
    }
}

/// A verifier for tests: tokens look like "ok", "ok:<expiry ms>", or anything else (refused).
struct ScriptedVerifier: TokenVerifier {
    func verify(token: String?, user: UserID, app: AppConfiguration?, vendorApp: String, surface: String?, at now: Timestamp)
        throws(SignalingError) -> TokenGrant
    {
        guard let token, token.hasPrefix("ok") else {
            throw SignalingError(.invalidToken, "token \(token ?? "nil") is not valid for \(user)")
        }
        if token.hasPrefix("ok:"), let ms = Int64(token.dropFirst(3)) {
            return TokenGrant(expiresAt: Timestamp(millisecondsSince1970: ms))
        }
        return TokenGrant(expiresAt: nil)
    }
}

extension ServiceOperation {
    /// A text peer message to `user`, kept for them if they are offline.
    static func offlineMessage(_ text: String, to user: UserID) -> ServiceOperation {
        .sendMessage(PeerMessageRequest(to: user, content: .text(text), storeIfOffline: true))
    }
}

extension ServiceHarness {
    /// The offline messages a fresh login of `user` is handed, as "sender:text".
    func offlineMessagesHandedOver(to user: UserID) throws -> [String] {
        try login(user).events.compactMap { envelope -> String? in
            guard case .message(let message) = envelope.event, message.isOffline, case .text(let text) = message.content else {
                return nil
            }
            return "\(message.from):\(text)"
        }
    }
}
