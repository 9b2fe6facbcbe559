import Testing
import SwitchboardAtomicX
import SwitchboardService
import SwitchboardTesting

/// Tencent names a call by id only in `join(callId:)`: open to the app by default (the vendors' rule),
/// refused with -1203 like an unknown id where the app restricts joins to invited users (DECISIONS.md,
/// "Who may do what").
@Suite("Tencent: call access")
struct TencentCallAccessTests {
    @Test("join(callId:) of a call one is not in: allowed by default, refused as for an unknown id under calls.join invited",
          arguments: [AppCallRules.JoinRule.app, .invited])
    func joinRule(_ rule: AppCallRules.JoinRule) async throws {
        let world = TestWorld(configuration: ServiceConfiguration(callRules: AppCallRules(join: rule)))
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await alice.ring([bob], .audio, in: world)
        try await bob.answer(in: world)
        await world.runUntilIdle()
        let before = [alice.events, bob.events]

        let unknown = try await carol.join("c-unknown", in: world)
        let outcome = try await carol.join(id, in: world)
        switch rule {
        case .app:
            #expect(outcome.isSuccess)
            try await alice.waitFor("tui.join carol", in: world)
        case .invited:
            #expect(code(outcome) != nil && code(outcome) == code(unknown))
            await world.runUntilIdle()
            #expect([alice.events, bob.events] == before)
            #expect(carol.state.selfInfo.status == .none)
            #expect(world.service.activeCalls().first?.participant("carol") == nil)
        }
    }
}
