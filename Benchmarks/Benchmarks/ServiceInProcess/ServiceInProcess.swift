import Benchmark
import Logging
import SwitchboardClient
import SwitchboardCore
import SwitchboardEmbedded
import SwitchboardService
import SwitchboardWire

/// The service in-process, through the client library: two `ClientSession`s on the in-process transport
/// (the embedded default) make complete calls, as an app would. Each sample is one call: invite; the
/// callee's session acknowledges delivery on its own, the callee accepts, the caller's session confirms on
/// its own (three-way accept), the callee is told it is connected, and the caller ends the call. Frames
/// pass as values, or, in the second benchmark, encoded to JSON and decoded again as over a network.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 20,
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 20_000
    )

    for encodes in [false, true] {
        let name = encodes
            ? "service in-process: complete call through client sessions, frames as JSON"
            : "service in-process: complete call through client sessions"
        Benchmark(name) { benchmark, pair in
            for _ in benchmark.scaledIterations {
                try await pair.completeCall()
            }
        } setup: {
            try await SessionPair(encodesFrames: encodes)
        }
    }
}

/// A caller and a callee logged in to one service.
final class SessionPair: Sendable {
    let service: SignalingService
    let caller: ClientSession
    let callee: ClientSession
    private let calleeEvents: AsyncStream<ClientEvent>

    init(encodesFrames: Bool) async throws {
        var configuration = ServiceConfiguration()
        configuration.maxActiveCallsPerUser = .max
        let logger = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
        service = SignalingService(configuration: configuration, clock: .system(), store: MemoryStore(),
                                   verifier: nil, logger: logger)
        let transport = InProcessTransport(service: service, encodesFrames: encodesFrames)
        func session(_ user: UserID) -> ClientSession {
            ClientSession(configuration: ClientConfiguration(app: "bench", user: user, device: DeviceID("\(user.rawValue)-1"),
                                                             token: "t", surface: "bench"),
                          transport: transport, clock: .system())
        }
        caller = session("caller")
        callee = session("callee")
        calleeEvents = callee.events
        try await caller.login()
        try await callee.login()
    }

    /// One complete call; returns once the callee knows it is connected and the caller's end is answered.
    func completeCall() async throws {
        let call = try await caller.invite(InviteRequest(
            invitees: ["callee"], profile: .nativeAdvanced, parameters: .init(ringTimeout: .seconds(60), confirmsAccept: true)))
        try await waitForCallee(call.id) { if case .invited = $0 { true } else { false } }
        _ = try await callee.act(.accept(data: nil), on: call.id)
        try await waitForCallee(call.id) { if case .acceptConfirmed = $0 { true } else { false } }
        _ = try await caller.act(.end(data: nil), on: call.id)
    }

    private func waitForCallee(_ id: CallID, _ matches: (CallNotification.Kind) -> Bool) async throws {
        for await event in calleeEvents {
            if case .server(.call(let note)) = event, note.call.id == id, matches(note.kind) { return }
        }
        throw CancellationError()
    }
}
