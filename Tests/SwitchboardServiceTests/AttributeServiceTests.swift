import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// The service's side of attributes and member counts (docs/CALL-MODEL.md, "Attributes"), vendor
/// neutral: its own limits, limits a request tightens, user attributes that end with the user's last
/// session, channel attributes that outlive the last member by the retention.
@Suite("Service: attributes and member counts")
struct AttributeServiceTests {
    func attributes(_ pairs: [(String, String)]) -> [Attribute] {
        pairs.map { Attribute(key: $0.0, value: $0.1) }
    }

    @Test func userAttributesChangeByModeAndAnswerSortedByKey() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        #expect(try alice.request(.setUserAttributes(.replace(attributes([("b", "2"), ("a", "1")])), limits: nil)).get()
                == .attributes(attributes([("a", "1"), ("b", "2")])))
        #expect(try alice.request(.setUserAttributes(.merge(attributes([("b", "3"), ("c", "4"), ("c", "5")])), limits: nil)).get()
                == .attributes(attributes([("a", "1"), ("b", "3"), ("c", "5")])), "the last of one key wins")
        #expect(try alice.request(.setUserAttributes(.delete(keys: ["a", "zz"]), limits: nil)).get()
                == .attributes(attributes([("b", "3"), ("c", "5")])))
        #expect(try bob.request(.getUserAttributes("alice", keys: ["c", "zz"])).get() == .attributes(attributes([("c", "5")])))
        #expect(try alice.request(.setUserAttributes(.clear, limits: nil)).get() == .attributes([]))
        #expect(try bob.request(.getUserAttributes("alice", keys: nil)).get() == .attributes([]))
        #expect(bob.events.isEmpty, "user attributes announce nothing")
    }

    @Test func limitsAreTheServicesUnlessARequestNamesStricterOnes() throws {
        var configuration = ServiceConfiguration.development
        configuration.attributes.user = AttributeLimits(count: 3, totalBytes: 90, valueBytes: 50)
        configuration.attributes.keyBytes = 8
        let harness = ServiceHarness(configuration: configuration)
        let alice = try harness.login("alice")
        let tooMany = try alice.request(.setUserAttributes(.replace(attributes([("a", ""), ("b", ""), ("c", ""), ("d", "")])), limits: nil))
        #expect(tooMany.failure?.code == .service(.attributesTooLarge))
        let tooLong = try alice.request(.setUserAttributes(.merge(attributes([("a", String(repeating: "x", count: 51))])), limits: nil))
        #expect(tooLong.failure?.code == .service(.attributesTooLarge))
        _ = try alice.request(.setUserAttributes(.merge(attributes([("a", String(repeating: "x", count: 45))])), limits: nil)).get()
        let overTotal = try alice.request(.setUserAttributes(.merge(attributes([("b", String(repeating: "y", count: 50))])), limits: nil))
        #expect(overTotal.failure?.code == .service(.attributesTooLarge), "46 + 51 bytes of keys and values is over 90")
        let stricter = AttributeLimits(count: 1, totalBytes: 1000, valueBytes: 1000)
        let refused = try alice.request(.setUserAttributes(.merge(attributes([("b", "y")])), limits: stricter))
        #expect(refused.failure?.code == .service(.attributesTooLarge), "the request's count of 1")
        let looser = AttributeLimits(count: 10, totalBytes: 10_000, valueBytes: 10_000)
        let stillRefused = try alice.request(.setUserAttributes(.merge(attributes([("v", String(repeating: "z", count: 60))])), limits: looser))
        #expect(stillRefused.failure?.code == .service(.attributesTooLarge), "a request cannot loosen the service's limits")
        for key in ["", "has space", "123456789", "ctl\u{1}"] {
            let bad = try alice.request(.setUserAttributes(.merge([Attribute(key: key, value: "v")]), limits: nil))
            #expect(bad.failure?.code == .service(.invalidRequest), "\(key)")
        }
        #expect(try alice.request(.getUserAttributes("alice", keys: nil)).get()
                == .attributes(attributes([("a", String(repeating: "x", count: 45))])), "refused changes changed nothing")
    }

    @Test func userAttributesEndWithTheUsersLastSession() throws {
        let harness = ServiceHarness()
        let phone = try harness.login("alice", device: "phone")
        let tablet = try harness.login("alice", device: "tablet")
        let bob = try harness.login("bob")
        _ = try phone.request(.setUserAttributes(.replace(attributes([("k", "v")])), limits: nil)).get()
        _ = try tablet.request(.logout).get()
        #expect(try bob.request(.getUserAttributes("alice", keys: nil)).get() == .attributes(attributes([("k", "v")])))
        _ = try phone.request(.logout).get()
        #expect(try bob.request(.getUserAttributes("alice", keys: nil)).failure?.code == .service(.userNotFound))
        #expect(try bob.request(.getUserAttributes("", keys: nil)).failure?.code == .service(.invalidUserID))
        let again = try harness.login("alice", device: "phone")
        #expect(try again.request(.getUserAttributes("alice", keys: nil)).get() == .attributes([]))
    }

    @Test func channelAttributesNotifyMembersWhenAskedAndRecordTheirWriter() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let carol = try harness.login("carol")
        _ = try alice.request(.joinChannel("lobby")).get()
        _ = try bob.request(.joinChannel("lobby")).get()
        let now = harness.now
        let written = [ChannelAttribute(key: "seat0", value: "alice", updatedBy: "carol", updatedAt: now)]
        #expect(try carol.request(.setChannelAttributes(channel: "lobby", .merge(attributes([("seat0", "alice")])), notify: true, limits: nil)).get()
                == .channelAttributes(written))
        let told: (RawConnection) -> [[ChannelAttribute]] = { connection in
            connection.events.compactMap { if case .channelAttributesChanged("lobby", let attributes) = $0.event { attributes } else { nil } }
        }
        #expect(told(alice) == [written])
        #expect(told(bob) == [written])
        #expect(told(carol).isEmpty, "carol is not in the channel")
        _ = try alice.request(.setChannelAttributes(channel: "lobby", .merge(attributes([("topic", "t")])), notify: false, limits: nil)).get()
        #expect(told(bob).count == 1, "no notification unless asked")
        #expect(try carol.request(.getChannelAttributes(channel: "lobby", keys: ["topic"])).get()
                == .channelAttributes([ChannelAttribute(key: "topic", value: "t", updatedBy: "alice", updatedAt: now)]))
        _ = try bob.request(.setChannelAttributes(channel: "lobby", .clear, notify: true, limits: nil)).get()
        #expect(told(alice).last == [])
        let bad = try carol.request(.setChannelAttributes(channel: "", .clear, notify: false, limits: nil))
        #expect(bad.failure?.code == .service(.invalidChannel))
    }

    @Test func channelAttributesOutliveTheLastMemberByTheRetention() async throws {
        var configuration = ServiceConfiguration.development
        configuration.attributes.emptyChannelRetention = .seconds(60)
        // Raw connections send no heartbeats: keep their sessions through the minutes this test spans.
        configuration.unreachableAfter = .seconds(3000)
        configuration.offlineAfter = .seconds(3600)
        let harness = ServiceHarness(configuration: configuration)
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        _ = try alice.request(.joinChannel("lobby")).get()
        _ = try alice.request(.setChannelAttributes(channel: "lobby", .merge(attributes([("k", "v")])), notify: false, limits: nil)).get()
        _ = try alice.request(.leaveChannel("lobby")).get()
        await harness.advance(by: .seconds(30))
        _ = try bob.request(.joinChannel("lobby")).get()
        await harness.advance(by: .seconds(60))
        #expect(try bob.request(.getChannelAttributes(channel: "lobby", keys: nil)).get().channelAttributeKeys == ["k"])
        await harness.advance(by: .seconds(30))
        _ = try bob.request(.logout).get()
        await harness.advance(by: .seconds(59))
        #expect(try alice.request(.getChannelAttributes(channel: "lobby", keys: nil)).get().channelAttributeKeys == ["k"],
                "the session that ended was the channel's last member: the retention runs from then")
        await harness.advance(by: .seconds(1))
        #expect(try alice.request(.getChannelAttributes(channel: "lobby", keys: nil)).get().channelAttributeKeys == [])

        _ = try alice.request(.setChannelAttributes(channel: "hall", .merge(attributes([("k", "v")])), notify: false, limits: nil)).get()
        await harness.advance(by: .seconds(59))
        #expect(try alice.request(.getChannelAttributes(channel: "hall", keys: nil)).get().channelAttributeKeys == ["k"])
        await harness.advance(by: .seconds(1))
        #expect(try alice.request(.getChannelAttributes(channel: "hall", keys: nil)).get().channelAttributeKeys == [])
    }

    @Test func memberCountsAndSubscriptions() throws {
        var configuration = ServiceConfiguration.development
        configuration.attributes.memberCountChannels = 2
        let harness = ServiceHarness(configuration: configuration)
        let alice = try harness.login("alice")
        let aliceTablet = try harness.login("alice", device: "tablet")
        let bob = try harness.login("bob")
        _ = try alice.request(.joinChannel("lobby")).get()
        _ = try aliceTablet.request(.joinChannel("lobby")).get()
        _ = try bob.request(.joinChannel("lobby")).get()
        #expect(try bob.request(.channelMemberCounts(["lobby", "empty"])).get()
                == .memberCounts([ChannelMemberCount(channel: "lobby", count: 2), ChannelMemberCount(channel: "empty", count: 0)]),
                "users, not sessions")
        #expect(try bob.request(.channelMemberCounts(["a", "b", "c"])).failure?.code == .service(.invalidRequest))
        #expect(try bob.request(.channelMemberCounts([""])).failure?.code == .service(.invalidChannel))
        _ = try bob.request(.subscribePresence(["carol", "alice"])).get()
        #expect(try bob.request(.presenceSubscriptions).get() == .users(["alice", "carol"]))
        #expect(try alice.request(.presenceSubscriptions).get() == .users([]))
    }
}

extension Reply {
    var channelAttributeKeys: [String]? {
        if case .channelAttributes(let attributes) = self { attributes.map(\.key) } else { nil }
    }
}
