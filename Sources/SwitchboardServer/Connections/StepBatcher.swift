import NIOCore
import SwitchboardService
import SwitchboardWire

/// The client frames one event loop received during one of its turns, from all its connections, handed to
/// the service as one step (docs/ARCHITECTURE.md, "Steps and durability"): everything they write is
/// committed in one transaction, a group commit, and then their responses and events go out. The first
/// frame of a turn schedules the step at the end of the turn; each connection's frames keep their order.
/// Only its event loop touches it.
///
/// A step takes every frame of its turn. Bounding it (a few milliseconds of work per step, the rest left for
/// the next turns, so the loop would read its sockets, and the door answer, more often) was built and
/// measured: the loop then reads more per turn than a bounded step carries, the backlog grows and the load
/// shedding refuses more, about a fifth fewer calls established under overload (docs/PERFORMANCE.md,
/// "Overload"). So was running the steps on a thread of their own, the loop reading on meanwhile: on one core
/// the refusals' median became immediate, their p99 did not, and fewer calls were established
/// (docs/PERFORMANCE.md, "The last levers, measured").
final class StepBatcher {
    private let service: SignalingService
    private let metrics: ServerMetrics
    private let eventLoop: any EventLoop
    private var pending: [InboundFrame] = []
    /// The connections with frames in ``pending``.
    private var pendingConnections: Set<ConnectionID> = []
    private var requests = 0

    init(service: SignalingService, metrics: ServerMetrics, eventLoop: any EventLoop) {
        self.service = service
        self.metrics = metrics
        self.eventLoop = eventLoop
    }

    /// Adds a decoded frame to the turn's step; `isAdmitted` when the door admitted it as a new call
    /// (``SignalingService/door(_:from:)``).
    func add(_ frame: ClientFrame, from connection: ConnectionID, isAdmitted: Bool = false) {
        pending.append(InboundFrame(frame, from: connection, isAdmitted: isAdmitted))
        pendingConnections.insert(connection)
        if case .request = frame { requests += 1 }
        if pending.count == 1 {
            let this = NIOLoopBound(self, eventLoop: eventLoop)
            eventLoop.execute { this.value.flush() }
        }
    }

    /// Whether frames of `connection` wait for the turn's step: then its next frame must not overtake them.
    func hasPending(from connection: ConnectionID) -> Bool {
        pendingConnections.contains(connection)
    }

    /// Hands the frames gathered so far to the service now: at the end of the turn, and before anything
    /// else of a connection with frames here reaches the service (the refusal of its later frame), so none of
    /// its frames is overtaken.
    func flush() {
        guard !pending.isEmpty else { return }
        let batch = pending
        let count = requests
        pending.removeAll(keepingCapacity: true)
        pendingConnections.removeAll(keepingCapacity: true)
        requests = 0
        let started = ContinuousClock.now
        service.receive(batch)
        // The step's time is each of its requests' time in the service.
        let elapsed = ContinuousClock.now - started
        for _ in 0..<count { metrics.requestLatency(elapsed) }
    }
}
