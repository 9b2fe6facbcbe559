import Synchronization
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// A caller and a callee, each with their own session on the server, carrying one ``CallFlow`` at a time.
/// Everything a pair changes is under its lock, and frames are sent while holding it, so requests leave
/// in the order the flow asked for them.
final class LoadPair: Sendable {
    let index: Int
    let caller: UserID
    let callee: UserID
    private let state = Mutex(PairState())

    struct PairState: Sendable {
        var links: [CallFlow.Side: any TransportConnection] = [:]
        var flow: CallFlow?
        var deadline: ContinuousClock.Instant?
        var nextRequest: Int64 = 1
        /// Which call of the pair this is: a response to a request of an earlier call (one that failed
        /// with requests still out) is dropped, not given to the current call.
        var generation = 0
        /// The requests awaiting their responses, by side: the call they belong to and their step.
        var requests: [CallFlow.Side: [RequestID: (generation: Int, step: CallFlow.Step)]] = [.caller: [:], .callee: [:]]
        /// The last event sequence seen and the last acknowledged, by side.
        var lastSequence: [CallFlow.Side: EventSequence] = [:]
        var acknowledged: [CallFlow.Side: EventSequence] = [:]
        /// When each side last sent a frame (a heartbeat goes only to quiet connections).
        var lastSent: [CallFlow.Side: ContinuousClock.Instant] = [:]
        /// A stalled or disconnected pair may still have a call on the server: it places no more calls.
        var retired = false
    }

    /// What the runner takes away from a frame: measurements and an outcome, applied to the statistics
    /// outside the pair's lock.
    struct Result {
        var measured: [(CallFlow.Measurement, Duration)] = []
        var finished: (FlowKind, CallFlow.Outcome)?
    }

    /// Events acknowledged every this many, as `ClientSession` does (the server's replay buffer holds
    /// 2,048); a quiet connection acknowledges the rest with its heartbeat.
    static let acknowledgeEvery: EventSequence = 32

    init(index: Int, prefix: String) {
        self.index = index
        caller = UserID("\(prefix)-c\(index)")
        callee = UserID("\(prefix)-e\(index)")
    }

    /// A stalled or disconnected pair places no more calls.
    var isRetired: Bool {
        state.withLock { $0.retired }
    }

    func user(_ side: CallFlow.Side) -> UserID {
        side == .caller ? caller : callee
    }

    func attach(_ link: any TransportConnection, as side: CallFlow.Side) {
        state.withLock { state in
            state.links[side] = link
            state.lastSent[side] = .now  // the hello; heartbeats start from here
        }
    }

    /// Starts a call of `kind`; false when the pair is retired.
    func start(_ kind: FlowKind, parameters: CallParameters, deadline: ContinuousClock.Instant, at now: ContinuousClock.Instant) -> Bool {
        state.withLock { state in
            guard !state.retired, state.flow == nil || state.flow!.isFinished else { return false }
            let (flow, actions) = CallFlow.start(kind, caller: caller, callee: callee, parameters: parameters, at: now)
            state.generation += 1
            state.flow = flow
            state.deadline = deadline
            var ignored = Result()
            Self.perform(actions, kind: kind, state: &state, into: &ignored)
            return true
        }
    }

    /// A frame arrived on one side's connection.
    func received(_ frame: ServerFrame, on side: CallFlow.Side, at now: ContinuousClock.Instant) -> Result {
        state.withLock { state in
            var result = Result()
            switch frame {
            case .response(let response):
                guard let request = state.requests[side]?.removeValue(forKey: response.id),
                      request.generation == state.generation, var flow = state.flow else { break }
                let actions = flow.replied(request.step, response.result, at: now)
                state.flow = flow
                Self.perform(actions, kind: flow.kind, state: &state, into: &result)
            case .event(let envelope):
                state.lastSequence[side] = envelope.sequence
                if envelope.sequence - state.acknowledged[side, default: 0] >= Self.acknowledgeEvery {
                    Self.acknowledge(side, state: &state)
                }
                guard case .call(let note) = envelope.event, var flow = state.flow else { break }
                let actions = flow.received(note, on: side, at: now)
                state.flow = flow
                Self.perform(actions, kind: flow.kind, state: &state, into: &result)
            case .bye, .refused:
                result.finished = Self.retire(&state, cause: .disconnected)
            case .welcome, .pong:
                break
            }
            return result
        }
    }

    /// The connection of one side closed.
    func closed(_ side: CallFlow.Side) -> Result {
        state.withLock { state in
            state.links[side] = nil
            return Result(finished: Self.retire(&state, cause: .disconnected))
        }
    }

    /// Fails the call in flight if its deadline has passed; the pair is retired.
    func expire(at now: ContinuousClock.Instant) -> Result {
        state.withLock { state in
            guard let deadline = state.deadline, deadline <= now, var flow = state.flow, !flow.isFinished else { return Result() }
            var result = Result()
            Self.perform(flow.stalled(), kind: flow.kind, state: &state, into: &result)
            state.flow = flow
            state.retired = true
            return result
        }
    }

    /// As a client does when it has nothing else to send: on each connection that sent nothing since
    /// `quietSince`, acknowledges what is pending or, with nothing pending, sends a ping.
    func heartbeat(quietSince: ContinuousClock.Instant) {
        state.withLock { state in
            for side in [CallFlow.Side.caller, .callee] where state.lastSent[side, default: .now] <= quietSince {
                if state.lastSequence[side, default: 0] > state.acknowledged[side, default: 0] {
                    Self.acknowledge(side, state: &state)
                } else {
                    state.links[side]?.send(.ping)
                    state.lastSent[side] = .now
                }
            }
        }
    }

    func close() {
        state.withLock { state in
            state.retired = true
            for link in state.links.values { link.close() }
        }
    }

    private static func retire(_ state: inout PairState, cause: FailureCause) -> (FlowKind, CallFlow.Outcome)? {
        state.retired = true
        guard let flow = state.flow, !flow.isFinished else { return nil }
        // Finish it here so it is counted once.
        state.flow = nil
        return (flow.kind, .failed(cause))
    }

    private static func acknowledge(_ side: CallFlow.Side, state: inout PairState) {
        guard let last = state.lastSequence[side], last > state.acknowledged[side, default: 0] else { return }
        state.links[side]?.send(.ack(last))
        state.acknowledged[side] = last
        state.lastSent[side] = .now
    }

    private static func perform(_ actions: [CallFlow.Action], kind: FlowKind, state: inout PairState, into result: inout Result) {
        for action in actions {
            switch action {
            case .send(let side, let step, let operation):
                let id = RequestID(rawValue: state.nextRequest)
                state.nextRequest += 1
                state.requests[side, default: [:]][id] = (state.generation, step)
                state.links[side]?.send(.request(Request(id: id, operation: operation)))
                state.lastSent[side] = .now
            case .measured(let measurement, let duration):
                result.measured.append((measurement, duration))
            case .finished(let outcome):
                result.finished = (kind, outcome)
                state.deadline = nil
            }
        }
    }
}
