import AgoraTestSupport
import Dispatch
import Testing
import SwitchboardAgora
import SwitchboardAtomicX
import SwitchboardTesting
import SwitchboardZIM

/// TUICallEngine's group calls across surfaces (DECISIONS.md, "Calls across surfaces"): a Tencent
/// `groupCall` rings ZIM and Agora users like any Tencent call (`userData` as `extendedData` / `content`,
/// the room as `channelId`), and a Tencent user joins by room a group call a ZIM user is in.
@Suite("Tencent group calls across surfaces")
struct TencentGroupCallCrossSurfaceTests {
    @Test("a Tencent groupCall reaches a ZIM user and an Agora user; the ZIM user answers")
    func groupCallReachesZIMAndAgora() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        try await alice.login(in: world)
        let bob = ZIMPeer("bob", in: world)
        try await bob.login(in: world)
        let carol = AgoraUser("carol", in: world)
        try await carol.login(in: world)

        let params = TUICallParams()
        params.userData = "team call"
        #expect(try await alice.awaiting.engineGroupCall("team", ["bob", "carol"], .audio, params: params,
                                                          room: room("team-room"), in: world).isSuccess)
        let id = alice.callID
        try await bob.waitFor("received \(id) caller=alice data=team call", in: world)
        try await world.requireWhenIdle("carol rings: \(carol.events)") { carol.lastRemoteInvitation != nil }
        let remote = try #require(carol.lastRemoteInvitation)
        #expect(remote.callerId == "alice")
        #expect(remote.content == "team call")
        #expect(remote.channelId == "team-room")

        #expect(try await bob.accept(id, in: world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("tui.begin \(id)", in: world)
        try await alice.waitFor("tui.join bob", in: world)
        #expect(world.service.activeCalls().first?.groupID == "team")
    }

    @Test("a Tencent user joins by room the group call a ZIM user answered; the ZIM user sees them in")
    func joinInGroupCallSeenByZIM() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "dave", in: world)
        let (alice, dave) = (users[0], users[1])
        let bob = ZIMPeer("bob", in: world)
        try await bob.login(in: world)

        #expect(try await alice.awaiting.engineGroupCall("team", ["bob"], .video, room: room(808), in: world).isSuccess)
        let id = alice.callID
        try await bob.waitFor("received \(id) caller=alice data=", in: world)
        #expect(try await bob.accept(id, in: world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("tui.begin \(id)", in: world)

        #expect(try await dave.awaiting.engineJoinInGroupCall(room(808), groupId: "team", in: world).isSuccess)
        #expect(dave.callID == id)
        try await bob.waitFor(state: id, "dave:accepted", in: world)
        try await alice.waitFor("tui.join dave", in: world)
    }
}
