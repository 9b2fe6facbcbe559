import Testing
import SwitchboardAtomicX
import SwitchboardCore
import SwitchboardTesting

// Call records (CallStore's queryRecentCalls / deleteRecentCalls, TUICallEngine's
// queryRecentCalls(filter:) / deleteRecordCalls, DECISIONS.md "Paging"): newest first, an opaque cursor,
// "" for the start and "" back at the end; each user's own view of the call (outgoing, incoming, missed).

/// Four finished calls from alice to bob, oldest first, one second apart: answered (5 s connected),
/// rejected by bob, missed (rang out), cancelled by alice.
struct TencentHistory {
    let answered: String
    let rejected: String
    let missed: String
    let cancelled: String
    /// When each call was placed, in seconds since 1970 (`CallInfo.startTime`), in the order above.
    let startTimes: [Double]

    /// Newest first.
    var newestFirst: [String] { [cancelled, missed, rejected, answered] }

    static func make(_ alice: TencentUser, _ bob: TencentUser, in world: TestWorld) async throws -> TencentHistory {
        var startTimes: [Double] = []
        func placed() { startTimes.append(Double(world.now.millisecondsSince1970) / 1000) }

        placed()
        let answered = try await alice.awaiting.connect(to: bob, .audio, in: world)
        await world.advance(by: .seconds(5))
        #expect(try await alice.hangup(in: world).isSuccess)
        try await bob.waitFor("ended \(answered) audio hangup by=alice", in: world)
        try await alice.waitFor("ended \(answered) audio hangup by=alice", in: world)
        await world.advance(by: .seconds(1))

        placed()
        #expect(try await alice.calls(["bob"], .video, in: world).isSuccess)
        let rejected = alice.callID
        try await bob.waitFor(prefix: "received \(rejected)", in: world)
        #expect(try await bob.reject(in: world).isSuccess)
        try await alice.waitFor("ended \(rejected) video reject by=bob", in: world)
        try await bob.waitFor("ended \(rejected) video reject by=bob", in: world)
        await world.advance(by: .seconds(1))

        placed()
        var params = CallParams()
        params.timeout = 5
        #expect(try await alice.calls(["bob"], .audio, params: params, in: world).isSuccess)
        let missed = alice.callID
        try await bob.waitFor(prefix: "received \(missed)", in: world)
        await world.advance(by: .seconds(6))
        try await alice.waitFor("ended \(missed) audio noResponse by=bob", in: world)
        try await bob.waitFor(prefix: "ended \(missed) audio noResponse", in: world)
        await world.advance(by: .seconds(1))

        placed()
        #expect(try await alice.calls(["bob"], .audio, in: world).isSuccess)
        let cancelled = alice.callID
        try await bob.waitFor(prefix: "received \(cancelled)", in: world)
        #expect(try await alice.hangup(in: world).isSuccess)
        try await bob.waitFor("ended \(cancelled) audio canceled by=alice", in: world)
        try await alice.waitFor("ended \(cancelled) audio canceled by=alice", in: world)
        await world.advance(by: .seconds(1))

        #expect(Set([answered, rejected, missed, cancelled]).count == 4)
        return TencentHistory(answered: answered, rejected: rejected, missed: missed, cancelled: cancelled,
                              startTimes: startTimes)
    }
}

@Suite("Tencent surface: call records")
struct TencentRecordTests {
    private func loggedIn(_ world: TestWorld) async throws -> (TencentUser, TencentUser) {
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)
        return (alice, bob)
    }

    @Test("queryRecentCalls pages newest first with a cursor; each record shows the user's result and duration")
    func paging() async throws {
        let world = TestWorld()
        let (alice, bob) = try await loggedIn(world)
        let history = try await TencentHistory.make(alice, bob, in: world)

        #expect(try await bob.awaiting.queryRecentCalls(cursor: "", count: 2, in: world).isSuccess)
        // Written before the completion runs.
        let first = bob.state
        #expect(first.recentCalls.map(\.callId) == [history.cancelled, history.missed])
        #expect(first.recentCalls.map(\.result) == [.missed, .missed])
        #expect(first.recentCalls.map(\.duration) == [0, 0])
        #expect(!first.cursor.isEmpty)

        #expect(try await bob.awaiting.queryRecentCalls(cursor: first.cursor, count: 2, in: world).isSuccess)
        let second = bob.state
        // Overwritten, not appended.
        #expect(second.recentCalls.map(\.callId) == [history.rejected, history.answered])
        #expect(second.recentCalls.map(\.result) == [.incoming, .incoming])
        #expect(second.recentCalls.map(\.duration) == [0, 5])
        #expect(second.cursor == "")

        // The caller's side: all outgoing, in one page.
        #expect(try await alice.awaiting.queryRecentCalls(cursor: "", count: 100, in: world).isSuccess)
        let calls = alice.state.recentCalls
        #expect(calls.map(\.callId) == history.newestFirst)
        #expect(calls.map(\.result) == [.outgoing, .outgoing, .outgoing, .outgoing])
        #expect(calls.map(\.duration) == [0, 0, 0, 5])
        #expect(calls.map(\.mediaType) == [.audio, .audio, .video, .audio])
        #expect(calls.map(\.startTime) == history.startTimes.reversed())
        #expect(calls.allSatisfy { $0.inviterId == "alice" && $0.inviteeIds == ["bob"] && !$0.roomId.isEmpty })
        #expect(alice.state.cursor == "")
    }

    @Test("a page of exactly the remaining records ends with cursor \"\"; a page of 1 walks them all")
    func pageBoundaries() async throws {
        let world = TestWorld()
        let (alice, bob) = try await loggedIn(world)
        let history = try await TencentHistory.make(alice, bob, in: world)
        var seen: [String] = []
        var cursor = ""
        for _ in 0..<4 {
            #expect(try await bob.awaiting.queryRecentCalls(cursor: cursor, count: 1, in: world).isSuccess)
            #expect(bob.state.recentCalls.count == 1)
            seen += bob.state.recentCalls.map(\.callId)
            cursor = bob.state.cursor
            if cursor.isEmpty { break }
        }
        #expect(seen == history.newestFirst)
        #expect(cursor == "")
        #expect(try await bob.awaiting.queryRecentCalls(cursor: "", count: 4, in: world).isSuccess)
        #expect(bob.state.recentCalls.count == 4)
        #expect(bob.state.cursor == "")
    }

    @Test("a user with no records gets an empty page and cursor \"\"")
    func empty() async throws {
        let world = TestWorld()
        let (alice, _) = try await loggedIn(world)
        #expect(try await alice.awaiting.queryRecentCalls(cursor: "", count: 20, in: world).isSuccess)
        #expect(alice.state.recentCalls.isEmpty)
        #expect(alice.state.cursor == "")
    }

    @Test("count 0 or 101, or a cursor that is not one, fails with -1202 and leaves recentCalls alone; logged out, -1201")
    func badQueries() async throws {
        let world = TestWorld()
        let (alice, bob) = try await loggedIn(world)
        let history = try await TencentHistory.make(alice, bob, in: world)
        #expect(try await bob.awaiting.queryRecentCalls(cursor: "", count: 2, in: world).isSuccess)
        let cursor = bob.state.cursor
        for count: UInt in [0, 101] {
            #expect(try await bob.awaiting.queryRecentCalls(cursor: "", count: count, in: world).infoCode == -1202)
        }
        #expect(try await bob.awaiting.queryRecentCalls(cursor: "not-a-cursor", count: 2, in: world).infoCode == -1202)
        #expect(bob.state.recentCalls.map(\.callId) == [history.cancelled, history.missed])
        #expect(bob.state.cursor == cursor)
        #expect(try await bob.awaiting.queryRecentCalls(cursor: "", count: 100, in: world).isSuccess)
        #expect(try await bob.awaiting.queryRecentCalls(cursor: "", count: 1, in: world).isSuccess)

        let carol = TencentUser("carol", in: world)
        #expect(try await carol.awaiting.queryRecentCalls(cursor: "", count: 10, in: world).infoCode == -1201)
    }

    @Test("deleteRecentCalls removes the records from the service and from recentCalls; the other side keeps its own")
    func delete() async throws {
        let world = TestWorld()
        let (alice, bob) = try await loggedIn(world)
        let history = try await TencentHistory.make(alice, bob, in: world)
        #expect(try await bob.awaiting.queryRecentCalls(cursor: "", count: 100, in: world).isSuccess)
        #expect(bob.state.recentCalls.count == 4)

        #expect(try await bob.awaiting.deleteRecentCalls([history.cancelled, history.rejected], in: world).isSuccess)
        #expect(bob.state.recentCalls.map(\.callId) == [history.missed, history.answered])
        // A fresh query no longer shows them.
        #expect(try await bob.awaiting.queryRecentCalls(cursor: "", count: 100, in: world).isSuccess)
        #expect(bob.state.recentCalls.map(\.callId) == [history.missed, history.answered])
        // Deleting an id that has no record (any more) succeeds and changes nothing.
        #expect(try await bob.awaiting.deleteRecentCalls([history.cancelled, "no-such-call"], in: world).isSuccess)
        #expect(bob.state.recentCalls.map(\.callId) == [history.missed, history.answered])
        // alice's records are hers.
        #expect(try await alice.awaiting.queryRecentCalls(cursor: "", count: 100, in: world).isSuccess)
        #expect(alice.state.recentCalls.map(\.callId) == history.newestFirst)
    }

    @Test("deleteRecentCalls with an empty list, an empty id or more than 100 ids fails with -1202; logged out, -1201")
    func badDeletes() async throws {
        let world = TestWorld()
        let (alice, bob) = try await loggedIn(world)
        let history = try await TencentHistory.make(alice, bob, in: world)
        #expect(try await bob.awaiting.deleteRecentCalls([], in: world).infoCode == -1202)
        #expect(try await bob.awaiting.deleteRecentCalls([history.missed, ""], in: world).infoCode == -1202)
        let many = (0...100).map { "call-\($0)" }
        #expect(try await bob.awaiting.deleteRecentCalls(many, in: world).infoCode == -1202)
        #expect(try await bob.awaiting.queryRecentCalls(cursor: "", count: 100, in: world).isSuccess)
        #expect(bob.state.recentCalls.count == 4)
        #expect(try await bob.awaiting.logout(in: world).isSuccess)
        #expect(try await bob.awaiting.deleteRecentCalls([history.missed], in: world).infoCode == -1201)
    }

    @Test("an ephemeral call leaves no record on either side")
    func ephemeral() async throws {
        let world = TestWorld()
        let (alice, bob) = try await loggedIn(world)
        var params = CallParams()
        params.isEphemeralCall = true
        #expect(try await alice.calls(["bob"], .audio, params: params, in: world).isSuccess)
        let callID = alice.callID
        try await bob.waitFor(prefix: "received \(callID)", in: world)
        #expect(try await bob.accept(in: world).isSuccess)
        try await alice.waitFor("tui.begin \(callID)", in: world)
        await world.advance(by: .seconds(2))
        #expect(try await bob.hangup(in: world).isSuccess)
        try await alice.waitFor("ended \(callID) audio hangup by=bob", in: world)
        for user in [alice, bob] {
            #expect(try await user.awaiting.queryRecentCalls(cursor: "", count: 10, in: world).isSuccess)
            #expect(user.state.recentCalls.isEmpty)
        }
    }

    @Test("TUICallEngine.queryRecentCalls(filter:) returns only the records with that result")
    func engineQuery() async throws {
        let world = TestWorld()
        let (alice, bob) = try await loggedIn(world)
        let history = try await TencentHistory.make(alice, bob, in: world)

        let missed = try #require(try await bob.awaiting.engineQueryRecentCalls(.missed, in: world))
        #expect(missed.map(\.callId) == [history.cancelled, history.missed])
        #expect(missed.allSatisfy { $0.result == .missed && $0.role == .called && $0.inviter == "alice" })
        #expect(missed.allSatisfy { $0.inviteList == ["bob"] && $0.scene == .single && $0.mediaType == .audio })
        #expect(missed.map(\.totalTime) == [0, 0])
        #expect(missed.map(\.beginTime) == [history.startTimes[3], history.startTimes[2]])

        let incoming = try #require(try await bob.awaiting.engineQueryRecentCalls(.incoming, in: world))
        #expect(incoming.map(\.callId) == [history.rejected, history.answered])
        #expect(incoming.map(\.mediaType) == [.video, .audio])
        #expect(incoming.map(\.totalTime) == [0, 5])
        #expect(try await bob.awaiting.engineQueryRecentCalls(.outgoing, in: world)?.isEmpty == true)
        #expect(try await bob.awaiting.engineQueryRecentCalls(.unknown, in: world)?.map(\.callId) == history.newestFirst)

        let outgoing = try #require(try await alice.awaiting.engineQueryRecentCalls(.outgoing, in: world))
        #expect(outgoing.map(\.callId) == history.newestFirst)
        #expect(outgoing.allSatisfy { $0.role == .call && $0.result == .outgoing })
        #expect(try await alice.awaiting.engineQueryRecentCalls(.missed, in: world)?.isEmpty == true)

        let carol = TencentUser("carol", in: world)
        #expect(try await carol.awaiting.engineQueryRecentCalls(.unknown, in: world) == nil)
    }

    @Test("TUICallEngine.deleteRecordCalls returns the ids it deleted; an empty list fails")
    func engineDelete() async throws {
        let world = TestWorld()
        let (alice, bob) = try await loggedIn(world)
        let history = try await TencentHistory.make(alice, bob, in: world)
        let deleted = try await bob.awaiting.engineDeleteRecordCalls([history.missed, history.answered, "no-such-call"], in: world)
        #expect(deleted.map(Set.init) == [history.missed, history.answered])
        #expect(try await bob.awaiting.engineQueryRecentCalls(.unknown, in: world)?.map(\.callId)
                == [history.cancelled, history.rejected])
        #expect(try await bob.awaiting.engineDeleteRecordCalls([], in: world) == nil)
        #expect(try await bob.awaiting.engineDeleteRecordCalls([history.missed], in: world) == [])
    }
}
