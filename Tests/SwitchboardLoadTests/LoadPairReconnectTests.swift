import Synchronization
import Testing
@testable import SwitchboardLoad
import SwitchboardClient
import SwitchboardCore
import SwitchboardTesting
import SwitchboardWire

/// The calls a ledger was told of.
final class Collected: Sendable {
    let calls = Mutex<[CompletedCall]>([])
}

/// One pair of simulated users against a `TestWorld`'s service, in virtual time: what the generator does
/// when its users' connections drop, with the service keeping their sessions (a resume) or not (as
/// after a restart).
@Suite("Load generator: reconnects")
struct LoadPairReconnectTests {
    let world = TestWorld()
    let faults = FaultInjector()
    let completed = Collected()
    let plan: LoadPlan
    let ledger: LoadLedger
    let transport = CountedTransport.Counts()
    let pair: LoadPair

    init() {
        var plan = LoadPlan(pace: .rate(1), pairs: 1, ringTimeout: .seconds(2), app: "test-app", token: "t",
                            userPrefix: "u", warmsUp: false)
        plan.reconnectInitialDelay = .milliseconds(250)
        plan.reconnectMaxDelay = .seconds(2)
        self.plan = plan
        let completed = completed
        ledger = LoadLedger(plan: plan, completedCalls: { call in completed.calls.withLock { $0.append(call) } })
        let environment = world.environment(faults: faults)
        let counted = CountedTransport(base: environment.transport, counts: transport)
        pair = LoadPair(index: 0, plan: plan, transports: (counted, counted), clock: environment.clock,
                        executor: environment.executor, ledger: ledger)
    }

    func logIn() async throws {
        let pair = pair
        try await world.result(of: world.task { try await pair.logIn() }).get()
        ledger.idle.withLock { $0 = [] }  // the test places the calls itself
    }

    /// Places a call of `kind` and runs the world until nothing more happens without time moving.
    func place(_ kind: FlowKind) async {
        let now = ContinuousClock.now
        ledger.stats.withLock { $0.didStart(kind, at: now) }
        pair.start(kind, at: now)
        await world.runUntilIdle()
    }

    var stats: LoadStats { ledger.stats.withLock { $0 } }

    @Test("a dropped link whose session the service kept is resumed: the call in flight goes on to its end, nothing interrupted")
    func resumed() async throws {
        try await logIn()
        await place(.timeout)
        #expect(stats.inFlight == 1)
        faults.closeLinks()
        await world.advance(by: .seconds(3))  // the ring timeout passes
        #expect(stats.completed[.timeout] == 1)
        #expect(stats.interruptedCount == 0)
        #expect(stats.relogins == 0)
        #expect(stats.resumes == 0, "repaired before the interruption threshold: not seen as a drop")
        #expect(transport.linksOpened == 4)  // two logins, two silent resumes
        #expect(completed.calls.withLock { $0.map(\.participants) } == [["u-c0", "u-e0"]])
        await pair.shutDown()
    }

    @Test("sessions the service lost, as after a restart: the call in flight is interrupted, both users log in afresh with bounded backoff, the caller hangs up the connected leftover, the pair calls on")
    func loggedInAfresh() async throws {
        try await logIn()
        // An answered call whose hang-up is lost on the way: the call stays connected on the service.
        faults.dropFramesToService { frame in
            if case .request(let request) = frame, case .call(_, .end) = request.operation { return true }
            return false
        }
        await place(.accept)
        #expect(world.service.activeCalls().map(\.state) == [.connected])
        #expect(stats.inFlight == 1)

        // The service becomes unreachable until it has forgotten both sessions (30 s of silence).
        faults.refusesConnections = true
        faults.closeLinks()
        await world.advance(by: .seconds(5))
        #expect(stats.inFlight == 1, "the call waits while its users reconnect: a resume would carry it on")
        await world.advance(by: .seconds(30))
        let failedWhileDown = transport.attemptsFailed
        // At most one attempt per jittered delay (at least half of 2 s once backed off) per user.
        #expect(failedWhileDown >= 2 * 17 && failedWhileDown <= 2 * 45, "\(failedWhileDown) attempts in 35 s")

        faults.refusesConnections = false
        await world.advance(by: .seconds(3))
        #expect(stats.interrupted[.accept] == 1, "interrupted: its hang-up went unanswered while the users were reconnecting")
        #expect(stats.inFlight == 0)
        #expect(stats.relogins == 2)
        #expect(stats.resumes == 0)
        #expect(transport.linksOpened >= 6, "two logins; per user a refused resume, then a fresh login")
        #expect(!pair.isRecovering)
        #expect(stats.leftoversHungUp == 1)
        #expect(world.service.activeCalls().isEmpty)
        #expect(ledger.idle.withLock { $0 } == [0], "free again")
        #expect(stats.failedCount == 0)
        #expect(completed.calls.withLock { $0.isEmpty })

        // And on with the next call.
        ledger.idle.withLock { $0 = [] }
        await place(.accept)
        #expect(stats.completed[.accept] == 1)
        #expect(stats.failedCount == 0)
        #expect(completed.calls.withLock { $0.count } == 1)
        await pair.shutDown()
    }

    @Test("a drop with no call in flight: the pair takes no call until both users are back, and a call placed meanwhile counts as interrupted")
    func dropWhileIdle() async throws {
        try await logIn()
        faults.refusesConnections = true
        faults.closeLinks()
        await world.advance(by: .seconds(5))
        #expect(pair.isRecovering)
        #expect(stats.interruptedCount == 0)
        await place(.accept)
        #expect(stats.interrupted[.accept] == 1)
        #expect(stats.inFlight == 0)
        faults.refusesConnections = false
        await world.advance(by: .seconds(3))  // the sessions resume (the service kept them)
        #expect(!pair.isRecovering)
        #expect(stats.relogins == 0)
        #expect(stats.resumes == 2)
        ledger.idle.withLock { $0 = [] }
        await place(.reject)
        #expect(stats.completed[.reject] == 1)
        await pair.shutDown()
    }

    @Test("a call whose deadline passes while a user is still reconnecting is interrupted, not stalled; the pair calls on once back")
    func deadlineWhileReconnecting() async throws {
        try await logIn()
        faults.dropFramesToService { frame in
            if case .request(let request) = frame, case .call(_, .end) = request.operation { return true }
            return false
        }
        await place(.accept)
        faults.refusesConnections = true
        faults.closeLinks()
        await world.advance(by: .seconds(5))
        pair.expire(at: .now + .seconds(3_600))
        #expect(stats.interrupted[.accept] == 1)
        #expect(stats.failedCount == 0)
        #expect(!pair.isRetired)
        #expect(pair.isRecovering)
        faults.refusesConnections = false
        await world.advance(by: .seconds(3))  // resumed: the lost hang-up goes out again, then the probes
        #expect(!pair.isRecovering)
        #expect(world.service.activeCalls().isEmpty)
        ledger.idle.withLock { $0 = [] }
        await place(.cancel)
        #expect(stats.completed[.cancel] == 1)
        #expect(stats.failedCount == 0)
        await pair.shutDown()
    }
}
