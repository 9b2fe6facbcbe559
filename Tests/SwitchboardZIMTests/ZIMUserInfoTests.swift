import Testing
import SwitchboardTesting
import SwitchboardZIM

/// ZIM's user information (docs/ZIM.md, "User information"): `updateUserName`, `updateUserAvatarUrl`,
/// `updateUserExtendedData`, `queryUsersInfo(by:config:callback:)`, the name a login gives, and
/// `userInfoUpdated`, through the service's profiles.
@Suite("ZIM user information")
struct ZIMUserInfoTests {
    let success = ZIMErrorCode.ZIMErrorCodeSuccess
    let invalid = ZIMErrorCode.ZIMErrorCodeCommonModuleParamsInvalid
    let limit = ZIMErrorCode.ZIMErrorCodeCommonModuleUserInfoQueriedLimit

    @Test("a user's name, avatar and extended data are what others query, in the order asked")
    func updatesAreQueried() async throws {
        let scene = ZIMScene()
        let world = scene.world
        let users = try await scene.loggedIn("alice", "bob")
        let (alice, bob) = (users[0], users[1])

        let name = try await alice.updateName("Alice 🌸", in: world)
        #expect(name.value == "Alice 🌸" && name.code == success)
        let avatar = try await alice.updateAvatar("https://example.invalid/a.png", in: world)
        #expect(avatar.value == "https://example.invalid/a.png" && avatar.code == success)
        let data = try await alice.updateExtendedData("{\"age\":30}", in: world)
        #expect(data.value == "{\"age\":30}" && data.code == success)

        let queried = try await bob.queryUsers(["bob", "alice"], in: world)
        #expect(queried.code == success)
        #expect(queried.users == ["bob name= avatar= data=",
                                  "alice name=Alice 🌸 avatar=https://example.invalid/a.png data={\"age\":30}"])
        #expect(queried.errors.isEmpty)

        // Her own device knows what it set, without asking.
        let own = try await alice.queryUsers(["alice"], fromServer: false, in: world)
        #expect(own.users == ["alice name=Alice 🌸 avatar=https://example.invalid/a.png data={\"age\":30}"])

        // An empty value clears the field; the others stay.
        #expect(try await alice.updateAvatar("", in: world).code == success)
        #expect(try await bob.queryUsers(["alice"], in: world).users == ["alice name=Alice 🌸 avatar= data={\"age\":30}"])
    }

    @Test("users who never logged in are in errorUserList with 6000011; one who logged in once and left exists; each user once")
    func nonexistentUsers() async throws {
        let scene = ZIMScene()
        let world = scene.world
        let users = try await scene.loggedIn("alice", "bob", "carol")
        try await users[2].logout(in: world)
        let alice = users[0]

        let queried = try await alice.queryUsers(["zed", "bob", "carol", "yan", "bob"], in: world)
        #expect(queried.code == success)
        #expect(queried.users == ["bob name= avatar= data=", "carol name= avatar= data="])
        #expect(queried.errors == ["zed:6000011", "yan:6000011"])
        #expect(UInt(6000011) == ZIMErrorCode.ZIMErrorCodeCommonModuleUserIsNotExist.rawValue)

        // Only unknown users: still a success, with every one of them in errorUserList.
        let none = try await alice.queryUsers(["zed"], in: world)
        #expect(none.code == success && none.users.isEmpty && none.errors == ["zed:6000011"])
    }

    @Test("each field's limit is in UTF-8 bytes; beyond it the callback gets 6000001 and nothing changes")
    func fieldLimits() async throws {
        let scene = ZIMScene()
        let world = scene.world
        let users = try await scene.loggedIn("alice", "bob")
        let (alice, bob) = (users[0], users[1])

        let name = String(repeating: "é", count: ZIMLimits.userNameBytes / 2)
        #expect(ZIMLimits.userNameBytes == 256)
        #expect(try await alice.updateName(name, in: world).code == success)
        let longName = try await alice.updateName(name + "x", in: world)
        #expect(longName.code == invalid && longName.value == name + "x")

        let avatar = String(repeating: "a", count: ZIMLimits.userAvatarUrlBytes)
        #expect(ZIMLimits.userAvatarUrlBytes == 500)
        #expect(try await alice.updateAvatar(avatar, in: world).code == success)
        #expect(try await alice.updateAvatar(avatar + "a", in: world).code == invalid)

        let data = String(repeating: "d", count: ZIMLimits.userExtendedDataBytes)
        #expect(ZIMLimits.userExtendedDataBytes == 2048)
        #expect(try await alice.updateExtendedData(data, in: world).code == success)
        #expect(try await alice.updateExtendedData(data + "d", in: world).code == invalid)

        #expect(try await bob.queryUsers(["alice"], in: world).users == ["alice name=\(name) avatar=\(avatar) data=\(data)"])
    }

    @Test("queryUsersInfo refuses an empty list or a bad userID (6000001) and more than 10 userIDs (6000012)")
    func queryArguments() async throws {
        let scene = ZIMScene()
        let world = scene.world
        let alice = try await scene.loggedIn("alice")[0]

        #expect(try await alice.queryUsers([], in: world).code == invalid)
        #expect(try await alice.queryUsers(["bob", "no spaces"], in: world).code == invalid)
        #expect(try await alice.queryUsers([String(repeating: "b", count: 33)], in: world).code == invalid)
        let eleven = (1...11).map { "u\($0)" }
        let refused = try await alice.queryUsers(eleven, in: world)
        #expect(refused.code == limit && refused.users.isEmpty && refused.errors.isEmpty)
        // Nothing of the refused calls counted: ten may still be asked.
        #expect(try await alice.queryUsers(Array(eleven.prefix(10)), in: world).code == success)
    }

    @Test("at most 10 userIDs are asked of the server in 10 s (6000012); users already known are answered locally and do not count")
    func queryFrequency() async throws {
        let scene = ZIMScene()
        let world = scene.world
        let users = try await scene.loggedIn("alice", "bob")
        let alice = users[0]

        #expect(try await alice.queryUsers(["bob", "n1", "n2", "n3", "n4", "n5"], in: world).code == success)
        #expect(try await alice.queryUsers(["n6", "n7", "n8", "n9"], in: world).code == success)
        // Ten asked of the server: one more is refused, even a known user when the server is asked.
        #expect(try await alice.queryUsers(["n10"], in: world).code == limit)
        #expect(try await alice.queryUsers(["bob"], in: world).code == limit)
        // bob is known: asked locally he is answered, as often as wanted.
        for _ in 0..<3 {
            let local = try await alice.queryUsers(["bob"], fromServer: false, in: world)
            #expect(local.code == success && local.users == ["bob name= avatar= data="])
        }
        // A local query naming a user not known yet asks the server for that one, and counts.
        #expect(try await alice.queryUsers(["bob", "n10"], fromServer: false, in: world).code == limit)

        await world.advance(by: ZIMLimits.usersInfoQueryWindow)
        let later = try await alice.queryUsers(["bob", "n10"], fromServer: false, in: world)
        #expect(later.code == success && later.users == ["bob name= avatar= data="] && later.errors == ["n10:6000011"])
    }

    @Test("the local answer is what was last fetched; isQueryFromServer fetches a change, as ZIM's guide says of avatars")
    func localAnswerUntilFetched() async throws {
        let scene = ZIMScene()
        let world = scene.world
        let users = try await scene.loggedIn("alice", "bob")
        let (alice, bob) = (users[0], users[1])
        #expect(try await alice.updateAvatar("a1.png", in: world).code == success)
        #expect(try await bob.queryUsers(["alice"], in: world).users == ["alice name= avatar=a1.png data="])

        #expect(try await alice.updateAvatar("a2.png", in: world).code == success)
        #expect(try await bob.queryUsers(["alice"], fromServer: false, in: world).users == ["alice name= avatar=a1.png data="])
        #expect(try await bob.queryUsers(["alice"], in: world).users == ["alice name= avatar=a2.png data="])
        #expect(try await bob.queryUsers(["alice"], fromServer: false, in: world).users == ["alice name= avatar=a2.png data="])
    }

    @Test("logged out, every user-information method is 6000121")
    func loggedOut() async throws {
        let scene = ZIMScene()
        let world = scene.world
        let alice = scene.user("alice")
        let notLogged = ZIMErrorCode.ZIMErrorCodeNetworkModuleUserIsNotLogged
        #expect(try await alice.updateName("Alice", in: world).code == notLogged)
        #expect(try await alice.updateAvatar("a.png", in: world).code == notLogged)
        #expect(try await alice.updateExtendedData("x", in: world).code == notLogged)
        #expect(try await alice.queryUsers(["bob"], in: world).code == notLogged)
        #expect(try await alice.queryUsers(["bob"], fromServer: false, in: world).code == notLogged)

        // After a logout as well.
        _ = try await alice.login(in: world)
        try await alice.logout(in: world)
        #expect(try await alice.updateName("Alice", in: world).code == notLogged)
    }

    @Test("a login's userName becomes the user's name; an empty one leaves it; one over 256 bytes is 6000001")
    func loginName() async throws {
        let scene = ZIMScene()
        let world = scene.world
        let bob = try await scene.loggedIn("bob")[0]
        let alice = scene.user("alice")

        #expect(try await alice.login(userName: "Alice", in: world) == success)
        #expect(try await bob.queryUsers(["alice"], in: world).users == ["alice name=Alice avatar= data="])
        #expect(try await alice.queryUsers(["alice"], fromServer: false, in: world).users == ["alice name=Alice avatar= data="])
        try await alice.logout(in: world)

        #expect(try await alice.login(userName: "", in: world) == success)
        #expect(try await bob.queryUsers(["alice"], in: world).users == ["alice name=Alice avatar= data="])
        try await alice.logout(in: world)

        alice.clear()
        let tooLong = String(repeating: "n", count: ZIMLimits.userNameBytes + 1)
        #expect(try await alice.login(userName: tooLong, in: world) == invalid)
        #expect(alice.events.isEmpty, "nothing was attempted: \(alice.events)")
        #expect(try await bob.queryUsers(["alice"], in: world).users == ["alice name=Alice avatar= data="])
    }

    @Test("a change on one device reaches the user's other devices as userInfoUpdated, not the device that made it, nor anyone else")
    func userInfoUpdated() async throws {
        let scene = ZIMScene()
        let world = scene.world
        let phone = scene.user("alice")
        let laptop = scene.user("alice")
        try await phone.login(in: world)
        try await laptop.login(in: world)
        let bob = try await scene.loggedIn("bob")[0]
        // bob shares a call with alice: ZIM still tells him nothing (others query again).
        let call = try await phone.invite(["bob"], mode: .advanced, in: world)
        #expect(call.code == success)
        try await bob.waitFor(prefix: "received \(call.callID)", in: world)

        #expect(try await phone.updateName("Alice", in: world).code == success)
        try await laptop.waitFor("userInfoUpdated alice name=Alice avatar= data=", in: world)
        #expect(try await phone.updateExtendedData("x", in: world).code == success)
        try await laptop.waitFor("userInfoUpdated alice name=Alice avatar= data=x", in: world)
        #expect(phone.events("userInfoUpdated").isEmpty)
        #expect(bob.events("userInfoUpdated").isEmpty)
        // What the laptop was told is what it answers locally.
        #expect(try await laptop.queryUsers(["alice"], fromServer: false, in: world).users == ["alice name=Alice avatar= data=x"])
    }
}
