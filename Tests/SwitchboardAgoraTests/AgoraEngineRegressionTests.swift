import AgoraTestSupport
import Testing
import SwitchboardAgora
import SwitchboardTesting

/// Cases a review of the RTM engine found: each changed nothing visible in the flows of the seeds, but
/// left an object or a flag behind.
@Suite("Agora engine: session ends and refused sends leave nothing behind")
struct AgoraEngineRegressionTests {
    @Test("a logout ends live invitations without a callback; sending the same object again is alreadyEnd")
    func logoutEndsLiveInvitations() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        #expect(try await alice.sendCode(invitation, in: world) == .ok)
        try await bob.waitFor("remoteReceived from alice nil invitationReceived", in: world)
        let remote = try #require(bob.lastRemoteInvitation)
        let logout = try await world.completion { done in alice.kit.logout { done($0) } }
        #expect(logout == .ok)
        #expect(invitation.state == .failure)
        #expect(try await alice.sendCode(invitation, in: world) == .alreadyEnd)
        let bobLogout = try await world.completion { done in bob.kit.logout { done($0) } }
        #expect(bobLogout == .ok)
        #expect(remote.state == .failure)
        #expect(try await bob.acceptCode(remote, in: world) == .alreadyEnd)
    }

    @Test("calling oneself is refused at once as invalidAugment and leaves the invitation idle")
    func selfInvitation() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        try await alice.login(in: world)
        let invitation = AgoraRtmLocalInvitation(calleeId: "alice")
        #expect(try await alice.sendCode(invitation, in: world) == .invalidAugment)
        #expect(invitation.state == .idle)
        #expect(world.service.activeCalls().isEmpty)
        #expect(try await alice.cancelCode(invitation, in: world) == .notStarted)
    }

    @Test("a second logout racing the first is notLoggedIn")
    func doubleLogout() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        try await alice.login(in: world)
        let codes = try await world.completion { (done: @escaping @Sendable ([AgoraRtmLogoutErrorCode]) -> Void) in
            let collected = CodeCollector()
            alice.kit.logout { collected.add($0) }
            alice.kit.logout { done(collected.add($0)) }
        }
        #expect(codes == [.ok, .notLoggedIn])
    }
}

import Synchronization

/// Collects completion codes from one callback queue.
final class CodeCollector: Sendable {
    private let codes = Mutex<[AgoraRtmLogoutErrorCode]>([])

    @discardableResult
    func add(_ code: AgoraRtmLogoutErrorCode) -> [AgoraRtmLogoutErrorCode] {
        codes.withLock { $0.append(code); return $0 }
    }
}
