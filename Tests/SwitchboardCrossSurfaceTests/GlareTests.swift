import Dispatch
import Synchronization
import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardTesting

/// Two users who invite each other at the same moment, on every pair of surfaces and in both orders
/// of arrival (docs/CALL-MODEL.md, "Glare"). The first surface's user's invitation always reaches the
/// service first, so the pair (A, B) is "A first" and (B, A) is "B first".
@Suite("Glare: two users invite each other at once")
struct GlareTests {
    @Test("the invitation that arrived first survives and can be answered; the other ends as each surface's busy",
          arguments: Surface.allCases, Surface.allCases)
    func crossingInvitations(firstSurface: Surface, secondSurface: Surface) async throws {
        let world = TestWorld()
        let alice = firstSurface.party("alice", environment: world.environment(callbackQueue: DispatchQueue(label: "glare.alice")))
        let bob = secondSurface.party("bob", environment: world.environment(callbackQueue: DispatchQueue(label: "glare.bob")))
        #expect(try await world.completion { alice.login($0) })
        #expect(try await world.completion { bob.login($0) })

        // Both invitations leave before the world runs, so neither user has heard of the other's call
        // when sending (as on a real network, where they cross in flight).
        let sent = Mutex<[String: Bool]>([:])
        alice.invite("bob") { ok in sent.withLock { $0["alice"] = ok } }
        bob.invite("alice") { ok in sent.withLock { $0["bob"] = ok } }
        await world.runUntilIdle()
        #expect(sent.withLock { $0 } == ["alice": true, "bob": true])

        // One call is left: alice's, the one that arrived first, still ringing at bob.
        let calls = world.service.activeCalls()
        try #require(calls.count == 1, "calls left: \(calls.map { "\($0.caller)->\($0.activeUsers)" })")
        #expect(calls[0].caller == "alice")
        #expect(calls[0].participant("bob")?.state.isRinging == true)

        // bob's own invitation ends as his surface's busy; alice never rang for it.
        #expect(bob.lines.contains(secondSurface.lostGlare), "bob heard \(bob.lines)")
        #expect(bob.lines.contains("in received alice"), "bob heard \(bob.lines)")
        #expect(!alice.lines.contains { $0.hasPrefix("in ") }, "alice heard \(alice.lines)")
        #expect(!alice.lines.contains { $0.hasPrefix("out ") && $0 != "out receivedByPeer" }, "alice heard \(alice.lines)")

        // The call they both wanted connects.
        #expect(try await world.completion { bob.acceptIncoming($0) })
        try await world.requireWhenIdle("alice hears bob accept: \(alice.lines)") {
            alice.lines.contains(Surface.accepted)
        }
    }

    @Test("the call that lost is over for both users and leaves each the records of a busy call")
    func loserRecords() async throws {
        let world = TestWorld()
        let alice = Surface.zim.party("alice", environment: world.environment())
        let bob = Surface.tencent.party("bob", environment: world.environment())
        #expect(try await world.completion { alice.login($0) })
        #expect(try await world.completion { bob.login($0) })
        alice.invite("bob") { _ in }
        bob.invite("alice") { _ in }
        await world.runUntilIdle()

        let bobs = try world.service.callRecords(of: "bob").records
        let lost = try #require(bobs.first { $0.caller == "bob" })
        #expect(lost.endReason == .glare)
        #expect(lost.direction == .outgoing)
        let alices = try world.service.callRecords(of: "alice").records
        #expect(alices.first { $0.callID == lost.callID }?.endReason == .glare)
        #expect(alices.first { $0.callID == lost.callID }?.direction == .missed)
    }
}
