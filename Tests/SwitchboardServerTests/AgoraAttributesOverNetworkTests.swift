import Dispatch
import ServerTestSupport
import Synchronization
import Testing
import TestSupport
import SwitchboardAgora

/// A channel delegate that keeps what `channel(_:attributeUpdate:)` reported.
final class AttributeUpdates: AgoraRtmChannelDelegate, @unchecked Sendable {
    // @unchecked: the log is behind a Mutex.
    private let log = Mutex<[[String]]>([])
    var updates: [[String]] { log.withLock { $0 } }

    func channel(_ channel: AgoraRtmChannel, attributeUpdate attributes: [AgoraRtmChannelAttribute]) {
        log.withLock { $0.append(attributes.map { "\($0.key)=\($0.value)/\($0.lastUpdateUserId)" }) }
    }
}

/// Attributes and member counts of the Agora surface through the network server: the same ops as
/// embedded, over real WebSocket connections.
@Suite("Agora attributes over the network server", .serialized)
struct AgoraAttributesOverNetworkTests {
    func kit(_ user: String, on server: LoopbackServer) async throws -> AgoraRtmKit {
        let kit = try #require(AgoraRtmKit(appId: String(repeating: "a", count: 32), delegate: nil,
                                           environment: server.environment(queue: DispatchQueue(label: "agora.\(user)"))))
        let code = try await completed { done in kit.login(byToken: "t", user: user) { done($0) } }
        #expect(code == .ok)
        return kit
    }

    @Test("user attributes, channel attributes with notification, and member counts through the server")
    func attributesThroughTheServer() async throws {
        let server = try await LoopbackServer.start()
        let alice = try await kit("alice", on: server)
        let bob = try await kit("bob", on: server)

        let name = AgoraRtmAttribute()
        name.key = "name"
        name.value = "Alice"
        let set = try await completed { done in alice.setLocalUserAttributes([name]) { done($0) } }
        #expect(set == .attributeOperationErrorOk)
        let got = try await completed { done in
            bob.getUserAllAttributes("alice") { attributes, user, code in
                done((attributes?.map { "\($0.key)=\($0.value)" }, user, code))
            }
        }
        #expect(got.0 == ["name=Alice"])
        #expect(got.1 == "alice")
        #expect(got.2 == .attributeOperationErrorOk)

        let updates = AttributeUpdates()
        let channel = try #require(bob.createChannel(withId: "lobby", delegate: updates))
        let joined = try await completed { done in channel.join { done($0) } }
        #expect(joined == .channelErrorOk)
        let seat = AgoraRtmChannelAttribute()
        seat.key = "seat0"
        seat.value = "alice"
        let options = AgoraRtmChannelAttributeOptions()
        options.enableNotificationToChannelMembers = true
        let changed = try await completed { done in
            alice.addOrUpdateChannel("lobby", attributes: [seat], options: options) { done($0) }
        }
        #expect(changed == .attributeOperationErrorOk)
        try await eventually("bob is told of the channel's attributes") { updates.updates == [["seat0=alice/alice"]] }

        let counts = try await completed { done in
            alice.getChannelMemberCount(["lobby", "empty"]) { counts, code in
                done((counts?.map { "\($0.channelId)=\($0.count)" }, code))
            }
        }
        #expect(counts.0 == ["lobby=1", "empty=0"])
        #expect(counts.1 == .ok)

        for kit in [alice, bob] {
            _ = try await completed { done in kit.logout { done($0) } }
        }
        await server.stop()
    }
}
