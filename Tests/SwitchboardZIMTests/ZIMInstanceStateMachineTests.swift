import Testing
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire
@testable import SwitchboardZIM

// The ZIM instance's state machine one transition per row: a state reached by inputs, one input at a
// virtual instant, the state it leads to and the actions (or the decision) it returns.

private typealias Machine = ZIMInstanceStateMachine

private let t0 = Timestamp(millisecondsSince1970: 1_000_000)

private func at(_ seconds: Double) -> Timestamp {
    t0 + .milliseconds(Int64(seconds * 1000))
}

private let alice = UserID("alice")
private let bob = UserID("bob")
/// The instance under test, alice's.
private let here = DeviceID("zim-here")
private let elsewhere = DeviceID("zim-elsewhere")

/// Bob's general-mode call to alice (c1), alice in `state`, answered on `device`.
private func bobCallsAlice(
    _ state: ParticipantState, device: DeviceID? = nil, callState: SwitchboardCore.CallState = .ringing
) -> Call {
    Call(id: CallID("c1"), caller: bob, mode: .general, policy: try! CallProfile.zimGeneral.policy(for: .none),
         participants: [
            Participant(user: bob, role: .caller, invitedBy: nil, state: .accepted, at: t0),
            Participant(user: alice, role: .invitee, invitedBy: bob, state: state, at: t0, device: device),
         ],
         state: callState, createdAt: t0)
}

private let ringingCall = bobCallsAlice(.inviting)
private let accepted = bobCallsAlice(.accepted, device: here, callState: .connected)
private let acceptedElsewhere = bobCallsAlice(.accepted, device: elsewhere, callState: .connected)
private let cancelled = bobCallsAlice(.cancelled, callState: .ended(CallEnd(reason: .cancelled, by: bob, at: at(3))))

private func shown(_ call: Call, presented: Bool = true) -> [CallID: Machine.ShownCall] {
    var kept = Machine.ShownCall(presented: presented)
    for user in ZIMCallView(call).users { kept.users[user.userID] = user }
    return [call.id: kept]
}

private let bobProfile = Profile(user: bob, nickname: "Bob")

// ZPNs: a sandbox VoIP token and a production device token of the app "com.example.app".
private let voipToken = ZPNsToken([0xAB, 0x01], isProduct: false)
private let newVoIPToken = ZPNsToken([0xAB, 0x02], isProduct: false)
private let deviceToken = ZPNsToken([0xCD, 0x03], isProduct: true)
private let voipRequest = PushTokenRequest(platform: .apnsVoIP, token: "ab01", topic: "com.example.app", environment: .sandbox)
private let newVoIPRequest = PushTokenRequest(platform: .apnsVoIP, token: "ab02", topic: "com.example.app", environment: .sandbox)
private let deviceRequest = PushTokenRequest(platform: .apnsAlert, token: "cd03", topic: "com.example.app", environment: .production)

private func setup(_ tokens: [PushPlatform: ZPNsToken], topic: String? = "com.example.app", enabled: Bool = true) -> ZPNsSetup {
    ZPNsSetup(tokens: tokens, isEnabled: enabled, topic: topic)
}

/// A state of the instance, reached by inputs from a fresh machine.
private enum Given: Sendable {
    case disconnected, connecting, connected
    /// Connected, bob's invitation presented.
    case ringing
    /// Connected, knowing bob, with 9 users asked of the server at 1 s.
    case nineAskedOfServer
    /// As ``nineAskedOfServer``, then logged out (generation 2).
    case loggedOutKnowingUsers
    /// Logging in, ZPNs holding a VoIP token and a device token.
    case connectingWithTokens
    /// Connected, the VoIP token's registration sent.
    case voipSent
    /// As ``voipSent``, then `unregisterAPNs()`.
    case unregistered

    var machine: Machine {
        var machine: Machine
        switch self {
        case .disconnected:
            machine = Machine(device: here)
        case .connecting:
            machine = Given.disconnected.machine
            _ = try! machine.loginRequested(alice)
        case .connected:
            machine = Given.connecting.machine
            _ = machine.connectionChanged(.connected, .loginSuccess, generation: 1)
        case .ringing:
            machine = Given.connected.machine
            _ = machine.callNotified(CallNotification(kind: .invited(by: bob), call: ringingCall), generation: 1)
        case .nineAskedOfServer:
            machine = Given.connected.machine
            let ids = (1...9).map { "user\($0)" }
            _ = machine.planUsersQuery(ids, fromServer: true, at: at(1))
            machine.usersRead(asked: ids, found: [:])
            machine.remember(bobProfile)
        case .loggedOutKnowingUsers:
            machine = Given.nineAskedOfServer.machine
            _ = machine.logoutRequested()
        case .connectingWithTokens:
            machine = Given.disconnected.machine
            _ = machine.pushSetupChanged(setup([.apnsVoIP: voipToken, .apnsAlert: deviceToken]))
            _ = try! machine.loginRequested(alice)
        case .voipSent:
            machine = Given.connected.machine
            _ = machine.pushSetupChanged(setup([.apnsVoIP: voipToken]))
        case .unregistered:
            machine = Given.voipSent.machine
            _ = machine.pushSetupChanged(setup([.apnsVoIP: voipToken], enabled: false))
        }
        return machine
    }
}

private enum Input: Sendable {
    case connectionChanged(SwitchboardClient.ConnectionState, ConnectionChangeReason, generation: Int)
    case logout
    case reconnectRefused(SignalingError, generation: Int)
    case notified(CallNotification.Kind, Call, generation: Int)
    case profileChanged(Profile)
    case tokenWillExpire(Timestamp)
    case pushSetup(ZPNsSetup)
    case pushAnswered(PushTokenRequest, SignalingError?, generation: Int)

    func apply(to machine: inout Machine, at now: Timestamp) -> [Machine.Action] {
        switch self {
        case .connectionChanged(let state, let reason, let generation):
            machine.connectionChanged(state, reason, generation: generation)
        case .logout:
            machine.logoutRequested()
        case .reconnectRefused(let error, let generation):
            machine.reconnectRefused(error, generation: generation)
        case .notified(let kind, let call, let generation):
            machine.callNotified(CallNotification(kind: kind, call: call), generation: generation)
        case .profileChanged(let profile):
            machine.profileChanged(profile, generation: 1)
        case .tokenWillExpire(let expiresAt):
            machine.tokenWillExpire(at: expiresAt, now: now)
        case .pushSetup(let setup):
            machine.pushSetupChanged(setup)
        case .pushAnswered(let request, let error, let generation):
            machine.pushRegisterAnswered(request, error: error, generation: generation)
        }
    }
}

/// What a row checks of the state the input led to.
private struct Summary: Equatable, Sendable {
    var connection: ZIMConnectionState
    var generation: Int
    var calls: [CallID: Machine.ShownCall] = [:]
    var knownUsers: Set<String> = []
    var pushSent: [PushPlatform: Result<PushTokenRequest, ZPNsFailure>] = [:]

    init(_ connection: ZIMConnectionState, generation: Int, calls: [CallID: Machine.ShownCall] = [:],
         knownUsers: Set<String> = [], pushSent: [PushPlatform: Result<PushTokenRequest, ZPNsFailure>] = [:]) {
        self.connection = connection
        self.generation = generation
        self.calls = calls
        self.knownUsers = knownUsers
        self.pushSent = pushSent
    }

    init(_ machine: Machine) {
        self.init(machine.connection, generation: machine.generation, calls: machine.calls,
                  knownUsers: Set(machine.knownUsers.keys), pushSent: machine.pushSent)
    }
}

private enum Expected: Sendable {
    case unchanged
    case state(Summary)
}

private struct Row: Sendable, CustomTestStringConvertible {
    var name: String
    var given: Given
    var input: Input
    var expected: Expected
    var actions: [Machine.Action]

    var testDescription: String { name }

    init(_ name: String, given: Given, _ input: Input, expect expected: Expected, _ actions: [Machine.Action]) {
        self.name = name
        self.given = given
        self.input = input
        self.expected = expected
        self.actions = actions
    }

    func check() {
        var machine = given.machine
        let before = Summary(machine)
        #expect(input.apply(to: &machine, at: t0) == actions)
        switch expected {
        case .unchanged: #expect(Summary(machine) == before)
        case .state(let summary): #expect(Summary(machine) == summary)
        }
    }
}

private let sessionRows: [Row] = [
    Row("the welcome: connected, success", given: .connecting, .connectionChanged(.connected, .loginSuccess, generation: 1),
        expect: .state(Summary(.connected, generation: 1)), [.emit(.connectionStateChanged(.connected, .success))]),
    Row("a silent link: reconnecting, loginInterrupted", given: .connected,
        .connectionChanged(.reconnecting, .interrupted, generation: 1),
        expect: .state(Summary(.reconnecting, generation: 1)),
        [.emit(.connectionStateChanged(.reconnecting, .loginInterrupted))]),
    Row("kicked out by the service: disconnected, and what was shown goes with the session", given: .ringing,
        .connectionChanged(.aborted, .remoteLogin, generation: 1), expect: .state(Summary(.disconnected, generation: 1)),
        [.emit(.connectionStateChanged(.disconnected, .kickedOut))]),
    Row("a change of a retired login is not heard", given: .connected,
        .connectionChanged(.disconnected, .logout, generation: 0), expect: .unchanged, []),
    Row("logout: disconnected at once; the session logs out after", given: .ringing, .logout,
        expect: .state(Summary(.disconnected, generation: 2)),
        [.emit(.connectionStateChanged(.disconnected, .success)), .logOutSession]),
    Row("logout while disconnected does nothing", given: .disconnected, .logout, expect: .unchanged, []),
    Row("the token ran out while away: disconnected with tokenExpired, and the session stops", given: .connected,
        .reconnectRefused(SignalingError(.tokenExpired, "expired"), generation: 1),
        expect: .state(Summary(.disconnected, generation: 2)),
        [.emit(.connectionStateChanged(.disconnected, .tokenExpired)), .shutDownSession]),
    Row("another refused reconnect keeps trying", given: .connected,
        .reconnectRefused(SignalingError(.rateLimited, "slow down"), generation: 1), expect: .unchanged, []),
    Row("tokenWillExpire counts the seconds left, rounded up", given: .connected, .tokenWillExpire(at(29.5)),
        expect: .unchanged, [.emit(.tokenWillExpire(seconds: 30))]),
    Row("the user's own profile changed on another device: userInfoUpdated", given: .connected,
        .profileChanged(Profile(user: alice, nickname: "Al")),
        expect: .state(Summary(.connected, generation: 1, knownUsers: ["alice"])),
        [.emit(.userInfoUpdated(ZIMKnownUser(Profile(user: alice, nickname: "Al"))))]),
    Row("someone else's profile changed: nothing (ZIM asks the server again)", given: .connected,
        .profileChanged(bobProfile), expect: .unchanged, []),
]

private let callRows: [Row] = [
    Row("an invitation is presented, with the members' states", given: .connected,
        .notified(.invited(by: bob), ringingCall, generation: 1),
        expect: .state(Summary(.connected, generation: 1, calls: shown(ringingCall))),
        [.emit(.callInvitationReceived(ZIMCallView(ringingCall), inviter: "bob")),
         .emit(.callUserStateChanged(callID: "c1", users: ZIMCallView(ringingCall).users))]),
    Row("the same invitation again is not presented twice", given: .ringing,
        .notified(.invited(by: bob), ringingCall, generation: 1), expect: .unchanged, []),
    Row("accepted here: the user's own change, and the call stays shown", given: .ringing,
        .notified(.participantsChanged([alice]), accepted, generation: 1),
        expect: .state(Summary(.connected, generation: 1, calls: shown(accepted))),
        [.emit(.callUserStateChanged(callID: "c1", users: [ZIMCallUser(userID: "alice", state: .accepted, extendedData: "")]))]),
    Row("answered on another device: told, and no longer this instance's call", given: .ringing,
        .notified(.answeredElsewhere(device: elsewhere), acceptedElsewhere, generation: 1),
        expect: .state(Summary(.connected, generation: 1)),
        [.emit(.callUserStateChanged(callID: "c1", users: [ZIMCallUser(userID: "alice", state: .accepted, extendedData: "")]))]),
    Row("cancelled while ringing: callInvitationCancelled alone", given: .ringing,
        .notified(.cancelled(by: bob, data: "bye"), cancelled, generation: 1),
        expect: .state(Summary(.connected, generation: 1)),
        [.emit(.callInvitationCancelled(callID: "c1", inviter: "bob", mode: .general, extendedData: "bye"))]),
    Row("a cancel of an invitation never shown still tells the invitee", given: .connected,
        .notified(.cancelled(by: bob, data: nil), cancelled, generation: 1), expect: .unchanged,
        [.emit(.callInvitationCancelled(callID: "c1", inviter: "bob", mode: .general, extendedData: ""))]),
    Row("a notification of a retired login is not heard", given: .ringing,
        .notified(.participantsChanged([alice]), accepted, generation: 0), expect: .unchanged, []),
]

private let refusal = SignalingError(.call(.invalidArgument), "the push token is empty")

private let pushRows: [Row] = [
    Row("a token set before login is held; nothing is sent", given: .disconnected,
        .pushSetup(setup([.apnsVoIP: voipToken])), expect: .unchanged, []),
    Row("the login succeeds: each token held registers, VoIP first, after connected", given: .connectingWithTokens,
        .connectionChanged(.connected, .loginSuccess, generation: 1),
        expect: .state(Summary(.connected, generation: 1, pushSent: [.apnsVoIP: .success(voipRequest), .apnsAlert: .success(deviceRequest)])),
        [.emit(.connectionStateChanged(.connected, .success)), .registerPush(voipRequest), .registerPush(deviceRequest)]),
    Row("a token set while logged in registers at once", given: .connected, .pushSetup(setup([.apnsVoIP: voipToken])),
        expect: .state(Summary(.connected, generation: 1, pushSent: [.apnsVoIP: .success(voipRequest)])),
        [.registerPush(voipRequest)]),
    Row("the same token set again is not sent again", given: .voipSent, .pushSetup(setup([.apnsVoIP: voipToken])),
        expect: .unchanged, []),
    Row("a new token replaces the last", given: .voipSent, .pushSetup(setup([.apnsVoIP: newVoIPToken])),
        expect: .state(Summary(.connected, generation: 1, pushSent: [.apnsVoIP: .success(newVoIPRequest)])),
        [.registerPush(newVoIPRequest)]),
    Row("accepted: onRegistered with the token's PushID", given: .voipSent,
        .pushAnswered(voipRequest, nil, generation: 1), expect: .unchanged,
        [.emit(.zpnsRegistered(pushID: ZPNsPushID.of(voipRequest)))]),
    Row("refused: ZPNsRegisterFailed, and the token may be sent again", given: .voipSent,
        .pushAnswered(voipRequest, refusal, generation: 1), expect: .state(Summary(.connected, generation: 1)),
        [.emit(.zpnsRegisterFailed(ZPNsFailure(code: .refused, message: refusal.description)))]),
    Row("an answer to a login that ended is not heard", given: .voipSent,
        .pushAnswered(voipRequest, nil, generation: 0), expect: .unchanged, []),
    Row("no bundle id: ZPNsRegisterFailed once, nothing sent", given: .connected,
        .pushSetup(setup([.apnsVoIP: voipToken], topic: nil)),
        expect: .state(Summary(.connected, generation: 1, pushSent: [.apnsVoIP: .failure(.missingBundleID)])),
        [.emit(.zpnsRegisterFailed(.missingBundleID))]),
    Row("unregisterAPNs while logged in: push.unregister", given: .voipSent,
        .pushSetup(setup([.apnsVoIP: voipToken], enabled: false)), expect: .state(Summary(.connected, generation: 1)),
        [.unregisterPush]),
    Row("unregisterAPNs logged out: nothing to send", given: .disconnected,
        .pushSetup(setup([.apnsVoIP: voipToken], enabled: false)), expect: .unchanged, []),
    Row("a token set while unregistered is held, not sent", given: .unregistered,
        .pushSetup(setup([.apnsVoIP: newVoIPToken], enabled: false)), expect: .unchanged, []),
    Row("registerAPNs registers what is held again", given: .unregistered, .pushSetup(setup([.apnsVoIP: voipToken])),
        expect: .state(Summary(.connected, generation: 1, pushSent: [.apnsVoIP: .success(voipRequest)])),
        [.registerPush(voipRequest)]),
    Row("logout forgets what was sent (the service removes the tokens)", given: .voipSent, .logout,
        expect: .state(Summary(.disconnected, generation: 2)),
        [.emit(.connectionStateChanged(.disconnected, .success)), .logOutSession]),
    Row("a reconnect is no new login: nothing registers again", given: .voipSent,
        .connectionChanged(.connected, .loginSuccess, generation: 1), expect: .unchanged,
        [.emit(.connectionStateChanged(.connected, .success))]),
]

private struct LoginRow: Sendable, CustomTestStringConvertible {
    var name: String
    var given: Given
    var user: UserID
    var outcome: Result<Int, ZIMFailure>
    var expected: Summary
    var testDescription: String { name }
}

private let loginRows: [LoginRow] = [
    LoginRow(name: "a login from disconnected starts generation 1", given: .disconnected, user: alice,
             outcome: .success(1), expected: Summary(.connecting, generation: 1)),
    LoginRow(name: "a login while connected is refused: already logged in", given: .connected, user: alice,
             outcome: .failure(ZIMFailure(.ZIMErrorCodeNetworkModuleUserHasAlreadyLogged, "already logged in")),
             expected: Summary(.connected, generation: 1)),
    LoginRow(name: "a login of another user forgets what the instance knew", given: .loggedOutKnowingUsers,
             user: bob, outcome: .success(3), expected: Summary(.connecting, generation: 3)),
    LoginRow(name: "a login of the same user keeps the users it knows", given: .loggedOutKnowingUsers,
             user: alice, outcome: .success(3), expected: Summary(.connecting, generation: 3, knownUsers: ["bob"])),
]

private struct UsersQueryRow: Sendable, CustomTestStringConvertible {
    var name: String
    var given: Given
    var ids: [String]
    var fromServer: Bool
    var time: Timestamp
    var outcome: Result<Machine.UsersQuery, ZIMFailure>
    /// The server queries counted in the window afterwards.
    var window: [Machine.ServerQuery]
    var testDescription: String { name }
}

private let nineAtOne = Machine.ServerQuery(at: at(1), count: 9)

private let usersQueryRows: [UsersQueryRow] = [
    UsersQueryRow(name: "known users are answered from the cache, the rest asked of the server", given: .nineAskedOfServer,
                  ids: ["bob", "carol"], fromServer: false, time: at(5),
                  outcome: .success(Machine.UsersQuery(known: ["bob": ZIMKnownUser(bobProfile)], asked: ["carol"])),
                  window: [nineAtOne, Machine.ServerQuery(at: at(5), count: 1)]),
    UsersQueryRow(name: "isQueryFromServer asks for everyone", given: .nineAskedOfServer, ids: ["bob"], fromServer: true,
                  time: at(5), outcome: .success(Machine.UsersQuery(known: [:], asked: ["bob"])),
                  window: [nineAtOne, Machine.ServerQuery(at: at(5), count: 1)]),
    UsersQueryRow(name: "all known: nobody asked, the window untouched", given: .nineAskedOfServer, ids: ["bob"],
                  fromServer: false, time: at(5),
                  outcome: .success(Machine.UsersQuery(known: ["bob": ZIMKnownUser(bobProfile)], asked: [])),
                  window: [nineAtOne]),
    UsersQueryRow(name: "more than 10 asked of the server in 10 s: 6000012", given: .nineAskedOfServer,
                  ids: ["carol", "dave"], fromServer: false, time: at(10.9),
                  outcome: .failure(ZIMFailure(.ZIMErrorCodeCommonModuleUserInfoQueriedLimit,
                                               "9 userIDs asked of the server in the last 10 s; at most 10")),
                  window: [nineAtOne]),
    UsersQueryRow(name: "10 s later the window is free again", given: .nineAskedOfServer, ids: ["carol", "dave"],
                  fromServer: false, time: at(11),
                  outcome: .success(Machine.UsersQuery(known: [:], asked: ["carol", "dave"])),
                  window: [Machine.ServerQuery(at: at(11), count: 2)]),
    UsersQueryRow(name: "not logged in: 6000121", given: .disconnected, ids: ["bob"], fromServer: false, time: at(1),
                  outcome: .failure(.notLoggedIn), window: []),
]

@Suite("ZIM instance state machine")
struct ZIMInstanceStateMachineTests {
    @Test("connection, logout, tokens and profiles", arguments: sessionRows)
    fileprivate func session(_ row: Row) { row.check() }

    @Test("call notifications into ZIM events", arguments: callRows)
    fileprivate func calls(_ row: Row) { row.check() }

    @Test("ZPNs tokens: registered at login and when set, once, unregistered", arguments: pushRows)
    fileprivate func push(_ row: Row) { row.check() }

    @Test("login", arguments: loginRows)
    fileprivate func login(_ row: LoginRow) {
        var machine = row.given.machine
        let outcome = Result { () throws(ZIMFailure) in try machine.loginRequested(row.user) }
        #expect(outcome == row.outcome)
        #expect(Summary(machine) == row.expected)
    }

    @Test("queryUsersInfo: the cache, and the server's 10 users per 10 s", arguments: usersQueryRows)
    fileprivate func usersQuery(_ row: UsersQueryRow) {
        var machine = row.given.machine
        #expect(machine.planUsersQuery(row.ids, fromServer: row.fromServer, at: row.time) == row.outcome)
        #expect(machine.serverUserQueries == row.window)
    }

    @Test("queryCallInvitationList: a flag stands for a position until 64 newer ones replace it")
    func queryFlags() {
        var machine = Given.connected.machine
        #expect(machine.queryStart(nextFlag: 0) == .ongoing(offset: 0))
        #expect(machine.queryStart(nextFlag: 1) == nil, "not given by this instance")
        let first = machine.remember(.ongoing(offset: 5))
        #expect(first == 1 && machine.queryStart(nextFlag: first) == .ongoing(offset: 5))
        for offset in 0..<ZIMLimits.rememberedQueryPositions { _ = machine.remember(.finished(cursor: "\(offset)", listed: [])) }
        #expect(machine.queryStart(nextFlag: first) == nil, "forgotten")
        #expect(machine.queryStart(nextFlag: 65) == .finished(cursor: "63", listed: []))
    }
}
