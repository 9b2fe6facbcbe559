import Dispatch
import Testing
import SwitchboardAtomicX
import SwitchboardTesting
import SwitchboardZIM

/// One profile per user, whichever surface sets or shows it (docs/ZIM.md, "User information"): ZIM's
/// `updateUserName` / `updateUserAvatarUrl` are the nickname and avatar a Tencent user shows, and
/// Tencent's `setSelfInfo` is what ZIM's `queryUsersInfo` answers.
@Suite("ZIM and Tencent share users' profiles")
struct ZIMTencentProfileTests {
    @Test("a ZIM caller's name and avatar are what the Tencent callee shows; the callee's setSelfInfo is what ZIM queries")
    func sharedProfiles() async throws {
        let world = TestWorld()
        let alice = ZIMDevice("alice", in: world)
        #expect(try await alice.login(in: world) == .ZIMErrorCodeSuccess)
        #expect(try await world.completion { done in alice.zim.updateUserName("Alice Z") { done($1.code) } } == .ZIMErrorCodeSuccess)
        #expect(try await world.completion { done in
            alice.zim.updateUserAvatarUrl("https://example.invalid/z.png") { done($1.code) }
        } == .ZIMErrorCodeSuccess)
        let bob = TencentUser("bob", in: world)
        #expect(try await bob.login(in: world).isSuccess)
        #expect(try await bob.awaiting.setSelfInfo(nickname: "Bob T", avatarURL: "https://example.invalid/t.png", in: world).isSuccess)

        let config = ZIMCallInviteConfig()
        #expect(try await world.completion { done in alice.zim.callInvite(with: ["bob"], config: config) { done($2.code) } } == .ZIMErrorCodeSuccess)
        try await bob.waitFor(prefix: "received", in: world)
        try await bob.waitUntil("bob shows alice's ZIM name and avatar", in: world) { state in
            state.allParticipants.contains { $0.id == "alice" && $0.name == "Alice Z" && $0.avatarURL == "https://example.invalid/z.png" }
        }

        let query = ZIMUsersInfoQueryConfig()
        query.isQueryFromServer = true
        let users: [String] = try await world.completion { done in
            alice.zim.queryUsersInfo(by: ["bob"], config: query) { users, _, _ in done(users.map(\.description)) }
        }
        #expect(users == ["bob name=Bob T avatar=https://example.invalid/t.png data="])
    }
}

/// A bare ZIM instance in the world.
private struct ZIMDevice: @unchecked Sendable {
    // @unchecked: used by one test; callbacks on the environment's queue.
    let name: String
    let zim: ZIM

    init(_ name: String, in world: TestWorld) {
        self.name = name
        let config = ZIMAppConfig()
        config.appID = 1_234_567
        config.appSign = "sign"
        zim = ZIM.create(with: config, environment: world.environment(callbackQueue: DispatchQueue(label: "zim.\(name)")))!
    }

    func login(in world: TestWorld) async throws -> ZIMErrorCode {
        let config = ZIMLoginConfig()
        config.token = "token"
        return try await world.completion { done in self.zim.login(withUserID: self.name, config: config) { done($0.code) } }
    }
}
