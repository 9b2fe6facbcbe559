import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

@Suite("Records, messages and channels")
struct RecordAndMessageTests {
    @Test("records page newest first with an opaque cursor; bad cursors and limits are refused")
    func recordPaging() async throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        var ids: [CallID] = []
        for _ in 0..<5 {
            let call = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
            _ = try alice.call(.call(call.id, .cancel(invitees: nil, data: nil)))
            ids.append(call.id)
            await harness.advance(by: .milliseconds(10))
            alice.send(.ping)
        }
        guard case .success(.records(let first)) = try alice.request(.callRecords(RecordQuery(limit: 2))) else {
            Issue.record("no records")
            return
        }
        #expect(first.records.map(\.callID) == [ids[4], ids[3]])
        #expect(first.records.allSatisfy { $0.direction == .outgoing && $0.endReason == .cancelled })
        let cursor = try #require(first.nextCursor)
        guard case .success(.records(let second)) = try alice.request(.callRecords(RecordQuery(cursor: cursor, limit: 3))) else {
            Issue.record("no second page")
            return
        }
        #expect(second.records.map(\.callID) == [ids[2], ids[1], ids[0]])
        #expect(second.nextCursor == nil)
        #expect(try alice.request(.callRecords(RecordQuery(cursor: "forged", limit: 2))).failureCode == "invalid_cursor")
        #expect(try alice.request(.callRecords(RecordQuery(limit: 0))).failureCode == "invalid_request")
        #expect(try alice.request(.callRecords(RecordQuery(limit: 101))).failureCode == "invalid_request")
    }

    @Test("peer messages are delivered, kept for an offline peer when asked (and handed over at login), or reported offline")
    func peerMessages() throws {
        let harness = ServiceHarness(configuration: ServiceConfiguration(maxMessageBytes: 16, offlineMessageLimit: 2))
        let alice = try harness.login("alice")
        #expect(try alice.request(.sendMessage(PeerMessageRequest(to: "bob", content: .text("a")))) == .success(.message(.peerOffline)))
        for text in ["1", "2", "3"] {
            #expect(try alice.request(.sendMessage(PeerMessageRequest(to: "bob", content: .text(text), storeIfOffline: true))) == .success(.message(.stored)))
        }
        #expect(try alice.request(.sendMessage(PeerMessageRequest(to: "bob", content: .text(String(repeating: "x", count: 17))))).failureCode == "invalid_message")
        #expect(try alice.request(.sendMessage(PeerMessageRequest(to: "bob", content: .text("")))).failureCode == "invalid_message")
        #expect(try alice.request(.sendMessage(PeerMessageRequest(to: "b b", content: .text("x")))).failureCode == "invalid_user_id")
        let bob = try harness.login("bob")
        let kept = bob.events.compactMap { envelope -> PeerMessage? in
            if case .message(let message) = envelope.event { return message }
            return nil
        }
        #expect(kept.map(\.content) == [.text("2"), .text("3")], "the oldest beyond the limit is dropped")
        #expect(kept.allSatisfy { $0.isOffline })
        #expect(try alice.request(.sendMessage(PeerMessageRequest(to: "bob", content: .raw([0, 1, 2], description: "d")))) == .success(.message(.delivered)))
        guard case .message(let raw) = bob.events.last?.event else { Issue.record("no raw message"); return }
        #expect(raw.content == .raw([0, 1, 2], description: "d"))
        #expect(!raw.isOffline)
        #expect(raw.from == "alice")
    }

    @Test("channel members see joins, leaves, messages, and a member leaving when its session ends")
    func channels() async throws {
        let harness = ServiceHarness(configuration: ServiceConfiguration(maxChannelsPerSession: 1))
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        #expect(try alice.request(.joinChannel("room")) == .success(.members(["alice"])))
        #expect(try bob.request(.joinChannel("room")) == .success(.members(["alice", "bob"])))
        #expect(alice.events.last?.event == .channelMemberJoined(channel: "room", user: "bob"))
        #expect(try bob.request(.joinChannel("room")).failureCode == "already_in_channel")
        #expect(try bob.request(.joinChannel("other")).failureCode == "too_many_channels")
        #expect(try bob.request(.joinChannel("")).failureCode == "invalid_channel")
        #expect(try bob.request(.joinChannel(String(repeating: "c", count: 65))).failureCode == "invalid_channel")
        #expect(try bob.request(.sendChannelMessage(channel: "room", message: .text("hello"))) == .success(.empty))
        guard case .channelMessage(let message) = alice.events.last?.event else { Issue.record("no message"); return }
        #expect(message.from == "bob" && message.content == .text("hello") && message.channel == "room")
        #expect(!bob.events.contains { if case .channelMessage = $0.event { true } else { false } }, "no echo to the sender")
        #expect(try bob.request(.channelMembers("room")) == .success(.members(["alice", "bob"])))
        #expect(try bob.request(.leaveChannel("room")) == .success(.empty))
        #expect(alice.events.last?.event == .channelMemberLeft(channel: "room", user: "bob"))
        #expect(try bob.request(.leaveChannel("room")).failureCode == "not_in_channel")
        #expect(try bob.request(.channelMembers("room")).failureCode == "not_in_channel")
        #expect(try bob.request(.sendChannelMessage(channel: "room", message: .text("x"))).failureCode == "not_in_channel")

        _ = try bob.request(.joinChannel("room"))
        bob.drop()
        for _ in 0..<30 {
            await harness.advance(by: .seconds(1))
            alice.send(.ping)
        }
        #expect(alice.events.last?.event == .channelMemberLeft(channel: "room", user: "bob"))
    }

    @Test("tokens: a warning 30 s before expiry, the session's end at the expiry, and a renewal that re-arms both")
    func tokenTimers() async throws {
        let harness = ServiceHarness(verifier: ScriptedVerifier())
        let start = harness.now.millisecondsSince1970
        let alice = try harness.login("alice", token: "ok:\(start + 60_000)")
        for _ in 0..<29 {
            await harness.advance(by: .seconds(1))
            alice.send(.ping)
        }
        #expect(alice.events.isEmpty)
        await harness.advance(by: .seconds(1))
        #expect(alice.events.last?.event == .tokenWillExpire(expiresAt: Timestamp(millisecondsSince1970: start + 60_000)))
        let renewed = Timestamp(millisecondsSince1970: start + 120_000)
        #expect(try alice.request(.renewToken("ok:\(renewed.millisecondsSince1970)")) == .success(.token(expiresAt: renewed)))
        #expect(try alice.request(.renewToken("bad")).failureCode == "invalid_token")
        for _ in 0..<60 {
            await harness.advance(by: .seconds(1))
            alice.send(.ping)
        }
        let names = alice.events.map(\.event.name)
        #expect(names == ["session.tokenWillExpire", "session.tokenWillExpire"], "the stale expiry at 60 s did not fire")
        for _ in 0..<30 {
            await harness.advance(by: .seconds(1))
            alice.send(.ping)
        }
        guard case .bye(let bye) = alice.frames.last else { Issue.record("no bye: \(alice.frames)"); return }
        #expect(bye.reason == .tokenExpired)
        #expect(alice.isClosed)
        // A token with less than the lead left warns at once.
        let bob = try harness.login("bob", token: "ok:\(harness.now.millisecondsSince1970 + 10_000)")
        harness.service.fireDueTimers()
        #expect(bob.events.map(\.event.name) == ["session.tokenWillExpire"])
    }
}
