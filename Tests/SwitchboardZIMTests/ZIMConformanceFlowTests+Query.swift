import Testing
import SwitchboardClient
import SwitchboardTesting
import SwitchboardZIM

/// Seed 003 ("查询呼叫邀请列表") and DECISIONS.md "Paging": `queryCallInvitationList` lists the calls
/// the user takes part in, newest first (the ongoing ones included and leading), at most 100 per page;
/// `nextFlag` 0 starts, 0 in the answer means there is no more.
@Suite("ZIM conformance flows: queryCallInvitationList")
struct ZIMConformanceFlowQueryTests {
    /// alice's calls, oldest first, one second apart, as the query describes them
    /// (`<callID> <state> mode= caller= inviter= data= users=`): five finished ones and an ongoing one.
    private func history(_ scene: ZIMScene) async throws -> (alice: ZIMUser, bob: ZIMUser, expected: [String]) {
        let users = try await scene.flowUsers("alice", "bob", "carol")
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let world = scene.world
        var lines: [String] = []

        // 1. General, accepted.
        let one = try await scene.flowRing(alice, ["bob"], data: "f1", everyone: users)
        #expect(try await bob.accept(one, data: "a1", in: world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("legacyAccepted \(one) bob a1", in: world)
        lines.append("\(one) ended mode=general caller=alice inviter=alice data=f1 users=alice:accepted,bob:accepted:a1")
        await world.advance(by: .seconds(1))

        // 2. General, rejected.
        let two = try await scene.flowRing(alice, ["bob"], data: "f2", everyone: users)
        #expect(try await bob.reject(two, data: "r2", in: world) == .ZIMErrorCodeSuccess)
        try await alice.waitFor("legacyRejected \(two) bob r2", in: world)
        lines.append("\(two) ended mode=general caller=alice inviter=alice data=f2 users=alice:accepted,bob:rejected:r2")
        await world.advance(by: .seconds(1))

        // 3. General, bob calls alice, who accepts.
        let three = try await scene.flowRing(bob, ["alice"], data: "f3", everyone: users)
        #expect(try await alice.accept(three, data: "a3", in: world) == .ZIMErrorCodeSuccess)
        try await bob.waitFor("legacyAccepted \(three) alice a3", in: world)
        lines.append("\(three) ended mode=general caller=bob inviter=bob data=f3 users=bob:accepted,alice:accepted:a3")
        await world.advance(by: .seconds(1))

        // 4. Advanced, carol calls bob and dave (offline); carol cancels dave; bob invites alice, who
        //    accepts and ends the call. alice's inviter is bob, the caller carol.
        let four = try await scene.flowRing(carol, ["bob", "dave"], ringing: ["bob"], mode: .advanced, data: "f4", everyone: users)
        #expect(try await bob.accept(four, in: world) == .ZIMErrorCodeSuccess)
        try await carol.waitFor("state \(four) bob:accepted", in: world)
        #expect(try await carol.cancel(["dave"], four, in: world).code == .ZIMErrorCodeSuccess)
        try await carol.waitFor("state \(four) dave:beCancelled", in: world)
        #expect(try await bob.callingInvite(["alice"], four, in: world).code == .ZIMErrorCodeSuccess)
        try await alice.waitFor(prefix: "received \(four)", in: world)
        #expect(try await alice.accept(four, data: "a4", in: world) == .ZIMErrorCodeSuccess)
        try await carol.waitFor("state \(four) alice:accepted:a4", in: world)
        #expect(try await alice.end(four, data: "e4", in: world) == .ZIMErrorCodeSuccess)
        try await carol.waitFor(prefix: "ended \(four)", in: world)
        lines.append("\(four) ended mode=advanced caller=carol inviter=bob data=f4 users=carol:accepted,bob:accepted,dave:beCancelled,alice:accepted:a4")
        await world.advance(by: .seconds(1))

        // 5. General, bob does not answer within 5 s.
        let five = try await scene.flowRing(alice, ["bob"], timeout: 5, data: "f5", everyone: users)
        await world.advance(by: .seconds(5))
        try await alice.waitFor("legacyAnsweredTimeout \(five) bob", in: world)
        lines.append("\(five) ended mode=general caller=alice inviter=alice data=f5 users=alice:accepted,bob:timeout")
        await world.advance(by: .seconds(1))

        // 6. Ongoing, advanced: bob accepted, carol rings.
        let six = try await scene.flowRing(alice, ["bob", "carol"], mode: .advanced, data: "live", everyone: users)
        #expect(try await bob.accept(six, data: "b6", in: world) == .ZIMErrorCodeSuccess)
        try await carol.waitFor("state \(six) bob:accepted:b6", in: world)
        await scene.world.runUntilIdle()
        lines.append("\(six) started mode=advanced caller=alice inviter=alice data=live users=alice:accepted,bob:accepted:b6,carol:received")

        return (alice, bob, lines.reversed())
    }

    @Test("paging by 2: newest first, the ongoing call first, nextFlag non-zero until the last page; all 6 once, in order, with their infos")
    func paging() async throws {
        let scene = ZIMScene()
        let (alice, _, expected) = try await history(scene)

        var pages: [ZIMUser.Page] = []
        var flag: Int64 = 0
        repeat {
            let page = try await alice.query(count: 2, nextFlag: flag, in: scene.world)
            #expect(page.code == .ZIMErrorCodeSuccess)
            pages.append(page)
            flag = page.nextFlag
        } while flag != 0 && pages.count < 10

        #expect(pages.map(\.calls.count) == [2, 2, 2], "\(pages.map(\.calls))")
        #expect(pages.dropLast().allSatisfy { $0.nextFlag != 0 })
        #expect(pages.last?.nextFlag == 0)
        let listed = pages.flatMap(\.calls)
        #expect(listed.map { $0.prefix { $0 != " " } } == expected.map { $0.prefix { $0 != " " } },
                "every call once, newest first")
        #expect(listed.first?.contains(" started ") == true, "the ongoing call leads")
        // Each call's infos: state, mode, caller, inviter, extendedData, and the users' final states and data.
        #expect(listed == expected)

        // Starting again from 0 gives the first page again.
        let again = try await alice.query(count: 2, in: scene.world)
        #expect(again.calls == pages[0].calls)
    }

    @Test("an invitee's list: the same calls, with the invitee's own inviter; finished calls are ended whatever the invitee answered")
    func inviteeView() async throws {
        let scene = ZIMScene()
        let (_, bob, aliceView) = try await history(scene)
        // bob takes part in the same six calls; in call 4 carol invited him.
        let expected = aliceView.map { $0.replacingOccurrences(of: "caller=carol inviter=bob", with: "caller=carol inviter=carol") }
        let page = try await bob.query(count: 100, in: scene.world)
        #expect(page.code == .ZIMErrorCodeSuccess && page.nextFlag == 0)
        #expect(page.calls.map { $0.prefix { $0 != " " } } == expected.map { $0.prefix { $0 != " " } })
        #expect(page.calls == expected)
    }

    @Test("count 0 → 6000001; an unknown nextFlag → 6000001")
    func invalidArguments() async throws {
        let scene = ZIMScene()
        let alice = try await scene.flowUsers("alice")[0]
        let zero = try await alice.query(count: 0, in: scene.world)
        #expect(zero.code == .ZIMErrorCodeCommonModuleParamsInvalid)
        #expect(zero.calls.isEmpty && zero.nextFlag == 0)
        let unknown = try await alice.query(count: 10, nextFlag: 987_654, in: scene.world)
        #expect(unknown.code == .ZIMErrorCodeCommonModuleParamsInvalid)
        #expect(unknown.calls.isEmpty)
        // Nothing at all: one empty page.
        let empty = try await alice.query(count: 10, in: scene.world)
        #expect(empty.code == .ZIMErrorCodeSuccess && empty.calls.isEmpty && empty.nextFlag == 0)
    }

    @Test("count 500 is treated as 100: of 101 calls, the first page has 100 and a nextFlag, the next the oldest one")
    func countCappedAt100() async throws {
        let scene = ZIMScene()
        let alice = try await scene.flowUsers("alice")[0]
        var ids: [String] = []
        for _ in 0..<101 {
            // ghost never logs in: invite and cancel, a finished call each.
            let sent = try await alice.invite(["ghost"], in: scene.world)
            #expect(sent.code == .ZIMErrorCodeSuccess)
            #expect(try await alice.cancel(["ghost"], sent.callID, in: scene.world).code == .ZIMErrorCodeSuccess)
            ids.append(sent.callID)
            await scene.world.advance(by: .milliseconds(10))
        }
        let first = try await alice.query(count: 500, in: scene.world)
        #expect(first.code == .ZIMErrorCodeSuccess)
        #expect(first.calls.count == 100)
        #expect(first.nextFlag != 0)
        #expect(first.calls.map { String($0.prefix { $0 != " " }) } == Array(ids.reversed().prefix(100)))
        let second = try await alice.query(count: 500, nextFlag: first.nextFlag, in: scene.world)
        #expect(second.code == .ZIMErrorCodeSuccess)
        #expect(second.calls.map { String($0.prefix { $0 != " " }) } == [ids[0]])
        #expect(second.nextFlag == 0)
        #expect(second.calls.first?.hasSuffix("ended mode=general caller=alice inviter=alice data= users=alice:accepted,ghost:cancelled") == true,
                "\(second.calls)")
    }
}
