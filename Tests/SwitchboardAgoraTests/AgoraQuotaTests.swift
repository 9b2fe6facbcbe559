import AgoraTestSupport
import Testing
import SwitchboardAgora
import SwitchboardClient
import SwitchboardService
import SwitchboardTesting

/// The service's quotas as the Agora kit reports them (docs/AGORA.md, "Messages, presence, channels"
/// and "Channel attributes"): an offline message over a quota is `.tooOften`, a channel attribute change
/// over one is `.attributeOperationErrorSizeOverflow`; neither is kept, and other users are unaffected.
@Suite("Agora: service quotas")
struct AgoraQuotaTests {
    private func sendOffline(_ text: String, from user: AgoraUser, to peer: String,
                             in world: TestWorld) async throws -> AgoraRtmSendPeerMessageErrorCode {
        let options = AgoraRtmSendMessageOptions()
        options.enableOfflineMessaging = true
        return try await world.completion { done in
            user.kit.send(AgoraRtmMessage(text: text), toPeer: peer, sendMessageOptions: options) { done($0) }
        }
    }

    @Test("an offline message over the sender's quota: .tooOften, not kept; another sender's is .cachedByServer")
    func offlineMessageQuota() async throws {
        var configuration = ServiceConfiguration.development
        configuration.offlineMessageLimitPerSender = 2
        let scene = AgoraScene(world: TestWorld(configuration: configuration))
        let world = scene.world
        let (alice, carol) = try await scene.loggedInPair("alice", "carol")
        #expect(try await sendOffline("one", from: alice, to: "bob", in: world) == .cachedByServer)
        #expect(try await sendOffline("two", from: alice, to: "dave", in: world) == .cachedByServer)
        #expect(try await sendOffline("three", from: alice, to: "bob", in: world) == .tooOften)
        #expect(try await sendOffline("hi", from: carol, to: "bob", in: world) == .cachedByServer)
        let bob = scene.user("bob")
        bob.kit.login(byToken: "token", user: "bob") { bob.record("login \($0)") }
        try await bob.waitFor("message hi from carol offline", in: world)
        #expect(bob.events.filter { $0.hasPrefix("message") } == ["message one from alice offline", "message hi from carol offline"])
    }

    @Test("channel attributes over the writer's quota: .attributeOperationErrorSizeOverflow, nothing changed; another user writes on")
    func channelAttributeQuota() async throws {
        var configuration = ServiceConfiguration.development
        configuration.attributes.channelsPerUser = 1
        let scene = AgoraScene(world: TestWorld(configuration: configuration))
        let world = scene.world
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")
        #expect(try await alice.setChannel("one", [channelAttribute("k", "v")], notify: false, in: world) == .attributeOperationErrorOk)
        #expect(try await alice.setChannel("two", [channelAttribute("k", "v")], notify: false, in: world)
                == .attributeOperationErrorSizeOverflow)
        #expect(try await bob.channelAttributes(of: "two", in: world).attributes == [])
        #expect(try await bob.setChannel("two", [channelAttribute("k", "w")], notify: false, in: world) == .attributeOperationErrorOk)
        #expect(try await alice.channelAttributes(of: "two", in: world).attributes == ["k=w/bob"])
    }
}
