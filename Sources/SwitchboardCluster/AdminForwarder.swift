import Synchronization
import SwitchboardService
import SwitchboardJSON

/// The asking side of forwarded admin requests (docs/SERVER.md, "Cluster"): the requests this node sent
/// to other nodes and waits on, each numbered, each answered exactly once: by the host's reply, by its
/// timeout, or at once when its host dies or this node stops reaching the others. At most
/// ``maximumPending`` wait at a time, so a flood of admin requests cannot grow the table.
final class AdminForwarder: Sendable {
    static let maximumPending = 256

    typealias Outcome = Result<JSONValue, AdminForwardError>

    private struct Pending {
        var node: String
        var continuation: CheckedContinuation<Outcome, Never>
        var timer: Task<Void, Never>?
    }

    private struct State {
        var pending: [UInt64: Pending] = [:]
        /// From a random start: a reply meant for a previous process of this node never matches.
        var next = UInt64.random(in: 1...UInt64.max / 2)
    }

    private let state = Mutex(State())
    /// The clock the timeouts run on (a test's clock in tests).
    private let clock: any Clock<Duration>

    init(clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
    }

    /// How many requests wait.
    var waiting: Int { state.withLock { $0.pending.count } }

    /// Sends `request` for `app` to `node` through `send` and waits for its answer, at most `timeout`.
    func ask(_ request: AdminRequest, app: AppID, of node: String, timeout: Duration,
             send: (BusMessage) -> Void) async -> Outcome {
        let id = state.withLock { state in
            defer { state.next &+= 1 }
            return state.next
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let refused = state.withLock { state -> AdminForwardError? in
                    guard state.pending.count < Self.maximumPending else { return .tooManyPending(state.pending.count) }
                    state.pending[id] = Pending(node: node, continuation: continuation)
                    return nil
                }
                if let refused { return continuation.resume(returning: .failure(refused)) }
                send(.adminRequest(id: id, app: app.rawValue, body: request.body))
                let timer = timeOut(id, of: node, after: timeout, on: clock)
                let kept = state.withLock { state in
                    state.pending[id]?.timer = timer
                    return state.pending[id] != nil
                }
                if !kept { timer.cancel() }
            }
        } onCancel: {
            finish(id, .failure(.notServing("the request was cancelled")))
        }
    }

    /// The timer of request `id`: its deadline is fixed now, however late the task starts.
    private func timeOut<C: Clock<Duration>>(_ id: UInt64, of node: String, after timeout: Duration, on clock: C) -> Task<Void, Never> {
        let deadline = clock.now.advanced(by: timeout)
        return Task { [weak self] in
            try? await clock.sleep(until: deadline, tolerance: nil)
            guard !Task.isCancelled else { return }
            self?.finish(id, .failure(.hostDidNotAnswer(node: node, timeout: timeout)))
        }
    }

    /// `node`'s reply to request `id`; a reply from another node than the one asked is ignored.
    func replied(id: UInt64, from node: String, body: String) {
        let asked = state.withLock { state -> Bool in
            guard state.pending[id]?.node == node else { return false }
            return true
        }
        guard asked else { return }
        do throws(InvalidBusPayload) {
            switch try AdminReply(body: body) {
            case .answer(let answer): finish(id, .success(answer))
            case .refused(let error): finish(id, .failure(.refused(error)))
            }
        } catch {
            finish(id, .failure(.invalidReply(node: node, error.description)))
        }
    }

    /// Every request waiting on `node` fails with `error` (the node died).
    func fail(waitingOn node: String, with error: AdminForwardError) {
        let ids = state.withLock { state in state.pending.filter { $0.value.node == node }.map(\.key) }
        for id in ids { finish(id, .failure(error)) }
    }

    /// Every waiting request fails with `error` (this node is fenced or stops).
    func failAll(with error: AdminForwardError) {
        let ids = state.withLock { state in Array(state.pending.keys) }
        for id in ids { finish(id, .failure(error)) }
    }

    /// Answers request `id`, if it still waits.
    private func finish(_ id: UInt64, _ outcome: Outcome) {
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
        pending.timer?.cancel()
        pending.continuation.resume(returning: outcome)
    }
}
