import Testing
import SwitchboardClient
import SwitchboardCore
@testable import SwitchboardRTM
import SwitchboardWire

// The kit's state machine one transition per row: a state reached by inputs, one input at a virtual
// instant, the state it leads to and the actions (or the SDK's refusal) it returns.

private typealias Machine = RTMKitStateMachine

private let t0 = Timestamp(millisecondsSince1970: 1_000_000)

private func at(_ seconds: Double) -> Timestamp {
    t0 + .milliseconds(Int64(seconds * 1000))
}

private let bob = UserID("bob")
private let theme = Attribute(key: "theme", value: "dark")
private let hello = RTMMessage(text: "hello")

/// A state of the kit, reached by inputs from a fresh machine.
private enum Given: Sendable {
    case disconnected
    /// A login at 0 s, then a second login call at 0 s (refused: already logging in).
    case twoLoginCalls
    case connected
    case connectedAnyRTC
    case reconnecting
    /// Connected, subscribed to bob, with a local attribute.
    case subscribedWithAttributes
    /// Connected, subscribed to 512 peers.
    case fullySubscribed
    /// Connected, 180 peer messages sent at 0 s (Agora's limit per 3 s).
    case messageLimitReached
    /// Connected, "room" joined at 0 s and 1 s.
    case joinedRoomTwice

    var machine: Machine {
        var machine: Machine
        switch self {
        case .disconnected:
            machine = Machine(profile: .agora)
        case .twoLoginCalls:
            machine = Given.disconnected.machine
            _ = machine.loginRequested("alice", at: t0)
            _ = machine.loginRequested("alice", at: t0)
        case .connected:
            machine = Given.disconnected.machine
            _ = machine.loginRequested("alice", at: t0)
            _ = machine.connectionChanged(.connected, .loginSuccess)
        case .connectedAnyRTC:
            machine = Machine(profile: .anyRTC)
            _ = machine.loginRequested("alice", at: t0)
            _ = machine.connectionChanged(.connected, .loginSuccess)
        case .reconnecting:
            machine = Given.connected.machine
            _ = machine.connectionChanged(.reconnecting, .interrupted)
        case .subscribedWithAttributes:
            machine = Given.connected.machine
            machine.subscriptionsChanged([bob], subscribing: true)
            machine.localAttributesConfirmed([theme])
        case .fullySubscribed:
            machine = Given.connected.machine
            machine.subscriptionsChanged((1...RTMLimits.subscribedPeers).map { UserID("peer\($0)") }, subscribing: true)
        case .messageLimitReached:
            machine = Given.connected.machine
            for _ in 0..<180 { _ = machine.admitPeerMessage(hello, to: "bob", at: t0) }
        case .joinedRoomTwice:
            machine = Given.connected.machine
            let standing = Machine.ChannelStanding(isRegistered: true, isJoinedOrJoining: false, joinedCount: 0)
            _ = machine.admitJoin("room", standing, at: t0)
            _ = machine.admitJoin("room", standing, at: at(1))
        }
        return machine
    }
}

private enum Input: Sendable {
    case connectionChanged(SwitchboardClient.ConnectionState, ConnectionChangeReason)
    case sessionReplaced
    case presenceChanged(UserID)
    case tokenWillExpire
    case reconnectRefused(SignalingError)

    func apply(to machine: inout Machine) -> [Machine.Action] {
        switch self {
        case .connectionChanged(let state, let reason): machine.connectionChanged(state, reason)
        case .sessionReplaced: machine.sessionReplaced()
        case .presenceChanged(let user): machine.presenceChanged(PresenceStatus(user: user, state: .online))
        case .tokenWillExpire: machine.tokenWillExpire()
        case .reconnectRefused(let error): machine.reconnectRefused(error)
        }
    }
}

/// What a row checks of the state the input led to.
private struct Summary: Equatable, Sendable {
    var connection: RTMCode.ConnectionState
    var generation: Int
    var subscriptions: Set<UserID> = []
    var localAttributes: [Attribute] = []

    init(_ machine: Machine) {
        connection = machine.connection
        generation = machine.generation
        subscriptions = machine.subscriptions
        localAttributes = machine.localAttributes
    }

    init(_ connection: RTMCode.ConnectionState, generation: Int = 1, subscriptions: Set<UserID> = [],
         localAttributes: [Attribute] = []) {
        self.connection = connection
        self.generation = generation
        self.subscriptions = subscriptions
        self.localAttributes = localAttributes
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
        #expect(input.apply(to: &machine) == actions)
        switch expected {
        case .unchanged: #expect(Summary(machine) == before)
        case .state(let summary): #expect(Summary(machine) == summary)
        }
    }
}

private let sessionRows: [Row] = [
    Row("the welcome: connected (loginSuccess)", given: .twoLoginCalls, .connectionChanged(.connected, .loginSuccess),
        expect: .state(Summary(.connected)), [.report(.connected, .loginSuccess)]),
    Row("logged out: the session's invitations, channels, subscriptions and attributes go with it",
        given: .subscribedWithAttributes, .connectionChanged(.disconnected, .logout),
        expect: .state(Summary(.disconnected)), [.releaseSessionObjects, .report(.disconnected, .logout)]),
    Row("aborted by another login: reported, the session's objects kept until logout", given: .subscribedWithAttributes,
        .connectionChanged(.aborted, .remoteLogin),
        expect: .state(Summary(.aborted, subscriptions: [bob], localAttributes: [theme])),
        [.report(.aborted, .remoteLogin)]),
    Row("Agora: a token that ran out ends the login with reason 9", given: .connected,
        .connectionChanged(.disconnected, .tokenExpired), expect: .state(Summary(.disconnected)),
        [.releaseSessionObjects, .report(.disconnected, .tokenExpired)]),
    Row("anyRTC has no reason 9: loginFailure", given: .connectedAnyRTC, .connectionChanged(.disconnected, .tokenExpired),
        expect: .state(Summary(.disconnected)), [.releaseSessionObjects, .report(.disconnected, .loginFailure)]),
    Row("a replaced session: attributes set again, channels rejoined, peers resubscribed", given: .subscribedWithAttributes,
        .sessionReplaced, expect: .unchanged, [.resyncLocalAttributes([theme]), .rejoinChannels, .resubscribe([bob])]),
    Row("a replaced session with nothing to renew rejoins the channels only", given: .connected, .sessionReplaced,
        expect: .unchanged, [.rejoinChannels]),
    Row("a subscribed peer's presence is reported", given: .subscribedWithAttributes, .presenceChanged(bob),
        expect: .unchanged, [.reportPresence([PresenceStatus(user: bob, state: .online)])]),
    Row("another peer's presence is not", given: .subscribedWithAttributes, .presenceChanged(UserID("carol")),
        expect: .unchanged, []),
    Row("Agora hears the token's expiry coming", given: .connected, .tokenWillExpire, expect: .unchanged,
        [.reportTokenWillExpire]),
    Row("anyRTC has no such notice", given: .connectedAnyRTC, .tokenWillExpire, expect: .unchanged, []),
    Row("a reconnect refused for the token: rtmKitTokenDidExpire", given: .connectedAnyRTC,
        .reconnectRefused(SignalingError(.tokenExpired, "expired")), expect: .unchanged, [.reportTokenExpired]),
    Row("a reconnect refused otherwise: the session keeps trying", given: .connectedAnyRTC,
        .reconnectRefused(SignalingError(.rateLimited, "slow down")), expect: .unchanged, []),
]

/// An SDK refusal, whatever the API's code type.
private enum Refusal: Hashable, Sendable {
    case login(RTMCode.Login)
    case renew(RTMCode.RenewToken)
    case peerMessage(RTMCode.SendPeerMessage)
    case subscription(RTMCode.PeerSubscription)
    case join(RTMCode.JoinChannel)
    case memberCount(RTMCode.ChannelMemberCount)
}

/// An API call the SDK may refuse.
private enum Call: Sendable {
    case login(String)
    case renew
    case peerMessage(RTMMessage, to: String)
    case subscribe([String])
    case unsubscribe([String])
    case join(String, Machine.ChannelStanding)
    case memberCounts([String])

    func apply(to machine: inout Machine, at now: Timestamp) -> Refusal? {
        switch self {
        case .login(let user):
            if case .failure(let code) = machine.loginRequested(user, at: now) { return .login(code) }
            return nil
        case .renew: return machine.renewRequested(at: now).map(Refusal.renew)
        case .peerMessage(let message, let peer): return machine.admitPeerMessage(message, to: peer, at: now).map(Refusal.peerMessage)
        case .subscribe(let peers):
            return machine.admitSubscriptionChange(peers, subscribing: true, at: now).map(Refusal.subscription)
        case .unsubscribe(let peers):
            return machine.admitSubscriptionChange(peers, subscribing: false, at: now).map(Refusal.subscription)
        case .join(let channel, let standing): return machine.admitJoin(channel, standing, at: now).map(Refusal.join)
        case .memberCounts(let channels): return machine.admitMemberCounts(channels, at: now).map(Refusal.memberCount)
        }
    }
}

private struct AdmissionRow: Sendable, CustomTestStringConvertible {
    var name: String
    var given: Given
    var call: Call
    var time: Timestamp
    var refusal: Refusal?
    var testDescription: String { name }
}

private let idle = Machine.ChannelStanding(isRegistered: true, isJoinedOrJoining: false, joinedCount: 0)

private let admissionRows: [AdmissionRow] = [
    AdmissionRow(name: "a login while logging in: alreadyLogin", given: .twoLoginCalls, call: .login("alice"),
                 time: at(1), refusal: .login(.alreadyLogin)),
    AdmissionRow(name: "a third login call in a second, refused ones counted: loginTooOften", given: .twoLoginCalls,
                 call: .login("alice"), time: at(0.5), refusal: .login(.loginTooOften)),
    AdmissionRow(name: "a login with an invalid user id: invalidArgument", given: .disconnected, call: .login(""),
                 time: t0, refusal: .login(.invalidArgument)),
    AdmissionRow(name: "renew while logged out: notLoggedIn", given: .disconnected, call: .renew, time: t0,
                 refusal: .renew(.notLoggedIn)),
    AdmissionRow(name: "a peer message while logged out: notLoggedIn", given: .disconnected,
                 call: .peerMessage(hello, to: "bob"), time: t0, refusal: .peerMessage(.notLoggedIn)),
    AdmissionRow(name: "a peer message to an invalid id: invalidUserId", given: .connected,
                 call: .peerMessage(hello, to: ""), time: t0, refusal: .peerMessage(.invalidUserId)),
    AdmissionRow(name: "an empty peer message: invalidMessage", given: .connected,
                 call: .peerMessage(RTMMessage(text: ""), to: "bob"), time: t0, refusal: .peerMessage(.invalidMessage)),
    AdmissionRow(name: "a peer message while reconnecting is not delivered: failure", given: .reconnecting,
                 call: .peerMessage(hello, to: "bob"), time: t0, refusal: .peerMessage(.failure)),
    AdmissionRow(name: "the 181st peer message in 3 s: tooOften", given: .messageLimitReached,
                 call: .peerMessage(hello, to: "bob"), time: at(2.9), refusal: .peerMessage(.tooOften)),
    AdmissionRow(name: "3 s later the allowance is back", given: .messageLimitReached,
                 call: .peerMessage(hello, to: "bob"), time: at(3), refusal: nil),
    AdmissionRow(name: "subscribing past 512 peers: overflow", given: .fullySubscribed, call: .subscribe(["peer0"]),
                 time: t0, refusal: .subscription(.overflow)),
    AdmissionRow(name: "subscribing again to a subscribed peer is within the limit", given: .fullySubscribed,
                 call: .subscribe(["peer1"]), time: t0, refusal: nil),
    AdmissionRow(name: "unsubscribing has no such limit", given: .fullySubscribed, call: .unsubscribe(["peer0"]),
                 time: t0, refusal: nil),
    AdmissionRow(name: "joining a destroyed channel: failure", given: .connected,
                 call: .join("room", Machine.ChannelStanding(isRegistered: false, isJoinedOrJoining: false, joinedCount: 0)),
                 time: t0, refusal: .join(.failure)),
    AdmissionRow(name: "joining a joined channel: alreadyJoined", given: .connected,
                 call: .join("room", Machine.ChannelStanding(isRegistered: true, isJoinedOrJoining: true, joinedCount: 1)),
                 time: t0, refusal: .join(.alreadyJoined)),
    AdmissionRow(name: "a 21st channel: exceedLimit", given: .connected,
                 call: .join("room", Machine.ChannelStanding(isRegistered: true, isJoinedOrJoining: false, joinedCount: 20)),
                 time: t0, refusal: .join(.exceedLimit)),
    AdmissionRow(name: "a third join of one channel in 5 s: sameChannelTooOften", given: .joinedRoomTwice,
                 call: .join("room", idle), time: at(4.9), refusal: .join(.sameChannelTooOften)),
    AdmissionRow(name: "another channel meanwhile is fine", given: .joinedRoomTwice, call: .join("hall", idle),
                 time: at(4.9), refusal: nil),
    AdmissionRow(name: "member counts of 33 channels: exceedLimit", given: .connected,
                 call: .memberCounts((0...32).map { "c\($0)" }), time: t0, refusal: .memberCount(.exceedLimit)),
    AdmissionRow(name: "member counts of no channel: invalidArgument", given: .connected, call: .memberCounts([]),
                 time: t0, refusal: .memberCount(.invalidArgument)),
]

@Suite("RTM kit state machine")
struct RTMKitStateMachineTests {
    @Test("connection changes, replaced sessions, presence and token notices", arguments: sessionRows)
    fileprivate func session(_ row: Row) { row.check() }

    @Test("what the SDK refuses before sending, and with which code", arguments: admissionRows)
    fileprivate func admission(_ row: AdmissionRow) {
        var machine = row.given.machine
        #expect(row.call.apply(to: &machine, at: row.time) == row.refusal)
    }

    @Test("a login starts a new generation and connects; logout needs a login")
    func login() {
        var machine = Given.disconnected.machine
        #expect(!machine.mayLogOut)
        #expect(machine.loginRequested("alice", at: t0) == .success(1))
        #expect(machine.connection == .connecting && machine.user == UserID("alice") && machine.mayLogOut)
    }
}
