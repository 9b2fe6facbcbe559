import Dispatch
import ServerTestSupport
import Synchronization
import Testing
import TestSupport
import SwitchboardCore
import SwitchboardService

/// Glare over the network server (docs/CALL-MODEL.md, "Glare"): every ordered pair of surfaces, each
/// user on its own client stack and WebSocket. The first surface's user's invitation is sent first and
/// answered before the second user sends, so it is the first to arrive; the second user sends before
/// hearing of it whenever its surface lets it (a Tencent device that already rings cannot call: -1203,
/// its vendor's rule, which leaves no crossing call to resolve, so the test then checks that instead).
@Suite("Glare over the network server", .serialized)
struct GlareOverServerTests {
    @Test("the call that arrived first survives over WebSockets", arguments: Surface.allCases, Surface.allCases)
    func crossingOverTheNetwork(firstSurface: Surface, secondSurface: Surface) async throws {
        let server = try await LoopbackServer.start()
        let alice = firstSurface.party("alice", environment: server.environment(queue: DispatchQueue(label: "net.alice")))
        let bob = secondSurface.party("bob", environment: server.environment(queue: DispatchQueue(label: "net.bob")))
        #expect(try await completed { alice.login($0) })
        #expect(try await completed { bob.login($0) })

        // alice's invitation is created before bob's leaves; bob's is sent at once, in the same callback.
        let bobSent = Mutex<Bool?>(nil)
        let aliceSent = try await completed { done in
            alice.invite("bob") { ok in
                bob.invite("alice") { sent in bobSent.withLock { $0 = sent } }
                done(ok)
            }
        }
        #expect(aliceSent)
        try await eventually("bob's invitation is answered") { bobSent.withLock { $0 } != nil }
        try await eventually("one call is left: \(server.service.activeCalls().map(\.id))") {
            server.service.activeCalls().count == 1 && bob.lines.contains("in received alice")
        }
        let survivor = try #require(server.service.activeCalls().first)
        #expect(survivor.caller == "alice")
        if bobSent.withLock({ $0 }) == true {
            try await eventually("bob hears his call lost: \(bob.lines)") { bob.lines.contains(secondSurface.lostGlare) }
        } else {
            // Only a Tencent device refuses to call while it rings.
            #expect(secondSurface == .tencent)
        }

        #expect(try await completed { bob.acceptIncoming($0) })
        try await eventually("alice hears bob accept: \(alice.lines)") { alice.lines.contains(Surface.accepted) }
        await server.stop()
    }
}
