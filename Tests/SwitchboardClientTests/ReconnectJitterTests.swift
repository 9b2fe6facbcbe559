import Synchronization
import Testing
import SwitchboardClient
import SwitchboardCore
import SwitchboardTesting
import SwitchboardWire

/// A transport that notes when each connection attempt was made.
private final class AttemptLog: Transport {
    private let base: any Transport
    private let clock: ServiceClock
    private let times = Mutex<[Timestamp]>([])

    init(_ base: any Transport, clock: ServiceClock) {
        self.base = base
        self.clock = clock
    }

    var attempts: [Timestamp] { times.withLock { $0 } }

    func connect() async throws(SignalingError) -> any TransportConnection {
        times.withLock { $0.append(clock.now()) }
        return try await base.connect()
    }
}

/// Always draws the same number: `unit` in `Double.random(in: 0..<1, using:)`.
private struct FixedRandom: RandomNumberGenerator, Sendable {
    let unit: Double

    mutating func next() -> UInt64 {
        // Double.random(in: 0..<1) reads the low 53 bits as the fraction.
        UInt64(unit * Double(UInt64(1) << 53))
    }
}

@Suite("Client session: reconnect jitter")
struct ReconnectJitterTests {
    /// Logs a session in with `timing`, breaks its link with the service unreachable for 40 s, and
    /// returns the gaps between its reconnect attempts, in milliseconds (the first, at once, included).
    func reconnectGaps(timing: ClientTiming, random: any RandomNumberGenerator & Sendable) async throws -> [Int64] {
        let world = TestWorld()
        let faults = FaultInjector()
        let log = AttemptLog(world.transport(faults: faults), clock: world.serviceClock)
        let session = ClientSession(
            configuration: ClientConfiguration(app: "test-app", user: "alice", device: "alice-1", token: "t", timing: timing),
            transport: log, clock: world.serviceClock, executor: world.executor, random: random)
        try await session.login()
        faults.refusesConnections = true
        let dropped = world.now
        faults.closeLinks()
        await world.advance(by: .seconds(40))
        let times = [dropped] + log.attempts.dropFirst()  // the login's attempt is not a reconnect
        await session.shutdown()
        return zip(times, times.dropFirst()).map { $0.duration(to: $1).milliseconds }
    }

    let timing = ClientTiming(reconnectInitialDelay: .seconds(1), reconnectMaxDelay: .seconds(8), reconnectJitter: 0.5)

    @Test("each delay after a failed attempt loses the drawn share of the jitter; the first attempt goes at once")
    func drawnShare() async throws {
        let gaps = try await reconnectGaps(timing: timing, random: FixedRandom(unit: 0.5))
        // 1, 2, 4, 8, 8... seconds, each shortened by half of the jitter's 50 %.
        #expect(Array(gaps.prefix(7)) == [0, 750, 1_500, 3_000, 6_000, 6_000, 6_000])
    }

    @Test("random jitter keeps every delay between half of it and all of it, never past the longest")
    func bounded() async throws {
        let gaps = try await reconnectGaps(timing: timing, random: SystemRandomNumberGenerator())
        let full: [Int64] = [0, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000]
        #expect(gaps.count >= 6)
        for (gap, delay) in zip(gaps, full) {
            #expect(gap >= delay / 2 && gap <= delay, "gap \(gap) ms for a delay of \(delay) ms")
        }
        #expect(gaps.allSatisfy { $0 <= 8_000 })
        #expect(zip(gaps.dropFirst(), full.dropFirst()).contains { $0 != $1 }, "some delay was shortened")
    }

    @Test("without jitter (the surfaces' timing) every client retries on the same beat")
    func noJitter() async throws {
        var plain = timing
        plain.reconnectJitter = 0
        let gaps = try await reconnectGaps(timing: plain, random: FixedRandom(unit: 0.9))
        #expect(Array(gaps.prefix(6)) == [0, 1_000, 2_000, 4_000, 8_000, 8_000])
        #expect(ClientTiming(reconnectJitter: 7).reconnectJitter == 1)
        #expect(timing.jittered(.seconds(4), unit: 1) == .seconds(2))
        #expect(timing.jittered(.seconds(4), unit: 0.25) == .milliseconds(3_500))
        #expect(plain.jittered(.seconds(4), unit: 0.25) == .seconds(4))
    }
}

private extension Duration {
    var milliseconds: Int64 {
        components.seconds * 1_000 + components.attoseconds / 1_000_000_000_000_000
    }
}

