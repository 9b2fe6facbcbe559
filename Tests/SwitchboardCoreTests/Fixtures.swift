import Testing
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

// MARK: - Scenario helpers (shared by the scenario suites)

let carolTablet = Endpoint(user: "carol", device: "c2")
let frank = Endpoint(user: "frank", device: "f1")

/// `t0` plus whole seconds.
func sec(_ seconds: Int64) -> Timestamp { t0.plus(seconds: seconds) }

/// One notification effect, comparable as a whole.
struct Note: Hashable, Sendable, CustomStringConvertible {
    var to: Recipient
    var kind: CallNotification.Kind
    init(_ to: Recipient, _ kind: CallNotification.Kind) {
        self.to = to
        self.kind = kind
    }
    var description: String { "\(to): \(kind)" }
}

/// The notifications among effects, in order.
func noteList(_ effects: [CallEffect]) -> [Note] {
    effects.compactMap {
        if case .notify(let recipient, let note) = $0 { return Note(recipient, note.kind) }
        return nil
    }
}

/// The calls carried by the notifications, in order.
func notifiedCalls(_ effects: [CallEffect]) -> [Call] {
    effects.compactMap {
        if case .notify(_, let note) = $0 { return note.call }
        return nil
    }
}

/// The record of one owner among effects (nil if none; the test fails if there are several).
func record(of owner: UserID, in effects: [CallEffect]) -> CallRecord? {
    let found = records(effects).filter { $0.owner == owner }
    #expect(found.count <= 1, "\(owner) has \(found.count) records")
    return found.first
}

/// Applies a command that must succeed.
@discardableResult
func act(
    _ engine: inout CallEngine, _ command: CallCommand, from sender: Endpoint, at now: Timestamp
) throws -> CallEngine.Outcome {
    try engine.handle(command, from: sender, at: now)
}

/// Applies a command that must be refused; checks the engine is unchanged and returns the error code.
func refusal(
    _ engine: inout CallEngine, _ command: CallCommand, from sender: Endpoint, at now: Timestamp,
    sourceLocation: SourceLocation = #_sourceLocation
) -> CallError.Code? {
    let before = engine
    do {
        let outcome = try engine.handle(command, from: sender, at: now)
        Issue.record("\(command.name) from \(sender) was not refused: \(outcome)", sourceLocation: sourceLocation)
        return nil
    } catch {
        #expect(engine == before, "a refused \(command.name) changed the call", sourceLocation: sourceLocation)
        return error.code
    }
}

/// Starts a call that must be refused; returns the error code.
func startRefusal(_ invitation: Invitation, at now: Timestamp = t0) -> CallError.Code? {
    do {
        _ = try CallEngine.start(invitation, at: now)
        Issue.record("the invitation was not refused")
        return nil
    } catch {
        return error.code
    }
}

/// An invitation from alice (a1) with the usual defaults.
func invitation(
    _ invitees: [UserID] = ["bob"],
    mode: CallMode = .general,
    policy: CallPolicy = CallPolicy(),
    status: [UserID: InviteeStatus] = [:],
    payload: String? = nil
) -> Invitation {
    Invitation(callID: "call-1", from: alice, invitees: invitees, mode: mode, policy: policy, payload: payload,
               inviteeStatus: status)
}

let offline = InviteeStatus(isOnline: false, isBusy: false)
let busy = InviteeStatus(isOnline: true, isBusy: true)

extension CallPolicy {
    /// Agora RTM: one callee, 30 s delivery timeout, 60 s ring from the ACK, three-way accept (5 s).
    static let agora = CallPolicy(
        ringTimeout: .seconds(60), ringTimeoutStart: .atDelivery, deliveryTimeout: .seconds(30),
        offlineInvitees: .keep, busyInvitees: .ring, acceptConfirmation: .seconds(5),
        maxInviteesPerInvitation: 1, maxParticipants: 2)
    /// ZIM: 90 s ring, 5 s not-yet-received check, caller offline cancels, 9 invitees / 10 people, 2 KB.
    static let zim = CallPolicy(
        ringTimeout: .seconds(90), notReceivedCheck: .seconds(5), offlineInvitees: .keep, busyInvitees: .ring,
        cancelWhenCallerOffline: true, maxInviteesPerInvitation: 9, maxParticipants: 10,
        maxPayloadBytes: 2048, maxAnswerBytes: 2048)
    /// Tencent: 30 s ring, offline fails, busy rejects, end when alone, 8 invitees / 9 people.
    static let tencent = CallPolicy(
        ringTimeout: .seconds(30), offlineInvitees: .fail, busyInvitees: .reject, endWhenAlone: true,
        maxInviteesPerInvitation: 8, maxParticipants: 9)
}

extension CallEngine {
    func participant(_ user: UserID) -> Participant? { call.participant(user) }
}
