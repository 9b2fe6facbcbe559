import Foundation
import Testing
import SwitchboardAtomicX
import SwitchboardServer
import SwitchboardService
import SwitchboardTesting
import SwitchboardUserSig

// LoginStore (docs/TENCENT.md, "Login, tokens, profiles"), UserSig verification through the service
// (UserSigTokenVerifier; docs/TENCENT.md, "UserSig"), forced logouts (kickedOffline / loginExpired) and
// profiles (setSelfInfo, shown in CallStore's participants).

@Suite("Tencent surface: LoginStore")
struct TencentLoginTests {
    @Test("loginStatus goes unlogin → logined → unlogin; loginUserInfo and sdkAppID follow")
    func lifecycle() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let store = alice.loginStore
        let statuses = Collected<LoginStatus>()
        var cancellables = Set<AnyCancellable>()
        store.state.subscribe(StatePublisherSelector(keyPath: \LoginState.loginStatus))
            .sink { statuses.append($0) }
            .store(in: &cancellables)

        #expect(store.state.value.loginStatus == .unlogin)
        #expect(store.state.value.loginUserInfo == nil)
        #expect(store.sdkAppID == 0)

        #expect(try await alice.login(in: world).isSuccess)
        // The state is published before the completion runs.
        #expect(store.state.value.loginStatus == .logined)
        #expect(store.state.value.loginUserInfo?.userID == "alice")
        #expect(store.state.value.loginUserInfo?.nickname == nil)
        #expect(store.state.value.loginUserInfo?.avatarURL == nil)
        #expect(store.sdkAppID == 1_400_000_001)
        #expect(alice.state.selfInfo.id == "alice")

        #expect(try await alice.awaiting.setSelfInfo(nickname: "Alice", avatarURL: "https://example.com/a.png", in: world).isSuccess)
        #expect(store.state.value.loginUserInfo?.userID == "alice")
        #expect(store.state.value.loginUserInfo?.nickname == "Alice")
        #expect(store.state.value.loginUserInfo?.avatarURL == "https://example.com/a.png")

        #expect(try await alice.awaiting.logout(in: world).isSuccess)
        #expect(store.state.value.loginStatus == .unlogin)
        #expect(store.state.value.loginUserInfo == nil)
        // The SDKAppID of the last login stays readable.
        #expect(store.sdkAppID == 1_400_000_001)
        await world.runUntilIdle()
        #expect(statuses.all == [.unlogin, .logined, .unlogin])
        #expect(alice.events("login.").isEmpty)
        // Logging out again is harmless.
        #expect(try await alice.awaiting.logout(in: world).isSuccess)
        withExtendedLifetime(cancellables) {}
    }

    @Test("logging in again as the logged-in user succeeds at once and keeps the session (a call goes on)")
    func sameUserAgain() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)
        let statuses = Collected<LoginStatus>()
        var cancellables = Set<AnyCancellable>()
        alice.loginStore.state.subscribe(StatePublisherSelector(keyPath: \LoginState.loginStatus))
            .sink { statuses.append($0) }
            .store(in: &cancellables)
        let callID = try await alice.awaiting.connect(to: bob, in: world)
        alice.clear()
        bob.clear()

        #expect(try await alice.login(sig: "another-sig", in: world).isSuccess)
        await world.runUntilIdle()
        await world.runUntilIdle()
        #expect(alice.events.isEmpty)
        #expect(bob.events.isEmpty)
        #expect(alice.state.activeCall.callId == callID)
        #expect(alice.state.selfInfo.status == .accept)
        #expect(statuses.all == [.logined])
        #expect(alice.loginStore.state.value.loginUserInfo?.userID == "alice")
        withExtendedLifetime(cancellables) {}
    }

    @Test("logging in as another user switches: the new user is logged in, the old one is offline")
    func anotherUser() async throws {
        let world = TestWorld()
        let device = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await device.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)
        #expect(try await device.awaiting.setSelfInfo(nickname: "Alice", avatarURL: nil, in: world).isSuccess)

        #expect(try await device.awaiting.login(userID: "carol", in: world).isSuccess)
        let info = device.loginStore.state.value
        #expect(info.loginStatus == .logined)
        #expect(info.loginUserInfo?.userID == "carol")
        #expect(info.loginUserInfo?.nickname == nil)
        #expect(device.state.selfInfo.id == "carol")
        #expect(device.state.selfInfo.name == "")

        // alice has no device left: bob's call to her fails as offline; carol's rings on the device.
        #expect(try await bob.calls(["alice"], .audio, in: world).isSuccess)
        let toAlice = bob.callID
        try await bob.waitFor("ended \(toAlice) audio offline by=alice", in: world)
        #expect(device.events("received").isEmpty)
        #expect(try await bob.calls(["carol"], .audio, in: world).isSuccess)
        let toCarol = bob.callID
        try await device.waitFor("received \(toCarol) audio data=", in: world)
        try await device.waitFor("tui.received \(toCarol) caller=bob callees=carol audio role=called", in: world)
    }

    @Test("logging in as another user during a call hangs it up: the other side hears hangup, the new user is idle")
    func anotherUserDuringCall() async throws {
        let world = TestWorld()
        let device = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await device.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)
        let callID = try await device.awaiting.connect(to: bob, in: world)
        await world.advance(by: .seconds(2))

        #expect(try await device.awaiting.login(userID: "carol", in: world).isSuccess)
        try await device.waitFor("ended \(callID) audio hangup by=alice", in: world)
        try await device.waitFor("tui.end \(callID) hangup by=alice total=2", in: world)
        try await bob.waitFor("ended \(callID) audio hangup by=alice", in: world)
        #expect(device.state.selfInfo.id == "carol")
        #expect(device.state.selfInfo.status == .none)
        try await bob.waitUntil("bob is idle", in: world) { $0.selfInfo.status == .none }
        // carol is free to call.
        #expect(try await device.calls(["bob"], .audio, in: world).isSuccess)
        try await bob.waitFor(prefix: "tui.received \(device.callID) caller=carol", in: world)
    }

    @Test("bad input fails with -1202 and leaves the store logged out",
          arguments: [("", Int(1_400_000_001)), ("alice", 0), ("alice", -1_400_000_001),
                      ("alice", Int(Int32.max) + 1), ("alice", Int(Int32.min) - 1), ("alice", Int.max),
                      (String(repeating: "a", count: 65), 1_400_000_001), ("ålice", 1_400_000_001)])
    func badInput(userID: String, sdkAppID: Int) async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let outcome = try await world.completion { done in
            alice.loginStore.login(sdkAppID: sdkAppID, userID: userID, userSig: "sig") { done(Box($0)) }
        }.value
        #expect(outcome.infoCode == -1202)
        #expect(alice.loginStore.state.value.loginStatus == .unlogin)
        #expect(alice.loginStore.state.value.loginUserInfo == nil)
        #expect(alice.loginStore.sdkAppID == 0)
        // The Int32 spelling refuses the same input (where it fits in Int32).
        if let narrow = Int32(exactly: sdkAppID) {
            let again = try await alice.awaiting.login(userID: userID, sdkAppID: narrow, in: world)
            #expect(again.infoCode == -1202)
        }
        // The store is usable afterwards.
        #expect(try await alice.awaiting.login(intSDKAppID: 1_400_000_001, in: world).isSuccess)
        #expect(alice.loginStore.state.value.loginStatus == .logined)
        #expect(alice.loginStore.sdkAppID == 1_400_000_001)
    }

    @Test("logout hangs up the call in progress: both sides hear hangup by the user who left")
    func logoutHangsUp() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)
        let callID = try await alice.awaiting.connect(to: bob, in: world)
        #expect(try await alice.awaiting.logout(in: world).isSuccess)
        try await alice.waitFor("ended \(callID) audio hangup by=alice", in: world)
        try await bob.waitFor("ended \(callID) audio hangup by=alice", in: world)
        #expect(alice.state.selfInfo.status == .none)
        #expect(alice.loginStore.state.value.loginStatus == .unlogin)
        try await bob.waitUntil("bob is idle", in: world) { $0.selfInfo.status == .none }
        // After logout nothing reaches the device any more.
        #expect(try await bob.calls(["alice"], .audio, in: world).isSuccess)
        let next = bob.callID
        try await bob.waitFor("ended \(next) audio offline by=alice", in: world)
        await world.runUntilIdle()
        #expect(!alice.events.contains { $0.contains(next) })
    }
}

@Suite("Tencent surface: UserSig logins")
struct TencentUserSigLoginTests {
    @Test("a valid UserSig from the seed's GenerateTestUserSig statements logs in")
    func validSig() async throws {
        let verified = VerifiedWorld()
        let world = verified.world
        let alice = TencentUser("alice", in: world)
        // The seed's statements, unchanged.
        let userID = "alice"
        let secretKey = tencentSecretKey
        let sdkAppID: Int = 1400000001
        let userSig = GenerateTestUserSig.genTestUserSig(userID: userID, sdkAppID: sdkAppID, secretKey: secretKey)
        let outcome = try await world.completion { done in
            alice.loginStore.login(sdkAppID: sdkAppID, userID: userID, userSig: userSig) { result in
                switch result {
                case .success:
                    done(Box(result))
                case .failure(let error):
                    _ = (error.code, error.message)
                    done(Box(result))
                }
            }
        }.value
        #expect(outcome.isSuccess)
        #expect(alice.loginStore.state.value.loginStatus == .logined)
        #expect(alice.loginStore.state.value.loginUserInfo?.userID == "alice")
        // And a UserSig made with the library for the world's time.
        let bob = TencentUser("bob", in: world)
        #expect(try await bob.login(sig: verified.userSig("bob"), in: world).isSuccess)
    }

    @Test("a forged UserSig, another user's, another app's or another key's fails with 70003", arguments: [
        "another key", "another user", "another app", "empty", "garbage",
    ])
    func invalidSig(kind: String) async throws {
        let verified = VerifiedWorld()
        let world = verified.world
        let alice = TencentUser("alice", in: world)
        let sig = switch kind {
        case "another key": verified.userSig("alice", secretKey: "another-secret-key")
        case "another user": verified.userSig("bob")
        case "another app": verified.userSig("alice", sdkAppID: 1_400_000_002)
        case "empty": ""
        default: "eJyrVgrxCdZLrSjILEpVsjI0NTU1MjAw0AGLZqak5pVkpmWmFilZKVVkJuZnleYpQaSKU7ITCwoyU4BaTAygACqTmQ5U7VPmaJ6i71lunh5cnFecXRZW5eQS4O"
        }
        let outcome = try await alice.login(sig: sig, in: world)
        #expect(outcome.infoCode == 70003, "\(outcome)")
        #expect(alice.loginStore.state.value.loginStatus == .unlogin)
        #expect(alice.loginStore.state.value.loginUserInfo == nil)
        // The same store then logs in with a good UserSig.
        #expect(try await alice.login(sig: verified.userSig("alice"), in: world).isSuccess)
        #expect(alice.loginStore.state.value.loginStatus == .logined)
    }

    @Test("an sdkAppID no app is configured for fails with 70003")
    func unknownApp() async throws {
        let verified = VerifiedWorld()
        let alice = TencentUser("alice", in: verified.world)
        let sig = verified.userSig("alice", sdkAppID: 1_400_000_009)
        let outcome = try await alice.awaiting.login(sdkAppID: 1_400_000_009, sig: sig, in: verified.world)
        #expect(outcome.infoCode == 70003, "\(outcome)")
        #expect(alice.loginStore.state.value.loginStatus == .unlogin)
    }

    @Test("an expired UserSig fails with 70001")
    func expiredSig() async throws {
        let verified = VerifiedWorld()
        let world = verified.world
        let alice = TencentUser("alice", in: world)
        // Issued 100 s before the world's start, valid for 10 s.
        let outcome = try await alice.login(sig: verified.userSig("alice", expire: 10, issuedAgo: 100), in: world)
        #expect(outcome.infoCode == 70001, "\(outcome)")
        #expect(alice.loginStore.state.value.loginStatus == .unlogin)
        // One that runs out as the clock moves: valid now, refused 61 s later.
        let sig = verified.userSig("alice", expire: 60)
        #expect(try await alice.login(sig: sig, in: world).isSuccess)
        #expect(try await alice.awaiting.logout(in: world).isSuccess)
        await world.advance(by: .seconds(61))
        let late = try await alice.login(sig: sig, in: world)
        #expect(late.infoCode == 70001, "\(late)")
    }

    @Test("a UserSig that expires during the session: loginExpired, onUserSigExpired, unlogin; a new one logs in")
    func expiresMidSession() async throws {
        let verified = VerifiedWorld()
        let world = verified.world
        let alice = TencentUser("alice", in: world)
        let statuses = Collected<LoginStatus>()
        var cancellables = Set<AnyCancellable>()
        alice.loginStore.state.subscribe(StatePublisherSelector(keyPath: \LoginState.loginStatus))
            .sink { statuses.append($0) }
            .store(in: &cancellables)
        #expect(try await alice.login(sig: verified.userSig("alice", expire: 60), in: world).isSuccess)

        await world.advance(by: .seconds(59))
        await world.runUntilIdle()
        #expect(alice.events("login.").isEmpty)
        #expect(alice.loginStore.state.value.loginStatus == .logined)

        await world.advance(by: .seconds(2))
        try await alice.waitFor("login.loginExpired", in: world)
        try await alice.waitFor("tui.sigExpired", in: world)
        await world.runUntilIdle()
        #expect(alice.events.filter { $0.hasPrefix("login.") || $0 == "tui.sigExpired" || $0 == "tui.kicked" }
                == ["login.loginExpired", "tui.sigExpired"])
        #expect(alice.loginStore.state.value.loginStatus == .unlogin)
        #expect(alice.loginStore.state.value.loginUserInfo == nil)
        #expect(statuses.all == [.unlogin, .logined, .unlogin])

        // Logged out: calling fails as not logged in; a fresh UserSig logs in again.
        #expect(try await alice.calls(["bob"], in: world).infoCode == -1201)
        let fresh = UserSig.generate(userID: "alice", sdkAppID: 1_400_000_001, secretKey: tencentSecretKey,
                                     expire: 3600, now: world.now.millisecondsSince1970 / 1000)
        #expect(try await alice.login(sig: fresh, in: world).isSuccess)
        #expect(alice.loginStore.state.value.loginStatus == .logined)
        withExtendedLifetime(cancellables) {}
    }

    @Test("a UserSig that expires during a call: the call ends here and for the other side")
    func expiresDuringCall() async throws {
        let verified = VerifiedWorld()
        let world = verified.world
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.login(sig: verified.userSig("alice", expire: 30), in: world).isSuccess)
        #expect(try await bob.login(sig: verified.userSig("bob"), in: world).isSuccess)
        let callID = try await alice.awaiting.connect(to: bob, in: world)
        await world.advance(by: .seconds(31))
        try await alice.waitFor("login.loginExpired", in: world)
        try await alice.waitFor("ended \(callID) audio hangup by=alice", in: world)
        try await alice.waitFor("tui.end \(callID) hangup by=alice total=30", in: world)
        try await bob.waitFor("ended \(callID) audio hangup by=alice", in: world)
        #expect(alice.state.selfInfo.status == .none)
        try await bob.waitUntil("bob is idle", in: world) { $0.selfInfo.status == .none }
        // The call ended before the session: its events come first.
        let order = alice.events.filter { $0.hasPrefix("ended") || $0.hasPrefix("login.") }
        #expect(order == ["ended \(callID) audio hangup by=alice", "login.loginExpired"])
    }

    @Test("kicked offline during a call: the call ends on the kicked device and, through the service, for the others")
    func kickedDuringCall() async throws {
        let verified = VerifiedWorld(loginPolicyCap: .singleDevice)
        let world = verified.world
        let phone = TencentUser("alice", in: world)
        let tablet = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await phone.login(sig: verified.userSig("alice"), in: world).isSuccess)
        #expect(try await bob.login(sig: verified.userSig("bob"), in: world).isSuccess)
        let callID = try await phone.awaiting.connect(to: bob, in: world)
        #expect(try await tablet.login(sig: verified.userSig("alice"), in: world).isSuccess)
        try await phone.waitFor("login.kickedOffline", in: world)
        try await phone.waitFor("ended \(callID) audio hangup by=alice", in: world)
        #expect(phone.state.selfInfo.status == .none)
        #expect(tablet.events("received").isEmpty)
        // The kicked session can no longer send, so leaving the call is the service's part: a Tencent
        // call's participant leaves with the device's session (`CallPolicy.leavesWithDevice`).
        try await bob.waitFor("ended \(callID) audio hangup by=alice", in: world)
        try await bob.waitUntil("bob is idle", in: world) { $0.selfInfo.status == .none }
    }

    @Test("with a single-device cap, a second login of the same user kicks the first: kickedOffline, onKickedOffline, unlogin")
    func kickedOffline() async throws {
        let verified = VerifiedWorld(loginPolicyCap: .singleDevice)
        let world = verified.world
        let phone = TencentUser("alice", in: world)
        let tablet = TencentUser("alice", in: world)
        #expect(try await phone.login(sig: verified.userSig("alice"), in: world).isSuccess)
        #expect(try await tablet.login(sig: verified.userSig("alice"), in: world).isSuccess)
        try await phone.waitFor("login.kickedOffline", in: world)
        try await phone.waitFor("tui.kicked", in: world)
        await world.runUntilIdle()
        #expect(phone.events.filter { $0.hasPrefix("login.") || $0 == "tui.sigExpired" || $0 == "tui.kicked" }
                == ["login.kickedOffline", "tui.kicked"])
        #expect(phone.loginStore.state.value.loginStatus == .unlogin)
        #expect(phone.loginStore.state.value.loginUserInfo == nil)
        #expect(tablet.loginStore.state.value.loginStatus == .logined)
        #expect(tablet.events("login.").isEmpty)
        #expect(try await phone.calls(["bob"], in: world).infoCode == -1201)
    }

    @Test("without the cap, a second device of the same user does not kick the first")
    func secondDeviceStays() async throws {
        let verified = VerifiedWorld()
        let world = verified.world
        let phone = TencentUser("alice", in: world)
        let tablet = TencentUser("alice", in: world)
        #expect(try await phone.login(sig: verified.userSig("alice"), in: world).isSuccess)
        #expect(try await tablet.login(sig: verified.userSig("alice"), in: world).isSuccess)
        await world.runUntilIdle()
        #expect(phone.events.filter { $0.hasPrefix("login.") || $0 == "tui.kicked" }.isEmpty)
        #expect(phone.loginStore.state.value.loginStatus == .logined)
    }
}

@Suite("Tencent surface: profiles")
struct TencentProfileTests {
    @Test("setSelfInfo with the seed's statements sets loginUserInfo and CallStore's selfInfo; nil fields are kept")
    func seedSetSelfInfo() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        #expect(try await alice.login(in: world).isSuccess)
        let loginStore = alice.loginStore
        // The seed's statements.
        var userProfile = UserProfile()
        userProfile.userID = ""
        userProfile.avatarURL = "https://example.com/alice.png"
        userProfile.nickname = "Alice"
        let outcome = try await world.completion { done in
            loginStore.setSelfInfo(userProfile: userProfile) { result in
                switch result {
                case .success:
                    done(Box(result))
                case .failure(let error):
                    _ = error.message
                    done(Box(result))
                }
            }
        }.value
        #expect(outcome.isSuccess)
        #expect(loginStore.state.value.loginUserInfo?.nickname == "Alice")
        #expect(loginStore.state.value.loginUserInfo?.avatarURL == "https://example.com/alice.png")
        #expect(alice.state.selfInfo.name == "Alice")
        #expect(alice.state.selfInfo.avatarURL == "https://example.com/alice.png")

        // Only the nickname: the avatar stays. userID may name the logged-in user.
        #expect(try await alice.awaiting.setSelfInfo(nickname: "Alicia", avatarURL: nil, userID: "alice", in: world).isSuccess)
        #expect(loginStore.state.value.loginUserInfo?.nickname == "Alicia")
        #expect(loginStore.state.value.loginUserInfo?.avatarURL == "https://example.com/alice.png")
        #expect(alice.state.selfInfo.name == "Alicia")
    }

    @Test("during a call, the other side's allParticipants shows the new name and avatar")
    func changeDuringCall() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)
        try await alice.awaiting.connect(to: bob, in: world)
        #expect(alice.state.allParticipants.first { $0.id == "bob" }?.name == "")

        #expect(try await bob.awaiting.setSelfInfo(nickname: "Bob", avatarURL: "https://example.com/bob.png", in: world).isSuccess)
        try await alice.waitUntil("alice shows bob's profile", in: world) { state in
            state.allParticipants.contains { $0.id == "bob" && $0.name == "Bob" && $0.avatarURL == "https://example.com/bob.png" }
        }
        #expect(bob.state.selfInfo.name == "Bob")
        #expect(bob.state.allParticipants.first { $0.id == "bob" }?.name == "Bob")
        #expect(bob.state.allParticipants.first { $0.id == "bob" }?.avatarURL == "https://example.com/bob.png")
        // The participant's status and media are untouched by the profile.
        #expect(alice.state.allParticipants.first { $0.id == "bob" }?.status == .accept)
    }

    @Test("a profile set before the call shows on the other side from the start of the call")
    func profileBeforeCall() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)
        #expect(try await alice.awaiting.setSelfInfo(nickname: "Alice", avatarURL: "a.png", in: world).isSuccess)
        #expect(try await bob.awaiting.setSelfInfo(nickname: "Bob", avatarURL: "b.png", in: world).isSuccess)

        #expect(try await alice.calls(["bob"], .video, in: world).isSuccess)
        try await bob.waitFor(prefix: "received", in: world)
        // Still ringing: each side shows the other's profile.
        try await bob.waitUntil("bob shows alice's profile while ringing", in: world) { state in
            state.allParticipants.contains { $0.id == "alice" && $0.name == "Alice" && $0.avatarURL == "a.png" }
        }
        try await alice.waitUntil("alice shows bob's profile while ringing", in: world) { state in
            state.allParticipants.contains { $0.id == "bob" && $0.name == "Bob" && $0.avatarURL == "b.png" && $0.status == .waiting }
        }
        #expect(bob.state.selfInfo.status == .waiting)
    }

    @Test("a profile set on one device shows on the user's other device, and at the next login")
    func otherDevices() async throws {
        let world = TestWorld()
        let phone = TencentUser("alice", in: world)
        let tablet = TencentUser("alice", in: world)
        #expect(try await phone.login(in: world).isSuccess)
        #expect(try await tablet.login(in: world).isSuccess)
        #expect(try await phone.awaiting.setSelfInfo(nickname: "Alice", avatarURL: "a.png", in: world).isSuccess)
        try await tablet.awaiting.login("the tablet shows the new profile", in: world) {
            $0.loginUserInfo?.nickname == "Alice" && $0.loginUserInfo?.avatarURL == "a.png"
        }
        try await tablet.waitUntil("selfInfo shows it", in: world) { $0.selfInfo.name == "Alice" }

        let laptop = TencentUser("alice", in: world)
        #expect(try await laptop.login(in: world).isSuccess)
        #expect(laptop.loginStore.state.value.loginUserInfo?.nickname == "Alice")
        #expect(laptop.loginStore.state.value.loginUserInfo?.avatarURL == "a.png")
        #expect(laptop.state.selfInfo.name == "Alice")
        #expect(laptop.state.selfInfo.avatarURL == "a.png")
    }

    @Test("setSelfInfo for another userID fails with -1202; logged out, with -1201")
    func refused() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        #expect(try await alice.awaiting.setSelfInfo(nickname: "Alice", avatarURL: nil, in: world).infoCode == -1201)
        #expect(try await alice.awaiting.engineSetSelfInfo(nickname: "Alice", avatar: nil, in: world).engineCode == -1201)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await alice.awaiting.setSelfInfo(nickname: "Bob", avatarURL: nil, userID: "bob", in: world).infoCode == -1202)
        #expect(alice.loginStore.state.value.loginUserInfo?.nickname == nil)
        #expect(alice.state.selfInfo.name == "")
    }

    @Test("TUICallEngine.setSelfInfo(nickname:avatar:) sets the same profile")
    func engineSetSelfInfo() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await alice.awaiting.engineSetSelfInfo(nickname: "Alice", avatar: "a.png", in: world).isSuccess)
        #expect(alice.loginStore.state.value.loginUserInfo?.nickname == "Alice")
        #expect(alice.loginStore.state.value.loginUserInfo?.avatarURL == "a.png")
        #expect(alice.state.selfInfo.name == "Alice")
    }
}

// MARK: - The seed's statements against the process singletons (compiled, never called)

/// GUIDE-IOS's quick start (seed 004) and the vendor's LoginStore idioms, unchanged. Never
/// called: it would log the process's singletons in.
private func seedLoginStatementsCompile(userID: String, secretKey: String) {
    let _ = CallStore.shared
    let sdkAppID: Int = 1400000001
    let userSig = GenerateTestUserSig.genTestUserSig(userID: userID, sdkAppID: sdkAppID, secretKey: secretKey)
    LoginStore.shared.login(sdkAppID: sdkAppID, userID: userID, userSig: userSig) { result in
        switch result {
        case .success:
            print("login success")
        case .failure(let error):
            _ = (error.code, error.message)
        }
    }
    LoginStore.shared.login(sdkAppID: Int32(1400000001), userID: userID, userSig: userSig, completion: nil)
    let _: Int32 = LoginStore.shared.sdkAppID
    let _: LoginStatus = LoginStore.shared.state.value.loginStatus
    var cancellables = Set<AnyCancellable>()
    LoginStore.shared.state.subscribe().sink { loginState in
        _ = loginState.loginUserInfo?.nickname
    }.store(in: &cancellables)
    LoginStore.shared.loginEventPublisher.receive(on: DispatchQueue.main).sink { event in
        switch event {
        case .kickedOffline: break
        case .loginExpired: break
        }
    }.store(in: &cancellables)
    var userProfile = UserProfile()
    userProfile.userID = ""
    userProfile.avatarURL = "https://example.com/avatar.png"
    userProfile.nickname = "nickname"
    LoginStore.shared.setSelfInfo(userProfile: userProfile) { result in
        switch result {
        case .success: break
        case .failure(let error): _ = error.message
        }
    }
    LoginStore.shared.logout(completion: nil)
}
