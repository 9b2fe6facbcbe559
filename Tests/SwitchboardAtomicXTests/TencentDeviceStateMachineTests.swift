import Testing
@testable import SwitchboardAtomicX
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

// The device's state machine one transition per row: a state reached by inputs, one input at a virtual
// instant, the state it leads to and the actions it returns. Completions are strings: the machine hands
// back what it was given. Time is virtual: every input takes its instant as an argument.

private typealias Machine = TencentDeviceStateMachine<String>

private let t0 = Timestamp(millisecondsSince1970: 1_000_000)

private func at(_ seconds: Double) -> Timestamp {
    t0 + .milliseconds(Int64(seconds * 1000))
}

private let alice = UserID("alice")
private let bob = UserID("bob")
private let carol = UserID("carol")
/// The device under test, alice's.
private let here = DeviceID("tencent-here")
private let appID: Int32 = 1_400_000_001

/// A Tencent call placed by `caller` at t0, whose invitees changed at `time`. Alice's part, once she acts
/// (places it or answers), is this device's.
private func call(
    _ id: String, from caller: UserID, to invitees: [(UserID, ParticipantState)],
    state: SwitchboardCore.CallState = .ringing, at time: Timestamp = t0, connectedAt: Timestamp? = nil
) -> Call {
    var participants = [Participant(user: caller, role: .caller, invitedBy: nil, state: .accepted, at: t0,
                                    device: caller == alice ? here : nil)]
    for (user, participantState) in invitees {
        participants.append(Participant(user: user, role: .invitee, invitedBy: caller, state: participantState, at: time,
                                        device: user == alice && participantState.isInCall ? here : nil))
    }
    return Call(id: CallID(id), caller: caller, mode: .advanced, policy: try! CallProfile.tencent.policy(for: .none),
                mediaType: .video, roomID: "room-\(id)", participants: participants, state: state, createdAt: t0,
                connectedAt: connectedAt)
}

/// Alice calls bob (c1), as the service answers the `calls`.
private let aliceCallsBob = call("c1", from: alice, to: [(bob, .inviting)])
/// Alice's call to bob lost the glare: bob's call to her survives.
private let aliceLostGlare = call("c1", from: alice, to: [(bob, .rejected(.glare))],
                                  state: .ended(CallEnd(reason: .glare, by: bob, at: at(1))), at: at(1))
/// Bob calls alice (c2): it rings here.
private let bobCallsAlice = call("c2", from: bob, to: [(alice, .received)])
/// Bob's call, with news of it (alice's invitation delivered again).
private let bobCallsAliceLater = call("c2", from: bob, to: [(alice, .received)], at: at(0.8))
/// Bob calls alice and carol (c3).
private let bobCallsGroup = call("c3", from: bob, to: [(alice, .received), (carol, .received)])
/// Carol calls alice (c4).
private let carolCallsAlice = call("c4", from: carol, to: [(alice, .received)])
/// Alice accepted bob's call at 2 s.
private let bobCallConnected = call("c2", from: bob, to: [(alice, .accepted)], state: .connected, at: at(2), connectedAt: at(2))
/// Bob's call, over as signaling once everyone answered (an Agora-style end): alice talks on.
private let bobCallSignalingOver = call("c2", from: bob, to: [(alice, .accepted)],
                                        state: .ended(CallEnd(reason: .allAnswered, by: nil, at: at(3))),
                                        at: at(2), connectedAt: at(2))
/// Bob hung up the connected call at 5 s.
private let bobHungUp = call("c2", from: bob, to: [(alice, .accepted)],
                             state: .ended(CallEnd(reason: .hungUp, by: bob, at: at(5))), at: at(2), connectedAt: at(2))

/// The call as this device shows it.
private func view(_ call: Call) -> TencentCallView {
    TencentCallView(call: call, me: alice, device: here)!
}

private func invited(_ call: Call) -> CallNotification {
    CallNotification(kind: .invited(by: call.caller), call: call)
}

private func failure(_ code: Int32, _ message: String) -> TencentOutcome {
    .failure(TencentErrorMapping.info(code, message))
}

private let notLoggedIn = TencentOutcome.failure(TencentErrorMapping.notLoggedIn)
private let busy = failure(ERROR_REQUEST_REFUSED, "Do not call repeatedly: already in a call")
private let connectedTick = Machine.DurationTick(callID: "c2", since: at(2))

private func showing(
    _ view: TencentCallView, at time: Timestamp, _ events: [TencentCallEvent], to recipient: Machine.Recipient = .app(nil),
    announcesStart: Bool = false
) -> Machine.Action {
    .show(Machine.Showing(view: view, at: time, events: events, recipient: recipient, outcome: .success,
                          announcesStart: announcesStart))
}

/// A state of the device, reached by inputs from a fresh machine.
private enum Given: String, Sendable {
    case signedOut, loggingIn, multiDeviceLoggingIn, readingProfile, signedIn
    /// Signed in, calling bob (`calls` on its way).
    case placing
    /// Placing, and bob's invitation held as glare.
    case placingWithHeldGlare
    /// Bob's invitation rings (bob's profile being read).
    case ringing
    /// In bob's call since 2 s, its duration counting.
    case connected
    /// Connected, and the service's part of the call over.
    case signalingOver
    /// Signed out, the microphone failing with no permission.
    case microphoneDenied

    var machine: Machine {
        var machine: Machine
        switch self {
        case .signedOut:
            machine = Machine(device: here)
        case .loggingIn:
            machine = Given.signedOut.machine
            _ = machine.loginRequested(user: alice, sdkAppID: appID, userSig: "sig", completion: "login", at: t0)
        case .multiDeviceLoggingIn:
            machine = Given.signedOut.machine
            _ = machine.enableMultiDevice(true, completion: nil)
            _ = machine.loginRequested(user: alice, sdkAppID: appID, userSig: "sig", completion: "login", at: t0)
        case .readingProfile:
            machine = Given.loggingIn.machine
            _ = machine.loginEnded(generation: 1, error: nil)
        case .signedIn:
            machine = Given.readingProfile.machine
            _ = machine.replied(.ownProfile(alice, generation: 1),
                                with: .success(.profiles([Profile(user: alice, nickname: "Alice")])), at: t0)
        case .placing:
            machine = Given.signedIn.machine
            _ = Input.placeCall(["bob"], completion: "calls").apply(to: &machine, at: at(0.2))
        case .placingWithHeldGlare:
            machine = Given.placing.machine
            _ = machine.callNotified(invited(bobCallsAlice), generation: 1, at: at(0.5))
        case .ringing:
            machine = Given.signedIn.machine
            _ = machine.callNotified(invited(bobCallsAlice), generation: 1, at: at(1))
        case .connected:
            machine = Given.ringing.machine
            _ = machine.accept(completion: "accept")
            _ = machine.replied(.action(me: alice, generation: 1, .app("accept")),
                                with: .success(.call(bobCallConnected, skipped: [])), at: at(2))
        case .signalingOver:
            machine = Given.connected.machine
            _ = machine.callNotified(CallNotification(kind: .ended, call: bobCallSignalingOver), generation: 1, at: at(3))
        case .microphoneDenied:
            machine = Given.signedOut.machine
            machine.simulateDeviceError(.noSystemPermission, for: .microphone)
        }
        return machine
    }
}

/// One input of the machine.
private enum Input: Sendable {
    case login(UserID, completion: String)
    case loginEnded(generation: Int, error: SignalingError?)
    case logout(completion: String)
    case forcedOut(LoginEvent, generation: Int)
    case reconnectRefused(SignalingError, generation: Int)
    case sessionReplaced(generation: Int)
    case activeCallsRead([Call], callID: String)
    case placeCall([String], completion: String)
    case join(String, completion: String)
    case accept(completion: String)
    case hangup(completion: String)
    case hangupAnswered(TencentOutcome, callID: String?, completion: String)
    case notified(CallNotification, generation: Int)
    case replied(Machine.Awaited, Result<Reply, SignalingError>)
    case ticked(Machine.DurationTick)
    case openMicrophone(completion: String)
    case pushToken(Result<ServiceOperation, TencentFailure>, completion: String)

    func apply(to machine: inout Machine, at now: Timestamp) -> [Machine.Action] {
        switch self {
        case .login(let user, let completion):
            machine.loginRequested(user: user, sdkAppID: appID, userSig: "sig", completion: completion, at: now)
        case .loginEnded(let generation, let error):
            machine.loginEnded(generation: generation, error: error)
        case .logout(let completion):
            machine.logoutRequested(completion: completion, at: now)
        case .forcedOut(let event, let generation):
            machine.forcedOut(event, generation: generation, at: now)
        case .reconnectRefused(let error, let generation):
            machine.reconnectRefused(error, generation: generation, at: now)
        case .sessionReplaced(let generation):
            machine.sessionReplaced(generation: generation)
        case .activeCallsRead(let calls, let callID):
            machine.activeCallsRead(calls, callID: callID, generation: 1, at: now)
        case .placeCall(let ids, let completion):
            machine.placeCall(ids, mediaType: .video, params: CallParams(), attachments: [:], freshRoomID: "room-fresh",
                              completion: completion)
        case .join(let callID, let completion):
            machine.joinRequested(callID: callID, completion: completion)
        case .accept(let completion):
            machine.accept(completion: completion)
        case .hangup(let completion):
            machine.hangup(completion: completion, at: now)
        case .hangupAnswered(let outcome, let callID, let completion):
            machine.hangupAnswered(outcome, callID: callID, completion: completion, at: now)
        case .notified(let note, let generation):
            machine.callNotified(note, generation: generation, at: now)
        case .replied(let awaited, let result):
            machine.replied(awaited, with: result, at: now)
        case .ticked(let tick):
            machine.durationTicked(tick, at: now)
        case .openMicrophone(let completion):
            machine.openMicrophone(completion: completion)
        case .pushToken(let request, let completion):
            machine.pushTokenRequested(request, completion: completion)
        }
    }
}

/// What a row checks of the state the input led to.
private struct Summary: Equatable, Sendable {
    /// The call shown: its id, `selfInfo.status`, and why it ended here.
    struct Shown: Equatable, Sendable {
        var callID: String
        var status: CallParticipantStatus
        var ended: SwitchboardAtomicX.CallEndReason?
    }

    var phase: Machine.Phase
    var generation: Int
    var shown: Shown?
    var starting: Machine.Starting?
    var tick: Machine.DurationTick?
    var microphoneOn = false

    init(_ phase: Machine.Phase, generation: Int, shown: Shown? = nil, starting: Machine.Starting? = nil,
         tick: Machine.DurationTick? = nil, microphoneOn: Bool = false) {
        self.phase = phase
        self.generation = generation
        self.shown = shown
        self.starting = starting
        self.tick = tick
        self.microphoneOn = microphoneOn
    }

    init(_ machine: Machine) {
        self.init(machine.phase, generation: machine.generation,
                  shown: machine.view.map { Shown(callID: $0.callID, status: $0.selfStatus, ended: $0.ending?.reason) },
                  starting: machine.starting, tick: machine.durationTick,
                  microphoneOn: machine.devices.microphoneStatus == .on)
    }
}

private enum Expected: Sendable {
    /// The input changed nothing the summary shows.
    case unchanged
    case state(Summary)
}

private struct Row: Sendable, CustomTestStringConvertible {
    var name: String
    var given: Given
    var input: Input
    var time: Timestamp
    var expected: Expected
    var actions: [Machine.Action]

    var testDescription: String { name }

    init(_ name: String, given: Given, _ input: Input, at time: Timestamp = at(10), expect expected: Expected,
         _ actions: [Machine.Action]) {
        self.name = name
        self.given = given
        self.input = input
        self.time = time
        self.expected = expected
        self.actions = actions
    }

    func check() {
        var machine = given.machine
        let before = Summary(machine)
        let actions = input.apply(to: &machine, at: time)
        #expect(actions == self.actions)
        switch expected {
        case .unchanged: #expect(Summary(machine) == before)
        case .state(let summary): #expect(Summary(machine) == summary)
        }
    }
}

// MARK: - Rows

private let ringingShown = Summary.Shown(callID: "c2", status: .waiting, ended: nil)
private let connectedShown = Summary.Shown(callID: "c2", status: .accept, ended: nil)
private let hungUpHere = Summary.Shown(callID: "c2", status: .none, ended: .hangup)
private let quitBobCall = ServiceOperation.call(CallID("c2"), .quit(data: nil))
private let connectedEndedAt10 = view(bobCallConnected).endedLocally(at: at(10))
private let signalingOverEndedAt10 = view(bobCallSignalingOver).endedLocally(at: at(10))
private let invalidSig = SignalingError(.invalidToken, "the sig does not verify")
private let refusal = SignalingError(.rateLimited, "slow down")

private let loginRows: [Row] = [
    Row("a login opens a session in a new generation", given: .signedOut, .login(alice, completion: "l2"),
        expect: .state(Summary(.loggingIn("l2"), generation: 1)),
        [.openSession(Machine.SessionStart(user: alice, sdkAppID: appID, userSig: "sig", generation: 1, leaving: nil))]),
    Row("a login supersedes the one under way, which fails with -1201", given: .loggingIn, .login(bob, completion: "l2"),
        expect: .state(Summary(.loggingIn("l2"), generation: 2)),
        [.openSession(Machine.SessionStart(user: bob, sdkAppID: appID, userSig: "sig", generation: 2, leaving: nil)),
         .complete(.app("login"), failure(ERROR_INIT_FAIL, "superseded by a later login"))]),
    Row("logging in again as the same user succeeds at once", given: .signedIn, .login(alice, completion: "l2"),
        expect: .unchanged, [.complete(.app("l2"), .success)]),
    Row("logging in as another user ends the call in progress with the old session, which leaves it",
        given: .connected, .login(bob, completion: "l2"),
        expect: .state(Summary(.loggingIn("l2"), generation: 2, shown: hungUpHere)),
        [.stopDurationTick,
         .openSession(Machine.SessionStart(user: bob, sdkAppID: appID, userSig: "sig", generation: 2, leaving: quitBobCall)),
         showing(connectedEndedAt10, at: at(10), [.ended(connectedEndedAt10, wasConnected: true)]),
         // The profiles of a call shown while logged out cannot be read: published again as they are.
         .republish]),
    Row("the welcome reads the user's own profile before the app hears", given: .loggingIn,
        .loginEnded(generation: 1, error: nil), expect: .state(Summary(.readingProfile("login"), generation: 1)),
        [.sendOnLoginSession(.queryProfiles([alice]), .ownProfile(alice, generation: 1))]),
    Row("with multi-device on, the welcome turns it on first", given: .multiDeviceLoggingIn,
        .loginEnded(generation: 1, error: nil), expect: .state(Summary(.readingProfile("login"), generation: 1)),
        [.sendOnLoginSession(.setMultiDevice(true), .nothing),
         .sendOnLoginSession(.queryProfiles([alice]), .ownProfile(alice, generation: 1))]),
    Row("a failed login forgets the session and fails with the IM SDK's code", given: .loggingIn,
        .loginEnded(generation: 1, error: invalidSig), expect: .state(Summary(.signedOut, generation: 1)),
        [.forgetSession, .complete(.app("login"), .failure(TencentErrorMapping.loginError(invalidSig)))]),
    Row("the end of an older login changes nothing", given: .loggingIn, .loginEnded(generation: 0, error: nil),
        expect: .unchanged, []),
    Row("the user's profile ends the login: logined, then the completion", given: .readingProfile,
        .replied(.ownProfile(alice, generation: 1), .success(.profiles([Profile(user: alice, nickname: "Alice")]))),
        expect: .state(Summary(.signedIn, generation: 1)),
        [.publishLoggedIn(Profile(user: alice, nickname: "Alice")), .complete(.app("login"), .success)]),
    Row("logout hangs up the call in progress, then lets the session go", given: .connected, .logout(completion: "out"),
        expect: .state(Summary(.signedOut, generation: 2, shown: hungUpHere)),
        [.stopDurationTick, showing(connectedEndedAt10, at: at(10), [.ended(connectedEndedAt10, wasConnected: true)]),
         .publishLoggedOut(nil), .retireSession(leaving: quitBobCall, then: "out")]),
    Row("logout during a login fails the login with -1201", given: .loggingIn, .logout(completion: "out"),
        expect: .state(Summary(.signedOut, generation: 2)),
        [.complete(.app("login"), failure(ERROR_INIT_FAIL, "logged out before the login completed")),
         .publishLoggedOut(nil), .retireSession(leaving: nil, then: "out")]),
    Row("logout while logged out succeeds at once", given: .signedOut, .logout(completion: "out"),
        expect: .unchanged, [.complete(.app("out"), .success)]),
    Row("kicked offline by another login: the call ends here, the app hears kickedOffline", given: .connected,
        .forcedOut(.kickedOffline, generation: 1), expect: .state(Summary(.signedOut, generation: 2, shown: hungUpHere)),
        [.forgetSession, .stopDurationTick,
         showing(connectedEndedAt10, at: at(10), [.ended(connectedEndedAt10, wasConnected: true)]),
         .publishLoggedOut(.kickedOffline)]),
    Row("a forced logout of an older session changes nothing", given: .signedIn,
        .forcedOut(.kickedOffline, generation: 0), expect: .unchanged, []),
    Row("a reconnect refused for the UserSig: loginExpired, and the session shuts down", given: .signedIn,
        .reconnectRefused(SignalingError(.tokenExpired, "expired"), generation: 1),
        expect: .state(Summary(.signedOut, generation: 2)), [.shutDownSession, .publishLoggedOut(.loginExpired)]),
    Row("a reconnect refused for anything else changes nothing", given: .signedIn,
        .reconnectRefused(refusal, generation: 1), expect: .unchanged, []),
    Row("a replaced session asks the service whether the call shown goes on", given: .connected,
        .sessionReplaced(generation: 1), expect: .unchanged, [.readActiveCalls(callID: "c2", generation: 1)]),
    Row("a call the service no longer has after a replaced session ends here", given: .connected,
        .activeCallsRead([], callID: "c2"), expect: .state(Summary(.signedIn, generation: 1, shown: hungUpHere)),
        [.stopDurationTick, showing(connectedEndedAt10, at: at(10), [.ended(connectedEndedAt10, wasConnected: true)])]),
    Row("a call the service still has goes on, counting from when it connected", given: .connected,
        .activeCallsRead([bobCallConnected], callID: "c2"), expect: .unchanged,
        [showing(view(bobCallConnected), at: at(10), [])]),
]

private let placedView = view(aliceCallsBob).asPlaced()
private let lostView = view(aliceLostGlare)
private let invitationRequest = InviteRequest(
    invitees: [bob], profile: .tencent, parameters: CallParameters(ringTimeout: .seconds(30), ephemeral: false),
    mediaType: .video, roomID: "room-fresh", attachments: [:])
private let readBob = Machine.Action.send(.queryProfiles([bob]), .profiles([bob]))

private let callRows: [Row] = [
    Row("calls: the device is busy from the request on, and the invitation goes out", given: .signedIn,
        .placeCall(["bob"], completion: "calls"),
        expect: .state(Summary(.signedIn, generation: 1, starting: Machine.Starting(callee: bob))),
        [.send(.invite(invitationRequest), .placement(me: alice, generation: 1, "calls"))]),
    Row("a group call has no callee to be glare with", given: .signedIn, .placeCall(["bob", "carol"], completion: "calls"),
        expect: .state(Summary(.signedIn, generation: 1, starting: Machine.Starting(callee: nil))),
        [.send(.invite(InviteRequest(
            invitees: [bob, carol], profile: .tencent, parameters: CallParameters(ringTimeout: .seconds(30), ephemeral: false),
            mediaType: .video, roomID: "room-fresh", attachments: [:])), .placement(me: alice, generation: 1, "calls"))]),
    Row("calls while logged out: -1201", given: .signedOut, .placeCall(["bob"], completion: "calls"),
        expect: .unchanged, [.complete(.app("calls"), notLoggedIn)]),
    Row("calls with nobody but yourself: -1202", given: .signedIn, .placeCall(["alice"], completion: "calls"),
        expect: .unchanged,
        [.complete(.app("calls"), failure(ERROR_PARAM_INVALID, "participantIds is empty (after removing yourself)"))]),
    Row("calls while ringing: -1203", given: .ringing, .placeCall(["carol"], completion: "calls"),
        expect: .unchanged, [.complete(.app("calls"), busy)]),
    Row("calls while a call is on its way: -1203", given: .placing, .placeCall(["carol"], completion: "calls"),
        expect: .unchanged, [.complete(.app("calls"), busy)]),
    Row("join while ringing: -1203", given: .ringing, .join("c9", completion: "join"),
        expect: .unchanged, [.complete(.app("join"), busy)]),
    Row("join with an empty id: -1202", given: .signedIn, .join("", completion: "join"),
        expect: .unchanged, [.complete(.app("join"), failure(ERROR_PARAM_INVALID, "callId is empty"))]),
    Row("an invitation to an idle device rings, and its caller's profile is read", given: .signedIn,
        .notified(invited(bobCallsAlice), generation: 1), at: at(1),
        expect: .state(Summary(.signedIn, generation: 1, shown: ringingShown)),
        [showing(view(bobCallsAlice), at: at(1), [.received(view(bobCallsAlice))]), readBob]),
    Row("an invitation of an older login is ignored", given: .signedIn, .notified(invited(bobCallsAlice), generation: 0),
        expect: .unchanged, []),
    Row("glare: an invitation from the callee of the call on its way is held, not answered busy", given: .placing,
        .notified(invited(bobCallsAlice), generation: 1), at: at(0.5),
        expect: .state(Summary(.signedIn, generation: 1,
                               starting: Machine.Starting(callee: bob, heldGlare: invited(bobCallsAlice)))), []),
    Row("an invitation from anyone else while a call is on its way is answered busy", given: .placing,
        .notified(invited(carolCallsAlice), generation: 1), expect: .unchanged,
        [.send(.call(CallID("c4"), .reject(data: nil, reason: .busy)), .nothing)]),
    Row("a group invitation from the callee is answered busy: glare is one-to-one", given: .placing,
        .notified(invited(bobCallsGroup), generation: 1), expect: .unchanged,
        [.send(.call(CallID("c3"), .reject(data: nil, reason: .busy)), .nothing)]),
    Row("news of the held invitation is kept, still as an invitation", given: .placingWithHeldGlare,
        .notified(CallNotification(kind: .participantsChanged([alice]), call: bobCallsAliceLater), generation: 1),
        expect: .state(Summary(.signedIn, generation: 1, starting: Machine.Starting(
            callee: bob, heldGlare: CallNotification(kind: .invited(by: bob), call: bobCallsAliceLater)))), []),
    Row("the device's call lost the glare: it starts, ends line busy, then the held invitation rings",
        given: .placingWithHeldGlare,
        .replied(.placement(me: alice, generation: 1, "calls"), .success(.call(aliceLostGlare, skipped: []))), at: at(1),
        expect: .state(Summary(.signedIn, generation: 1, shown: ringingShown)),
        [showing(placedView, at: at(1), [], to: .app("calls"), announcesStart: true), readBob,
         showing(lostView, at: at(1), [.userLineBusy("bob"), .ended(lostView, wasConnected: false)]),
         showing(view(bobCallsAlice), at: at(1), [.received(view(bobCallsAlice))]),
         // The media report follows the call shown by then: the invitation.
         .send(.call(CallID("c2"), .setMedia(.off)), .nothing)]),
    Row("the device's call survived the glare: the held invitation is dropped (the service ends it)",
        given: .placingWithHeldGlare,
        .replied(.placement(me: alice, generation: 1, "calls"), .success(.call(aliceCallsBob, skipped: []))), at: at(1),
        expect: .state(Summary(.signedIn, generation: 1, shown: Summary.Shown(callID: "c1", status: .waiting, ended: nil))),
        [showing(placedView, at: at(1), [], to: .app("calls"), announcesStart: true), readBob,
         .send(.call(CallID("c1"), .setMedia(.off)), .nothing)]),
    Row("a calls that fails frees the device, then the held invitation rings", given: .placingWithHeldGlare,
        .replied(.placement(me: alice, generation: 1, "calls"), .failure(refusal)), at: at(1),
        expect: .state(Summary(.signedIn, generation: 1, shown: ringingShown)),
        [.complete(.app("calls"), .failure(TencentErrorMapping.callError(refusal))),
         showing(view(bobCallsAlice), at: at(1), [.received(view(bobCallsAlice))]), readBob]),
    Row("accept sends the answer; media that is off is not reported", given: .ringing, .accept(completion: "a"),
        expect: .unchanged, [.send(.call(CallID("c2"), .accept(data: nil)), .action(me: alice, generation: 1, .app("a")))]),
    Row("accept with nothing ringing: -1203", given: .signedIn, .accept(completion: "a"), expect: .unchanged,
        [.complete(.app("a"), failure(ERROR_REQUEST_REFUSED, "accept: no call in a state that allows it"))]),
    Row("the accepted call connects here: began, and the duration counts from the answer", given: .ringing,
        .replied(.action(me: alice, generation: 1, .app("a")), .success(.call(bobCallConnected, skipped: []))), at: at(2),
        expect: .state(Summary(.signedIn, generation: 1, shown: connectedShown, tick: connectedTick)),
        [.startDurationTick(connectedTick),
         showing(view(bobCallConnected), at: at(2), [.began(view(bobCallConnected))], to: .app("a"))]),
    Row("an answer after the login it was sent under ended fails with -1201", given: .ringing,
        .replied(.action(me: alice, generation: 0, .app("a")), .success(.call(bobCallConnected, skipped: []))),
        expect: .unchanged, [.complete(.app("a"), notLoggedIn)]),
    Row("hangup while ringing declines; its answer comes back to the machine", given: .ringing, .hangup(completion: "h"),
        expect: .unchanged,
        [.send(.call(CallID("c2"), .reject(data: nil, reason: .declined)),
               .action(me: alice, generation: 1, .hangup("h", callID: "c2")))]),
    Row("hangup of a call the service no longer keeps ends it here at once", given: .signalingOver,
        .hangup(completion: "h"), expect: .state(Summary(.signedIn, generation: 1, shown: hungUpHere)),
        [.stopDurationTick,
         showing(signalingOverEndedAt10, at: at(10), [.ended(signalingOverEndedAt10, wasConnected: true)], to: .app("h"))]),
    Row("a refused hang-up of a call the service ended meanwhile ends it here", given: .signalingOver,
        .hangupAnswered(failure(ERROR_REQUEST_REFUSED, "over"), callID: "c2", completion: "h"),
        expect: .state(Summary(.signedIn, generation: 1, shown: hungUpHere)),
        [.stopDurationTick,
         showing(signalingOverEndedAt10, at: at(10), [.ended(signalingOverEndedAt10, wasConnected: true)], to: .app("h"))]),
    Row("a refused hang-up of a call still kept is heard where it arrived", given: .connected,
        .hangupAnswered(failure(ERROR_REQUEST_REFUSED, "no"), callID: "c2", completion: "h"), expect: .unchanged,
        [.completeHere("h", failure(ERROR_REQUEST_REFUSED, "no"))]),
]

private let hungUpView = view(bobHungUp)

private let durationRows: [Row] = [
    Row("a tick of the call shown is published", given: .connected, .ticked(connectedTick), at: at(3),
        expect: .unchanged, [.publishTick(connectedTick, at: at(3))]),
    Row("a tick of a count since replaced does nothing", given: .connected,
        .ticked(Machine.DurationTick(callID: "c2", since: at(1))), at: at(3), expect: .unchanged, []),
    Row("the call ends: the tick stops", given: .connected,
        .notified(CallNotification(kind: .ended, call: bobHungUp), generation: 1), at: at(5),
        expect: .state(Summary(.signedIn, generation: 1, shown: Summary.Shown(callID: "c2", status: .none, ended: .hangup))),
        [.stopDurationTick, showing(hungUpView, at: at(5), [.ended(hungUpView, wasConnected: true)])]),
]

private let deviceRows: [Row] = [
    Row("opening the microphone publishes the devices", given: .signedOut, .openMicrophone(completion: "m"),
        expect: .state(Summary(.signedOut, generation: 0, microphoneOn: true)),
        [.publishDevices(mediaChanged: true, "m", .success)]),
    Row("in a call, the microphone travels to the others", given: .connected, .openMicrophone(completion: "m"),
        expect: .state(Summary(.signedIn, generation: 1, shown: connectedShown, tick: connectedTick, microphoneOn: true)),
        [.publishDevices(mediaChanged: true, "m", .success),
         .send(.call(CallID("c2"), .setMedia(ParticipantMedia(microphone: true, camera: false))), .nothing)]),
    Row("a simulated permission error fails the open with TRTC's -1317", given: .microphoneDenied,
        .openMicrophone(completion: "m"), expect: .unchanged,
        [.publishDevices(mediaChanged: false, "m",
                         .failure(ErrorInfo(code: -1317, message: "the microphone cannot be opened: noSystemPermission")))]),
]

private let registerVoIP = ServiceOperation.registerPush(
    PushTokenRequest(platform: .apnsVoIP, token: "ab01", topic: "com.example.app", environment: .production))
private let noBundleID = TencentFailure(TencentErrorMapping.info(TencentErrorMapping.imInvalidParameters, "no bundle id"))
private let imNotLoggedIn = TencentOutcome.failure(TencentErrorMapping.imNotLoggedInInfo)

private let pushRows: [Row] = [
    Row("setAPNS / setVOIP before the login fail with 6014, nothing kept", given: .signedOut,
        .pushToken(.success(registerVoIP), completion: "voip"), expect: .unchanged, [.complete(.app("voip"), imNotLoggedIn)]),
    Row("while the login is under way too", given: .loggingIn,
        .pushToken(.success(registerVoIP), completion: "voip"), expect: .unchanged, [.complete(.app("voip"), imNotLoggedIn)]),
    Row("logged in: the token goes to the service, its answer awaited", given: .signedIn,
        .pushToken(.success(registerVoIP), completion: "voip"), expect: .unchanged, [.send(registerVoIP, .pushToken("voip"))]),
    Row("a token that cannot be sent fails at once with its code", given: .signedIn,
        .pushToken(.failure(noBundleID), completion: "voip"), expect: .unchanged, [.complete(.app("voip"), .failure(noBundleID))]),
    Row("accepted: succ", given: .signedIn, .replied(.pushToken("voip"), .success(.empty)), expect: .unchanged,
        [.complete(.app("voip"), .success)]),
    Row("refused (invalid_argument): 6017", given: .signedIn,
        .replied(.pushToken("voip"), .failure(SignalingError(.call(.invalidArgument), "the push token is empty"))),
        expect: .unchanged,
        [.complete(.app("voip"), failure(TencentErrorMapping.imInvalidParameters, "the push token is empty"))]),
    Row("answered after the login ended: 6014", given: .signedIn,
        .replied(.pushToken("voip"), .failure(SignalingError(.notLoggedIn, "the login ended before the answer"))),
        expect: .unchanged,
        [.complete(.app("voip"), failure(TencentErrorMapping.imNotLoggedIn, "the login ended before the answer"))]),
]

@Suite("Tencent device state machine")
struct TencentDeviceStateMachineTests {
    @Test("login, logout and the service ending the session", arguments: loginRows)
    fileprivate func login(_ row: Row) { row.check() }

    @Test("calls, the busy guard and glare", arguments: callRows)
    fileprivate func calls(_ row: Row) { row.check() }

    @Test("the duration tick", arguments: durationRows)
    fileprivate func duration(_ row: Row) { row.check() }

    @Test("V2TIMManager's push tokens: logged in only, the IM SDK's codes", arguments: pushRows)
    fileprivate func push(_ row: Row) { row.check() }

    @Test("the local devices", arguments: deviceRows)
    fileprivate func devices(_ row: Row) { row.check() }

    /// An Agora caller confirms an answer (three-way accept) before the service takes a leave: a hang-up
    /// meanwhile waits for the confirmation, then leaves, or ends here once the service's part is over
    /// (the cluster suite's anyRTC→Tencent `calleeHangsUpAcrossNodes` hung up in that window and failed).
    @Test("a hang-up before the caller confirms the answer waits for the confirmation", arguments: [false, true])
    func hangupAwaitingConfirmation(signalingEnds: Bool) {
        let accepting = call("c2", from: bob, to: [(alice, .accepting)], state: .ringing, at: at(2))
        var machine = Given.ringing.machine
        _ = machine.accept(completion: "accept")
        _ = machine.replied(.action(me: alice, generation: 1, .app("accept")), with: .success(.call(accepting, skipped: [])), at: at(2))
        #expect(machine.view?.isAwaitingConfirmation == true && machine.view?.selfStatus == .accept)

        #expect(machine.hangup(completion: "h", at: at(3)).isEmpty, "nothing is sent before the confirmation")
        #expect(machine.deferredHangup == Machine.DeferredHangup(callID: "c2", completion: "h"))

        let confirmed = signalingEnds ? bobCallSignalingOver : bobCallConnected
        let actions = machine.callNotified(CallNotification(kind: .participantsChanged([alice]), call: confirmed), generation: 1, at: at(4))
        #expect(machine.deferredHangup == nil)
        if signalingEnds {
            // The service's part is over: the hang-up ends the call here and answers the app.
            #expect(machine.view?.ending?.reason == .hangup)
            #expect(actions.contains { if case .show(let showing) = $0 { showing.recipient == .app("h") } else { false } })
        } else {
            #expect(actions.contains(Machine.Action.send(quitBobCall, .action(me: alice, generation: 1, .hangup("h", callID: "c2")))))
        }
    }

    @Test("a hang-up waiting for a confirmation is answered when the session goes")
    func deferredHangupAnsweredAtLogout() {
        let accepting = call("c2", from: bob, to: [(alice, .accepting)], state: .ringing, at: at(2))
        var machine = Given.ringing.machine
        _ = machine.accept(completion: "accept")
        _ = machine.replied(.action(me: alice, generation: 1, .app("accept")), with: .success(.call(accepting, skipped: [])), at: at(2))
        _ = machine.hangup(completion: "h", at: at(3))
        let actions = machine.logoutRequested(completion: "out", at: at(4))
        #expect(actions.contains(.complete(.app("h"), .success)))
        #expect(machine.deferredHangup == nil)
    }

    @Test("CallStore.state shows the call as last published; a tick shows only while the call counts")
    func publishing() {
        var machine = Given.connected.machine
        let ended = view(bobHungUp)
        _ = machine.callNotified(CallNotification(kind: .ended, call: bobHungUp), generation: 1, at: at(5))
        // The change is kept but not yet published: a refresh still shows the connected call.
        #expect(machine.publishing(.current(at: at(5)))?.view == nil)
        #expect(machine.publishing(.change(view(bobCallConnected), at: at(2)))?.view == view(bobCallConnected))
        #expect(machine.publishing(.current(at: at(4)))?.view == view(bobCallConnected))
        #expect(machine.publishing(.tick(connectedTick, at: at(6))) == nil, "the call no longer counts")
        let snapshot = machine.publishing(.change(ended, at: at(5)))
        #expect(snapshot?.view == ended)
        #expect(snapshot?.me == alice && snapshot?.ownProfile.nickname == "Alice")
    }
}
