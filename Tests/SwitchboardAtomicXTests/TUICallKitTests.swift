import Foundation
import Testing
import SwitchboardAtomicX
import SwitchboardTesting

/// The headless `TUICallKit` (docs/TENCENT.md, "TUICallKit"): KIT35's and KIT4's public members, the kit's
/// guards and codes in front of the engine and the stores, and the settings kept for a UI that is not
/// there.
@Suite("Tencent surface: TUICallKit")
struct TUICallKitTests {
    @Test("KIT35 calls(userIdList:callMediaType:params:succ:fail:) places the call through the engine")
    func kit35Calls() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let kit = alice.instance.callKit
        let outcome = try await alice.awaiting.engineCall(in: world) { succ, fail in
            kit.calls(userIdList: ["bob", "carol", "alice"], callMediaType: .audio, params: nil, succ: succ, fail: fail)
        }
        #expect(outcome.isSuccess)
        let id = alice.callID
        for callee in [bob, carol] {
            try await callee.waitFor("tui.received \(id) caller=alice callees=bob,carol audio role=called", in: world)
        }
        try await bob.answer(in: world)
        try await alice.waitFor("tui.begin \(id)", in: world)
    }

    @Test("KIT4 calls(userIdList:callMediaType:params:completion:) places the call through CallStore, 30 s by default")
    func kit4Calls() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let kit = alice.instance.callKit
        let outcome = try await world.completion { done in
            kit.calls(userIdList: ["bob"], callMediaType: .video, params: nil) { done(Box($0)) }
        }.value
        #expect(outcome.isSuccess)
        let id = alice.callID
        try await bob.waitFor("received \(id) video data=", in: world)
        await world.advance(by: .seconds(29))
        await world.runUntilIdle()
        #expect(bob.state.selfInfo.status == .waiting)
        await world.advance(by: .seconds(2))
        try await alice.waitFor("ended \(id) video noResponse by=bob", in: world)
    }

    @Test("the kit's guards: not logged in and calling yourself -1201; empty, too many, unknown media -1202; nothing rings")
    func guards() async throws {
        let world = TestWorld()
        let stranger = TencentUser("zoe", in: world)
        let zoeKit = stranger.instance.callKit
        let names = (1...9).map { "u\($0)" }
        var users = try await tencentUsers("alice", in: world)
        for name in names { users += try await tencentUsers(name, in: world) }
        let alice = users[0]
        let kit = alice.instance.callKit

        func kit35(_ kit: TUICallKit, _ list: [String], _ mediaType: TUICallMediaType = .video) async throws -> Int32? {
            try await alice.awaiting.engineCall(in: world) { succ, fail in
                kit.calls(userIdList: list, callMediaType: mediaType, params: nil, succ: succ, fail: fail)
            }.engineCode
        }
        func kit4(_ kit: TUICallKit, _ list: [String]) async throws -> TencentUser.Outcome {
            try await world.completion { done in
                kit.calls(userIdList: list, callMediaType: .audio, params: nil) { done(Box($0)) }
            }.value
        }
        #expect(try await kit35(zoeKit, ["alice"]) == ERROR_INIT_FAIL)
        #expect(try await kit4(zoeKit, ["alice"]).infoCode == Int(ERROR_INIT_FAIL))
        let yourself = try await kit4(kit, ["alice"])
        #expect(yourself.infoCode == Int(ERROR_INIT_FAIL))
        #expect(message(yourself) == "call failed, not to call self")
        #expect(try await kit35(kit, ["alice"]) == ERROR_INIT_FAIL)
        #expect(try await kit35(kit, []) == ERROR_PARAM_INVALID)
        #expect(try await kit35(kit, ["alice", "alice"]) == ERROR_PARAM_INVALID)
        #expect(try await kit35(kit, names) == ERROR_PARAM_INVALID)
        #expect(try await kit4(kit, names).infoCode == Int(ERROR_PARAM_INVALID))
        #expect(try await kit35(kit, ["u1"], .unknown) == ERROR_PARAM_INVALID)
        let engineKit = alice.awaiting.legacyKit
        let oneToOne = try await alice.awaiting.engineCall(in: world) { succ, fail in
            engineKit.call(userId: "alice", callMediaType: .video, params: TUICallParams(), succ: succ, fail: fail)
        }
        #expect(oneToOne.engineCode == ERROR_INIT_FAIL)
        #expect(oneToOne.failureMessage == "call failed, not to call self")
        let empty = try await alice.awaiting.engineCall(in: world) { succ, fail in
            engineKit.call(userId: "", callMediaType: .video, params: TUICallParams(), succ: succ, fail: fail)
        }
        #expect(empty.engineCode == ERROR_PARAM_INVALID)
        await world.runUntilIdle()
        for user in users { expectLog(user, ["status none"]) }
        #expect(world.service.activeCalls().isEmpty)
    }

    @Test("KIT35 call(userId:) and groupCall(groupId:userIdList:callMediaType:) place calls with the kit's parameters")
    func kit35FireAndForget() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", "dave", in: world)
        let (alice, bob, carol, dave) = (users[0], users[1], users[2], users[3])
        alice.awaiting.legacyKit.call(userId: "bob", callMediaType: .audio)
        try await bob.waitFor(prefix: "tui.received ", in: world)
        let first = alice.callID
        #expect(bob.callID == first)
        #expect(alice.state.activeCall.mediaType == .audio)
        #expect(try await alice.hangup(in: world).isSuccess)
        try await bob.waitFor(prefix: "tui.notConnected \(first)", in: world)

        carol.awaiting.legacyKit.groupCall(groupId: "team", userIdList: ["alice", "dave"], callMediaType: .video)
        try await dave.waitFor(prefix: "tui.received ", in: world)
        let second = carol.callID
        #expect(alice.callID == second)
        #expect(dave.state.activeCall.chatGroupId == "team")
        #expect(alice.state.activeCall.inviteeIds == ["alice", "dave"])

        // A member joins by the call's room, through the kit.
        try await alice.answer(in: world)
        let roomId = TUIRoomId()
        roomId.strRoomId = alice.state.activeCall.roomId
        bob.awaiting.legacyKit.joinInGroupCall(roomId: roomId, groupId: "team", callMediaType: .video)
        try await bob.waitFor("tui.begin \(second)", in: world)
        try await carol.waitFor("tui.join bob", in: world)
    }

    @Test("join(callId:) and join(callId:completion:) enter a call by id")
    func join() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", "dave", in: world)
        let (alice, bob, carol, dave) = (users[0], users[1], users[2], users[3])
        let id = try await alice.ring([bob], in: world)
        try await bob.answer(in: world)
        carol.instance.callKit.join(callId: id)
        try await alice.waitFor("tui.join carol", in: world)
        let outcome = try await world.completion { done in
            dave.instance.callKit.join(callId: id) { done(Box($0)) }
        }.value
        #expect(outcome.isSuccess)
        #expect(dave.state.selfInfo.status == .accept)
        try await alice.waitFor("tui.join dave", in: world)
        // Not idle any more: the kit's join refuses with -1203.
        let again = try await world.completion { done in
            dave.instance.callKit.join(callId: id) { done(Box($0)) }
        }.value
        #expect(again.infoCode == Int(ERROR_REQUEST_REFUSED))
    }

    @Test("setSelfInfo, in both spellings, names the user for the others in a call")
    func setSelfInfo() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let kit = alice.instance.callKit
        let kit35 = try await alice.awaiting.engineCall(in: world) { succ, fail in
            kit.setSelfInfo(nickname: "Alice", avatar: "https://example.invalid/a.png", succ: succ, fail: fail)
        }
        #expect(kit35.isSuccess)
        #expect(alice.loginStore.state.value.loginUserInfo?.nickname == "Alice")
        let kit4 = try await world.completion { done in
            kit.setSelfInfo(nickname: "Alice B", avatar: "https://example.invalid/b.png") { done(Box($0)) }
        }.value
        #expect(kit4.isSuccess)
        #expect(alice.loginStore.state.value.loginUserInfo?.nickname == "Alice B")
        #expect(alice.loginStore.state.value.loginUserInfo?.avatarURL == "https://example.invalid/b.png")
        _ = try await alice.ring([bob], in: world)
        try await bob.waitUntil("alice named", in: world) { $0.allParticipants.first { $0.id == "alice" }?.name == "Alice B" }
    }

    @Test("the settings calls are kept; setScreenOrientation takes 0…2, anything else -1202 and no change")
    func settings() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let kit = alice.instance.callKit
        #expect(kit.settings == TUICallKitSettings())
        #expect(kit.settings.isAITranscriberEnabled)
        kit.enableFloatWindow(enable: true)
        kit.enableMuteMode(enable: true)
        kit.enableVirtualBackground(enable: true)
        kit.enableIncomingBanner(enable: true)
        kit.enableAITranscriber(enable: false)
        kit.setCallingBell(filePath: "/tmp/ring.mp3")
        var expected = TUICallKitSettings()
        expected.isFloatWindowEnabled = true
        expected.isMuteModeEnabled = true
        expected.isVirtualBackgroundEnabled = true
        expected.isIncomingBannerEnabled = true
        expected.isAITranscriberEnabled = false
        expected.callingBellFilePath = "/tmp/ring.mp3"
        #expect(kit.settings == expected)
        kit.setCallingBell(filePath: "")
        #expect(kit.settings.callingBellFilePath == "")

        for orientation in [2, 1, 0, 2] {
            let outcome = try await world.completion { done in
                kit.setScreenOrientation(orientation: orientation) { done(Box($0)) }
            }.value
            #expect(outcome.isSuccess)
            #expect(kit.settings.screenOrientation == orientation)
        }
        for orientation in [-1, 3] {
            let outcome = try await world.completion { done in
                kit.setScreenOrientation(orientation: orientation) { done(Box($0)) }
            }.value
            #expect(outcome.infoCode == Int(ERROR_PARAM_INVALID))
            #expect(message(outcome) == "Invalid screen orientation value")
            #expect(kit.settings.screenOrientation == 2)
        }
    }

    @Test("callExperimentalAPI(jsonStr:) reaches the engine; a refused one is reported to its observers")
    func experimental() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let kit = alice.instance.callKit
        kit.callExperimentalAPI(jsonStr: "{\"api\":\"forceUseV2API\",\"params\":{\"enable\":true}}")
        #expect(alice.engine.experimentalSettings.forceUseV2API == true)
        kit.callExperimentalAPI(jsonStr: "{\"api\":\"nope\",\"params\":{}}")
        try await alice.waitFor(prefix: "tui.error -1202", in: world)
    }
}

/// The kits' statements on the process's kit, unchanged (compiled, never called: they touch the process
/// singletons).
private func kitStatementsCompile() {
    let kit = TUICallKit.createInstance()
    kit.setSelfInfo(nickname: "Alice", avatar: "https://example.invalid/a.png") { } fail: { code, message in
        _ = (code, message)
    }
    kit.setSelfInfo(nickname: "Alice", avatar: "https://example.invalid/a.png", completion: nil)
    kit.calls(userIdList: ["bob"], callMediaType: .video, params: nil) { } fail: { code, message in _ = (code, message) }
    kit.calls(userIdList: ["bob"], callMediaType: .audio, params: nil, completion: nil)
    kit.calls(userIdList: ["bob"], callMediaType: .video, params: CallParams()) { result in
        if case .failure(let error) = result { _ = (error.code, error.message) }
    }
    kit.join(callId: "c-1")
    kit.join(callId: "c-1", completion: nil)
    kit.setCallingBell(filePath: "")
    kit.enableMuteMode(enable: true)
    kit.enableFloatWindow(enable: true)
    kit.enableVirtualBackground(enable: true)
    kit.enableIncomingBanner(enable: true)
    kit.enableAITranscriber(enable: true)
    kit.setScreenOrientation(orientation: 0, completion: nil)
    kit.callExperimentalAPI(jsonStr: "{}")
    _ = TUICallKit.createInstance() === AtomicXInstance.shared.callKit
}
