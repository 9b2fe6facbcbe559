import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardWire

/// Load shedding (docs/SERVER.md, "Overload"): while the service sheds, new calls are refused at once
/// with `overloaded` and nothing changes; every request of a call already going is served, so it
/// completes. Time never moves here: shedding is a share the server's probe sets, set by hand.
@Suite("Load shedding")
struct LoadSheddingTests {
    @Test("while shedding everything, a new call is refused with overloaded and nothing is created; the call already ringing is accepted, confirmed and ended")
    func inFlightCallCompletes() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let carol = try harness.login("carol")
        _ = try harness.login("dave")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced,
                                                        parameters: CallParameters(confirmsAccept: true))))

        harness.service.loadShedding.shed(1)
        let refused = try carol.request(.invite(InviteRequest(invitees: ["dave"])))
        #expect(refused.failure == LoadShedding.refusal)
        #expect(refused.failure?.code == .service(.overloaded))
        #expect(harness.service.activeCalls().map(\.id) == [call.id], "nothing was created for carol")
        #expect(harness.service.loadShedding.refusals == 1)

        // The call in flight goes on: bob's device acknowledges, bob accepts, alice confirms, alice ends.
        _ = try bob.request(.call(call.id, .acknowledge)).get()
        let accepted = try bob.call(.call(call.id, .accept(data: "yes")))
        #expect(accepted.participant("bob")?.state == .accepting)
        let confirmed = try alice.call(.call(call.id, .confirm(invitee: "bob")))
        #expect(confirmed.participant("bob")?.state == .accepted)
        #expect(confirmed.state == .connected)
        let ended = try alice.call(.call(call.id, .end(data: nil)))
        #expect(ended.state.end?.reason == .hungUp)
        #expect(harness.service.loadShedding.refusals == 1, "only the new call was refused")
    }

    @Test("not shedding: every new call goes through and nothing is refused")
    func noRefusalWhenNotOverloaded() throws {
        let harness = ServiceHarness()
        #expect(harness.service.loadShedding.share == 0)
        for index in 0..<20 {
            let caller = try harness.login(UserID("caller-\(index)"))
            _ = try harness.login(UserID("callee-\(index)"))
            _ = try caller.call(.invite(InviteRequest(invitees: [UserID("callee-\(index)")])))
        }
        #expect(harness.service.activeCalls().count == 20)
        #expect(harness.service.loadShedding.refusals == 0)
    }

    @Test("a share of one half refuses every second new call, evenly; back at zero, none")
    func shareIsSpreadEvenly() throws {
        let harness = ServiceHarness()
        harness.service.loadShedding.shed(0.5)
        var outcomes: [Bool] = []
        for index in 0..<10 {
            let caller = try harness.login(UserID("caller-\(index)"))
            _ = try harness.login(UserID("callee-\(index)"))
            let result = try caller.request(.invite(InviteRequest(invitees: [UserID("callee-\(index)")])))
            outcomes.append(result.failure == nil)
            if let failure = result.failure { #expect(failure.code == .service(.overloaded)) }
        }
        #expect(outcomes == [true, false, true, false, true, false, true, false, true, false])
        #expect(harness.service.activeCalls().count == 5)

        harness.service.loadShedding.shed(0)
        let late = try harness.login("late")
        _ = try harness.login("late-callee")
        #expect(try late.request(.invite(InviteRequest(invitees: ["late-callee"]))).failure == nil)
        #expect(harness.service.loadShedding.refusals == 5)
    }

    @Test("a refused invite is not remembered: the same request id is carried out once the server takes new calls again")
    func refusalChangesNothing() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        harness.service.loadShedding.shed(1)
        let invite = ServiceOperation.invite(InviteRequest(invitees: ["bob"]))
        #expect(try alice.request(invite, id: 41).failure?.code == .service(.overloaded))
        #expect(harness.service.activeCalls().isEmpty)

        harness.service.loadShedding.shed(0)
        let retried = try alice.request(invite, id: 41)
        guard case .call(let call, _) = try retried.get() else {
            Issue.record("the retry did not start a call: \(retried)")
            return
        }
        #expect(harness.service.activeCalls().map(\.id) == [call.id])
    }

    @Test("an invite the service already carried out is answered from its record while shedding, not refused")
    func resentInviteKeepsItsAnswer() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let invite = ServiceOperation.invite(InviteRequest(invitees: ["bob"]))
        let first = try alice.request(invite, id: 7)
        harness.service.loadShedding.shed(1)
        #expect(try alice.request(invite, id: 7) == first)
        #expect(harness.service.loadShedding.refusals == 0)
    }

    @Test("shedding leaves everything but new calls alone: join, invite-more, messages and queries are served")
    func onlyNewCallsAreShed() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let carol = try harness.login("carol")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        _ = try bob.call(.call(call.id, .accept(data: nil)))
        harness.service.loadShedding.shed(1)
        let served: [(RawConnection, ServiceOperation)] = [
            (alice, .call(call.id, .inviteMore(["carol"]))),
            (carol, .call(call.id, .accept(data: nil))),
            (carol, .call(call.id, .quit(data: nil))),
            (carol, .call(call.id, .join(data: nil))),
            (alice, .getCall(call.id)),
            (alice, .queryPresence(["bob"])),
            (alice, .sendMessage(PeerMessageRequest(to: "bob", content: .text("hi")))),
        ]
        for (connection, operation) in served {
            let result = try connection.request(operation)
            #expect(result.failure == nil, "\(operation.name): \(String(describing: result.failure))")
        }
        #expect(harness.service.loadShedding.refusals == 0)
    }

    @Test("the share is clamped to 0...1")
    func shareIsClamped() {
        let shedding = LoadShedding()
        shedding.shed(3)
        #expect(shedding.share == 1)
        shedding.shed(-1)
        #expect(shedding.share == 0)
        shedding.shed(.nan)
        #expect(shedding.share == 0)
    }
}
