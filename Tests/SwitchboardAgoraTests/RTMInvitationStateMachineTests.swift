import Testing
import SwitchboardCore
import SwitchboardProfiles
@testable import SwitchboardRTM
import SwitchboardWire

// A caller's and a callee's invitation as state machines, one transition per row: a state reached by
// inputs, one input, the whole state it leads to and the actions it returns (docs/AGORA.md, "Misuse
// codes").

private let t0 = Timestamp(millisecondsSince1970: 1_000_000)
private let alice = UserID("alice")
private let bob = UserID("bob")
private let c1 = CallID("c1")
private let tooLong = String(repeating: "x", count: RTMLimits.invitationPayloadBytes + 1)

/// Alice's call to bob, bob in `state` (having answered `answer`), the call ended with `end` if given.
private func call(bob state: ParticipantState, answer: String? = nil, end: CallEnd? = nil) -> Call {
    var callee = Participant(user: bob, role: .invitee, invitedBy: alice, state: state, at: t0)
    callee.answerData = answer
    return Call(id: c1, caller: alice, mode: .general, policy: try! CallProfile.agora.policy(for: .none),
                participants: [Participant(user: alice, role: .caller, invitedBy: nil, state: .accepted, at: t0), callee],
                state: end.map { .ended($0) } ?? .ringing, createdAt: t0)
}

private func bobAs(_ state: ParticipantState) -> Participant {
    Participant(user: bob, role: .invitee, invitedBy: alice, state: state, at: t0)
}

// MARK: - Caller

private typealias Local = RTMLocalInvitationStateMachine

private enum LocalGiven: Sendable {
    case idle
    /// Sent to bob; the service has not answered yet.
    case sent
    /// Sent, and cancelled before the service answered.
    case sentCancelWaiting
    /// The service issued call c1.
    case placed
    case receivedByRemote
    /// Accepted by bob.
    case accepted

    var machine: Local {
        var machine: Local
        switch self {
        case .idle:
            machine = Local()
        case .sent:
            machine = LocalGiven.idle.machine
            _ = machine.send(to: "bob", content: nil, channelID: nil, me: alice, isLoggedIn: true)
        case .sentCancelWaiting:
            machine = LocalGiven.sent.machine
            _ = machine.cancel()
        case .placed:
            machine = LocalGiven.sent.machine
            _ = machine.sendAnswered(.success(.call(call(bob: .inviting), skipped: [])))
        case .receivedByRemote:
            machine = LocalGiven.placed.machine
            _ = machine.callChanged(call(bob: .received))
        case .accepted:
            machine = LocalGiven.placed.machine
            _ = machine.callChanged(call(bob: .accepted, answer: "yes"))
        }
        return machine
    }
}

private enum LocalInput: Sendable {
    case send(to: String, content: String? = nil, isLoggedIn: Bool = true)
    case sendAnswered(Result<Reply, SignalingError>)
    case cancel
    case cancelAnswered(Result<Reply, SignalingError>)
    case callChanged(Call)

    func apply(to machine: inout Local) -> [Local.Action] {
        switch self {
        case .send(let callee, let content, let isLoggedIn):
            machine.send(to: callee, content: content, channelID: nil, me: alice, isLoggedIn: isLoggedIn)
        case .sendAnswered(let result): machine.sendAnswered(result)
        case .cancel: machine.cancel()
        case .cancelAnswered(let result): machine.cancelAnswered(result)
        case .callChanged(let call): machine.callChanged(call)
        }
    }
}

private struct LocalRow: Sendable, CustomTestStringConvertible {
    var name: String
    var given: LocalGiven
    var input: LocalInput
    /// The state afterwards (nil: unchanged).
    var expected: Local?
    var actions: [Local.Action]
    var testDescription: String { name }

    init(_ name: String, given: LocalGiven, _ input: LocalInput, expect expected: Local?, _ actions: [Local.Action]) {
        self.name = name
        self.given = given
        self.input = input
        self.expected = expected
        self.actions = actions
    }
}

private func local(_ state: RTMCode.LocalInvitationState, call: CallID? = nil, response: String? = nil,
                   cancelWhenSent: Bool = false) -> Local {
    Local(state: state, response: response, call: call, callee: bob, cancelWhenSent: cancelWhenSent)
}

private let placedCall = Reply.call(call(bob: .inviting), skipped: [])

private let localRows: [LocalRow] = [
    LocalRow("send: sent to the remote, its object kept alive", given: .idle, .send(to: "bob"),
             expect: local(.sentToRemote), [.holdSurfaceObject, .invite(callee: bob)]),
    LocalRow("send to yourself: invalidAugment", given: .idle, .send(to: "alice"), expect: nil, [.complete(.invalidAugment)]),
    LocalRow("send with content over 8 KB: invalidAugment", given: .idle, .send(to: "bob", content: tooLong),
             expect: nil, [.complete(.invalidAugment)]),
    LocalRow("send while logged out: ok, then notLoggedIn", given: .idle, .send(to: "bob", isLoggedIn: false),
             expect: local(.failure), [.holdSurfaceObject, .complete(.ok), .end(.failed(.notLoggedIn), call: nil)]),
    LocalRow("send again while sent: alreadySent", given: .sent, .send(to: "bob"), expect: nil, [.complete(.alreadySent)]),
    LocalRow("send again once ended: alreadyEnd", given: .accepted, .send(to: "bob"), expect: nil, [.complete(.alreadyEnd)]),
    LocalRow("the service issued the call: kept for its notifications, then ok", given: .sent, .sendAnswered(.success(placedCall)),
             expect: local(.sentToRemote, call: c1), [.register(c1), .complete(.ok)]),
    LocalRow("a cancel that waited for the send goes out once the call is issued", given: .sentCancelWaiting,
             .sendAnswered(.success(placedCall)), expect: local(.sentToRemote, call: c1, cancelWhenSent: true),
             [.register(c1), .complete(.ok), .cancelCall(c1, answering: false)]),
    LocalRow("the service refused the arguments: invalidAugment, and it may be sent again", given: .sent,
             .sendAnswered(.failure(SignalingError(.call(.invalidInvitees), "no such user"))), expect: local(.idle),
             [.complete(.invalidAugment), .reset]),
    LocalRow("refused arguments with a cancel waiting: the cancel's callback follows", given: .sentCancelWaiting,
             .sendAnswered(.failure(SignalingError(.call(.invalidArgument), "bad"))), expect: local(.canceled),
             [.complete(.invalidAugment), .end(.canceled, call: nil)]),
    LocalRow("an overloaded server: ok, then remoteNoResponse at once", given: .sent,
             .sendAnswered(.failure(SignalingError(.overloaded, "busy"))), expect: local(.failure),
             [.complete(.ok), .end(.failed(.remoteNoResponse), call: nil)]),
    LocalRow("logged out meanwhile: ok, then notLoggedIn", given: .sent,
             .sendAnswered(.failure(SignalingError(.notLoggedIn, "gone"))), expect: local(.failure),
             [.complete(.ok), .end(.failed(.notLoggedIn), call: nil)]),
    LocalRow("cancel before send: notStarted", given: .idle, .cancel, expect: nil, [.complete(.notStarted)]),
    LocalRow("cancel before the call is issued: ok, and it waits for the send", given: .sent, .cancel,
             expect: local(.sentToRemote, cancelWhenSent: true), [.complete(.ok)]),
    LocalRow("cancel twice before the call is issued: alreadyEnd", given: .sentCancelWaiting, .cancel, expect: nil,
             [.complete(.alreadyEnd)]),
    LocalRow("cancel of an issued call goes to the service", given: .placed, .cancel, expect: nil,
             [.cancelCall(c1, answering: true)]),
    LocalRow("a cancel the service refused: the invitation ended on its way", given: .placed,
             .cancelAnswered(.failure(SignalingError(.call(.callEnded), "over"))), expect: nil, [.complete(.alreadyEnd)]),
    LocalRow("the callee received it: receivedByRemote", given: .placed, .callChanged(call(bob: .received)),
             expect: local(.receivedByRemote, call: c1), [.reportReceivedByPeer]),
    LocalRow("an answer implies the callee had it: received, then accepted with the response", given: .placed,
             .callChanged(call(bob: .accepted, answer: "yes")), expect: local(.acceptedByRemote, call: c1, response: "yes"),
             [.reportReceivedByPeer, .end(.accepted(response: "yes"), call: c1)]),
    LocalRow("glare: refused by the service, never received", given: .placed, .callChanged(call(bob: .rejected(.glare))),
             expect: local(.refusedByRemote, call: c1), [.end(.refused(response: nil), call: c1)]),
    LocalRow("no answer: expire", given: .receivedByRemote, .callChanged(call(bob: .timedOut(.noAnswer))),
             expect: local(.failure, call: c1), [.end(.failed(.expire), call: c1)]),
    LocalRow("the callee offline: remoteOffline", given: .placed, .callChanged(call(bob: .timedOut(.offline))),
             expect: local(.failure, call: c1), [.end(.failed(.remoteOffline), call: c1)]),
    LocalRow("ended by the server while ringing: expire", given: .placed,
             .callChanged(call(bob: .inviting, end: CallEnd(reason: .endedByServer, by: nil, at: t0))),
             expect: local(.failure, call: c1), [.end(.failed(.expire), call: c1)]),
    LocalRow("news of an ended invitation changes nothing", given: .accepted, .callChanged(call(bob: .quit)),
             expect: nil, []),
]

// MARK: - Callee

private typealias Remote = RTMRemoteInvitationStateMachine

private enum RemoteGiven: Sendable {
    case idle, received
    case receivedWithLongResponse
    /// Accept sent, no answer yet.
    case acceptSent
    /// Accepted; the call goes on.
    case accepted
    case canceled

    var machine: Remote {
        var machine = Remote()
        switch self {
        case .idle:
            break
        case .received:
            _ = machine.received()
        case .receivedWithLongResponse:
            _ = machine.received()
            machine.response = tooLong
        case .acceptSent:
            machine = RemoteGiven.received.machine
            _ = machine.answer(accepting: true, call: c1)
        case .accepted:
            machine = RemoteGiven.received.machine
            _ = machine.callChanged(me: bobAs(.accepted), end: nil)
        case .canceled:
            machine = RemoteGiven.received.machine
            _ = machine.callChanged(me: bobAs(.cancelled), end: nil)
        }
        return machine
    }
}

private enum RemoteInput: Sendable {
    case received
    case answer(accepting: Bool, call: CallID?)
    case answerAnswered(Result<Reply, SignalingError>, accepting: Bool)
    case callChanged(ParticipantState, end: CallEndReason? = nil)

    func apply(to machine: inout Remote) -> [Remote.Action] {
        switch self {
        case .received: machine.received()
        case .answer(let accepting, let call): machine.answer(accepting: accepting, call: call)
        case .answerAnswered(let result, let accepting): machine.answerAnswered(result, accepting: accepting)
        case .callChanged(let state, let reason):
            machine.callChanged(me: bobAs(state), end: reason.map { CallEnd(reason: $0, by: nil, at: t0) })
        }
    }
}

private struct RemoteRow: Sendable, CustomTestStringConvertible {
    var name: String
    var given: RemoteGiven
    var input: RemoteInput
    /// The state afterwards (nil: unchanged).
    var expected: RTMCode.RemoteInvitationState?
    var actions: [Remote.Action]
    var testDescription: String { name }

    init(_ name: String, given: RemoteGiven, _ input: RemoteInput, expect expected: RTMCode.RemoteInvitationState?,
         _ actions: [Remote.Action]) {
        self.name = name
        self.given = given
        self.input = input
        self.expected = expected
        self.actions = actions
    }
}

private let remoteRows: [RemoteRow] = [
    RemoteRow("an invitation arrives: received", given: .idle, .received, expect: .invitationReceived, [.reportReceived]),
    RemoteRow("accept: the answer goes out, accept sent", given: .received, .answer(accepting: true, call: c1),
              expect: .acceptSentToLocal, [.answer(c1, .accept(data: nil))]),
    RemoteRow("refuse: declined", given: .received, .answer(accepting: false, call: c1), expect: nil,
              [.answer(c1, .reject(data: nil, reason: .declined))]),
    RemoteRow("an invitation the app made itself: notStarted", given: .received, .answer(accepting: true, call: nil),
              expect: nil, [.complete(.notStarted)]),
    RemoteRow("accept while an accept is on its way: alreadyAccept", given: .acceptSent, .answer(accepting: true, call: c1),
              expect: nil, [.complete(.alreadyAccept)]),
    RemoteRow("refuse while an accept is on its way: alreadyAccept", given: .acceptSent,
              .answer(accepting: false, call: c1), expect: nil, [.complete(.alreadyAccept)]),
    RemoteRow("refuse once accepted: alreadyEnd", given: .accepted, .answer(accepting: false, call: c1), expect: nil,
              [.complete(.alreadyEnd)]),
    RemoteRow("a response over 8 KB: invalidAugment", given: .receivedWithLongResponse, .answer(accepting: true, call: c1),
              expect: nil, [.complete(.invalidAugment)]),
    RemoteRow("the service refused the response's size: received again", given: .acceptSent,
              .answerAnswered(.failure(SignalingError(.call(.payloadTooLarge), "big")), accepting: true),
              expect: .invitationReceived, [.complete(.invalidAugment)]),
    RemoteRow("an accept that never reached the service: ok, then acceptFailure", given: .acceptSent,
              .answerAnswered(.failure(SignalingError(.timeout, "no answer")), accepting: true), expect: .failure,
              [.complete(.ok), .end(.failed(.acceptFailure), keep: false)]),
    RemoteRow("a refuse too late: alreadyEnd, the invitation's own callback says how", given: .received,
              .answerAnswered(.failure(SignalingError(.timeout, "no answer")), accepting: false), expect: nil,
              [.complete(.alreadyEnd)]),
    RemoteRow("accepted and the call goes on: reported, and kept until it ends", given: .acceptSent, .callChanged(.accepted),
              expect: .accepted, [.end(.accepted(reported: true), keep: true)]),
    RemoteRow("news of the call goes on: nothing", given: .accepted, .callChanged(.accepted), expect: nil, []),
    RemoteRow("the accepted call ends: let go without a callback", given: .accepted,
              .callChanged(.accepted, end: .hungUp), expect: nil, [.end(.accepted(reported: false), keep: false)]),
    RemoteRow("quit: let go without a callback", given: .accepted, .callChanged(.quit), expect: nil,
              [.end(.accepted(reported: false), keep: false)]),
    RemoteRow("cancelled while ringing", given: .received, .callChanged(.received, end: .cancelled), expect: .canceled,
              [.end(.canceled, keep: false)]),
    RemoteRow("the caller went offline while ringing: cancelled", given: .received,
              .callChanged(.received, end: .callerOffline), expect: .canceled, [.end(.canceled, keep: false)]),
    RemoteRow("ended otherwise while ringing: expire", given: .received, .callChanged(.received, end: .endedByServer),
              expect: .failure, [.end(.failed(.expire), keep: false)]),
    RemoteRow("the acceptance was not confirmed: acceptFailure", given: .acceptSent,
              .callChanged(.acceptFailed(.notConfirmed)), expect: .failure, [.end(.failed(.acceptFailure), keep: false)]),
    RemoteRow("the caller went offline before confirming: localOffline", given: .acceptSent,
              .callChanged(.acceptFailed(.callerOffline)), expect: .failure, [.end(.failed(.localOffline), keep: false)]),
    RemoteRow("news of an ended invitation changes nothing", given: .canceled, .callChanged(.quit), expect: nil, []),
]

@Suite("RTM invitation state machines")
struct RTMInvitationStateMachineTests {
    @Test("a caller's invitation", arguments: localRows)
    fileprivate func caller(_ row: LocalRow) {
        var machine = row.given.machine
        let before = machine
        #expect(row.input.apply(to: &machine) == row.actions)
        #expect(machine == (row.expected ?? before))
    }

    @Test("a callee's invitation", arguments: remoteRows)
    fileprivate func callee(_ row: RemoteRow) {
        var machine = row.given.machine
        let before = machine.state
        #expect(row.input.apply(to: &machine) == row.actions)
        #expect(machine.state == (row.expected ?? before))
    }

    @Test("a new remote invitation: an invitation this user still rings in, of a call still going on")
    func newInvitation() {
        let ringing = call(bob: .received)
        #expect(Remote.isNewInvitation(CallNotification(kind: .invited(by: alice), call: ringing), me: bobAs(.received)))
        #expect(!Remote.isNewInvitation(CallNotification(kind: .participantsChanged([bob]), call: ringing), me: bobAs(.received)))
        #expect(!Remote.isNewInvitation(CallNotification(kind: .invited(by: alice), call: ringing), me: bobAs(.quit)))
        let ended = call(bob: .received, end: CallEnd(reason: .cancelled, by: alice, at: t0))
        #expect(!Remote.isNewInvitation(CallNotification(kind: .invited(by: alice), call: ended), me: bobAs(.received)))
    }
}
