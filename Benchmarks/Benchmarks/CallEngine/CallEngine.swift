import Benchmark
import Foundation
import Logging
import Synchronization
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// The call engine and the service around it:
/// - complete call setups on the engine alone (invite, delivery ack, accept, caller's confirmation: Agora's
///   three-way flow, after which the general call has ended with everyone answered);
/// - the cost of one command as calls grow from 2 to 10 participants;
/// - the service's cost per command (an invite and its cancel, through `SignalingService.receive`) with
///   1 to 1,000,000 calls already live: it must stay flat.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )

    let t0 = Timestamp(millisecondsSince1970: 1_767_225_600_000)
    let caller = Endpoint(user: "alice", device: "a1")
    let callee = Endpoint(user: "bob", device: "b1")
    let threeWay = CallPolicy(ringTimeout: .seconds(60), ringTimeoutStart: .atDelivery, deliveryTimeout: .seconds(30),
                              acceptConfirmation: .seconds(5), maxInviteesPerInvitation: 1)

    Benchmark("engine: complete call setup (invite, ack, accept, confirm)") { benchmark in
        for index in benchmark.scaledIterations {
            let invitation = Invitation(callID: CallID("c\(index)"), from: caller, invitees: ["bob"], policy: threeWay)
            var (engine, _) = try CallEngine.start(invitation, at: t0)
            blackHole(try engine.handle(.acknowledgeDelivery, from: callee, at: t0 + .milliseconds(5)))
            blackHole(try engine.handle(.accept(data: nil), from: callee, at: t0 + .seconds(2)))
            blackHole(try engine.handle(.confirmAccept(invitee: "bob"), from: caller, at: t0 + .seconds(2)))
            precondition(engine.call.state.isEnded)
        }
    }

    for size in [2, 4, 6, 8, 10] {
        let invitees = (1..<size).map { UserID("u\($0)") }
        Benchmark("engine: accept in a call of \(size) participants") { benchmark in
            // The calls are made before the measurement; only the accepts are timed.
            var engines = try benchmark.scaledIterations.map { index in
                try CallEngine.start(Invitation(callID: CallID("c\(index)"), from: caller, invitees: invitees, mode: .advanced,
                                                policy: CallPolicy(maxParticipants: 10)), at: t0).engine
            }
            let accepting = Endpoint(user: invitees[0], device: "d")
            benchmark.startMeasurement()
            for index in engines.indices {
                blackHole(try engines[index].handle(.accept(data: nil), from: accepting, at: t0 + .seconds(1)))
            }
            benchmark.stopMeasurement()
        }
    }

    for live in [1, 1_000, 100_000, 1_000_000] {
        Benchmark("service: invite + cancel with \(live) live calls",
                  configuration: .init(scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 20_000,
                                       setup: { World.shared.fill(to: live) })) { benchmark in
            let world = World.shared
            for _ in benchmark.scaledIterations {
                world.inviteAndCancel()
            }
        }
    }
}

/// One service with a caller logged in, filled with ringing calls to offline invitees (they stay live until
/// their 1-hour ring timeout, which the benchmark never reaches). Shared by the live-call benchmarks, which
/// run smallest first, so each only adds calls.
final class World: @unchecked Sendable {
    // @unchecked: used from one benchmark at a time.
    static let shared = World()

    let service: SignalingService
    let link = Sink()
    let connection: ConnectionID
    private var nextRequest: Int64 = 1
    private var live = 0
    /// An invitation of `invitee` that rings for an hour, which the benchmark never reaches: the service decides
    /// a call's policy from its profile and parameters (the native profile takes up to an hour).
    private func invitation(of invitee: UserID) -> InviteRequest {
        InviteRequest(invitees: [invitee], parameters: .init(ringTimeout: .seconds(3600)))
    }

    init() {
        var configuration = ServiceConfiguration()
        configuration.maxActiveCallsPerUser = .max
        configuration.replayLimit = 64
        service = SignalingService(configuration: configuration, clock: .system(), store: MemoryStore(),
                                   verifier: nil, logger: Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() }))
        connection = service.open(link)
        service.receive(.hello(Hello(app: "bench", user: "caller", device: "caller-1", token: "t", loginPolicy: .multiDevice)),
                        from: connection)
    }

    /// Creates ringing calls until `count` are live.
    func fill(to count: Int) {
        while live < count {
            _ = request(.invite(invitation(of: UserID("offline-\(live % 1000)"))))
            live += 1
        }
    }

    /// One invite and its cancel: two commands on a fresh call among the live ones.
    func inviteAndCancel() {
        guard case .success(.call(let call, _)) = request(.invite(invitation(of: "offline-x"))) else {
            fatalError("invite failed")
        }
        _ = request(.call(call.id, .cancel(invitees: nil, data: nil)))
    }

    private func request(_ operation: ServiceOperation) -> Result<Reply, SignalingError> {
        let id = RequestID(rawValue: nextRequest)
        nextRequest += 1
        service.receive(.request(Request(id: id, operation: operation)), from: connection)
        return link.response(id)
    }
}

/// The benchmark's connection: keeps the last response, drops everything else.
final class Sink: ServiceConnection {
    private let last = Mutex<Response?>(nil)
    func send(_ frame: ServerFrame) {
        if case .response(let response) = frame { last.withLock { $0 = response } }
    }
    func close() {}
    func response(_ id: RequestID) -> Result<Reply, SignalingError> {
        guard let response = last.withLock({ $0 }), response.id == id else { fatalError("no response to \(id)") }
        return response.result
    }
}
