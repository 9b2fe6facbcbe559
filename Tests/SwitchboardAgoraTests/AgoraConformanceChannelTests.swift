import AgoraTestSupport
import Testing
import SwitchboardAgora
import SwitchboardTesting

/// Channels (docs/AGORA.md, "Messages, presence, channels"): creating, joining and leaving them, what the
/// other members see, members, destroy.
@Suite("Agora conformance: channels")
struct AgoraConformanceChannelTests {
    private func join(_ channel: AgoraRtmChannel, in world: TestWorld) async throws -> AgoraRtmJoinChannelErrorCode {
        try await world.completion { done in channel.join { done($0) } }
    }

    private func leave(_ channel: AgoraRtmChannel, in world: TestWorld) async throws -> AgoraRtmLeaveChannelErrorCode {
        try await world.completion { done in channel.leave { done($0) } }
    }

    private func members(_ channel: AgoraRtmChannel, in world: TestWorld) async throws -> ([String]?, AgoraRtmGetMembersErrorCode) {
        try await world.completion { done in channel.getMembersWithCompletion { done(($0?.map(\.userId).sorted(), $1)) } }
    }

    @Test("createChannel: the existing channel for an id in use (1.4 and later), nil for an invalid id")
    func create() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let channel = alice.kit.createChannel(withId: "lobby", delegate: alice)
        #expect(channel != nil, "before login too")
        #expect(channel?.kit === alice.kit)
        let again = alice.kit.createChannel(withId: "lobby", delegate: nil)
        #expect(again === channel)
        #expect(again?.channelDelegate === alice, "the existing channel keeps its delegate")
        #expect(alice.kit.destroyChannel(withId: "lobby"))
        #expect(alice.kit.createChannel(withId: "lobby", delegate: alice) !== channel, "a destroyed channel's id is free again")
        for bad in ["", "null", "has/slash", String(repeating: "c", count: 65)] {
            #expect(alice.kit.createChannel(withId: bad, delegate: alice) == nil, "\(bad)")
        }
        #expect(alice.kit.createChannel(withId: String(repeating: "c", count: 64), delegate: alice) != nil)
    }

    @Test("join: .channelErrorOk; the others get memberJoined, memberCount, channel messages and memberLeft")
    func joinAndTalk() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        let bobChannel = try #require(bob.kit.createChannel(withId: "lobby", delegate: bob))
        let aliceChannel = try #require(alice.kit.createChannel(withId: "lobby", delegate: alice))
        #expect(try await join(bobChannel, in: world) == .channelErrorOk)
        try await bob.waitFor("memberCount 1", in: world)
        bob.clear()
        alice.clear()

        #expect(try await join(aliceChannel, in: world) == .channelErrorOk)
        try await bob.waitFor("memberJoined alice", in: world)
        await world.advance(by: .seconds(1))  // memberCount goes out at most once a second
        try await bob.waitFor("memberCount 2", in: world)
        try await alice.waitFor("memberCount 2", in: world)
        #expect(bob.events == ["memberJoined alice", "memberCount 2"])

        let sent = try await world.completion { done in
            aliceChannel.send(AgoraRtmMessage(text: "hi all"), sendMessageOptions: AgoraRtmSendMessageOptions()) { done($0) }
        }
        #expect(sent == .errorOk)
        try await bob.waitFor("channelMessage hi all from alice", in: world)
        #expect(!alice.events.contains { $0.hasPrefix("channelMessage") }, "no echo to the sender")

        #expect(try await leave(aliceChannel, in: world) == .ok)
        try await bob.waitFor("memberLeft alice", in: world)
        await world.advance(by: .seconds(1))
        try await world.requireWhenIdle("count back to 1") { bob.events.last == "memberCount 1" }
        #expect(bob.events == ["memberJoined alice", "memberCount 2", "channelMessage hi all from alice", "memberLeft alice", "memberCount 1"])
    }

    @Test("join twice: .channelErrorAlreadyJoined; leave when not joined: .notInChannel; before login: not logged in")
    func joinLeaveMisuse() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let channel = try #require(alice.kit.createChannel(withId: "lobby", delegate: alice))
        #expect(try await join(channel, in: world) == .channelErrorNotLoggedIn)
        try await alice.login(in: world)
        #expect(try await leave(channel, in: world) == .notInChannel)
        #expect(try await join(channel, in: world) == .channelErrorOk)
        #expect(try await join(channel, in: world) == .channelErrorAlreadyJoined)
        #expect(try await leave(channel, in: world) == .ok)
        #expect(try await leave(channel, in: world) == .notInChannel)
    }

    @Test("getMembersWithCompletion lists the members; not in the channel: .notInChannel")
    func getMembers() async throws {
        let world = TestWorld()
        let users = ["alice", "bob", "carol"].map { AgoraUser($0, in: world) }
        var channels: [AgoraRtmChannel] = []
        for user in users {
            try await user.login(in: world)
            channels.append(try #require(user.kit.createChannel(withId: "lobby", delegate: user)))
        }
        #expect(try await members(channels[0], in: world).1 == .notInChannel)
        for channel in channels[0..<2] {
            #expect(try await join(channel, in: world) == .channelErrorOk)
        }
        let listed = try await members(channels[0], in: world)
        #expect(listed.0 == ["alice", "bob"])
        #expect(listed.1 == .ok)
        #expect(try await members(channels[2], in: world).1 == .notInChannel)
    }

    @Test("destroyChannel: leaves a joined channel (the others see memberLeft), forgets it, and the id can be created again")
    func destroy() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        let aliceChannel = try #require(alice.kit.createChannel(withId: "lobby", delegate: alice))
        let bobChannel = try #require(bob.kit.createChannel(withId: "lobby", delegate: bob))
        #expect(try await join(bobChannel, in: world) == .channelErrorOk)
        #expect(try await join(aliceChannel, in: world) == .channelErrorOk)
        try await bob.waitFor("memberJoined alice", in: world)
        alice.clear()

        #expect(alice.kit.destroyChannel(withId: "lobby"))
        try await bob.waitFor("memberLeft alice", in: world)
        #expect(!alice.kit.destroyChannel(withId: "lobby"), "already gone")
        #expect(!alice.kit.destroyChannel(withId: "never"))
        let again = try #require(alice.kit.createChannel(withId: "lobby", delegate: alice))
        #expect(try await join(again, in: world) == .channelErrorOk)
        try await world.requireWhenIdle("bob sees alice again") { bob.events("memberJoined alice").count == 2 }
        let listed = try await members(bobChannel, in: world)
        #expect(listed.0 == ["alice", "bob"])
        #expect(alice.events("memberLeft").isEmpty, "destroy leaves without callbacks")
    }
}
