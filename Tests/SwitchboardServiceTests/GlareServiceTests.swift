import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// The service's side of glare (docs/CALL-MODEL.md, "Glare") for the order one node never produces by
/// itself: the older call has the larger id (ids issued by another node's clock, or before a restart
/// with a clock that stepped back), so the older call is the one that ends.
@Suite("Glare in the service")
struct GlareServiceTests {
    @Test("a new call with the smaller id survives: the older crossing call ends as glare for both its users")
    func olderCallWithLargerIDLoses() throws {
        let invitation = Invitation(
            callID: "c~from-another-node", from: Endpoint(user: "bob", device: "bob-1"), invitees: ["alice"],
            mode: .general, policy: CallPolicy())
        let older = try CallEngine.start(invitation, at: ServiceHarness.epoch).engine.call
        // A live call from bob to alice, ringing, whose id sorts after any id this service issues, as the
        // service finds it at start.
        let harness = ServiceHarness(store: RecordingStore(holding: [.liveCall(.development, older)]))
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")

        let new = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        #expect(new.id < older.id)
        #expect(new.participant("bob")?.state.isRinging == true)

        let active = harness.service.activeCalls()
        #expect(active.map(\.id) == [new.id])
        let ended = try #require(bob.callNotes.last { $0.call.id == older.id })
        #expect(ended.call.state.end?.reason == .glare)
        #expect(ended.call.participant("alice")?.state == .rejected(.glare))
        #expect(alice.callNotes.contains { $0.call.id == older.id && $0.call.state.end?.reason == .glare })
        #expect(bob.callNotes.contains { $0.call.id == new.id && $0.kind == .invited(by: "alice") })

        let records = try harness.service.callRecords(of: "bob").records
        #expect(records.first { $0.callID == older.id }?.endReason == .glare)
    }

    @Test("calls that do not cross are left alone: a group call, and a call the other user already answered")
    func notGlare() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        _ = try harness.login("carol")

        let group = try bob.call(.invite(InviteRequest(invitees: ["alice", "carol"])))
        let back = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        #expect(Set(harness.service.activeCalls().map(\.id)) == [group.id, back.id])
        #expect(back.participant("bob")?.state.isRinging == true)
    }
}
