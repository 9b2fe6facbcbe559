import SwitchboardCore
import SwitchboardWire

extension ServiceCore {
    /// The realm a vendor app id logs in to: the configured app that lists it, or in development mode
    /// the one shared realm.
    func realm(forVendorApp vendorID: String) -> Realm? {
        if configuration.isDevelopmentMode { return realms[.development] }
        guard let app = appsByVendorID[vendorID] else { return nil }
        return realms[app.id]
    }

    func refuse(_ error: SignalingError, on connection: ConnectionID) {
        logger.info("refused a hello: \(error)")
        send(.refused(error), to: connection)
        disconnect(connection)
    }

    /// Checks what every hello must satisfy and verifies its token.
    private func admit(_ hello: Hello) throws(SignalingError) -> Realm {
        guard hello.version == wireProtocolVersion else {
            throw SignalingError(.unsupportedVersion, "protocol version \(hello.version) is not supported; this service speaks \(wireProtocolVersion)")
        }
        guard hello.user.isValid else {
            throw SignalingError(.invalidUserID, "user id \(String(reflecting: hello.user.rawValue)) must be 1 to \(UserID.maximumLength) bytes of printable ASCII")
        }
        guard hello.device.isValid else {
            throw SignalingError(.invalidDeviceID, "device id \(String(reflecting: hello.device.rawValue)) must be 1 to 128 bytes of printable ASCII")
        }
        guard let realm = realm(forVendorApp: hello.app) else {
            throw SignalingError(.unknownApp, "no app is configured for \(String(reflecting: hello.app))")
        }
        return realm
    }

    private func verifyToken(_ hello: Hello, realm: Realm, at now: Timestamp) throws(SignalingError) -> TokenGrant {
        let grant = try verifier.verify(token: hello.token, user: hello.user, app: realm.configuration,
                                        vendorApp: hello.app, surface: hello.surface, at: now)
        if let expiry = grant.expiresAt, expiry <= now {
            throw SignalingError(.tokenExpired, "the token expired at \(expiry)")
        }
        return grant
    }

    // MARK: - Login

    func login(_ hello: Hello, on connection: ConnectionID, at now: Timestamp) {
        let realm: Realm
        let grant: TokenGrant
        do {
            realm = try admit(hello)
            grant = try verifyToken(hello, realm: realm, at: now)
        } catch {
            refuse(error, on: connection)
            return
        }
        var policy = hello.loginPolicy
        if realm.configuration?.loginPolicyCap == .singleDevice { policy = .singleDevice }

        // A new login replaces the same device's session; a single-device login replaces every other
        // session of the user, and sessions that asked for exclusivity give way to any newer login.
        let existing = realm.sessions(of: hello.user)
        let replaced = existing.filter { old in
            old.device == hello.device || policy == .singleDevice || old.loginPolicy == .singleDevice
        }
        if existing.count - replaced.count + 1 > configuration.maxSessionsPerUser {
            refuse(SignalingError(.tooManySessions, "\(hello.user) already has \(existing.count) sessions"), on: connection)
            return
        }

        let previousPresence = realm.presence(of: hello.user)
        let wasPresent = realm.hasSession(hello.user)
        let session = Session(
            id: SessionID(rawValue: makeIdentifier(prefix: "s", at: now)), app: realm.app,
            endpoint: Endpoint(user: hello.user, device: hello.device), vendorApp: hello.app, loginPolicy: policy,
            surface: hello.surface, at: now)
        session.connection = connection
        session.echoesInReply = hello.echoesInReply
        session.tokenExpiresAt = grant.expiresAt
        let lead = hello.tokenWarningLead ?? Hello.defaultTokenWarningLead
        session.tokenWarningLead = lead > .zero ? lead : nil
        realm.sessions[session.id] = session
        realm.sessionsByUser[hello.user, default: []].append(session.id)
        links[connection]?.session = (realm.app, session.id)
        registerOnFirstLogin(hello.user, in: realm)

        send(.welcome(Welcome(session: session.id, resumed: false, serverTime: now,
                              heartbeatInterval: configuration.heartbeatInterval,
                              tokenExpiresAt: grant.expiresAt, compactEvents: hello.compactEvents,
                              echoesInReply: hello.echoesInReply)), to: connection)
        logger.info("\(hello.user) logged in", metadata: [
            "device": "\(hello.device)", "session": "\(session.id)", "policy": "\(policy.rawValue)",
            "surface": "\(hello.surface ?? "-")",
        ])

        for old in replaced {
            if let oldConnection = old.connection {
                send(.bye(Bye(reason: .remoteLogin, message: "\(hello.user) logged in on device \(hello.device)")), to: oldConnection)
            }
            endSession(old, in: realm, reason: .remoteLogin, at: now)
        }

        armLiveness(session, at: now)
        armTokenTimers(session, at: now)
        presenceMayHaveChanged(hello.user, from: previousPresence, in: realm, at: now)
        if !wasPresent {
            callPresenceChanged(hello.user, isOnline: true, in: realm, at: now)
        }
        catchUp(session, in: realm, at: now)
        deliverOfflineMessages(to: session, in: realm, at: now)
    }

    /// A new session learns what it missed: invitations still ringing for its user, the calls its
    /// device is in.
    private func catchUp(_ session: Session, in realm: Realm, at now: Timestamp) {
        let calls = (realm.activeCallsByUser[session.user] ?? []).compactMap { realm.calls[$0] }
        for engine in calls.sorted(by: { $0.call.createdAt < $1.call.createdAt }) {
            for note in engine.catchUp(for: session.endpoint) where delivers(note, to: session, in: realm) {
                emit(.call(note), to: session, at: now)
            }
        }
    }

    // MARK: - Resume

    func resume(_ hello: Hello, on connection: ConnectionID, at now: Timestamp) {
        guard let resume = hello.resume else { return }
        let realm: Realm
        do {
            realm = try admit(hello)
        } catch {
            refuse(error, on: connection)
            return
        }
        let endpoint = Endpoint(user: hello.user, device: hello.device)
        let grant: TokenGrant
        do {
            grant = try verifyToken(hello, realm: realm, at: now)
        } catch {
            refuse(error, on: connection)
            return
        }
        if let tombstone = realm.tombstones[resume.session], tombstone.endpoint == endpoint {
            // The session was ended while the client was away (another login took its place): say so,
            // rather than inviting a fresh login that would end the other session in turn.
            send(.bye(Bye(reason: tombstone.reason, message: "the session ended while the client was away")), to: connection)
            disconnect(connection)
            return
        }
        guard let session = realm.sessions[resume.session], session.endpoint == endpoint else {
            refuse(SignalingError(.sessionExpired, "session \(resume.session) is unknown or past its grace period"), on: connection)
            return
        }
        guard let missed = session.events(after: resume.lastSequence) else {
            refuse(SignalingError(.sessionExpired, "events after \(resume.lastSequence) are no longer kept; log in afresh"), on: connection)
            if let old = session.connection { disconnect(old) }
            endSession(session, in: realm, reason: .sessionExpired, at: now)
            return
        }
        if let old = session.connection, old != connection {
            // The client noticed the dead link before the service did.
            disconnect(old)
        }
        session.acknowledge(resume.lastSequence)
        session.connection = connection
        session.echoesInReply = hello.echoesInReply
        links[connection]?.session = (realm.app, session.id)
        if grant.expiresAt != session.tokenExpiresAt {
            session.tokenExpiresAt = grant.expiresAt
            armTokenTimers(session, at: now)
        }
        send(.welcome(Welcome(session: session.id, resumed: true, serverTime: now,
                              heartbeatInterval: configuration.heartbeatInterval,
                              tokenExpiresAt: session.tokenExpiresAt, compactEvents: hello.compactEvents,
                              echoesInReply: hello.echoesInReply)), to: connection)
        heard(from: session, in: realm, at: now)
        for envelope in missed {
            send(.event(envelope), to: connection)
        }
        logger.debug("session \(session.id) resumed, \(missed.count) events replayed", metadata: ["user": "\(session.user)"])
    }

    // MARK: - Ending sessions

    /// Removes a session for good (logout, replaced by another login, silent past the grace period,
    /// its token expired, protocol error). Any frame owed to the client (a bye) must be sent before.
    func endSession(_ session: Session, in realm: Realm, reason: Bye.Reason, at now: Timestamp) {
        guard realm.sessions[session.id] != nil else { return }
        let previousPresence = realm.presence(of: session.user)
        realm.sessions[session.id] = nil
        realm.sessionsByUser[session.user]?.removeAll { $0 == session.id }
        if realm.sessionsByUser[session.user]?.isEmpty == true { realm.sessionsByUser[session.user] = nil }
        // A late resume is told why the session ended when another login or a ban ended it. After a
        // logout, a silence past the grace or an expired token nothing is kept: the client logs in
        // afresh, with a valid token (docs/SECURITY.md, "Tokens").
        if ![.loggedOut, .sessionExpired, .tokenExpired].contains(reason) {
            realm.tombstones[session.id] = (session.endpoint, reason)
            arm(.tombstone(realm.app, session.id), at: now + configuration.offlineAfter)
        }
        if let connection = session.connection {
            session.connection = nil
            disconnect(connection)
        }
        for channel in session.channels.sorted() {
            for notice in leaveChannel(channel, session: session, in: realm, at: now) {
                emit(notice.event, to: notice.session, at: now)
            }
        }
        unsubscribe(session, from: session.subscriptions, in: realm)
        logger.info("session \(session.id) of \(session.user) ended: \(reason.rawValue)")
        callDeviceGone(session.endpoint, in: realm, at: now)
        presenceMayHaveChanged(session.user, from: previousPresence, in: realm, at: now)
        if !realm.hasSession(session.user) {
            // A user's attributes live as long as the user has a session (docs/CALL-MODEL.md, "Attributes").
            dropUserAttributes(of: session.user, in: realm)
            callPresenceChanged(session.user, isOnline: false, in: realm, at: now)
        }
    }

    // MARK: - Liveness

    /// The session sent something: it is alive.
    func heard(from session: Session, in realm: Realm, at now: Timestamp) {
        session.lastSeen = now
        if session.isUnreachable {
            let previous = realm.presence(of: session.user)
            session.isUnreachable = false
            presenceMayHaveChanged(session.user, from: previous, in: realm, at: now)
            armLiveness(session, at: now)
        }
    }

    func armLiveness(_ session: Session, at now: Timestamp) {
        let threshold = session.isUnreachable ? configuration.offlineAfter : configuration.unreachableAfter
        let due = session.lastSeen + threshold
        if let armed = session.livenessDeadline, armed <= due, armed > now { return }
        session.livenessDeadline = due
        arm(.liveness(session.app, session.id), at: due)
    }

    /// A liveness deadline fired: the session may have gone unreachable, or be gone. Only the
    /// session's current liveness deadline counts; earlier ones it replaced do nothing.
    func checkLiveness(_ id: SessionID, in realm: Realm, at now: Timestamp) {
        guard let session = realm.sessions[id], session.livenessDeadline == now else { return }
        session.livenessDeadline = nil
        if session.lastSeen + configuration.offlineAfter <= now {
            logger.info("session \(id) of \(session.user) silent for \(configuration.offlineAfter): gone")
            endSession(session, in: realm, reason: .sessionExpired, at: now)
            return
        }
        if !session.isUnreachable, session.lastSeen + configuration.unreachableAfter <= now {
            let previous = realm.presence(of: session.user)
            session.isUnreachable = true
            presenceMayHaveChanged(session.user, from: previous, in: realm, at: now)
        }
        armLiveness(session, at: now)
    }

    // MARK: - Tokens

    /// Arms the session's token timers: the warning at the lead its surface named, and the end at the
    /// expiry plus the service's grace (docs/SECURITY.md, "Tokens"). A session without an expiry has
    /// neither.
    func armTokenTimers(_ session: Session, at now: Timestamp) {
        guard let expiry = session.tokenExpiresAt else {
            session.tokenWarningAt = nil
            session.tokenExpiryAt = nil
            return
        }
        // The lead is the surface's (DECISIONS.md, "Timers (owner, value)"). Less than the lead left (or
        // none): warn at once, as ZIM does right after such a login.
        if let lead = session.tokenWarningLead {
            let warning = max(now, expiry - lead)
            if session.tokenWarningAt != warning {
                session.tokenWarningAt = warning
                arm(.tokenWarning(session.app, session.id), at: warning)
            }
        }
        let end = expiry + configuration.tokenExpiryGrace
        if session.tokenExpiryAt != end {
            session.tokenExpiryAt = end
            arm(.tokenExpiry(session.app, session.id), at: end)
        }
    }

    func tokenTimerFired(_ target: Deadline.Target, at time: Timestamp, in realm: Realm) {
        switch target {
        case .tokenWarning(_, let id):
            guard let session = realm.sessions[id], session.tokenWarningAt == time, let expiry = session.tokenExpiresAt else {
                return
            }
            session.tokenWarningAt = nil
            emit(.tokenWillExpire(expiresAt: expiry), to: session, at: time)
        case .tokenExpiry(_, let id):
            // Only the session's current expiry counts: a renewal re-armed it, and the one it replaced
            // does nothing.
            guard let session = realm.sessions[id], session.tokenExpiryAt == time else { return }
            session.tokenExpiryAt = nil
            endForExpiredToken(session, in: realm, at: time)
        default:
            break
        }
    }

    /// The session's token ran out (and the grace after it) without a renewal: the service ends the
    /// session, attached or not. A connected client is told why; the session's calls are left as a
    /// lost link leaves them, and nothing is kept for a resume (docs/SECURITY.md, "Tokens").
    private func endForExpiredToken(_ session: Session, in realm: Realm, at now: Timestamp) {
        let expiry = session.tokenExpiresAt.map { "\($0)" } ?? "-"
        logger.info("session \(session.id) of \(session.user): token expired at \(expiry), not renewed")
        if let connection = session.connection {
            send(.bye(Bye(reason: .tokenExpired, message: "the token expired at \(expiry) and was not renewed")), to: connection)
        }
        endSession(session, in: realm, reason: .tokenExpired, at: now)
    }

    /// Replaces a session's token.
    func renewToken(_ token: String, for session: Session, in realm: Realm, at now: Timestamp) -> Result<Reply, SignalingError> {
        do {
            let grant = try verifier.verify(token: token, user: session.user, app: realm.configuration,
                                            vendorApp: session.vendorApp,
                                            surface: session.surface, at: now)
            if let expiry = grant.expiresAt, expiry <= now {
                return .failure(SignalingError(.tokenExpired, "the token expired at \(expiry)"))
            }
            session.tokenExpiresAt = grant.expiresAt
            armTokenTimers(session, at: now)
            return .success(.token(expiresAt: grant.expiresAt))
        } catch {
            return .failure(error)
        }
    }
}
