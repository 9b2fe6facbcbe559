import Testing
import SwitchboardARtm
import SwitchboardTesting

/// anyRTC's attributes, member counts and subscription query: Agora's behaviour under anyRTC's names
/// (`ARtmChannelAttribute.lastUpdateUid`, a `_Nonnull` uid in `ARtmGetUserAttributesBlock`), and the
/// misuse answers anyRTC documents (docs/AGORA.md, "anyRTC differences").
@Suite("anyRTC conformance: attributes, member counts, subscriptions")
struct ARtmConformanceAttributeTests {
    func attribute(_ key: String, _ value: String) -> ARtmAttribute {
        let attribute = ARtmAttribute()
        attribute.key = key
        attribute.value = value
        return attribute
    }

    func channelAttribute(_ key: String, _ value: String) -> ARtmChannelAttribute {
        let attribute = ARtmChannelAttribute()
        attribute.key = key
        attribute.value = value
        return attribute
    }

    @Test("user attributes: set and addOrUpdate, then another user's getUserAllAttributes with a non-optional uid")
    func userAttributes() async throws {
        let world = TestWorld()
        let alice = ARtmUser("alice", in: world)
        let bob = ARtmUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        let set = try await world.completion { done in
            alice.kit.setLocalUserAttributes([attribute("name", "Alice")]) { done($0) }
        }
        #expect(set == .attributeOperationErrorOk)
        let added = try await world.completion { done in
            alice.kit.addOrUpdateLocalUserAttributes([attribute("sex", "1")]) { done($0) }
        }
        #expect(added == .attributeOperationErrorOk)
        let got = try await world.completion { done in
            let block: ARtmGetUserAttributesBlock = { attributes, uid, code in
                let owner: String = uid
                done((attributes?.map { "\($0.key)=\($0.value)" }, owner, code))
            }
            bob.kit.getUserAllAttributes("alice", completion: block)
        }
        #expect(got.0 == ["name=Alice", "sex=1"])
        #expect(got.1 == "alice")
        #expect(got.2 == .attributeOperationErrorOk)
        let byKeys = try await world.completion { done in
            bob.kit.getUserAttributes("alice", byKeys: ["sex"]) { attributes, _, code in done((attributes?.map(\.value), code)) }
        }
        #expect(byKeys.0 == ["1"])
        try await alice.logout(in: world)
        let gone = try await world.completion { done in
            bob.kit.getUserAllAttributes("alice") { _, _, code in done(code) }
        }
        #expect(gone == .attributeOperationErrorUserNotFound)
    }

    @Test("channel attributes: lastUpdateUid, and channel(_:attributeUpdate:) to the members when the options ask")
    func channelAttributes() async throws {
        let world = TestWorld()
        let alice = ARtmUser("alice", in: world)
        let bob = ARtmUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        let channel = try #require(bob.kit.createChannel(withId: "room", delegate: bob))
        #expect(try await world.completion { done in channel.join { done($0) } } == .channelErrorOk)
        let options = ARtmChannelAttributeOptions()
        options.enableNotificationToChannelMembers = true
        let code = try await world.completion { done in
            alice.kit.addOrUpdateChannel("room", attributes: [channelAttribute("seat0", "alice")], options: options) { done($0) }
        }
        #expect(code == .attributeOperationErrorOk)
        try await bob.waitFor("attributeUpdate seat0=alice/alice", in: world)
        let got = try await world.completion { done in
            alice.kit.getChannelAllAttributes("room") { attributes, code in done((attributes?.map(\.lastUpdateUid), code)) }
        }
        #expect(got.0 == ["alice"])
        #expect(got.1 == .attributeOperationErrorOk)
        let over = try await world.completion { done in
            alice.kit.setChannel("room", attributes: (0...32).map { channelAttribute("k\($0)", "v") }, options: options) { done($0) }
        }
        #expect(over == .attributeOperationErrorSizeOverflow)
    }

    @Test("getChannelMemberCount and queryPeers(bySubscriptionOption:) as Agora's")
    func countsAndSubscriptions() async throws {
        let world = TestWorld()
        let alice = ARtmUser("alice", in: world)
        let bob = ARtmUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        let channel = try #require(bob.kit.createChannel(withId: "room", delegate: bob))
        #expect(try await world.completion { done in channel.join { done($0) } } == .channelErrorOk)
        let counts = try await world.completion { done in
            alice.kit.getChannelMemberCount(["room", "empty"]) { counts, code in
                done((counts?.map { "\($0.channelId)=\($0.count)" }, code))
            }
        }
        #expect(counts.0 == ["room=1", "empty=0"])
        #expect(counts.1 == .ok)
        let subscribed = try await world.completion { done in alice.kit.subscribePeersOnlineStatus(["bob"]) { done($0) } }
        #expect(subscribed == .ok)
        let peers = try await world.completion { done in
            alice.kit.queryPeers(bySubscriptionOption: ARtmPeerSubscriptionOptions.onlineStatus) { peers, code in done((peers, code)) }
        }
        #expect(peers.0 == ["bob"])
        #expect(peers.1 == .ok)
    }

    @Test("createChannel with an id in use: nil (anyRTC: \"channelId 已存在\"); cancel of an invitation never sent: .notStarted")
    func misuse() async throws {
        let world = TestWorld()
        let alice = ARtmUser("alice", in: world)
        try await alice.login(in: world)
        let channel = alice.kit.createChannel(withId: "room", delegate: alice)
        #expect(channel != nil)
        #expect(alice.kit.createChannel(withId: "room", delegate: alice) == nil)
        #expect(try await alice.cancel(ARtmLocalInvitation(calleeId: "bob"), in: world) == .notStarted)
    }
}
