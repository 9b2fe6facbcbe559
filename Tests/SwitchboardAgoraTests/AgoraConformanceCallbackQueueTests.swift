import AgoraTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing
import SwitchboardAgora
import SwitchboardClient
import SwitchboardTesting

/// DECISIONS.md, "Callback queues": Agora delivers on the main dispatch queue unless the environment
/// names another queue; completions and delegate callbacks alike.
@Suite("Agora conformance: callback queue")
struct AgoraConformanceCallbackQueueTests {
    @Test("no callback queue in the environment: delegate callbacks and completions run on the main queue")
    func mainQueueByDefault() async throws {
        let world = TestWorld()
        let environment = world.environment(callbackQueue: nil)
        let alice = AgoraUser("alice", environment: environment)
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        let onMain = Mutex<[String?]>([])
        alice.probe.withLock { $0 = { onMain.withLock { $0.append(DispatchQueue.getSpecific(key: key)) } } }
        alice.kit.login(byToken: "token", user: "alice") { code in
            alice.record("login \(code)")
        }
        // If the main queue were not drained here, this would time out: report it rather than work around it.
        try await alice.waitFor("login ok", in: world)
        #expect(alice.events == ["state connecting login", "state connected loginSuccess", "login ok"])
        #expect(onMain.withLock { $0 } == ["main", "main", "main"])
    }

    @Test("a custom callback queue: every callback and completion runs there")
    func customQueue() async throws {
        let world = TestWorld()
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "app.callbacks")
        queue.setSpecific(key: key, value: "app.callbacks")
        let alice = AgoraUser("alice", in: world, queue: queue)
        let bob = AgoraUser("bob", in: world, queue: queue)
        let seen = Mutex<[String?]>([])
        for user in [alice, bob] {
            user.probe.withLock { $0 = { seen.withLock { $0.append(DispatchQueue.getSpecific(key: key)) } } }
        }
        alice.kit.login(byToken: "token", user: "alice") { alice.record("login \($0)") }
        try await alice.waitFor("login ok", in: world)
        try await bob.login(in: world)
        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        alice.send(invitation)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: world)
        let remote = try #require(bob.lastRemoteInvitation)
        bob.accept(remote)
        try await bob.waitFor("remoteAccepted accepted", in: world)
        let values = seen.withLock { $0 }
        #expect(values.count >= 8)
        #expect(values.allSatisfy { $0 == "app.callbacks" }, "\(values)")
    }
}
