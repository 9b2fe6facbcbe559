import SwitchboardCore
import SwitchboardWire

/// The client's connection logic as a pure state machine: every input returns the actions the session
/// must carry out (open or close the link, report a state change, finish the login, arm a timer).
/// No I/O, no clock: times come in as arguments.
///
/// Vendor behaviour it encodes (seed 002, DECISIONS.md):
/// - login: disconnected -> connecting -> connected (loginSuccess), or back to disconnected with
///   loginFailure or loginTimeout;
/// - a dropped link is first repaired silently; only when the service has been silent for
///   ``ClientTiming/interruptedAfter`` does the state become reconnecting (interrupted), and the
///   automatic reconnect that follows reports connected (loginSuccess) without finishing any login;
/// - another login of the user or a ban: aborted; a logout: disconnected (logout);
/// - a session the service no longer has is replaced by a fresh login, which the session reports so
///   that surfaces can rejoin channels.
struct ConnectionStateMachine {
    enum Link: Hashable {
        case none
        /// The transport is connecting.
        case opening
        /// Connected; the hello is out, the welcome not yet in.
        case handshaking
        case up
    }

    enum Action: Hashable {
        case report(ConnectionState, ConnectionChangeReason)
        /// Connect the transport now.
        case openLink
        /// Try to connect again after this delay (then call ``reconnectDue()``).
        case scheduleReconnect(Duration)
        /// Send the hello: a resume of `session`, or a fresh login when nil.
        case sendHello(resume: SessionID?)
        case closeLink
        /// The pending ``ClientSession/login()`` returns, or throws the error.
        case finishLogin(SignalingError?)
        case armLoginTimeout(Timestamp)
        /// Call ``handshakeTimedOut()`` at this time unless the service answered the hello.
        case armHandshakeTimeout(Timestamp)
        /// Call ``silenceCheck(at:)`` at this time.
        case armSilenceCheck(Timestamp)
        /// The session was resumed: send the requests still waiting for an answer again (same ids).
        case resendPending
        /// Fail every request waiting for an answer.
        case failPending(SignalingError)
        /// The session was lost and a fresh one took its place (channels need rejoining).
        case sessionReplaced
        /// A reconnect was refused; the session keeps trying (a token error is the app's to fix with a
        /// renewed token).
        case reconnectRefused(SignalingError)
    }

    let timing: ClientTiming
    private(set) var state: ConnectionState = .disconnected
    private(set) var link: Link = .none
    /// The service's session, once logged in; a reconnect resumes it.
    private(set) var session: SessionID?
    /// When anything last arrived from the service.
    private(set) var lastInbound: Timestamp = .zero
    /// Failed connection attempts in a row (the backoff exponent).
    private(set) var attempt = 0
    /// The logged-in session was lost (the service no longer has it); the next welcome replaces it.
    private(set) var sessionLost = false

    init(timing: ClientTiming) {
        self.timing = timing
    }

    /// Whether requests can go out now.
    var canSend: Bool { link == .up && (state == .connected || state == .reconnecting) }

    /// Whether the session is logged in, even if its link is down for now.
    var isLoggedIn: Bool { state == .connected || state == .reconnecting }

    // MARK: - Inputs

    mutating func loginRequested(at now: Timestamp) throws(SignalingError) -> [Action] {
        switch state {
        case .disconnected:
            state = .connecting
            session = nil
            attempt = 0
            link = .opening
            return [.report(.connecting, .login), .armLoginTimeout(now + timing.loginTimeout), .openLink]
        case .aborted:
            throw SignalingError(.alreadyLoggedIn, "the session was aborted; log out before logging in again")
        case .connecting, .connected, .reconnecting:
            throw SignalingError(.alreadyLoggedIn, "already \(state.rawValue)")
        }
    }

    /// A reconnect delay elapsed.
    mutating func reconnectDue() -> [Action] {
        guard link == .none, state == .connecting || state == .connected || state == .reconnecting else { return [] }
        link = .opening
        return [.openLink]
    }

    /// The transport connected.
    mutating func linkOpened(at now: Timestamp) -> [Action] {
        guard link == .opening else { return [.closeLink] }
        link = .handshaking
        return [.sendHello(resume: session), .armHandshakeTimeout(now + timing.handshakeTimeout)]
    }

    /// The service did not answer the hello in time: drop the link and try again.
    mutating func handshakeTimedOut() -> [Action] {
        guard link == .handshaking else { return [] }
        link = .none
        return [.closeLink] + retryLater()
    }

    /// The transport could not connect.
    mutating func linkFailed() -> [Action] {
        guard link == .opening || link == .handshaking else { return [] }
        link = .none
        return retryLater()
    }

    /// The link ended (closed by either side, or found dead).
    mutating func linkLost(at now: Timestamp) -> [Action] {
        guard link != .none else { return [] }
        let wasUp = link == .up
        link = .none
        switch state {
        case .connected where wasUp:
            // Repair silently first and at once; the silence check reports reconnecting if it takes
            // too long. A link that never came up counts as a failed attempt (backoff), so a service
            // that ends every new link cannot make the client spin.
            return [.closeLink, .scheduleReconnect(.zero)]
        case .connected:
            return [.closeLink] + retryLater()
        case .connecting, .reconnecting:
            return [.closeLink] + retryLater()
        case .disconnected, .aborted:
            return [.closeLink]
        }
    }

    private mutating func retryLater() -> [Action] {
        guard state == .connecting || state == .connected || state == .reconnecting else { return [] }
        attempt += 1
        return [.scheduleReconnect(timing.reconnectDelay(attempt: attempt))]
    }

    /// Something arrived from the service. Only traffic on a link that is up shows the service is
    /// there; a refusal or a bye during a handshake does not.
    mutating func heard(at now: Timestamp) {
        if link == .up { lastInbound = now }
    }

    mutating func welcomed(_ welcome: Welcome, at now: Timestamp) -> [Action] {
        guard link == .handshaking else { return [] }
        link = .up
        lastInbound = now
        attempt = 0
        let replaced = sessionLost || (session != nil && !(welcome.resumed && welcome.session == session))
        session = welcome.session
        sessionLost = false
        let silence = Action.armSilenceCheck(now + timing.interruptedAfter)
        let pending: [Action] = replaced ? [.failPending(SignalingError(.disconnected, "the session was lost")), .sessionReplaced] : [.resendPending]
        switch state {
        case .connecting:
            state = .connected
            return [.report(.connected, .loginSuccess), .finishLogin(nil), silence]
        case .connected:
            return pending + [silence]
        case .reconnecting:
            state = .connected
            return [.report(.connected, .loginSuccess)] + pending + [silence]
        case .disconnected, .aborted:
            link = .none
            return [.closeLink]
        }
    }

    mutating func refused(_ error: SignalingError, at now: Timestamp) -> [Action] {
        guard link == .handshaking || link == .up else { return [] }
        link = .none
        switch state {
        case .connecting:
            state = .disconnected
            session = nil
            return [.report(.disconnected, .loginFailure), .finishLogin(error), .closeLink]
        case .connected, .reconnecting:
            if error.code == .service(.sessionExpired) {
                // Too late to resume: log in afresh at once.
                loseSession()
                return [.closeLink, .scheduleReconnect(.zero)]
            }
            return [.closeLink, .reconnectRefused(error)] + retryLater()
        case .disconnected, .aborted:
            return [.closeLink]
        }
    }

    mutating func byeReceived(_ bye: Bye, at now: Timestamp) -> [Action] {
        switch bye.reason {
        case .remoteLogin, .bannedByServer:
            return end(in: .aborted, reason: bye.reason == .remoteLogin ? .remoteLogin : .bannedByServer,
                       error: SignalingError(.disconnected, bye.message))
        case .loggedOut:
            return end(in: .disconnected, reason: .logout, error: SignalingError(.cancelled, "logged out"))
        case .tokenExpired:
            return end(in: .disconnected, reason: .tokenExpired, error: SignalingError(.tokenExpired, bye.message))
        case .sessionExpired, .protocolError:
            loseSession()
            return linkLost(at: now)
        case .serverShutdown:
            return linkLost(at: now)
        }
    }

    private mutating func loseSession() {
        if session != nil && isLoggedIn { sessionLost = true }
        session = nil
    }

    private mutating func end(in newState: ConnectionState, reason: ConnectionChangeReason, error: SignalingError) -> [Action] {
        guard state != .disconnected else { return [] }
        var actions: [Action] = []
        if state == .connecting {
            actions.append(.finishLogin(error))
        }
        state = newState
        session = nil
        sessionLost = false
        link = .none
        return actions + [.report(newState, reason), .closeLink, .failPending(error)]
    }

    /// The silence check armed by ``Action/armSilenceCheck(_:)`` fired.
    mutating func silenceCheck(at now: Timestamp) -> [Action] {
        guard state == .connected else { return [] }
        let due = lastInbound + timing.interruptedAfter
        guard now >= due else { return [.armSilenceCheck(due)] }
        state = .reconnecting
        var actions: [Action] = [.report(.reconnecting, .interrupted)]
        if link == .up || link == .handshaking {
            // The link looks up but has carried nothing: it is dead.
            link = .none
            actions += [.closeLink, .scheduleReconnect(.zero)]
        }
        return actions
    }

    mutating func loginTimedOut() -> [Action] {
        guard state == .connecting else { return [] }
        state = .disconnected
        link = .none
        session = nil
        return [.report(.disconnected, .loginTimeout),
                .finishLogin(SignalingError(.timeout, "not logged in within \(timing.loginTimeout)")),
                .closeLink]
    }

    /// The app logs out (after the logout request, if one could be sent, was answered or timed out).
    mutating func loggedOut() throws(SignalingError) -> [Action] {
        guard state != .disconnected else {
            throw SignalingError(.notLoggedIn, "not logged in")
        }
        return end(in: .disconnected, reason: .logout, error: SignalingError(.cancelled, "logged out"))
    }
}
