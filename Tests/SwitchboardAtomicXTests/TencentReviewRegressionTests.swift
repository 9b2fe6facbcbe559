import Testing
import SwitchboardAtomicX
import SwitchboardClient
import SwitchboardTesting

/// Regressions from the review of the Tencent surface: going back into a call left here, a session lost
/// past the grace period, answers that arrive after the login ended, superseded logins, profiles of
/// people invited mid-call.
@Suite("Tencent surface: review regressions")
struct TencentReviewRegressionTests {
    @Test("a participant who hung up a group call can join it again: connected here, the duration counts afresh")
    func rejoinAfterHangup() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await alice.ring([bob, carol], in: world)
        try await bob.answer(in: world)
        try await carol.answer(in: world)
        #expect(try await carol.hangup(in: world).isSuccess)
        try await carol.waitFor("ended \(id) video hangup by=carol", in: world)
        try await alice.waitFor("tui.leave carol", in: world)
        carol.clear()

        #expect(try await carol.join(id, in: world).isSuccess)
        try await carol.waitFor("tui.begin \(id)", in: world)
        try await alice.waitFor("tui.join carol", in: world)
        #expect(carol.state.selfInfo.status == .accept)
        #expect(!carol.events.contains { $0.hasPrefix("received") })
        await world.advance(by: .seconds(2))
        try await carol.waitUntil("carol counts 2 s in her second stint", in: world) { $0.activeCall.duration == 2 }
        #expect(try await carol.calls(["alice"], in: world).failure?.code == -1203, "carol is in the call again")
    }

    @Test("a user who rejected can be invited into the same call again and rings")
    func reinviteAfterReject() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        let id = try await alice.ring([bob, carol], in: world)
        try await bob.answer(in: world)
        #expect(try await carol.reject(in: world).isSuccess)
        try await carol.waitFor("ended \(id) video reject by=carol", in: world)
        carol.clear()

        let reinvited = try await alice.invite(["carol"], in: world)
        #expect(reinvited.isSuccess, "\(reinvited)")
        try await carol.waitFor("received \(id) video data=", in: world)
        #expect(carol.state.selfInfo.status == .waiting)
        try await carol.answer(in: world)
        try await alice.waitFor("tui.join carol", in: world)
    }

    @Test("a device whose session is lost past the grace period ends its call, and the service takes it out of the call")
    func sessionLostPastGrace() async throws {
        let world = TestWorld()
        let faults = FaultInjector()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world, faults: faults)
        try await alice.login(in: world)
        try await bob.login(in: world)
        let id = try await alice.ring([bob], in: world)
        try await bob.answer(in: world)

        faults.refusesConnections = true
        faults.severLinks()
        await world.advance(by: .seconds(31))
        try await alice.waitFor("ended \(id) video hangup by=bob", in: world)
        faults.refusesConnections = false
        await world.advance(by: .seconds(5))
        try await bob.waitFor("ended \(id) video hangup by=bob", in: world)
        #expect(bob.state.selfInfo.status == .none)
        #expect(try await bob.calls(["alice"], in: world).isSuccess, "bob is idle again")
    }

    @Test("calls followed at once by logout: the answer after the logout shows nothing, and the device is idle")
    func callsThenLogout() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        try await alice.login(in: world)
        try await bob.login(in: world)
        let outcome = try await world.completion { done in
            alice.callStore.calls(participantIds: ["bob"], callMediaType: .audio, params: nil) { done(Box($0)) }
            alice.loginStore.logout(completion: nil)
        }.value
        await world.runUntilIdle()
        #expect(alice.loginStore.state.value.loginStatus == .unlogin)
        #expect(alice.state.selfInfo.status == .none)
        if outcome.isSuccess {
            // The answer came before the logout took effect: the call then ended with the session.
            #expect(alice.events.last { $0.hasPrefix("ended") } != nil)
        } else {
            #expect(outcome.failure?.code == -1201)
            #expect(!alice.events.contains { $0.hasPrefix("started") })
        }
    }

    @Test("a login superseded by another login or by a logout is answered with -1201, never left hanging")
    func supersededLogins() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let (first, second) = try await world.completion { done in
            let results = ResultPair()
            alice.loginStore.login(sdkAppID: testSDKAppID, userID: "alice", userSig: "sig") { result in
                if let pair = results.first(Box(result)) { done(pair) }
            }
            alice.loginStore.login(sdkAppID: testSDKAppID, userID: "alice2", userSig: "sig") { result in
                if let pair = results.second(Box(result)) { done(pair) }
            }
        }
        #expect(first.value.failure?.code == -1201)
        #expect(second.value.isSuccess)

        let bob = TencentUser("bob", in: world)
        let login = try await world.completion { done in
            bob.loginStore.login(sdkAppID: testSDKAppID, userID: "bob", userSig: "sig") { done(Box($0)) }
            bob.loginStore.logout(completion: nil)
        }.value
        #expect(login.failure?.code == -1201)
        await world.runUntilIdle()
        #expect(bob.loginStore.state.value.loginStatus == .unlogin)
    }

    @Test("a profile set before being invited mid-call shows on the others' devices")
    func profileOfMidCallInvitee() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", "carol", in: world)
        let (alice, bob, carol) = (users[0], users[1], users[2])
        var profile = UserProfile()
        profile.nickname = "Carol"
        _ = try await world.completion { done in carol.loginStore.setSelfInfo(userProfile: profile) { done(Box($0)) } }
        _ = try await alice.ring([bob], in: world)
        try await bob.answer(in: world)
        #expect(try await alice.invite(["carol"], in: world).isSuccess)
        try await alice.waitUntil("carol shows as Carol", in: world) { state in
            state.allParticipants.contains { $0.id == "carol" && $0.name == "Carol" }
        }
    }
}

/// Two completions that may arrive in either order.
final class ResultPair: @unchecked Sendable {
    // @unchecked: both completions run on the same callback queue.
    private var a: Box<Result<Void, ErrorInfo>>?
    private var b: Box<Result<Void, ErrorInfo>>?

    func first(_ result: Box<Result<Void, ErrorInfo>>) -> (Box<Result<Void, ErrorInfo>>, Box<Result<Void, ErrorInfo>>)? {
        a = result
        return b.map { (result, $0) }
    }

    func second(_ result: Box<Result<Void, ErrorInfo>>) -> (Box<Result<Void, ErrorInfo>>, Box<Result<Void, ErrorInfo>>)? {
        b = result
        return a.map { ($0, result) }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
