import AgoraTestSupport
import Testing
import SwitchboardAgora
import SwitchboardClient
import SwitchboardTesting

/// An attribute, as apps make them: `init()`, then `key` and `value`.
func attribute(_ key: String, _ value: String) -> AgoraRtmAttribute {
    let attribute = AgoraRtmAttribute()
    attribute.key = key
    attribute.value = value
    return attribute
}

func channelAttribute(_ key: String, _ value: String) -> AgoraRtmChannelAttribute {
    let attribute = AgoraRtmChannelAttribute()
    attribute.key = key
    attribute.value = value
    return attribute
}

func options(notify: Bool) -> AgoraRtmChannelAttributeOptions {
    let options = AgoraRtmChannelAttributeOptions()
    options.enableNotificationToChannelMembers = notify
    return options
}

extension AgoraUser {
    func set(_ attributes: [AgoraRtmAttribute]?, in world: TestWorld) async throws -> AgoraRtmProcessAttributeErrorCode {
        try await world.completion { done in self.kit.setLocalUserAttributes(attributes) { done($0) } }
    }

    func addOrUpdate(_ attributes: [AgoraRtmAttribute]?, in world: TestWorld) async throws -> AgoraRtmProcessAttributeErrorCode {
        try await world.completion { done in self.kit.addOrUpdateLocalUserAttributes(attributes) { done($0) } }
    }

    /// All of `user`'s attributes as `key=value`, the user id the block gave, and the code.
    func attributes(of user: String, keys: [String]? = nil, in world: TestWorld) async throws
        -> (attributes: [String]?, user: String?, code: AgoraRtmProcessAttributeErrorCode) {
        try await world.completion { done in
            let block: AgoraRtmGetUserAttributesBlock = { attributes, userId, code in
                done((attributes?.map { "\($0.key)=\($0.value)" }, userId, code))
            }
            if let keys {
                self.kit.getUserAttributes(user, byKeys: keys, completion: block)
            } else {
                self.kit.getUserAllAttributes(user, completion: block)
            }
        }
    }

    func setChannel(_ channel: String, _ attributes: [AgoraRtmChannelAttribute]?, notify: Bool,
                    in world: TestWorld) async throws -> AgoraRtmProcessAttributeErrorCode {
        try await world.completion { done in
            self.kit.setChannel(channel, attributes: attributes, options: options(notify: notify)) { done($0) }
        }
    }

    func addOrUpdateChannel(_ channel: String, _ attributes: [AgoraRtmChannelAttribute]?, notify: Bool,
                            in world: TestWorld) async throws -> AgoraRtmProcessAttributeErrorCode {
        try await world.completion { done in
            self.kit.addOrUpdateChannel(channel, attributes: attributes, options: options(notify: notify)) { done($0) }
        }
    }

    /// A channel's attributes as `key=value/writer`, and the code.
    func channelAttributes(of channel: String, keys: [String]? = nil, in world: TestWorld) async throws
        -> (attributes: [String]?, code: AgoraRtmProcessAttributeErrorCode) {
        try await world.completion { done in
            let block: AgoraRtmGetChannelAttributesBlock = { attributes, code in
                done((attributes?.map { "\($0.key)=\($0.value)/\($0.lastUpdateUserId)" }, code))
            }
            if let keys {
                self.kit.getChannelAttributes(channel, byKeys: keys, completion: block)
            } else {
                self.kit.getChannelAllAttributes(channel, completion: block)
            }
        }
    }

    func join(_ channelId: String, in world: TestWorld) async throws -> AgoraRtmChannel {
        let channel = try #require(kit.createChannel(withId: channelId, delegate: self))
        let code = try await world.completion { done in channel.join { done($0) } }
        #expect(code == .channelErrorOk, "\(name) joins \(channelId): \(code)")
        return channel
    }
}

/// User attributes (docs/AGORA.md, "User attributes"): the local user's set, add-or-update, delete and
/// clear, other users' get, Agora's limits and codes, and their life with the login session.
@Suite("Agora conformance: user attributes")
struct AgoraConformanceUserAttributeTests {
    @Test("set, addOrUpdate, delete by keys and clear the local user's attributes; another user gets all or by keys")
    func roundTrip() async throws {
        let scene = AgoraScene()
        let world = scene.world
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")
        #expect(try await alice.set([attribute("name", "Alice"), attribute("seat", "3")], in: world) == .attributeOperationErrorOk)
        let all = try await bob.attributes(of: "alice", in: world)
        #expect(all.attributes == ["name=Alice", "seat=3"])
        #expect(all.user == "alice")
        #expect(all.code == .attributeOperationErrorOk)
        #expect(try await bob.attributes(of: "alice", keys: ["seat", "absent"], in: world).attributes == ["seat=3"])

        #expect(try await alice.addOrUpdate([attribute("seat", "4"), attribute("mood", "ok")], in: world) == .attributeOperationErrorOk)
        #expect(try await bob.attributes(of: "alice", in: world).attributes == ["mood=ok", "name=Alice", "seat=4"])

        let deleted = try await world.completion { done in alice.kit.deleteLocalUserAttributes(byKeys: ["name", "absent"]) { done($0) } }
        #expect(deleted == .attributeOperationErrorOk)
        #expect(try await bob.attributes(of: "alice", in: world).attributes == ["mood=ok", "seat=4"])

        #expect(try await alice.set([attribute("only", "one")], in: world) == .attributeOperationErrorOk)
        #expect(try await alice.attributes(of: "alice", in: world).attributes == ["only=one"], "a user reads their own too")

        let cleared = try await world.completion { done in alice.kit.clearLocalUserAttributes { done($0) } }
        #expect(cleared == .attributeOperationErrorOk)
        #expect(try await bob.attributes(of: "alice", in: world).attributes == [])
        #expect(try await alice.set([attribute("k", "v")], in: world) == .attributeOperationErrorOk)
        #expect(try await alice.set(nil, in: world) == .attributeOperationErrorOk, "a nil array sets none")
        #expect(try await bob.attributes(of: "alice", in: world).attributes == [])
    }

    @Test("bad keys and ids get invalidArgument; over 8 KB a value, over 32 attributes or over 16 KB in all get sizeOverflow, and change nothing")
    func limits() async throws {
        let scene = AgoraScene()
        let world = scene.world
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")
        #expect(try await alice.set([attribute("keep", "me")], in: world) == .attributeOperationErrorOk)
        for key in ["", "has space", String(repeating: "k", count: 33), "tab\t", "new\nline"] {
            #expect(try await alice.addOrUpdate([attribute(key, "v")], in: world) == .attributeOperationErrorInvalidArgument, "\(key)")
        }
        #expect(try await alice.addOrUpdate([attribute(String(repeating: "k", count: 32), "v")], in: world) == .attributeOperationErrorOk)
        #expect(try await alice.set([attribute("big", String(repeating: "v", count: 8193))], in: world) == .attributeOperationErrorSizeOverflow)
        let many = (0...32).map { attribute("k\($0)", "v") }
        #expect(try await alice.set(many, in: world) == .attributeOperationErrorSizeOverflow)
        #expect(try await alice.set(Array(many.prefix(32)), in: world) == .attributeOperationErrorOk)
        // 32 attributes already: one more is over the count, though this change alone names one.
        #expect(try await alice.addOrUpdate([attribute("extra", "v")], in: world) == .attributeOperationErrorSizeOverflow)
        await world.advance(by: .seconds(5))

        // The total is the service's to check, after the change: 8000 + 8000 + 500 bytes of values.
        #expect(try await alice.set([attribute("a", String(repeating: "a", count: 8000))], in: world) == .attributeOperationErrorOk)
        #expect(try await alice.addOrUpdate([attribute("b", String(repeating: "b", count: 8000))], in: world) == .attributeOperationErrorOk)
        #expect(try await alice.addOrUpdate([attribute("c", String(repeating: "c", count: 500))], in: world) == .attributeOperationErrorSizeOverflow)
        #expect(try await bob.attributes(of: "alice", in: world).attributes?.map { String($0.prefix(2)) } == ["a=", "b="])

        #expect(try await bob.attributes(of: "", in: world).code == .attributeOperationErrorInvalidArgument)
        #expect(try await bob.attributes(of: "alice", keys: ["bad key"], in: world).code == .attributeOperationErrorInvalidArgument)
    }

    @Test("before login: attributeOperationErrorNotLoggedIn; a user who is not logged in: attributeOperationErrorUserNotFound")
    func loginAndPresence() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        #expect(try await alice.set([attribute("k", "v")], in: world) == .attributeOperationErrorNotLoggedIn)
        #expect(try await alice.attributes(of: "bob", in: world).code == .attributeOperationErrorNotLoggedIn)
        try await alice.login(in: world)
        let nobody = try await alice.attributes(of: "bob", in: world)
        #expect(nobody.code == .attributeOperationErrorUserNotFound)
        #expect(nobody.attributes == nil)
        #expect(nobody.user == "bob")
    }

    @Test("changes are limited to 10 per 5 s and queries to 40 per 5 s (attributeOperationErrorTooOften)")
    func rateLimits() async throws {
        let scene = AgoraScene()
        let world = scene.world
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")
        for index in 0..<10 {
            #expect(try await alice.addOrUpdate([attribute("k\(index)", "v")], in: world) == .attributeOperationErrorOk)
        }
        let cleared = try await world.completion { done in alice.kit.clearLocalUserAttributes { done($0) } }
        #expect(cleared == .attributeOperationErrorTooOften, "set, add, delete and clear count together")
        for _ in 0..<40 {
            #expect(try await bob.attributes(of: "alice", in: world).code == .attributeOperationErrorOk)
        }
        #expect(try await bob.attributes(of: "alice", keys: ["k1"], in: world).code == .attributeOperationErrorTooOften)
        await world.advance(by: .seconds(5))
        #expect(try await alice.set(nil, in: world) == .attributeOperationErrorOk)
        #expect(try await bob.attributes(of: "alice", in: world).attributes == [])
    }

    @Test("the attributes live with the login session: gone at logout, empty after a new login")
    func logoutClears() async throws {
        let scene = AgoraScene()
        let world = scene.world
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")
        #expect(try await alice.set([attribute("name", "Alice")], in: world) == .attributeOperationErrorOk)
        let loggedOut = try await world.completion { done in alice.kit.logout { done($0) } }
        #expect(loggedOut == .ok)
        #expect(try await bob.attributes(of: "alice", in: world).code == .attributeOperationErrorUserNotFound)
        try await alice.login(in: world)
        #expect(try await bob.attributes(of: "alice", in: world).attributes == [])
    }

    @Test("away for more than 30 s: the service drops them with the session, and the kit sets them again when it is back")
    func resyncAfterLongOutage() async throws {
        let world = TestWorld()
        let faults = FaultInjector()
        let alice = AgoraUser("alice", in: world, faults: faults)
        let bob = AgoraUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        #expect(try await alice.set([attribute("name", "Alice"), attribute("seat", "3")], in: world) == .attributeOperationErrorOk)

        faults.refusesConnections = true
        faults.severLinks()
        await world.advance(by: .seconds(31))
        #expect(try await bob.attributes(of: "alice", in: world).code == .attributeOperationErrorUserNotFound)

        faults.refusesConnections = false
        await world.advance(by: .seconds(6))
        try await alice.waitFor("state connected loginSuccess", in: world)
        await world.runUntilIdle()
        #expect(try await bob.attributes(of: "alice", in: world).attributes == ["name=Alice", "seat=3"])
    }
}

/// Channel attributes (docs/AGORA.md, "Channel attributes"): no membership needed to set or get them,
/// `channel(_:attributeUpdate:)` to members when the options ask, Agora's limits, and their life with
/// the channel.
@Suite("Agora conformance: channel attributes")
struct AgoraConformanceChannelAttributeTests {
    @Test("a non-member sets a channel's attributes; with notification every member gets all of them, with who wrote them")
    func notifyMembers() async throws {
        let scene = AgoraScene()
        let world = scene.world
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")
        let carol = scene.user("carol")
        try await carol.login(in: world)
        _ = try await alice.join("lobby", in: world)
        _ = try await bob.join("lobby", in: world)
        await world.advance(by: .seconds(2))
        for user in [alice, bob, carol] { user.clear() }

        #expect(try await carol.setChannel("lobby", [channelAttribute("topic", "calls"), channelAttribute("seat0", "alice")],
                                            notify: true, in: world) == .attributeOperationErrorOk)
        let update = "attributeUpdate seat0=alice/carol,topic=calls/carol"
        try await alice.waitFor(update, in: world)
        try await bob.waitFor(update, in: world)
        #expect(carol.events.isEmpty, "carol is not a member")

        #expect(try await bob.addOrUpdateChannel("lobby", [channelAttribute("seat1", "bob")], notify: true, in: world)
                == .attributeOperationErrorOk)
        try await alice.waitFor("attributeUpdate seat0=alice/carol,seat1=bob/bob,topic=calls/carol", in: world)
        try await bob.waitFor("attributeUpdate seat0=alice/carol,seat1=bob/bob,topic=calls/carol", in: world)

        let deleted = try await world.completion { done in
            alice.kit.deleteChannel("lobby", attributesByKeys: ["seat0"], options: options(notify: true)) { done($0) }
        }
        #expect(deleted == .attributeOperationErrorOk)
        try await bob.waitFor("attributeUpdate seat1=bob/bob,topic=calls/carol", in: world)

        let cleared = try await world.completion { done in
            carol.kit.clearChannel("lobby", options: options(notify: true)) { done($0) }
        }
        #expect(cleared == .attributeOperationErrorOk)
        try await alice.waitFor("attributeUpdate ", in: world)
        #expect(try await carol.channelAttributes(of: "lobby", in: world).attributes == [])
    }

    @Test("without notification nobody is told; get and getByKeys show the change, with lastUpdateUserId and lastUpdateTs")
    func quietChange() async throws {
        let scene = AgoraScene()
        let world = scene.world
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")
        _ = try await bob.join("lobby", in: world)
        await world.advance(by: .seconds(3))
        bob.clear()
        let before = world.serviceClock.now().millisecondsSince1970
        #expect(try await alice.setChannel("lobby", [channelAttribute("topic", "quiet"), channelAttribute("x", "1")],
                                            notify: false, in: world) == .attributeOperationErrorOk)
        await world.runUntilIdle()
        #expect(!bob.events.contains { $0.hasPrefix("attributeUpdate") })
        #expect(try await bob.channelAttributes(of: "lobby", in: world).attributes == ["topic=quiet/alice", "x=1/alice"])
        #expect(try await bob.channelAttributes(of: "lobby", keys: ["x", "absent"], in: world).attributes == ["x=1/alice"])
        let stamped = try await world.completion { done in
            bob.kit.getChannelAllAttributes("lobby") { attributes, _ in done(attributes?.map(\.lastUpdateTs) ?? []) }
        }
        #expect(stamped == [before, before])
    }

    @Test("bad keys and channel ids get invalidArgument; 33 attributes, a value over 8 KB or over 32 KB in all get sizeOverflow")
    func limits() async throws {
        let scene = AgoraScene()
        let world = scene.world
        let (alice, _) = try await scene.loggedInPair("alice", "bob")
        #expect(try await alice.setChannel("lobby", [channelAttribute("bad key", "v")], notify: false, in: world)
                == .attributeOperationErrorInvalidArgument)
        #expect(try await alice.setChannel("has/slash", [channelAttribute("k", "v")], notify: false, in: world)
                == .attributeOperationErrorInvalidArgument)
        #expect(try await alice.channelAttributes(of: "", in: world).code == .attributeOperationErrorInvalidArgument)
        #expect(try await alice.setChannel("lobby", (0...32).map { channelAttribute("k\($0)", "v") }, notify: false, in: world)
                == .attributeOperationErrorSizeOverflow)
        #expect(try await alice.setChannel("lobby", [channelAttribute("k", String(repeating: "v", count: 8193))], notify: false, in: world)
                == .attributeOperationErrorSizeOverflow)
        await world.advance(by: .seconds(5))
        for key in ["a", "b", "c", "d"] {
            #expect(try await alice.addOrUpdateChannel("lobby", [channelAttribute(key, String(repeating: key, count: 8000))],
                                                       notify: false, in: world) == .attributeOperationErrorOk)
        }
        #expect(try await alice.addOrUpdateChannel("lobby", [channelAttribute("e", String(repeating: "e", count: 800))],
                                                   notify: false, in: world) == .attributeOperationErrorSizeOverflow)
        #expect(try await alice.channelAttributes(of: "lobby", in: world).attributes?.count == 4)
    }

    @Test("before login: attributeOperationErrorNotLoggedIn; changes and queries are limited to 10 per 5 s each")
    func loginAndRates() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        #expect(try await alice.setChannel("lobby", [], notify: false, in: world) == .attributeOperationErrorNotLoggedIn)
        #expect(try await alice.channelAttributes(of: "lobby", in: world).code == .attributeOperationErrorNotLoggedIn)
        try await alice.login(in: world)
        for index in 0..<10 {
            #expect(try await alice.addOrUpdateChannel("lobby", [channelAttribute("k\(index)", "v")], notify: false, in: world)
                    == .attributeOperationErrorOk)
        }
        #expect(try await alice.setChannel("lobby", nil, notify: false, in: world) == .attributeOperationErrorTooOften)
        for _ in 0..<10 {
            #expect(try await alice.channelAttributes(of: "lobby", in: world).code == .attributeOperationErrorOk)
        }
        #expect(try await alice.channelAttributes(of: "lobby", keys: ["k1"], in: world).code == .attributeOperationErrorTooOften)
        await world.advance(by: .seconds(5))
        #expect(try await alice.setChannel("lobby", nil, notify: false, in: world) == .attributeOperationErrorOk)
    }

    @Test("the attributes outlive the last member by 2 minutes, unless someone joins meanwhile; so do those of a channel nobody joined")
    func clearedWhenEmpty() async throws {
        let scene = AgoraScene()
        let world = scene.world
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")
        let channel = try await alice.join("lobby", in: world)
        #expect(try await alice.setChannel("lobby", [channelAttribute("topic", "t")], notify: false, in: world) == .attributeOperationErrorOk)
        #expect(try await world.completion { done in channel.leave { done($0) } } == .ok)
        await world.advance(by: .seconds(119))
        #expect(try await bob.channelAttributes(of: "lobby", in: world).attributes == ["topic=t/alice"])
        _ = try await bob.join("lobby", in: world)
        await world.advance(by: .seconds(10))
        #expect(try await bob.channelAttributes(of: "lobby", in: world).attributes == ["topic=t/alice"], "a member keeps them")

        let bobChannel = try #require(bob.kit.createChannel(withId: "lobby", delegate: bob))
        #expect(try await world.completion { done in bobChannel.leave { done($0) } } == .ok)
        await world.advance(by: .seconds(120))
        #expect(try await bob.channelAttributes(of: "lobby", in: world).attributes == [])

        #expect(try await alice.setChannel("hall", [channelAttribute("k", "v")], notify: false, in: world) == .attributeOperationErrorOk)
        await world.advance(by: .seconds(121))
        #expect(try await alice.channelAttributes(of: "hall", in: world).attributes == [])
    }
}
