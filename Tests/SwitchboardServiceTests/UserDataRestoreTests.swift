import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// What survives a restart beside calls and profiles (docs/SERVER.md, "What survives a restart"): peer
/// messages kept for offline users, users' attributes for those who come back within the grace, and
/// channels' attributes for as long as an empty channel keeps them. Each restart is a new service over
/// the same store, on a test clock.
@Suite("Offline messages and attributes across a restart")
struct UserDataRestoreTests {
    private static func restart(_ store: RecordingStore, _ configuration: ServiceConfiguration = .development) -> ServiceHarness {
        ServiceHarness(configuration: configuration, store: store)
    }

    /// Moves time a second at a time, `connections` pinging after each step as live clients do.
    private static func advance(_ harness: ServiceHarness, seconds: Int, keeping connections: [RawConnection]) async {
        for _ in 0..<seconds {
            await harness.advance(by: .seconds(1))
            for connection in connections where !connection.isClosed { connection.send(.ping) }
        }
    }

    private static func attributes(_ pairs: [(String, String)]) -> [Attribute] {
        pairs.map { Attribute(key: $0.0, value: $0.1) }
    }

    @Test("a message kept for an offline user is handed over after a restart, once: the hand-over is kept too")
    func offlineMessageSurvives() throws {
        let store = RecordingStore()
        let first = Self.restart(store)
        let alice = try first.login("alice")
        #expect(try alice.request(ServiceOperation.offlineMessage("one", to: "bob")) == .success(.message(.stored)))
        #expect(try alice.request(.sendMessage(PeerMessageRequest(to: "bob", content: .raw([0, 1, 255], description: "bin"),
                                                                  storeIfOffline: true))) == .success(.message(.stored)))
        #expect(try alice.request(ServiceOperation.offlineMessage("two", to: "bob")) == .success(.message(.stored)))
        #expect(store.userData()[.development]?.offlineMessages.count == 3, "kept before the sender heard stored")

        let second = Self.restart(store)
        let bob = try second.login("bob")
        let handed = bob.events.compactMap { envelope -> MessageContent? in
            guard case .message(let message) = envelope.event else { return nil }
            #expect(message.from == "alice" && message.isOffline)
            return message.content
        }
        #expect(handed == [.text("one"), .raw([0, 1, 255], description: "bin"), .text("two")])
        #expect(store.userData()[.development]?.offlineMessages.isEmpty == true)

        let third = Self.restart(store)
        #expect(try third.offlineMessagesHandedOver(to: "bob") == [], "handed over once")
    }

    @Test("a message the newest one replaced at the recipient's limit is gone after a restart too")
    func replacedMessageStaysGone() throws {
        var configuration = ServiceConfiguration.development
        configuration.offlineMessageLimit = 2
        let store = RecordingStore()
        let first = Self.restart(store, configuration)
        let alice = try first.login("alice")
        for text in ["m1", "m2", "m3"] {
            #expect(try alice.request(ServiceOperation.offlineMessage(text, to: "bob")) == .success(.message(.stored)))
        }
        let second = Self.restart(store, configuration)
        #expect(try second.offlineMessagesHandedOver(to: "bob") == ["alice:m2", "alice:m3"])
    }

    @Test("the quotas count what was read back: a sender at its limit before a restart is still at it")
    func quotasRebuilt() throws {
        var configuration = ServiceConfiguration.development
        configuration.offlineMessageLimitPerSender = 2
        let store = RecordingStore()
        let alice = try Self.restart(store, configuration).login("alice")
        #expect(try alice.request(ServiceOperation.offlineMessage("a", to: "bob")) == .success(.message(.stored)))
        #expect(try alice.request(ServiceOperation.offlineMessage("b", to: "carol")) == .success(.message(.stored)))

        let second = Self.restart(store, configuration)
        let again = try second.login("alice")
        #expect(try again.request(ServiceOperation.offlineMessage("c", to: "dave")).failure?.code == .service(.rateLimited))
        // Messages read back leave when handed over, and the sender's room comes back with them.
        #expect(try second.offlineMessagesHandedOver(to: "bob") == ["alice:a"])
        #expect(try again.request(ServiceOperation.offlineMessage("c", to: "dave")) == .success(.message(.stored)))
        #expect(store.userData()[.development]?.offlineMessages.map(\.sequence) == [2, 3],
                "numbering goes on from what was read back")
    }

    @Test("messages past their retention go: by the sweep before a restart, and at once when read back after it")
    func expiry() async throws {
        var configuration = ServiceConfiguration.development
        configuration.offlineMessageRetention = .seconds(60)
        let store = RecordingStore()
        let first = Self.restart(store, configuration)
        let alice = try first.login("alice")
        #expect(try alice.request(ServiceOperation.offlineMessage("early", to: "bob")) == .success(.message(.stored)))
        await Self.advance(first, seconds: 61, keeping: [alice])
        #expect(store.userData()[.development]?.offlineMessages.isEmpty == true, "the sweep's drop is kept")

        #expect(try alice.request(ServiceOperation.offlineMessage("late", to: "bob")) == .success(.message(.stored)))
        // The next service's clock starts where the first's did, 61 s before the message was kept: its
        // sweep is armed for the message's end of retention (61 + 60 s), and drops it then.
        let second = Self.restart(store, configuration)
        await second.advance(by: .seconds(120))
        #expect(store.userData()[.development]?.offlineMessages.count == 1, "not yet")
        await second.advance(by: .seconds(1))
        #expect(store.userData()[.development]?.offlineMessages.isEmpty == true)
        #expect(try second.offlineMessagesHandedOver(to: "bob") == [])
    }

    @Test("a user's attributes are there after a restart for the user who logs back within the grace; gone for one who does not")
    func userAttributesWaitForTheGrace() async throws {
        let store = RecordingStore()
        let first = Self.restart(store)
        let alice = try first.login("alice")
        let carol = try first.login("carol")
        _ = try alice.request(.setUserAttributes(.replace(Self.attributes([("mood", "busy"), ("lang", "fr")])), limits: nil)).get()
        _ = try carol.request(.setUserAttributes(.replace(Self.attributes([("k", "v")])), limits: nil)).get()

        let second = Self.restart(store)
        let bob = try second.login("bob")
        #expect(try bob.request(.getUserAttributes("alice", keys: nil)).failure?.code == .service(.userNotFound),
                "no session yet: no attributes shown")
        let aliceAgain = try second.login("alice")
        #expect(try bob.request(.getUserAttributes("alice", keys: nil)).get()
                == .attributes(Self.attributes([("lang", "fr"), ("mood", "busy")])))

        await Self.advance(second, seconds: 31, keeping: [bob, aliceAgain])
        #expect(try bob.request(.getUserAttributes("alice", keys: nil)).get()
                == .attributes(Self.attributes([("lang", "fr"), ("mood", "busy")])), "alice came back: hers stay")
        #expect(store.userData()[.development]?.userAttributes["carol"] == nil, "carol did not: hers went, from the store too")
        _ = try second.login("carol")
        #expect(try bob.request(.getUserAttributes("carol", keys: nil)).get() == .attributes([]))
    }

    @Test("a user's last logout drops the attributes from the store; an unchanged set writes nothing")
    func logoutDropsStoredAttributes() throws {
        let store = RecordingStore()
        let harness = Self.restart(store)
        let alice = try harness.login("alice")
        _ = try alice.request(.setUserAttributes(.replace(Self.attributes([("k", "v")])), limits: nil)).get()
        #expect(store.userData()[.development]?.userAttributes["alice"] == Self.attributes([("k", "v")]))
        _ = try alice.request(.logout).get()
        #expect(store.userData()[.development]?.userAttributes["alice"] == nil)
    }

    @Test("a channel's attributes are there after a restart, and go when nobody joins within the empty channel's retention")
    func channelAttributesSurvive() async throws {
        let store = RecordingStore()
        let first = Self.restart(store)
        let alice = try first.login("alice")
        _ = try alice.request(.joinChannel("room")).get()
        _ = try alice.request(.setChannelAttributes(channel: "room", .replace(Self.attributes([("topic", "news")])), notify: false,
                                                    limits: nil)).get()
        _ = try alice.request(.setChannelAttributes(channel: "lobby", .replace(Self.attributes([("x", "1")])), notify: false,
                                                    limits: nil)).get()

        let second = Self.restart(store)
        let bob = try second.login("bob")
        guard case .channelAttributes(let room) = try bob.request(.getChannelAttributes(channel: "room", keys: nil)).get() else {
            Issue.record("expected channel attributes")
            return
        }
        #expect(room.map(\.key) == ["topic"] && room.first?.value == "news" && room.first?.updatedBy == "alice")
        _ = try bob.request(.joinChannel("room")).get()

        await Self.advance(second, seconds: 121, keeping: [bob])
        #expect(try bob.request(.getChannelAttributes(channel: "room", keys: nil)).get().channelAttributeKeys == ["topic"],
                "someone joined: kept")
        #expect(try bob.request(.getChannelAttributes(channel: "lobby", keys: nil)).get().channelAttributeKeys == [],
                "nobody joined: gone")
        #expect(store.userData()[.development]?.channelAttributes.keys.sorted() == ["room"])
    }

    @Test("the quotas of channel attributes count what was read back")
    func channelQuotaRebuilt() throws {
        var configuration = ServiceConfiguration.development
        configuration.attributes.channelsPerUser = 1
        let store = RecordingStore()
        let alice = try Self.restart(store, configuration).login("alice")
        _ = try alice.request(.setChannelAttributes(channel: "a", .replace(Self.attributes([("k", "v")])), notify: false,
                                                    limits: nil)).get()
        let again = try Self.restart(store, configuration).login("alice")
        let refused = try again.request(.setChannelAttributes(channel: "b", .replace(Self.attributes([("k", "v")])), notify: false,
                                                              limits: nil))
        #expect(refused.failure?.code == .service(.attributesTooLarge))
    }

    @Test("a cluster node taking an app over reads its messages and attributes back, as after a restart")
    func takeover() throws {
        let store = RecordingStore()
        let router = TestRouter([:])
        let configuration = ServiceConfiguration(apps: [AppConfiguration(id: "one", vendorIDs: ["v1"], secret: "s")])
        func node() -> ServiceHarness {
            ServiceHarness(configuration: configuration, verifier: ScriptedVerifier(), store: store, cluster: router)
        }
        let a = node()
        a.service.host("one")
        let alice = try a.login("alice", app: "v1", token: "ok")
        #expect(try alice.request(ServiceOperation.offlineMessage("hi", to: "bob")) == .success(.message(.stored)))
        _ = try alice.request(.setChannelAttributes(channel: "c", .replace(Self.attributes([("k", "v")])), notify: false,
                                                    limits: nil)).get()
        a.service.unhost("one", flush: false)

        let b = node()
        b.service.host("one")
        #expect(store.reads.contains("restore one"))
        let bob = try b.login("bob", app: "v1", token: "ok")
        let handed = bob.events.compactMap { envelope -> String? in
            guard case .message(let message) = envelope.event, case .text(let text) = message.content else { return nil }
            return "\(message.from):\(text)"
        }
        #expect(handed == ["alice:hi"])
        #expect(try bob.request(.getChannelAttributes(channel: "c", keys: nil)).get().channelAttributeKeys == ["k"])
    }

    @Test("a message the store fails to keep is refused with internal_error and kept nowhere; the ones it would have replaced stay")
    func failedWriteKeepsNothing() throws {
        var configuration = ServiceConfiguration.development
        configuration.offlineMessageLimit = 1
        let store = RecordingStore()
        let harness = ServiceHarness(configuration: configuration, store: store)
        let alice = try harness.login("alice")
        #expect(try alice.request(ServiceOperation.offlineMessage("first", to: "bob")) == .success(.message(.stored)))
        store.fail(true)
        #expect(try alice.request(ServiceOperation.offlineMessage("second", to: "bob")).failureCode == "internal_error")
        store.fail(false)
        #expect(try harness.offlineMessagesHandedOver(to: "bob") == ["alice:first"], "the replaced one is back, the refused one gone")
    }
}
