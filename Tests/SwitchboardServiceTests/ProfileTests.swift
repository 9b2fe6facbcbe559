import Synchronization
import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// Users' profiles beyond Tencent's name and avatar (docs/SERVER.md, "User profiles"): extended data,
/// and which users exist, which `profile.query` reports (ZIM's `errorUserList`).
@Suite("Profiles: extended data and who exists")
struct ProfileTests {
    @Test("a user exists from their first login; a query lists the users asked about who do not, each once")
    func unknownUsers() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let carol = try harness.login("carol")
        carol.send(.request(Request(id: 1, operation: .logout)))

        let queried = try alice.request(.queryProfiles(["alice", "zed", "carol", "bob", "zed"])).get()
        #expect(queried == .profiles([Profile(user: "alice"), Profile(user: "zed"), Profile(user: "carol"),
                                      Profile(user: "bob"), Profile(user: "zed")], unknown: ["zed", "bob"]))
        // A profile set is also a user that exists, and the answer to a set never lists anyone unknown.
        #expect(try alice.request(.setProfile(nickname: "Alice", avatarURL: nil)).get()
            == .profiles([Profile(user: "alice", nickname: "Alice")]))
    }

    @Test("the first login stores an empty profile once; a service started on the same store still knows the user")
    func existenceIsStored() throws {
        let store = RecordingStore()
        let first = ServiceHarness(store: store)
        _ = try first.login("alice", device: "phone")
        _ = try first.login("alice", device: "laptop")
        #expect(store.savedProfiles == [Profile(user: "alice")])

        let second = ServiceHarness(store: store)
        let bob = try second.login("bob")
        #expect(try bob.request(.queryProfiles(["alice", "zed"])).get()
            == .profiles([Profile(user: "alice"), Profile(user: "zed")], unknown: ["zed"]))
    }

    @Test("extended data is stored, merged with the other fields, announced, and at most 4096 bytes")
    func extendedData() throws {
        let store = RecordingStore()
        let harness = ServiceHarness(store: store)
        let phone = try harness.login("alice", device: "phone")
        let laptop = try harness.login("alice", device: "laptop")
        let bob = try harness.login("bob")

        _ = try phone.request(.setProfile(nickname: "Alice", avatarURL: "a.png")).get()
        let set = try phone.request(.setProfile(nickname: nil, avatarURL: nil, extendedData: "{\"age\":30}")).get()
        let expected = Profile(user: "alice", nickname: "Alice", avatarURL: "a.png", extendedData: "{\"age\":30}")
        #expect(set == .profiles([expected]))
        #expect(store.savedProfiles.last == expected)
        let announced = laptop.events.compactMap { if case .profileChanged(let profile) = $0.event { profile } else { nil } }
        #expect(announced.last == expected)
        #expect(try bob.request(.queryProfiles(["alice"])).get() == .profiles([expected]))

        let full = String(repeating: "x", count: Profile.maxExtendedDataBytes)
        #expect(try phone.request(.setProfile(nickname: nil, avatarURL: nil, extendedData: full)).get()
            == .profiles([Profile(user: "alice", nickname: "Alice", avatarURL: "a.png", extendedData: full)]))
        let tooLong = try phone.request(.setProfile(nickname: "Changed", avatarURL: nil, extendedData: full + "x"))
        #expect(tooLong.failure?.code == .service(.invalidRequest))
        #expect(try bob.request(.queryProfiles(["alice"])).get()
            == .profiles([Profile(user: "alice", nickname: "Alice", avatarURL: "a.png", extendedData: full)]))
    }
}
