import Testing
import SwitchboardClient
import SwitchboardTesting
import SwitchboardZIM

/// Error codes and limits (docs/ZIM.md, "ZIM's documented limits and rules", "extendedData limit",
/// "Invitation timeout", "Over-limit invitations"): each refusal gets its code, and changes nothing for
/// anybody (every device's log is the same once the world is idle, and no call was created).
@Suite("ZIM conformance flows: error codes")
struct ZIMConformanceFlowErrorTests {
    /// Every device's log now, to compare after a refusal.
    private func snapshot(_ users: [ZIMUser]) -> [[String]] {
        users.map(\.events)
    }

    /// After a refusal: nobody logged anything new, and the number of ongoing calls is unchanged.
    private func expectUnchanged(_ users: [ZIMUser], _ before: [[String]], calls: Int, in scene: ZIMScene,
                                 sourceLocation: SourceLocation = #_sourceLocation) async {
        await scene.world.runUntilIdle()
        for (user, lines) in zip(users, before) {
            #expect(user.events == lines, "\(user.name) heard of the refused request", sourceLocation: sourceLocation)
        }
        #expect(scene.world.service.activeCalls().count == calls, sourceLocation: sourceLocation)
    }

    /// An ongoing advanced call alice → bob (accepted) with `ringing` more invitees ringing.
    private func advancedCall(_ scene: ZIMScene, _ users: [ZIMUser], ringing: [String] = []) async throws -> String {
        let id = try await scene.flowRing(users[0], ["bob"] + ringing, mode: .advanced, everyone: users)
        #expect(try await users[1].accept(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await users[0].waitFor("state \(id) bob:accepted", in: scene.world)
        await scene.world.runUntilIdle()
        return id
    }

    @Test("callInvite with 10 invitees → 6000272, and nothing is created (the invitees get nothing); 9 is fine")
    func tooManyInvitees() async throws {
        let scene = ZIMScene()
        let names = (1...10).map { "u\($0)" }
        var users = try await scene.flowUsers("alice")
        for name in names { users += try await scene.flowUsers(name) }

        let sent = try await users[0].invite(names, in: scene.world)
        #expect(sent.code == .ZIMErrorCodeMessageModuleCallServerError)
        #expect(sent.callID.isEmpty)
        await expectUnchanged(users, users.map { _ in [] }, calls: 0, in: scene)

        let nine = try await users[0].invite(Array(names.prefix(9)), in: scene.world)
        #expect(nine.code == .ZIMErrorCodeSuccess)
    }

    @Test("callingInvite that would take the call above 10 participants → 6000272, nothing changes; up to 10 is fine")
    func callingInviteOverTen() async throws {
        let scene = ZIMScene()
        var users = try await scene.flowUsers("alice", "bob")
        for index in 1...9 { users += try await scene.flowUsers("u\(index)") }
        // alice, bob and u1…u7: 9 participants.
        let id = try await advancedCall(scene, users, ringing: (1...7).map { "u\($0)" })
        let before = snapshot(users)

        let result = try await users[1].callingInvite(["u8", "u9"], id, in: scene.world)
        #expect(result.code == .ZIMErrorCodeMessageModuleCallServerError)
        await expectUnchanged(users, before, calls: 1, in: scene)

        let tenth = try await users[1].callingInvite(["u8"], id, in: scene.world)
        #expect(tenth.code == .ZIMErrorCodeSuccess && tenth.errorUsers.isEmpty)
        try await users[0].waitFor("state \(id) u8:received", in: scene.world)
        await scene.world.runUntilIdle()
        #expect(users[10].events.isEmpty, "u9 was never invited")
        let after = snapshot(users)
        let full = try await users[0].callingInvite(["u9"], id, in: scene.world)
        #expect(full.code == .ZIMErrorCodeMessageModuleCallServerError)
        await expectUnchanged(users, after, calls: 1, in: scene)
    }

    @Test("callCancel by an invitee (not the inviter) → 6000273")
    func cancelByNonInviter() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let id = try await scene.flowRing(users[0], ["bob", "carol"], everyone: users)
        let before = snapshot(users)

        let result = try await users[1].cancel(["carol"], id, in: scene.world)
        #expect(result.code == .ZIMErrorCodeMessageModuleIsNotInvitor)
        #expect(result.errorInvitees == ["carol"])
        await expectUnchanged(users, before, calls: 1, in: scene)
    }

    @Test("callCancel of an accepted invitee → 6000271")
    func cancelAccepted() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let id = try await scene.flowRing(users[0], ["bob", "carol"], everyone: users)
        #expect(try await users[1].accept(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await users[2].waitFor("state \(id) bob:accepted", in: scene.world)
        await scene.world.runUntilIdle()
        let before = snapshot(users)

        let result = try await users[0].cancel(["bob"], id, in: scene.world)
        #expect(result.code == .ZIMErrorCodeMessageModuleCancelCallError)
        #expect(result.errorInvitees == ["bob"])
        await expectUnchanged(users, before, calls: 1, in: scene)
    }

    // A user who is not in a call learns nothing of it (docs/SECURITY.md, "Calls"): 6000276, as for an
    // unknown callID, where the ZIM cloud answers 6000274 and so tells a stranger that the call exists
    // (docs/ZIM.md, "Choices the surface makes").
    @Test("callAccept by a user who was not invited → 6000276, as for an unknown callID")
    func acceptNotInvited() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "olga")
        let id = try await scene.flowRing(users[0], ["bob"], everyone: users)
        let before = snapshot(users)
        #expect(try await users[2].accept(id, in: scene.world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
        await expectUnchanged(users, before, calls: 1, in: scene)
    }

    @Test("callReject by a user who was not invited → 6000276, as for an unknown callID")
    func rejectNotInvited() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "olga")
        let id = try await scene.flowRing(users[0], ["bob"], everyone: users)
        let before = snapshot(users)
        #expect(try await users[2].reject(id, in: scene.world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
        await expectUnchanged(users, before, calls: 1, in: scene)
    }

    @Test("an unknown callID → 6000276 for callCancel, callAccept and callReject")
    func unknownCallID() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob")
        let cancel = try await users[0].cancel(["bob"], "no-such-call", in: scene.world)
        #expect(cancel.code == .ZIMErrorCodeMessageModuleCallDoseNotExist)
        #expect(cancel.errorInvitees == ["bob"])
        #expect(try await users[1].accept("no-such-call", in: scene.world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
        #expect(try await users[1].reject("no-such-call", in: scene.world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
        await expectUnchanged(users, [[], []], calls: 0, in: scene)
    }

    @Test("an expired callID (a general call that ended) → 6000276 for callCancel, callAccept and callReject")
    func expiredCallID() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob")
        let id = try await scene.flowRing(users[0], ["bob"], everyone: users)
        #expect(try await users[1].reject(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await users[0].waitFor("legacyRejected \(id) bob ", in: scene.world)
        await scene.world.runUntilIdle()
        let before = snapshot(users)

        #expect(try await users[0].cancel(["bob"], id, in: scene.world).code == .ZIMErrorCodeMessageModuleCallDoseNotExist)
        #expect(try await users[1].accept(id, in: scene.world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
        #expect(try await users[1].reject(id, in: scene.world) == .ZIMErrorCodeMessageModuleCallDoseNotExist)
        await expectUnchanged(users, before, calls: 0, in: scene)
    }

    @Test("callJoin from the primary device again → 6000283 (the creator, and an accepted member)")
    func joinFromPrimaryDevice() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob")
        let id = try await advancedCall(scene, users)
        let before = snapshot(users)
        #expect(try await users[0].join(id, in: scene.world).code == .ZIMErrorCodeMessageModuleUserAlreadyInTheCall)
        #expect(try await users[1].join(id, in: scene.world).code == .ZIMErrorCodeMessageModuleUserAlreadyInTheCall)
        await expectUnchanged(users, before, calls: 1, in: scene)
    }

    @Test("callingInvite, callQuit and callEnd on a general-mode call → 6000286; an outsider's callJoin → 6000276")
    func advancedMethodsOnGeneralCall() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol", "olga")
        let (alice, bob, olga) = (users[0], users[1], users[3])
        let id = try await scene.flowRing(alice, ["bob", "carol"], everyone: users)
        // bob accepted, carol still rings: the general call is ongoing.
        #expect(try await bob.accept(id, in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("legacyAccepted \(id) bob ", in: scene.world)
        await scene.world.runUntilIdle()
        let before = snapshot(users)

        let code = ZIMErrorCode.ZIMErrorCodeMessageModuleMessageExceedsEditTime
        #expect(code.rawValue == 6_000_286)
        #expect(try await bob.callingInvite(["olga"], id, in: scene.world).code == code)
        // olga is not in the call, and only an advanced call may be joined by a stranger: to her the call
        // does not exist (docs/SECURITY.md, "Calls").
        #expect(try await olga.join(id, in: scene.world).code == .ZIMErrorCodeMessageModuleCallDoseNotExist)
        #expect(try await bob.quit(id, in: scene.world) == code)
        #expect(try await alice.end(id, in: scene.world) == code)
        await expectUnchanged(users, before, calls: 1, in: scene)
    }

    @Test("timeout 601 → 6000001; 600 is fine")
    func timeoutOverLimit() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob")
        let sent = try await users[0].invite(["bob"], timeout: 601, in: scene.world)
        #expect(sent.code == .ZIMErrorCodeCommonModuleParamsInvalid)
        #expect(sent.callID.isEmpty)
        await expectUnchanged(users, [[], []], calls: 0, in: scene)

        let ok = try await users[0].invite(["bob"], timeout: 600, in: scene.world)
        #expect(ok.code == .ZIMErrorCodeSuccess && ok.timeout == 600)
    }

    @Test("extendedData of 2049 bytes → 6000001 (invite, cancel, accept, reject, join, quit, end); 2048 is fine")
    func extendedDataOverLimit() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let tooLong = String(repeating: "x", count: 2049)
        let longest = String(repeating: "x", count: 2048)

        #expect(try await alice.invite(["bob"], data: tooLong, in: scene.world).code == .ZIMErrorCodeCommonModuleParamsInvalid)
        // Limits count UTF-8 bytes (DECISIONS.md): 1025 × "é" is 1025 characters but 2050 bytes.
        #expect(try await alice.invite(["bob"], data: String(repeating: "é", count: 1025), in: scene.world).code
            == .ZIMErrorCodeCommonModuleParamsInvalid)
        await expectUnchanged(users, [[], [], []], calls: 0, in: scene)

        let id = try await scene.flowRing(alice, ["bob", "carol"], mode: .advanced, data: longest, everyone: users)
        #expect(bob.events.first?.contains("data=\(longest) ") == true)
        let before = snapshot(users)
        let invalid = ZIMErrorCode.ZIMErrorCodeCommonModuleParamsInvalid
        #expect(try await alice.cancel(["carol"], id, data: tooLong, in: scene.world).code == invalid)
        #expect(try await bob.accept(id, data: tooLong, in: scene.world) == invalid)
        #expect(try await carol.reject(id, data: tooLong, in: scene.world) == invalid)
        #expect(try await carol.join(id, data: tooLong, in: scene.world).code == invalid)
        #expect(try await alice.quit(id, data: tooLong, in: scene.world) == invalid)
        #expect(try await alice.end(id, data: tooLong, in: scene.world) == invalid)
        await expectUnchanged(users, before, calls: 1, in: scene)

        #expect(try await bob.accept(id, data: longest, in: scene.world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("state \(id) bob:accepted:\(longest)", in: scene.world)
    }

    @Test("invalid invitee userIDs → 6000001: 33 bytes, a space; 32 bytes is fine")
    func invalidUserIDs() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob")
        let invalid = ZIMErrorCode.ZIMErrorCodeCommonModuleParamsInvalid
        #expect(try await users[0].invite([String(repeating: "a", count: 33)], in: scene.world).code == invalid)
        #expect(try await users[0].invite(["b ob"], in: scene.world).code == invalid)
        #expect(try await users[0].invite(["bob", "b ob"], in: scene.world).code == invalid, "one bad id refuses the whole invite")
        await expectUnchanged(users, [[], []], calls: 0, in: scene)

        let sent = try await users[0].invite([String(repeating: "a", count: 32)], in: scene.world)
        #expect(sent.code == .ZIMErrorCodeSuccess)
    }

    @Test("an empty invitee list → 6000001")
    func emptyInviteeList() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice")
        let sent = try await users[0].invite([], in: scene.world)
        #expect(sent.code == .ZIMErrorCodeCommonModuleParamsInvalid)
        #expect(sent.callID.isEmpty)
        await expectUnchanged(users, [[]], calls: 0, in: scene)
    }

    @Test("every call method while not logged in → 6000121, and nothing is sent")
    func notLoggedIn() async throws {
        let scene = ZIMScene()
        let users = try await scene.flowUsers("alice", "bob")
        let id = try await scene.flowRing(users[0], ["bob"], mode: .advanced, everyone: users)
        let before = snapshot(users)
        let carol = scene.user("carol")
        let notLogged = ZIMErrorCode.ZIMErrorCodeNetworkModuleUserIsNotLogged

        #expect(try await carol.invite(["bob"], in: scene.world).code == notLogged)
        #expect(try await carol.cancel(["bob"], id, in: scene.world).code == notLogged)
        #expect(try await carol.accept(id, in: scene.world) == notLogged)
        #expect(try await carol.reject(id, in: scene.world) == notLogged)
        #expect(try await carol.callingInvite(["bob"], id, in: scene.world).code == notLogged)
        #expect(try await carol.join(id, in: scene.world).code == notLogged)
        #expect(try await carol.quit(id, in: scene.world) == notLogged)
        #expect(try await carol.end(id, in: scene.world) == notLogged)
        #expect(try await carol.query(count: 10, in: scene.world).code == notLogged)
        await expectUnchanged(users + [carol], before + [[]], calls: 1, in: scene)

        // After a logout too.
        try await users[1].logout(in: scene.world)
        #expect(try await users[1].accept(id, in: scene.world) == notLogged)
    }

    @Test("login twice → 6000111; the session stays connected")
    func loginTwice() async throws {
        let scene = ZIMScene()
        let alice = scene.user("alice")
        #expect(try await alice.login(in: scene.world).code == .ZIMErrorCodeSuccess)
        #expect(try await alice.login(in: scene.world).code == .ZIMErrorCodeNetworkModuleUserHasAlreadyLogged)
        await scene.world.runUntilIdle()
        #expect(alice.events == ["connection connecting activeLogin", "connection connected success"])
    }

    @Test("login with an invalid userID → 6000001 (33 bytes, a space, empty); no connection events")
    func loginInvalidUserID() async throws {
        let scene = ZIMScene()
        for name in [String(repeating: "a", count: 33), "b ob", ""] {
            let user = scene.user(name)
            #expect(try await user.login(in: scene.world).code == .ZIMErrorCodeCommonModuleParamsInvalid, "\(name)")
            await scene.world.runUntilIdle()
            #expect(user.events.isEmpty)
        }
    }
}
