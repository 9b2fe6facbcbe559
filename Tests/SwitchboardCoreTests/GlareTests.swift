import Testing
@testable import SwitchboardCore

/// The glare rule of the call model (docs/CALL-MODEL.md, "Glare"): which calls cross, which survives,
/// and how the losing one ends.
@Suite("Glare")
struct GlareTests {
    private func oneToOne(_ id: CallID, from caller: UserID, to invitee: UserID, status: InviteeStatus = .onlineIdle) throws -> CallEngine {
        let invitation = Invitation(
            callID: id, from: Endpoint(user: caller, device: DeviceID("\(caller.rawValue)-1")), invitees: [invitee],
            mode: .general, policy: CallPolicy(), inviteeStatus: [invitee: status])
        return try CallEngine.start(invitation, at: t0).engine
    }

    @Test("a ringing one-to-one call crosses an invitation back from its callee, and nothing else does")
    func whatCrosses() throws {
        let call = try oneToOne("c1", from: "alice", to: "bob").call
        #expect(Glare.crosses(call, from: "alice", to: "bob"))
        #expect(!Glare.crosses(call, from: "bob", to: "alice"))
        #expect(!Glare.crosses(call, from: "alice", to: "carol"))

        var answered = try oneToOne("c2", from: "alice", to: "bob")
        _ = try answered.handle(.reject(data: nil, reason: .declined), from: Endpoint(user: "bob", device: "b1"), at: t0)
        #expect(!Glare.crosses(answered.call, from: "alice", to: "bob"))

        let group = Invitation(
            callID: "c3", from: Endpoint(user: "alice", device: "a1"), invitees: ["bob", "carol"],
            mode: .general, policy: CallPolicy())
        #expect(!Glare.crosses(try CallEngine.start(group, at: t0).engine.call, from: "alice", to: "bob"))
    }

    @Test("the smaller id survives, whichever is given first")
    func survivor() {
        #expect(Glare.survivor("c-0001", "c-0002") == "c-0001")
        #expect(Glare.survivor("c-0002", "c-0001") == "c-0001")
    }

    @Test("a new call that loses never rings its invitee and ends as glare, with a record for each")
    func newCallLoses() throws {
        let invitation = Invitation(
            callID: "c2", from: Endpoint(user: "bob", device: "b1"), invitees: ["alice"], mode: .general,
            policy: CallPolicy(), inviteeStatus: ["alice": InviteeStatus(isOnline: true, isBusy: true, losesGlare: true)])
        let (engine, outcome) = try CallEngine.start(invitation, at: t0)
        #expect(engine.call.participant("alice")?.state == .rejected(.glare))
        #expect(engine.call.state.end?.reason == .glare)
        let told = outcome.effects.compactMap { effect -> Recipient? in
            if case .notify(let recipient, _) = effect { recipient } else { nil }
        }
        #expect(!told.contains { $0.user == "alice" })
        let records = outcome.effects.compactMap { effect -> CallRecord? in
            if case .record(let record) = effect { record } else { nil }
        }
        #expect(records.map(\.endReason) == [.glare, .glare])
    }

    @Test("an older call that loses ends as glare and tells its invitee")
    func olderCallLoses() throws {
        var engine = try oneToOne("c9", from: "bob", to: "alice")
        let outcome = try engine.loseGlare(to: "alice", at: t0 + .seconds(1))
        #expect(engine.call.participant("alice")?.state == .rejected(.glare))
        #expect(engine.call.participant("alice")?.device == nil)
        #expect(engine.call.state.end?.reason == .glare)
        let told = outcome.effects.compactMap { effect -> Recipient? in
            if case .notify(let recipient, _) = effect { recipient } else { nil }
        }
        #expect(told.contains(.user("alice")))
        #expect(told.contains { $0.user == "bob" })
        let records = outcome.effects.compactMap { effect -> CallRecord? in
            if case .record(let record) = effect { record } else { nil }
        }
        #expect(Set(records.map(\.owner)) == ["alice", "bob"])
        #expect(records.allSatisfy { $0.endReason == .glare })
        #expect(records.first { $0.owner == "alice" }?.direction == .missed)

        #expect(throws: CallError.self) { try engine.loseGlare(to: "alice", at: t0 + .seconds(2)) }
    }
}
