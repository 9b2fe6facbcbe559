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
    /// A link being set up: where the attempt is, and how many attempts before it failed in a row
    /// (the backoff exponent).
    struct Attempt: Hashable {
        enum Stage: Hashable {
            /// No link: the next attempt waits for ``reconnectDue()``.
            case waiting
            /// The transport is connecting.
            case opening
            /// Connected; the hello is out, the welcome not yet in.
            case handshaking
        }

        var stage: Stage
        var failures = 0
    }

    /// A logged-in session's link.
    enum Link: Hashable {
        case up
        case down(Attempt)
    }

    /// Logged in, and the service heard from lately: the link is up, or being repaired silently.
    struct Connected: Hashable {
        var link: Link
        /// The service's session, which a reconnect resumes; nil once lost (the service no longer has
        /// it), so that the next welcome replaces it.
        var session: SessionID?
        /// When anything last arrived from the service.
        var lastInbound: Timestamp
    }

    /// Logged in, but the service has been silent too long: the link is being set up again.
    struct Reconnecting: Hashable {
        var attempt: Attempt
        /// As in ``Connected/session``.
        var session: SessionID?
    }

    /// Where the connection is: one value, so that no flag can contradict another (a link up while
    /// logged out, a session kept while connecting, a backoff counted on a live link).
    enum Phase: Hashable {
        case disconnected
        /// Another login of the user, or a ban, ended the session; only a logout leaves this.
        case aborted
        /// Logging in: no session yet, the link is being set up.
        case connecting(Attempt)
        case connected(Connected)
        case reconnecting(Reconnecting)
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
    /// What `bye(tokenExpired)` does to a logged-in session.
    let tokenExpiry: TokenExpiryHandling
    private(set) var phase: Phase = .disconnected

    init(timing: ClientTiming, tokenExpiry: TokenExpiryHandling = .endsSession) {
        self.timing = timing
        self.tokenExpiry = tokenExpiry
    }

    /// The state the session reports.
    var state: ConnectionState {
        switch phase {
        case .disconnected: .disconnected
        case .aborted: .aborted
        case .connecting: .connecting
        case .connected: .connected
        case .reconnecting: .reconnecting
        }
    }

    /// The service's session, once logged in; a reconnect resumes it.
    var session: SessionID? {
        switch phase {
        case .connected(let connected): connected.session
        case .reconnecting(let reconnecting): reconnecting.session
        case .disconnected, .aborted, .connecting: nil
        }
    }

    /// When anything last arrived from the service (while connected).
    var lastInbound: Timestamp {
        if case .connected(let connected) = phase { connected.lastInbound } else { .zero }
    }

    /// Whether requests can go out now.
    var canSend: Bool {
        if case .connected(let connected) = phase { connected.link == .up } else { false }
    }

    /// Whether the session is logged in, even if its link is down for now.
    var isLoggedIn: Bool {
        switch phase {
        case .connected, .reconnecting: true
        case .disconnected, .aborted, .connecting: false
        }
    }

    /// Whether the transport is connecting (a link that connects now is the one wanted).
    var isOpeningLink: Bool { attempt?.stage == .opening }

    /// The link being set up, in a phase that has one (nil when the link is up, or there is no link to
    /// have). Setting it on a connected session whose link was up takes the link down.
    private var attempt: Attempt? {
        get {
            switch phase {
            case .connecting(let attempt): attempt
            case .connected(let connected): if case .down(let attempt) = connected.link { attempt } else { nil }
            case .reconnecting(let reconnecting): reconnecting.attempt
            case .disconnected, .aborted: nil
            }
        }
        set {
            guard let newValue else { return }
            switch phase {
            case .connecting: phase = .connecting(newValue)
            case .connected(var connected):
                connected.link = .down(newValue)
                phase = .connected(connected)
            case .reconnecting(var reconnecting):
                reconnecting.attempt = newValue
                phase = .reconnecting(reconnecting)
            case .disconnected, .aborted: break
            }
        }
    }

    // MARK: - Inputs

    mutating func loginRequested(at now: Timestamp) throws(SignalingError) -> [Action] {
        switch phase {
        case .disconnected:
            phase = .connecting(Attempt(stage: .opening))
            return [.report(.connecting, .login), .armLoginTimeout(now + timing.loginTimeout), .openLink]
        case .aborted:
            throw SignalingError(.alreadyLoggedIn, "the session was aborted; log out before logging in again")
        case .connecting, .connected, .reconnecting:
            throw SignalingError(.alreadyLoggedIn, "already \(state.rawValue)")
        }
    }

    /// A reconnect delay elapsed.
    mutating func reconnectDue() -> [Action] {
        guard var next = attempt, next.stage == .waiting else { return [] }
        next.stage = .opening
        attempt = next
        return [.openLink]
    }

    /// The transport connected.
    mutating func linkOpened(at now: Timestamp) -> [Action] {
        guard var next = attempt, next.stage == .opening else { return [.closeLink] }
        next.stage = .handshaking
        attempt = next
        return [.sendHello(resume: session), .armHandshakeTimeout(now + timing.handshakeTimeout)]
    }

    /// The service did not answer the hello in time: drop the link and try again.
    mutating func handshakeTimedOut() -> [Action] {
        guard attempt?.stage == .handshaking else { return [] }
        dropLink()
        return [.closeLink] + retryLater()
    }

    /// The transport could not connect, for `error`. A login whose transport is misconfigured (an
    /// invalid server URL) fails at once: no attempt can succeed.
    mutating func linkFailed(_ error: SignalingError? = nil) -> [Action] {
        guard let stage = attempt?.stage, stage == .opening || stage == .handshaking else { return [] }
        if case .connecting = phase, let error, error.code == .service(.invalidServerURL) {
            phase = .disconnected
            return [.report(.disconnected, .loginFailure), .finishLogin(error), .closeLink]
        }
        dropLink()
        return retryLater()
    }

    /// The link ended (closed by either side, or found dead).
    mutating func linkLost(at now: Timestamp) -> [Action] {
        if case .connected(let connected) = phase, connected.link == .up {
            // Repair silently first and at once; the silence check reports reconnecting if it takes
            // too long. A link that never came up counts as a failed attempt (backoff), so a service
            // that ends every new link cannot make the client spin.
            dropLink()
            return [.closeLink, .scheduleReconnect(.zero)]
        }
        guard let stage = attempt?.stage, stage != .waiting else { return [] }
        dropLink()
        return [.closeLink] + retryLater()
    }

    /// The link is gone: the next attempt waits for ``reconnectDue()``. The failures so far count on
    /// (none after a link that was up).
    private mutating func dropLink() {
        var next = attempt ?? Attempt(stage: .waiting)
        next.stage = .waiting
        attempt = next
    }

    private mutating func retryLater() -> [Action] {
        guard var next = attempt else { return [] }
        next.failures += 1
        attempt = next
        return [.scheduleReconnect(timing.reconnectDelay(attempt: next.failures))]
    }

    /// Something arrived from the service. Only traffic on a link that is up shows the service is
    /// there; a refusal or a bye during a handshake does not.
    mutating func heard(at now: Timestamp) {
        guard case .connected(var connected) = phase, connected.link == .up else { return }
        connected.lastInbound = now
        phase = .connected(connected)
    }

    mutating func welcomed(_ welcome: Welcome, at now: Timestamp) -> [Action] {
        guard attempt?.stage == .handshaking else { return [] }
        let silence = Action.armSilenceCheck(now + timing.interruptedAfter)
        let previous = phase
        phase = .connected(Connected(link: .up, session: welcome.session, lastInbound: now))
        switch previous {
        case .connecting:
            return [.report(.connected, .loginSuccess), .finishLogin(nil), silence]
        case .connected(let connected):
            return pending(resuming: connected.session, with: welcome) + [silence]
        case .reconnecting(let reconnecting):
            return [.report(.connected, .loginSuccess)] + pending(resuming: reconnecting.session, with: welcome) + [silence]
        case .disconnected, .aborted:
            // No link to be welcomed on (the guard above); kept for the compiler.
            phase = previous
            return [.closeLink]
        }
    }

    /// What happens to the requests waiting for an answer once a logged-in session is welcomed again:
    /// re-sent when the welcome resumed `session`, failed when a fresh session replaced it (or a lost
    /// one, nil).
    private func pending(resuming session: SessionID?, with welcome: Welcome) -> [Action] {
        if let session, welcome.resumed && welcome.session == session { return [.resendPending] }
        return [.failPending(SignalingError(.disconnected, "the session was lost")), .sessionReplaced]
    }

    mutating func refused(_ error: SignalingError, at now: Timestamp) -> [Action] {
        guard attempt?.stage == .handshaking || canSend else { return [] }
        switch phase {
        case .connecting:
            phase = .disconnected
            return [.report(.disconnected, .loginFailure), .finishLogin(error), .closeLink]
        case .connected, .reconnecting:
            dropLink()
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
        case .tokenExpired where tokenExpiry == .reconnects && isLoggedIn:
            return reconnectAfterLostSession()
        case .tokenExpired:
            return end(in: .disconnected, reason: .tokenExpired, error: SignalingError(.tokenExpired, bye.message))
        case .sessionExpired, .protocolError:
            loseSession()
            return linkLost(at: now)
        case .serverShutdown:
            return linkLost(at: now)
        }
    }

    /// The service ended the session, and the client logs in afresh on its own (``TokenExpiryHandling/reconnects``):
    /// reconnecting at once, since the service said the session is over; the requests waiting for an
    /// answer fail when a fresh session is welcomed.
    private mutating func reconnectAfterLostSession() -> [Action] {
        let report: [Action] = if case .connected = phase { [.report(.reconnecting, .interrupted)] } else { [] }
        phase = .reconnecting(Reconnecting(attempt: Attempt(stage: .waiting), session: nil))
        return report + [.closeLink, .scheduleReconnect(.zero)]
    }

    /// The service no longer has the session: the next welcome replaces it.
    private mutating func loseSession() {
        switch phase {
        case .connected(var connected):
            connected.session = nil
            phase = .connected(connected)
        case .reconnecting(var reconnecting):
            reconnecting.session = nil
            phase = .reconnecting(reconnecting)
        case .disconnected, .aborted, .connecting:
            break
        }
    }

    /// Ends the session in `newState` (``ConnectionState/disconnected`` or ``ConnectionState/aborted``).
    private mutating func end(in newState: ConnectionState, reason: ConnectionChangeReason, error: SignalingError) -> [Action] {
        guard phase != .disconnected else { return [] }
        var actions: [Action] = []
        if case .connecting = phase {
            actions.append(.finishLogin(error))
        }
        phase = newState == .aborted ? .aborted : .disconnected
        return actions + [.report(newState, reason), .closeLink, .failPending(error)]
    }

    /// The silence check armed by ``Action/armSilenceCheck(_:)`` fired.
    mutating func silenceCheck(at now: Timestamp) -> [Action] {
        guard case .connected(let connected) = phase else { return [] }
        let due = connected.lastInbound + timing.interruptedAfter
        guard now >= due else { return [.armSilenceCheck(due)] }
        var actions: [Action] = [.report(.reconnecting, .interrupted)]
        var next: Attempt
        switch connected.link {
        case .up:
            // The link looks up but has carried nothing: it is dead.
            next = Attempt(stage: .waiting)
            actions += [.closeLink, .scheduleReconnect(.zero)]
        case .down(let attempt) where attempt.stage == .handshaking:
            // As dead: the service has not answered the hello either.
            next = attempt
            next.stage = .waiting
            actions += [.closeLink, .scheduleReconnect(.zero)]
        case .down(let attempt):
            next = attempt
        }
        phase = .reconnecting(Reconnecting(attempt: next, session: connected.session))
        return actions
    }

    mutating func loginTimedOut() -> [Action] {
        guard case .connecting = phase else { return [] }
        phase = .disconnected
        return [.report(.disconnected, .loginTimeout),
                .finishLogin(SignalingError(.timeout, "not logged in within \(timing.loginTimeout)")),
                .closeLink]
    }

    /// The app logs out (after the logout request, if one could be sent, was answered or timed out).
    mutating func loggedOut() throws(SignalingError) -> [Action] {
        guard phase != .disconnected else {
            throw SignalingError(.notLoggedIn, "not logged in")
        }
        return end(in: .disconnected, reason: .logout, error: SignalingError(.cancelled, "logged out"))
    }
}
