import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// One engine of the conformance suite: how to open it, and again on the same data once the last one
/// opened is gone (a restart; the same object for the memory engine).
public struct EngineUnderTest: Sendable {
    public let name: String
    public let open: @Sendable () throws -> any ServiceStore

    public init(_ name: String, open: @escaping @Sendable () throws -> any ServiceStore) {
        self.name = name
        self.open = open
    }
}

/// The store engines' conformance suite (docs/ARCHITECTURE.md, "Store engines"): the same test functions
/// run against the memory engine (SwitchboardServiceTests), SQLite (SwitchboardServerTests) and PostgreSQL
/// (SwitchboardClusterTests, on a real server). Every engine must give back what it was given, in the
/// service's order, apps apart, whatever it keeps on disk.
///
/// Each engine's suite runs `@Test(arguments: StoreConformance.checks)`; an engine opened for a check
/// holds (for PostgreSQL, the leases of) apps `a` and `b`.
public enum StoreConformance {
    /// One behaviour every engine must have.
    public struct Check: Sendable, CustomTestStringConvertible {
        public let name: String
        public let run: @Sendable (EngineUnderTest) async throws -> Void
        public var testDescription: String { name }
    }

    public static let checks: [Check] = [
        Check(name: "a step's writes commit together and come back, every app's or those asked, after reopening", run: commitAndRestore),
        Check(name: "records page newest first, ties by call id, a later save replaces, owners and apps apart", run: recordsPage),
        Check(name: "deleting records answers those that were there, in the order asked; retention deletes by age", run: deleteAndRetention),
        Check(name: "a live call comes back with its internals and goes when it ends, also within one commit", run: liveCalls),
        Check(name: "offline messages and attributes: kept, replaced, handed over, expired and dropped, write by write or in one step", run: userData),
        Check(name: "profiles are kept and replaced", run: profiles),
        Check(name: "push tokens: one per device and platform, replaced, removed, apps apart; a live call keeps its push marks and profile", run: pushTokens),
    ]

    static func commitAndRestore(_ engine: EngineUnderTest) async throws {
        let call = try StoreFixtures.ringingCall("live-1")
        let other = try StoreFixtures.ringingCall("live-0")
        do {
            let store = try engine.open()
            try store.commit([
                .record("a", StoreFixtures.record("c1", at: 1000)), .liveCall("a", call), .liveCall("a", other),
                .profile("a", Profile(user: "bob")), .profile("a", Profile(user: "alice", nickname: "Alice")),
                .profile("b", Profile(user: "zed")),
            ] + UserDataFixture.writes(app: "b"))
        }
        let store = try engine.open()
        let all = try store.restore(nil)
        #expect(Set(all.keys) == ["a", "b"])
        #expect(all["a"]?.liveCalls == [other, call])
        #expect(all["a"]?.profiles == [Profile(user: "alice", nickname: "Alice"), Profile(user: "bob")])
        #expect(all["a"]?.userData == StoredUserData())
        #expect(all["b"] == StoredApp(profiles: [Profile(user: "zed")], userData: UserDataFixture.expected))
        let onlyA = try store.restore(["a"])
        #expect(Set(onlyA.keys) == ["a"])
        #expect(onlyA["a"] == all["a"])
        #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 10).records == [StoreFixtures.record("c1", at: 1000)])
    }

    static func recordsPage(_ engine: EngineUnderTest) async throws {
        let store = try engine.open()
        let records = [StoreFixtures.record("c1", at: 1000), StoreFixtures.record("c2", at: 2000),
                       StoreFixtures.record("c3", at: 2000), StoreFixtures.record("c4", at: 3000),
                       StoreFixtures.record("c0", owner: "carol", at: 5000)]
        try store.commit(records.map { .record("a", $0) } + [.record("b", StoreFixtures.record("c9", at: 9000))])
        var cursor: RecordCursor?
        var pages: [[String]] = []
        repeat {
            let page = try store.records(app: "a", owner: "bob", after: cursor, limit: 2)
            pages.append(page.records.map(\.callID.rawValue))
            cursor = page.next
            // The cursor is the page's last record, and only when more follow.
            #expect(cursor == (pages.joined().count < 4 ? page.records.last.map(RecordCursor.init(after:)) : nil))
        } while cursor != nil && pages.count < 5
        #expect(pages == [["c4", "c3"], ["c2", "c1"]])
        #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 4).next == nil)
        #expect(try store.records(app: "a", owner: "carol", after: nil, limit: 10).records.map(\.callID) == ["c0"])
        #expect(try store.records(app: "b", owner: "bob", after: nil, limit: 10).records.map(\.callID) == ["c9"])
        #expect(try store.records(app: "b", owner: "carol", after: nil, limit: 10).records.isEmpty)

        var newer = StoreFixtures.record("c1", at: 4000)
        newer.duration = .seconds(9)
        try store.commit([.record("a", newer)])
        #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 1).records == [newer])
        #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 10).records.map(\.callID) == ["c1", "c4", "c3", "c2"])
    }

    static func deleteAndRetention(_ engine: EngineUnderTest) async throws {
        let store = try engine.open()
        try store.commit([1000, 2000, 3000].enumerated().map { index, ms in
            .record("a", StoreFixtures.record("c\(index + 1)", at: Int64(ms)))
        } + [.record("b", StoreFixtures.record("c1", at: 1000))])
        #expect(try store.deleteRecords(app: "a", owner: "bob", calls: ["c2", "nope", "c2"]) == ["c2"])
        #expect(try store.deleteRecords(app: "a", owner: "bob", calls: ["c3", "c1"]) == ["c3", "c1"])
        #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 10).records.isEmpty)
        #expect(try store.records(app: "b", owner: "bob", after: nil, limit: 10).records.map(\.callID) == ["c1"])

        try store.commit([.record("a", StoreFixtures.record("old", at: 1500)), .record("a", StoreFixtures.record("new", at: 3500))])
        #expect(try await store.deleteRecords(recordedBefore: Timestamp(millisecondsSince1970: 2000)) == 2)
        #expect(try store.records(app: "a", owner: "bob", after: nil, limit: 10).records.map(\.callID) == ["new"])
        #expect(try store.records(app: "b", owner: "bob", after: nil, limit: 10).records.isEmpty)
        #expect(try await store.deleteRecords(recordedBefore: Timestamp(millisecondsSince1970: 2000)) == 0)
    }

    static func liveCalls(_ engine: EngineUnderTest) async throws {
        let call = try StoreFixtures.ringingCall("live-1")
        do {
            try engine.open().commit([.liveCall("a", call)])
        }
        let store = try engine.open()
        let kept = try store.restore(["a"])["a"]?.liveCalls
        #expect(kept == [call])
        #expect(kept?.first?.participant("bob")?.ringDeadline == StoreFixtures.t0 + .seconds(60))
        // Saved again, then ended, in one commit: gone. Ended, then saved again: kept.
        try store.commit([.liveCall("a", call), .callEnded("a", "live-1")])
        #expect(try store.restore(["a"])["a"]?.liveCalls ?? [] == [])
        try store.commit([.callEnded("a", "live-1"), .liveCall("a", call), .liveCall("b", call)])
        #expect(try store.restore(["a"])["a"]?.liveCalls == [call])
        try store.commit([.callEnded("a", "live-1")])
        #expect(try store.restore(["a"])["a"]?.liveCalls ?? [] == [])
        #expect(try store.restore(["b"])["b"]?.liveCalls == [call])
    }

    static func userData(_ engine: EngineUnderTest) async throws {
        do {
            let store = try engine.open()
            for write in UserDataFixture.writes(app: "a") { try store.commit([write]) }
            try store.commit(UserDataFixture.writes(app: "b"))
            let both = try store.restore(nil)
            #expect(both["a"]?.userData == UserDataFixture.expected)
            #expect(both["b"]?.userData == UserDataFixture.expected)
        }
        let store = try engine.open()
        #expect(try store.restore(["a"])["a"]?.userData == UserDataFixture.expected)
        try store.commit([.offlineMessagesExpired("a", sentAtOrBefore: Timestamp(millisecondsSince1970: 10_000)),
                          .userAttributes("a", "alice", []), .channelAttributes("a", channel: "room", [])])
        #expect(try store.restore(["a"])["a"]?.userData ?? StoredUserData() == StoredUserData())
        #expect(try store.restore(["b"])["b"]?.userData == UserDataFixture.expected)
    }

    static func profiles(_ engine: EngineUnderTest) async throws {
        do {
            let store = try engine.open()
            try store.commit([.profile("a", Profile(user: "alice", nickname: "Alice"))])
            try store.commit([.profile("a", Profile(user: "alice", nickname: "Alice B", avatarURL: "x", extendedData: "{\"k\":1}")),
                              .profile("b", Profile(user: "bob"))])
        }
        let kept = try engine.open().restore(nil)
        #expect(kept["a"]?.profiles == [Profile(user: "alice", nickname: "Alice B", avatarURL: "x", extendedData: "{\"k\":1}")])
        #expect(kept["b"]?.profiles == [Profile(user: "bob")])
    }

    static func pushTokens(_ engine: EngineUnderTest) async throws {
        func token(_ user: UserID, _ device: DeviceID, _ platform: PushPlatform, _ token: String, at ms: Int64 = 5_000) -> PushRegistration {
            PushRegistration(user: user, device: device, platform: platform, token: token,
                             topic: platform == .apnsVoIP ? "com.example.app.voip" : "com.example.app",
                             environment: platform == .fcm ? .production : .sandbox,
                             registeredAt: Timestamp(millisecondsSince1970: ms))
        }
        var call = try StoreFixtures.ringingCall("live-push")
        call.placedThrough = "zim.advanced"
        call.participants[1].pushMarks = [
            PushMark(device: "phone", platform: .apnsVoIP, invitedAt: StoreFixtures.t0),
            PushMark(device: "tablet", platform: .fcm, invitedAt: StoreFixtures.t0, isSettled: true),
        ]
        do {
            let store = try engine.open()
            try store.commit([.pushRegistered("a", token("bob", "phone", .apnsVoIP, "aa01"))])
            try store.commit([
                .pushRegistered("a", token("bob", "phone", .apnsVoIP, "aa02", at: 6_000)),
                .pushRegistered("a", token("bob", "phone", .apnsAlert, "bb01")),
                .pushRegistered("a", token("alice", "web", .fcm, "fcm:token-1")),
                .pushRegistered("b", token("bob", "phone", .apnsVoIP, "aa01")),
                .liveCall("a", call),
            ])
        }
        let store = try engine.open()
        let kept = try store.restore(nil)
        #expect(kept["a"]?.pushRegistrations == [
            token("alice", "web", .fcm, "fcm:token-1"), token("bob", "phone", .apnsAlert, "bb01"),
            token("bob", "phone", .apnsVoIP, "aa02", at: 6_000),
        ])
        #expect(kept["b"]?.pushRegistrations == [token("bob", "phone", .apnsVoIP, "aa01")])
        let restoredCall = kept["a"]?.liveCalls.first
        #expect(restoredCall == call)
        #expect(restoredCall?.placedThrough == "zim.advanced")
        #expect(restoredCall?.participant("bob")?.pushMarks == call.participants[1].pushMarks)
        // Removed one by one; removing one that is not there changes nothing.
        try store.commit([.pushUnregistered("a", PushRegistration.Key(user: "bob", device: "phone", platform: .apnsVoIP)),
                          .pushUnregistered("a", PushRegistration.Key(user: "carol", device: "x", platform: .fcm))])
        #expect(try store.restore(["a"])["a"]?.pushRegistrations == [
            token("alice", "web", .fcm, "fcm:token-1"), token("bob", "phone", .apnsAlert, "bb01"),
        ])
        #expect(try store.restore(["b"])["b"]?.pushRegistrations == [token("bob", "phone", .apnsVoIP, "aa01")])
    }
}
