import Testing
@testable import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

private let t0 = Timestamp(millisecondsSince1970: 1_000_000)

private func at(_ seconds: Double) -> Timestamp {
    t0 + .milliseconds(Int64(seconds * 1000))
}

private func welcome(_ session: SessionID, resumed: Bool) -> Welcome {
    Welcome(session: session, resumed: resumed, serverTime: t0, heartbeatInterval: .seconds(1), tokenExpiresAt: nil)
}

/// A machine logged in to session "s1" at t0.
private func loggedIn() throws -> ConnectionStateMachine {
    var machine = ConnectionStateMachine(timing: ClientTiming())
    _ = try machine.loginRequested(at: t0)
    _ = machine.linkOpened(at: t0)
    _ = machine.welcomed(welcome("s1", resumed: false), at: t0)
    return machine
}

@Suite("Connection state machine")
struct ConnectionStateMachineTests {
    @Test("login: disconnected -> connecting (login) -> connected (loginSuccess)")
    func login() throws {
        var machine = ConnectionStateMachine(timing: ClientTiming())
        let start = try machine.loginRequested(at: t0)
        #expect(start == [.report(.connecting, .login), .armLoginTimeout(at(12)), .openLink])
        #expect(machine.linkOpened(at: t0) == [.sendHello(resume: nil), .armHandshakeTimeout(at(5))])
        let done = machine.welcomed(welcome("s1", resumed: false), at: at(0.1))
        #expect(done == [.report(.connected, .loginSuccess), .finishLogin(nil), .armSilenceCheck(at(4.1))])
        #expect(machine.state == .connected)
        #expect(machine.canSend)
    }

    @Test("logging in twice, or while aborted, is already_logged_in; logging out while disconnected is not_logged_in")
    func misuse() throws {
        var machine = try loggedIn()
        #expect(throws: SignalingError(.alreadyLoggedIn, "already connected")) { _ = try machine.loginRequested(at: t0) }
        _ = machine.byeReceived(Bye(reason: .remoteLogin, message: "elsewhere"), at: t0)
        #expect(machine.state == .aborted)
        #expect(throws: SignalingError.self) { _ = try machine.loginRequested(at: t0) }
        _ = try machine.loggedOut()
        #expect(machine.state == .disconnected)
        #expect(throws: SignalingError(.notLoggedIn, "not logged in")) { _ = try machine.loggedOut() }
    }

    @Test("the login times out; a refusal fails the login; connection failures retry with backoff meanwhile")
    func loginFailures() throws {
        var machine = ConnectionStateMachine(timing: ClientTiming())
        _ = try machine.loginRequested(at: t0)
        #expect(machine.linkFailed() == [.scheduleReconnect(.milliseconds(500))])
        #expect(machine.reconnectDue() == [.openLink])
        #expect(machine.linkFailed() == [.scheduleReconnect(.seconds(1))])
        _ = machine.reconnectDue()
        #expect(machine.linkFailed() == [.scheduleReconnect(.seconds(2))])
        let timeout = machine.loginTimedOut()
        #expect(timeout.first == .report(.disconnected, .loginTimeout))
        #expect(machine.state == .disconnected)
        #expect(machine.reconnectDue() == [])

        var refused = ConnectionStateMachine(timing: ClientTiming())
        _ = try refused.loginRequested(at: t0)
        _ = refused.linkOpened(at: t0)
        let error = SignalingError(.invalidToken, "bad")
        #expect(refused.refused(error, at: t0) == [.report(.disconnected, .loginFailure), .finishLogin(error), .closeLink])
    }

    @Test("a dropped link is repaired silently; the state only changes once the service has been silent for 4 s")
    func silentRecovery() throws {
        var machine = try loggedIn()
        machine.heard(at: at(1))
        #expect(machine.linkLost(at: at(1.5)) == [.closeLink, .scheduleReconnect(.zero)])
        #expect(machine.state == .connected)
        #expect(!machine.canSend)
        #expect(machine.reconnectDue() == [.openLink])
        #expect(machine.linkOpened(at: at(1.6)) == [.sendHello(resume: "s1"), .armHandshakeTimeout(at(6.6))])
        let back = machine.welcomed(welcome("s1", resumed: true), at: at(2))
        #expect(back == [.resendPending, .armSilenceCheck(at(6))])
        #expect(machine.silenceCheck(at: at(5)) == [.armSilenceCheck(at(6))])
    }

    @Test("4 s of silence: reconnecting (interrupted); the automatic reconnect reports connected (loginSuccess) without a login")
    func interrupted() throws {
        var machine = try loggedIn()
        machine.heard(at: at(1))
        let dead = machine.silenceCheck(at: at(5))
        #expect(dead == [.report(.reconnecting, .interrupted), .closeLink, .scheduleReconnect(.zero)])
        #expect(machine.reconnectDue() == [.openLink])
        #expect(machine.linkFailed() == [.scheduleReconnect(.milliseconds(500))])
        _ = machine.reconnectDue()
        _ = machine.linkOpened(at: t0)
        let back = machine.welcomed(welcome("s1", resumed: true), at: at(7))
        #expect(back == [.report(.connected, .loginSuccess), .resendPending, .armSilenceCheck(at(11))])
        #expect(!back.contains(.finishLogin(nil)))
    }

    @Test("a session the service no longer has is replaced by a fresh login, and the owner is told")
    func sessionReplaced() throws {
        var machine = try loggedIn()
        _ = machine.silenceCheck(at: at(10))
        _ = machine.reconnectDue()
        _ = machine.linkOpened(at: t0)
        let expired = SignalingError(.sessionExpired, "gone")
        #expect(machine.refused(expired, at: at(40)) == [.closeLink, .scheduleReconnect(.zero)])
        _ = machine.reconnectDue()
        #expect(machine.linkOpened(at: at(40)) == [.sendHello(resume: nil), .armHandshakeTimeout(at(45))])
        let fresh = machine.welcomed(welcome("s2", resumed: false), at: at(41))
        #expect(fresh == [
            .report(.connected, .loginSuccess),
            .failPending(SignalingError(.disconnected, "the session was lost")), .sessionReplaced,
            .armSilenceCheck(at(45)),
        ])
        #expect(machine.session == "s2")
    }

    @Test("a token refused while reconnecting is reported and retried; the state stays reconnecting")
    func tokenRefusedWhileReconnecting() throws {
        var machine = try loggedIn()
        _ = machine.silenceCheck(at: at(10))
        _ = machine.reconnectDue()
        _ = machine.linkOpened(at: t0)
        let expired = SignalingError(.tokenExpired, "expired")
        #expect(machine.refused(expired, at: at(11)) == [.closeLink, .reconnectRefused(expired), .scheduleReconnect(.milliseconds(500))])
        #expect(machine.state == .reconnecting)
    }

    @Test("byes: remote login and bans abort; logout and token expiry disconnect; session expiry and shutdown reconnect",
          arguments: [
            (Bye.Reason.remoteLogin, ConnectionState.aborted, ConnectionChangeReason?.some(.remoteLogin)),
            (.bannedByServer, .aborted, .bannedByServer),
            (.loggedOut, .disconnected, .logout),
            (.tokenExpired, .disconnected, .tokenExpired),
            (.sessionExpired, .connected, nil),
            (.serverShutdown, .connected, nil),
            (.protocolError, .connected, nil),
          ])
    func byes(reason: Bye.Reason, state: ConnectionState, reported: ConnectionChangeReason?) throws {
        var machine = try loggedIn()
        let actions = machine.byeReceived(Bye(reason: reason, message: "m"), at: at(1))
        #expect(machine.state == state)
        if let reported {
            #expect(actions.contains(.report(state, reported)))
            #expect(!machine.isLoggedIn)
        } else {
            #expect(actions.contains(.scheduleReconnect(.zero)))
        }
    }

    @Test("a session that reconnects on token expiry (anyRTC): bye(tokenExpired) is reconnecting at once with the session lost, each refusal of the expired token is reported, and a renewed token's welcome replaces the session")
    func tokenExpiryReconnects() throws {
        var machine = ConnectionStateMachine(timing: ClientTiming(), tokenExpiry: .reconnects)
        _ = try machine.loginRequested(at: t0)
        _ = machine.linkOpened(at: t0)
        _ = machine.welcomed(welcome("s1", resumed: false), at: t0)
        let bye = machine.byeReceived(Bye(reason: .tokenExpired, message: "expired"), at: at(60))
        #expect(bye == [.report(.reconnecting, .interrupted), .closeLink, .scheduleReconnect(.zero)])
        #expect(machine.state == .reconnecting)
        #expect(machine.session == nil, "nothing to resume")
        #expect(machine.reconnectDue() == [.openLink])
        #expect(machine.linkOpened(at: at(60)) == [.sendHello(resume: nil), .armHandshakeTimeout(at(65))])
        let expired = SignalingError(.tokenExpired, "expired")
        #expect(machine.refused(expired, at: at(60)) == [.closeLink, .reconnectRefused(expired), .scheduleReconnect(.milliseconds(500))])
        #expect(machine.state == .reconnecting)
        _ = machine.reconnectDue()
        _ = machine.linkOpened(at: at(61))
        let back = machine.welcomed(welcome("s2", resumed: false), at: at(61))
        #expect(back == [.report(.connected, .loginSuccess), .failPending(SignalingError(.disconnected, "the session was lost")),
                         .sessionReplaced, .armSilenceCheck(at(65))])
        #expect(machine.session == "s2")

        // The default ends the session instead, as the byes test shows; a session not logged in ends alike.
        var connecting = ConnectionStateMachine(timing: ClientTiming(), tokenExpiry: .reconnects)
        _ = try connecting.loginRequested(at: t0)
        _ = connecting.byeReceived(Bye(reason: .tokenExpired, message: "expired"), at: t0)
        #expect(connecting.state == .disconnected)
    }

    @Test("reconnect backoff doubles from 0.5 s up to the 4 s cap")
    func backoff() {
        let timing = ClientTiming()
        let delays = (0...6).map { timing.reconnectDelay(attempt: $0) }
        #expect(delays == [.zero, .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(4), .seconds(4)])
    }

    @Test("a hello the service never answers times out, and the link is tried again with backoff, in any state")
    func handshakeTimeout() throws {
        var machine = try loggedIn()
        _ = machine.silenceCheck(at: at(10))
        #expect(machine.state == .reconnecting)
        _ = machine.reconnectDue()
        #expect(machine.linkOpened(at: at(10)) == [.sendHello(resume: "s1"), .armHandshakeTimeout(at(15))])
        #expect(machine.handshakeTimedOut() == [.closeLink, .scheduleReconnect(.milliseconds(500))])
        #expect(machine.handshakeTimedOut() == [], "only while a hello is out")
        _ = machine.reconnectDue()
        _ = machine.linkOpened(at: at(16))
        #expect(machine.welcomed(welcome("s1", resumed: true), at: at(16)).first == .report(.connected, .loginSuccess))
    }

    @Test("a link that ends before it came up is a failed attempt with backoff, not an instant retry")
    func noSpinOnLinksThatNeverComeUp() throws {
        var machine = try loggedIn()
        #expect(machine.linkLost(at: at(1)) == [.closeLink, .scheduleReconnect(.zero)], "an up link is repaired at once")
        _ = machine.reconnectDue()
        _ = machine.linkOpened(at: at(1))
        #expect(machine.byeReceived(Bye(reason: .serverShutdown, message: "m"), at: at(1)) == [.closeLink, .scheduleReconnect(.milliseconds(500))])
        _ = machine.reconnectDue()
        _ = machine.linkOpened(at: at(2))
        #expect(machine.linkLost(at: at(2)) == [.closeLink, .scheduleReconnect(.seconds(1))])
    }

    @Test("frames on a link that is not up do not count as the service being there")
    func onlyUpLinksCountAsTraffic() throws {
        var machine = try loggedIn()
        machine.heard(at: at(3))
        _ = machine.linkLost(at: at(3))
        _ = machine.reconnectDue()
        _ = machine.linkOpened(at: at(3))
        machine.heard(at: at(6))
        #expect(machine.lastInbound == at(3))
        #expect(machine.silenceCheck(at: at(7)).first == .report(.reconnecting, .interrupted))
    }
}
