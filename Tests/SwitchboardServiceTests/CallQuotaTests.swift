import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// The call quotas protect the invitee, not the inviter (docs/SECURITY.md, "Quotas"): invitations that
/// ring at a user are capped on their own and refused to the inviter, and never count against the
/// user's own calls.
@Suite("Call quotas")
struct CallQuotaTests {
    private static func configuration() -> ServiceConfiguration {
        var configuration = ServiceConfiguration.development
        configuration.maxActiveCallsPerUser = 3
        configuration.maxPendingInvitationsPerUser = 3
        return configuration
    }

    @Test("invitations filling a victim's slots are refused to the next inviter; the victim still calls out")
    func invitationsDoNotBlockTheVictim() throws {
        let harness = ServiceHarness(configuration: Self.configuration())
        let victim = try harness.login("victim")
        _ = try harness.login("friend")
        for index in 0..<3 {
            let attacker = try harness.login(UserID("attacker-\(index)"))
            _ = try attacker.call(.invite(InviteRequest(invitees: ["victim"])))
        }
        let late = try harness.login("attacker-3")
        let refused = try late.request(.invite(InviteRequest(invitees: ["victim"])))
        #expect(refused.failure?.code == .service(.tooManyCalls))
        #expect(harness.service.activeCalls().count == 3)

        // A group invitation naming the victim is refused whole: nothing is created for the others.
        let group = try late.request(.invite(InviteRequest(invitees: ["friend", "victim"], profile: .nativeAdvanced)))
        #expect(group.failure?.code == .service(.tooManyCalls))
        #expect(harness.service.activeCalls().count == 3)

        // The victim's own call goes through: ringing invitations are not the victim's calls.
        let own = try victim.call(.invite(InviteRequest(invitees: ["friend"])))
        #expect(own.participant("friend")?.state.isRinging == true)
    }

    @Test("a user's own calls are capped: placed calls count, invitations they have answered count")
    func ownCallsAreCapped() throws {
        let harness = ServiceHarness(configuration: Self.configuration())
        let caller = try harness.login("caller")
        for index in 0..<3 {
            _ = try harness.login(UserID("callee-\(index)"))
            _ = try caller.call(.invite(InviteRequest(invitees: [UserID("callee-\(index)")], profile: .nativeAdvanced)))
        }
        _ = try harness.login("callee-3")
        let refused = try caller.request(.invite(InviteRequest(invitees: ["callee-3"])))
        #expect(refused.failure?.code == .service(.tooManyCalls))
    }

    @Test("invite-more to a user whose invitations are full is refused and changes nothing")
    func inviteMoreRespectsTheInviteeQuota() throws {
        let harness = ServiceHarness(configuration: Self.configuration())
        let host = try harness.login("host")
        let guest = try harness.login("guest")
        _ = try harness.login("victim")
        let call = try host.call(.invite(InviteRequest(invitees: ["guest"], profile: .nativeAdvanced)))
        _ = try guest.call(.call(call.id, .accept(data: nil)))
        for index in 0..<3 {
            let attacker = try harness.login(UserID("attacker-\(index)"))
            _ = try attacker.call(.invite(InviteRequest(invitees: ["victim"])))
        }
        let refused = try host.request(.call(call.id, .inviteMore(["victim"])))
        #expect(refused.failure?.code == .service(.tooManyCalls))
        let after = try host.call(.getCall(call.id))
        #expect(after.participant("victim") == nil)
    }
}

