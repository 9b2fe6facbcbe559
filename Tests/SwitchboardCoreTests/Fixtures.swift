@testable import SwitchboardCore

let alice = Endpoint(user: "alice", device: "a1")
let bob = Endpoint(user: "bob", device: "b1")
let bobTablet = Endpoint(user: "bob", device: "b2")
let carol = Endpoint(user: "carol", device: "c1")
let dave = Endpoint(user: "dave", device: "d1")
let erin = Endpoint(user: "erin", device: "e1")

let t0 = Timestamp(millisecondsSince1970: 1_700_000_000_000)

extension Timestamp {
    func plus(seconds: Int64) -> Timestamp { self + .seconds(seconds) }
}

/// Starts a call from alice to `invitees`, failing the test on an error.
func startCall(
    _ invitees: [UserID] = ["bob"],
    mode: CallMode = .general,
    policy: CallPolicy = CallPolicy(),
    status: [UserID: InviteeStatus] = [:],
    payload: String? = nil,
    at now: Timestamp = t0
) throws -> (CallEngine, [CallEffect]) {
    let invitation = Invitation(
        callID: "call-1", from: alice, invitees: invitees, mode: mode, policy: policy, payload: payload,
        inviteeStatus: status)
    let (engine, outcome) = try CallEngine.start(invitation, at: now)
    return (engine, outcome.effects)
}

/// The notifications among effects, as (recipient, kind) pairs in order.
func notes(_ effects: [CallEffect]) -> [(Recipient, CallNotification.Kind)] {
    effects.compactMap {
        if case .notify(let recipient, let note) = $0 { return (recipient, note.kind) }
        return nil
    }
}

/// The notifications sent to one recipient, in order.
func notes(_ effects: [CallEffect], to recipient: Recipient) -> [CallNotification.Kind] {
    notes(effects).filter { $0.0 == recipient }.map(\.1)
}

func records(_ effects: [CallEffect]) -> [CallRecord] {
    effects.compactMap {
        if case .record(let record) = $0 { return record }
        return nil
    }
}

func deadlines(_ effects: [CallEffect]) -> [Timestamp] {
    effects.compactMap {
        if case .armDeadline(let deadline) = $0 { return deadline }
        return nil
    }
}

extension CallEngine {
    func state(of user: UserID) -> ParticipantState? { call.participant(user)?.state }
}
