import Synchronization
import Testing
import SwitchboardClient
import SwitchboardCore
import SwitchboardService
import SwitchboardTesting
import SwitchboardWire

/// The client's side of `call.active` pages (docs/CALL-MODEL.md, "Live calls"): the session's
/// `activeCalls()` and a surface's `submitActiveCalls` follow the pages to the end.
@Suite("call.active pages (client)")
struct ActiveCallPagesClientTests {
    /// A world where `caller` has placed 250 calls that ring at `victim`: two pages of 200.
    private static func world() async throws -> (world: TestWorld, victim: TestClient, calls: [CallID]) {
        var configuration = ServiceConfiguration.development
        configuration.maxActiveCallsPerUser = 250
        configuration.maxPendingInvitationsPerUser = 250
        let world = TestWorld(configuration: configuration)
        let caller = try await world.login("caller")
        let victim = try await world.login("victim")
        var calls: [CallID] = []
        for _ in 0..<250 {
            calls.append(try await caller.session.invite(InviteRequest(invitees: ["victim"], profile: .nativeAdvanced)).id)
        }
        return (world, victim, calls)
    }

    @Test("activeCalls() follows the pages to the end; one page is 200 at most")
    func sessionFollowsPages() async throws {
        let (_, victim, calls) = try await Self.world()
        let listed = try await victim.session.activeCalls()
        #expect(listed.count == 250)
        #expect(Set(listed.map(\.id)) == Set(calls))
        let first = try await victim.session.activeCalls(ActiveCallQuery(limit: 200))
        #expect(first.calls.map(\.id) == listed.prefix(200).map(\.id))
        let second = try await victim.session.activeCalls(ActiveCallQuery(cursor: first.nextCursor, limit: 200))
        #expect(second.calls.map(\.id) == listed.dropFirst(200).map(\.id))
        #expect(second.nextCursor == nil)
    }

    @Test("a surface's submitActiveCalls follows the pages through the surface's own submit")
    func surfaceFollowsPages() async throws {
        let (world, _, calls) = try await Self.world()
        let host = PlainSurface(environment: world.environment(), devicePrefix: "plain", state: PlainState())
        let session = host.makeSession(ClientConfiguration(app: "test-app", user: "victim", device: host.device,
                                                           token: "test-token", surface: "test"))
        let generation = host.state.withLock { state in
            state.begin(session, as: "victim")
            return state.generation
        }
        let login = Mutex<Result<Void, SignalingError>?>(nil)
        host.startLogin(session, generation: generation) { result in login.withLock { $0 = result } }
        await world.runUntilIdle()
        try #require(login.withLock { $0 } != nil)
        try login.withLock { $0 }?.get()

        let listed = Mutex<Result<[Call], SignalingError>?>(nil)
        host.submitActiveCalls { result in listed.withLock { $0 = result } }
        await world.runUntilIdle()
        let result = try #require(listed.withLock { $0 })
        #expect(Set(try result.get().map(\.id)) == Set(calls))
        #expect(try result.get().count == 250)
        #expect(host.submitted.withLock { $0 } == 2, "two pages, each through the surface's submit")
    }
}

/// The least a surface keeps.
struct PlainState: SurfaceState {
    var session: ClientSession?
    var user: UserID?
    var generation = 0
    var isLoggedIn: Bool { session != nil }
}

/// A surface with no vendor: it counts the requests it submits.
final class PlainSurface: SurfaceHost<PlainState>, @unchecked Sendable {
    let submitted = Mutex(0)

    override func submit(
        _ operation: ServiceOperation, timeout: Duration? = nil, waitWhileReconnecting: Bool = true,
        completion: @escaping ClientSession.Completion<Reply>
    ) {
        submitted.withLock { $0 += 1 }
        super.submit(operation, timeout: timeout, waitWhileReconnecting: waitWhileReconnecting, completion: completion)
    }
}
