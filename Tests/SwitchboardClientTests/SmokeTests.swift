import Testing
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardTesting
import SwitchboardWire

@Suite("Smoke")
struct SmokeTests {
    /// Compact call events are the client's default; the full form must keep working for clients that
    /// do not ask for it (docs/DECISIONS.md, "Compact call events").
    @Test("alice calls bob, bob accepts (compact and full call events)", arguments: [true, false])
    func inviteAccept(compactEvents: Bool) async throws {
        let world = TestWorld()
        let alice = try await world.login("alice", compactEvents: compactEvents)
        let bob = try await world.login("bob", compactEvents: compactEvents)
        let call = try await alice.session.invite(InviteRequest(invitees: ["bob"], payload: "hello"))
        let invited = try await bob.nextCall(.invited)
        #expect(invited.call.id == call.id)
        #expect(invited.call.payload == "hello")
        let received = try await alice.nextCall(.participantsChanged)
        #expect(received.call.participant("bob")?.state == .received)
        let (accepted, _) = try await bob.session.act(.accept(data: "ok"), on: call.id)
        #expect(accepted.participant("bob")?.state == .accepted)
        let change = try await alice.nextCall(.participantsChanged)
        #expect(change.call.participant("bob")?.state == .accepted)
        #expect(change.call.participant("bob")?.answerData == "ok")
        try await alice.nextCall(.ended)
        #expect(world.service.activeCalls().isEmpty)
    }
}

@Suite("Operations end to end")
struct OperationsEndToEndTests {
    @Test("presence, peer messages, channels, records and call queries through the JSON transport")
    func everyOperation() async throws {
        let world = TestWorld()
        let alice = try await world.login("alice")
        let bob = try await world.login("bob")
        #expect(try await alice.session.subscribePresence(["bob", "carol"]) == [
            PresenceStatus(user: "bob", state: .online), PresenceStatus(user: "carol", state: .offline),
        ])
        #expect(try await alice.session.queryPresence(["bob"]) == [PresenceStatus(user: "bob", state: .online)])
        let carol = try await world.login("carol")
        try await alice.next { $0 == .server(.presenceChanged(PresenceStatus(user: "carol", state: .online))) }
        try await alice.session.unsubscribePresence(["bob", "carol"])

        #expect(try await alice.session.sendMessage(PeerMessageRequest(to: "bob", content: .text("hi"))) == .delivered)
        #expect(try await alice.session.sendMessage(PeerMessageRequest(to: "dave", content: .raw([1, 2, 3], description: "blob"), storeIfOffline: true)) == .stored)
        try await bob.next { if case .server(.message(let message)) = $0 { message.content == .text("hi") } else { false } }
        let dave = try await world.login("dave")
        try await dave.next { if case .server(.message(let message)) = $0 { message.isOffline } else { false } }

        #expect(try await alice.session.joinChannel("lobby") == ["alice"])
        #expect(try await bob.session.joinChannel("lobby") == ["alice", "bob"])
        try await alice.next { $0 == .server(.channelMemberJoined(channel: "lobby", user: "bob")) }
        try await bob.session.sendChannelMessage(.text("hello lobby"), to: "lobby")
        try await alice.next { if case .server(.channelMessage(let message)) = $0 { message.from == "bob" } else { false } }
        #expect(try await alice.session.channelMembers("lobby") == ["alice", "bob"])
        try await bob.session.leaveChannel("lobby")
        try await alice.next { $0 == .server(.channelMemberLeft(channel: "lobby", user: "bob")) }

        let call = try await alice.session.invite(InviteRequest(invitees: ["bob", "carol"], profile: .nativeAdvanced, payload: "group"))
        #expect(try await bob.session.call(call.id).id == call.id)
        #expect(try await carol.session.activeCalls().map(\.id) == [call.id])
        _ = try await bob.session.act(.accept(data: nil), on: call.id)
        _ = try await carol.session.act(.reject(data: "busy now", reason: .declined), on: call.id)
        let (afterInvite, skipped) = try await bob.session.act(.inviteMore(["dave", "alice"]), on: call.id)
        #expect(skipped.map(\.user) == ["alice"])
        #expect(afterInvite.participant("dave")?.invitedBy == "bob")
        _ = try await bob.session.act(.cancel(invitees: ["dave"], data: "never mind"), on: call.id)
        try await dave.nextCall(.cancelled)
        _ = try await dave.session.act(.join(data: nil), on: call.id)
        _ = try await dave.session.act(.quit(data: "bye"), on: call.id)
        _ = try await alice.session.act(.end(data: "done"), on: call.id)
        try await bob.nextCall(.ended)

        let page = try await carol.session.callRecords(RecordQuery(limit: 5))
        #expect(page.records.map(\.callID) == [call.id])
        #expect(page.records.first?.direction == .incoming)
        #expect(page.records.first?.outcome == .rejected(.declined))
        await #expect(throws: SignalingError.self) { _ = try await carol.session.callRecords(RecordQuery(cursor: "forged")) }
    }
}
