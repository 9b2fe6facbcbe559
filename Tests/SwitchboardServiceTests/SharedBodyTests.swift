import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

@Suite("Call events share one encoded body across their sessions")
struct SharedBodyTests {
    @Test("the invitation to every device of the invitee, and a change told to everyone in the call, share one body each")
    func sharedAcrossSessions() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let phone = try harness.login("bob", device: "phone")
        let tablet = try harness.login("bob", device: "tablet")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        let invitations = [phone, tablet].compactMap { $0.events.last }
        #expect(invitations.map(\.event.name) == ["call.invited", "call.invited"])
        #expect(invitations[0].shared != nil && invitations[0].shared === invitations[1].shared)
        // Two sessions, two sequences and envelopes, one body.
        #expect(WireCodec.encode(.event(invitations[0])) == WireCodec.encode(.event(EventEnvelope(
            sequence: invitations[0].sequence, time: invitations[0].time, event: invitations[0].event))))

        _ = try phone.call(.call(call.id, .acknowledge))
        let changes = [alice, phone, tablet].compactMap { connection in
            connection.events.last { $0.event.name == "call.participantsChanged" }
        }
        #expect(changes.count == 3)
        #expect(changes.allSatisfy { $0.shared != nil && $0.shared === changes[0].shared })
        #expect(Set(changes.map(\.event)).count == 1)
    }
}
