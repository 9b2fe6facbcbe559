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

    @Test("the replay buffer keeps events without their shared bodies, and a replay sends the same events")
    func replayWithoutSharedBody() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let phone = try harness.login("bob", device: "phone")
        let tablet = try harness.login("bob", device: "tablet")
        _ = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        let sent = phone.events
        #expect(sent.last?.shared != nil && sent.last?.shared === tablet.events.last?.shared)
        phone.drop()
        let back = harness.connect()
        back.send(.hello(Hello(app: "app", user: "bob", device: "phone", token: "t", loginPolicy: .multiDevice,
                               resume: Hello.Resume(session: phone.session!, lastSequence: 0))))
        #expect(back.events == sent)
        #expect(back.events.allSatisfy { $0.shared == nil })
        #expect(back.frames.dropFirst().map { WireCodec.encode($0) } == sent.map { WireCodec.encode(.event($0)) })
    }
}
