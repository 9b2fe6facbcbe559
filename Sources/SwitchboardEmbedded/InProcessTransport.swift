import DequeModule
import Synchronization
import SwitchboardClient
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// Connects clients to a ``/SwitchboardService/SignalingService`` in the same process: the embedded default, and the
/// transport of every test.
///
/// Frames pass as values. With ``encodesFrames`` on, every frame is encoded to JSON through the wire
/// codec and decoded again on the other side, exactly as over a network, and written to the frame log
/// when `SWITCHBOARD_FRAME_LOG` is set (CI validates that log against `Schemas/`). A
/// ``FaultInjector`` can drop, delay and sever.
public struct InProcessTransport: Transport {
    public let service: SignalingService
    public let encodesFrames: Bool
    public let faults: FaultInjector
    /// The preferred executor of the tasks that hold back delayed frames (Swift's default if nil).
    public let executor: (any TaskExecutor)?

    public init(
        service: SignalingService, encodesFrames: Bool = false, faults: FaultInjector = FaultInjector(),
        executor: (any TaskExecutor)? = nil
    ) {
        self.service = service
        self.encodesFrames = encodesFrames
        self.faults = faults
        self.executor = executor
    }

    public func connect() async throws(SignalingError) -> any TransportConnection {
        if faults.refusesConnections {
            throw SignalingError(.disconnected, "connection refused (fault injection)")
        }
        let link = InProcessLink(service: service, encodesFrames: encodesFrames, faults: faults, executor: executor)
        faults.register(link)
        link.open()
        return link.clientEnd
    }
}

/// One in-process connection: a client end (the client's ``TransportConnection``) and a service end
/// (the service's ``ServiceConnection``), sharing one state.
final class InProcessLink: Sendable {
    private struct State {
        var connection: ConnectionID?
        /// The client closed (or the network reset) the link: nothing passes any more.
        var closedByClient = false
        /// The service closed the link: it sends and accepts nothing more, but frames it already sent
        /// still reach the client.
        var closedByService = false
        /// Silently dead: nothing passes, and nobody is told.
        var isSevered = false
        /// Which operation each request id was, for the frame log's annotation of responses.
        var operations: [RequestID: String] = [:]
        /// Both ends of compact call events (docs/DECISIONS.md, "Compact call events"), when frames
        /// are encoded.
        var encoder = CompactEventEncoder()
        var decoder = CompactEventDecoder()
    }

    let service: SignalingService
    let encodesFrames: Bool
    let faults: FaultInjector
    private let state = Mutex(State())
    private let toClient: AsyncStream<ServerFrame>.Continuation
    let frames: AsyncStream<ServerFrame>
    private let toServiceDelay: DelayLine<ClientFrame>
    private let toClientDelay: DelayLine<ServerFrame>

    var clientEnd: ClientEnd { ClientEnd(link: self) }
    var serviceEnd: ServiceEnd { ServiceEnd(link: self) }

    init(service: SignalingService, encodesFrames: Bool, faults: FaultInjector, executor: (any TaskExecutor)?) {
        self.service = service
        self.encodesFrames = encodesFrames
        self.faults = faults
        (frames, toClient) = AsyncStream.makeStream(of: ServerFrame.self)
        toServiceDelay = DelayLine(clock: service.clock, executor: executor)
        toClientDelay = DelayLine(clock: service.clock, executor: executor)
    }

    func open() {
        let id = service.open(serviceEnd)
        state.withLock { $0.connection = id }
    }

    /// Whether a new frame may enter the link.
    private var isOpen: Bool {
        state.withLock { !$0.closedByClient && !$0.closedByService && !$0.isSevered }
    }

    // MARK: Client to service

    func sendToService(_ frame: ClientFrame) {
        guard isOpen, !faults.shouldDrop(frame) else { return }
        if case .request(let request) = frame, encodesFrames {
            state.withLock { $0.operations[request.id] = request.operation.name }
        }
        let delay = faults.delay
        if delay > .zero || !toServiceDelay.isIdle {
            toServiceDelay.push(frame, after: delay) { [self] in deliverToService($0) }
        } else {
            deliverToService(frame)
        }
    }

    private func deliverToService(_ frame: ClientFrame) {
        guard isOpen, let connection = state.withLock({ $0.connection }) else { return }
        guard encodesFrames else {
            service.receive(frame, from: connection)
            return
        }
        FrameLog.shared?.record(frame)
        let bytes = WireCodec.encode(frame)
        do {
            service.receive(try WireCodec.decodeClientFrame(bytes), from: connection)
        } catch {
            service.receiveInvalid(error, requestID: WireCodec.requestID(in: bytes), from: connection)
        }
    }

    func closeFromClient() {
        let connection: ConnectionID? = state.withLock { state in
            guard !state.closedByClient else { return nil }
            state.closedByClient = true
            return state.closedByService ? nil : state.connection
        }
        toClient.finish()
        faults.unregister(self)
        if let connection { service.closed(connection) }
    }

    // MARK: Service to client

    func sendToClient(_ frame: ServerFrame) {
        guard isOpen, !faults.shouldDrop(frame) else { return }
        let delay = faults.delay
        if delay > .zero || !toClientDelay.isIdle {
            toClientDelay.push(frame, after: delay) { [self] in deliverToClient($0) }
        } else {
            deliverToClient(frame)
        }
    }

    private func deliverToClient(_ frame: ServerFrame) {
        guard state.withLock({ !$0.closedByClient && !$0.isSevered }) else { return }
        guard encodesFrames else {
            toClient.yield(frame)
            return
        }
        var operation: String?
        if case .response(let response) = frame {
            operation = state.withLock { $0.operations.removeValue(forKey: response.id) }
        }
        let bytes = state.withLock { $0.encoder.encode(frame) }
        if let log = FrameLog.shared {
            // What crossed the link: a compact call event in its compact form.
            if let json = try? WireCodec.parse(bytes, limits: WireCodec.serverFrameLimits) {
                log.record(direction: .serverToClient, frame: json, op: operation)
            }
        }
        do {
            toClient.yield(try state.withLock { (state) throws(SignalingError) in try state.decoder.decode(bytes) })
        } catch where state.withLock({ $0.decoder.isOutOfStep }) {
            // As over a network: the client drops the link and its session resumes on a new one.
            closeFromClient()
        } catch {
            // The service produced a frame its own codec cannot read back: a bug, not a network fault.
            preconditionFailure("server frame does not survive the wire codec: \(error)")
        }
    }

    func closeFromService() {
        let (wasOpen, severed) = state.withLock { state in
            defer { state.closedByService = true }
            return (!state.closedByService && !state.closedByClient, state.isSevered)
        }
        guard wasOpen else { return }
        faults.unregister(self)
        // A severed link carries nothing, not even the news that it closed.
        guard !severed else { return }
        // Frames already queued still reach the client, then its stream ends.
        toClientDelay.whenIdle { [toClient] in toClient.finish() }
    }

    // MARK: Faults

    func sever() {
        state.withLock { $0.isSevered = true }
    }

    func closeFromNetwork() {
        closeFromClient()
    }
}

/// The client's side of an in-process link.
final class ClientEnd: TransportConnection {
    private let link: InProcessLink

    init(link: InProcessLink) {
        self.link = link
    }

    var frames: AsyncStream<ServerFrame> { link.frames }

    func send(_ frame: ClientFrame) {
        link.sendToService(frame)
    }

    func close() {
        link.closeFromClient()
    }
}

/// The service's side of an in-process link.
final class ServiceEnd: ServiceConnection {
    private let link: InProcessLink

    init(link: InProcessLink) {
        self.link = link
    }

    func send(_ frame: ServerFrame) {
        link.sendToClient(frame)
    }

    func close() {
        link.closeFromService()
    }
}

/// Delivers values in order, each no earlier than its due time, on the injected clock.
final class DelayLine<Value: Sendable>: Sendable {
    private struct State {
        var queue: Deque<(due: Timestamp, value: Value, deliver: @Sendable (Value) -> Void)> = []
        var draining = false
        var idleActions: [@Sendable () -> Void] = []
    }

    private let clock: ServiceClock
    private let executor: (any TaskExecutor)?
    private let state = Mutex(State())

    init(clock: ServiceClock, executor: (any TaskExecutor)?) {
        self.clock = clock
        self.executor = executor
    }

    var isIdle: Bool { state.withLock { !$0.draining && $0.queue.isEmpty } }

    func push(_ value: Value, after delay: Duration, deliver: @escaping @Sendable (Value) -> Void) {
        let due = clock.now() + delay
        let start = state.withLock { state in
            state.queue.append((due, value, deliver))
            defer { state.draining = true }
            return !state.draining
        }
        if start {
            Task(executorPreference: executor) { await self.drain() }
        }
    }

    /// Runs `action` once everything queued has been delivered (at once when idle).
    func whenIdle(_ action: @escaping @Sendable () -> Void) {
        let idle = state.withLock { state in
            if !state.draining && state.queue.isEmpty { return true }
            state.idleActions.append(action)
            return false
        }
        if idle { action() }
    }

    private func drain() async {
        while true {
            let next = state.withLock { state -> (due: Timestamp, value: Value, deliver: @Sendable (Value) -> Void)? in
                if let first = state.queue.popFirst() { return first }
                state.draining = false
                return nil
            }
            guard let next else { break }
            if next.due > clock.now() {
                try? await clock.sleep(until: next.due)
            }
            next.deliver(next.value)
        }
        let actions = state.withLock { state in
            defer { state.idleActions = [] }
            return state.idleActions
        }
        actions.forEach { $0() }
    }
}
