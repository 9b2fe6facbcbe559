import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// Channel attributes need no membership, so the service bounds what one user and one app may hold
/// (docs/SECURITY.md, "Quotas"): over a quota the writer gets `attributes_too_large` and nothing
/// changes; an attribute counts against whoever last wrote it, so nobody else's writes push a user over.
@Suite("Channel attribute quotas")
struct ChannelAttributeQuotaTests {
    /// 2 channels or 20 bytes per user, 50 bytes per app.
    private static func configuration() -> ServiceConfiguration {
        var configuration = ServiceConfiguration.development
        configuration.attributes.channelsPerUser = 2
        configuration.attributes.channelBytesPerUser = 20
        configuration.attributes.channelBytesPerApp = 50
        return configuration
    }

    private static func set(_ channel: String, _ change: AttributeChange) -> ServiceOperation {
        .setChannelAttributes(channel: channel, change, notify: false, limits: nil)
    }

    private static func merge(_ key: String, _ value: String) -> AttributeChange {
        .merge([Attribute(key: key, value: value)])
    }

    /// A channel's attributes as "key=value by writer".
    private static func contents(of channel: String, asking user: RawConnection) throws -> [String] {
        guard case .channelAttributes(let attributes) = try user.request(.getChannelAttributes(channel: channel, keys: nil)).get() else {
            return ["not channel attributes"]
        }
        return attributes.map { "\($0.key)=\($0.value) by \($0.updatedBy)" }
    }

    @Test("one user holds attributes in at most so many channels; the next channel is refused and stays empty, others still write")
    func channelsPerUser() throws {
        let harness = ServiceHarness(configuration: Self.configuration())
        let attacker = try harness.login("attacker")
        let victim = try harness.login("victim")
        #expect(try attacker.request(Self.set("c1", Self.merge("k", "v"))).failure == nil)
        #expect(try attacker.request(Self.set("c2", Self.merge("k", "v"))).failure == nil)
        let refused = try attacker.request(Self.set("c3", Self.merge("k", "v")))
        #expect(refused.failure?.code == .service(.attributesTooLarge))
        #expect(refused.failure?.message.contains("per user") == true, "\(String(describing: refused.failure))")
        #expect(try Self.contents(of: "c3", asking: victim).isEmpty, "the refused change changed nothing")

        #expect(try attacker.request(Self.set("c1", Self.merge("k2", "v"))).failure == nil, "more in a channel it already holds")
        #expect(try victim.request(Self.set("c3", Self.merge("k", "v"))).failure == nil, "the victim is not affected")
        #expect(try attacker.request(Self.set("c1", .clear)).failure == nil, "clearing is always allowed")
        #expect(try attacker.request(Self.set("c3", Self.merge("k2", "w"))).failure == nil, "clearing c1 gave a channel back")
        #expect(try Self.contents(of: "c3", asking: victim) == ["k=v by victim", "k2=w by attacker"])
    }

    @Test("one user holds at most so many bytes; overwriting someone's attribute puts it on the writer's account, not theirs")
    func bytesPerUser() throws {
        let harness = ServiceHarness(configuration: Self.configuration())
        let attacker = try harness.login("attacker")
        let victim = try harness.login("victim")
        let eighteen = String(repeating: "v", count: 17)
        #expect(try attacker.request(Self.set("a", Self.merge("k", eighteen))).failure == nil)
        #expect(try attacker.request(Self.set("b", Self.merge("k2", "vv"))).failure?.code == .service(.attributesTooLarge),
                "18 + 4 bytes is over 20")
        #expect(try victim.request(Self.set("b", Self.merge("k", eighteen))).failure == nil, "the victim has its own 20")

        // Overwriting the victim's attribute would make it the attacker's: 18 + 6 bytes, refused; the
        // victim's attribute is as it was.
        #expect(try attacker.request(Self.set("b", Self.merge("k", "vvvvv"))).failure?.code == .service(.attributesTooLarge))
        #expect(try Self.contents(of: "b", asking: victim) == ["k=\(eighteen) by victim"])

        // Within the attacker's quota the overwrite goes through and frees the victim's bytes.
        #expect(try attacker.request(Self.set("a", .delete(keys: ["k"]))).failure == nil)
        #expect(try attacker.request(Self.set("b", Self.merge("k", "vvvvv"))).failure == nil)
        #expect(try victim.request(Self.set("c", Self.merge("k", eighteen))).failure == nil, "the victim's 18 bytes are the attacker's now")
    }

    @Test("an app keeps at most so many bytes; the retention of an empty channel gives them back")
    func bytesPerApp() async throws {
        let harness = ServiceHarness(configuration: Self.configuration())
        let ten = String(repeating: "v", count: 9)
        for index in 0..<2 {
            let user = try harness.login(UserID("user-\(index)"))
            #expect(try user.request(Self.set("c\(index)", Self.merge("k", ten))).failure == nil)
            #expect(try user.request(Self.set("c\(index)", Self.merge("l", ten))).failure == nil)
        }
        let third = try harness.login("user-2")
        #expect(try third.request(Self.set("d", Self.merge("k", ten))).failure == nil, "50 bytes in all")
        let refused = try third.request(Self.set("e", Self.merge("k", "v")))
        #expect(refused.failure?.code == .service(.attributesTooLarge))
        #expect(refused.failure?.message.contains("per app") == true, "\(String(describing: refused.failure))")
        #expect(try Self.contents(of: "e", asking: third).isEmpty)

        // Nobody is in the channels: their attributes go 2 minutes after they were set.
        for _ in 0..<121 {
            await harness.advance(by: .seconds(1))
            third.send(.ping)
        }
        #expect(try third.request(Self.set("e", Self.merge("k", "v"))).failure == nil, "the expired attributes were given back")
    }

    @Test("the defaults: 64 channels and 1 MiB per user, 64 MiB per app")
    func defaults() {
        let attributes = AttributeConfiguration.standard
        #expect(attributes.channelsPerUser == 64)
        #expect(attributes.channelBytesPerUser == 1024 * 1024)
        #expect(attributes.channelBytesPerApp == 64 * 1024 * 1024)
    }
}
