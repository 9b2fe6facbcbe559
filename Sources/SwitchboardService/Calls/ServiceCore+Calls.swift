import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

extension ServiceCore {
    /// What the service knows about invitees that the engine cannot look up: who has a session, and
    /// who is already in another call.
    private func status(of users: [UserID], in realm: Realm, besides call: CallID? = nil) -> [UserID: InviteeStatus] {
        var status: [UserID: InviteeStatus] = [:]
        let pushes = realm.configuration?.pushesOfflineInvitations ?? false
        for user in users {
            status[user] = InviteeStatus(isOnline: realm.hasSession(user), isBusy: realm.isBusy(user, besides: call),
                                         isReachableByPush: pushes, answersBusyWhileBusy: answersBusyWhileBusy(user, in: realm))
        }
        return status
    }

    /// Whether `user` logged in on a surface whose devices answer busy while in a call (Tencent's rule,
    /// ``TencentCallRules/answersBusyWhileBusy(loginSurface:)``).
    private func answersBusyWhileBusy(_ user: UserID, in realm: Realm) -> Bool {
        realm.sessions(of: user).contains { TencentCallRules.answersBusyWhileBusy(loginSurface: $0.surface) }
    }

    func startCall(
        _ invite: InviteRequest,
        from session: Session,
        in realm: Realm,
        at now: Timestamp,
        followUps: inout FollowUps
    ) -> Result<Reply, SignalingError> {
        let own = realm.callLoad(of: session.user).own
        guard own < configuration.maxActiveCallsPerUser else {
            return .failure(SignalingError(.tooManyCalls, "\(session.user) already has \(own) active calls"))
        }
        if let error = pendingInvitationsQuota(invite.invitees, in: realm) { return .failure(error) }
        // The trust boundary (docs/CALL-MODEL.md, "Profiles"): the policy
        // is built here from the profile and the SDK-level parameters, under the app's caps; the client
        // never sends one.
        let policy: CallPolicy
        do {
            policy = try realm.callRules.policy(invite.profile, invite.parameters)
        } catch {
            return .failure(SignalingError(error))
        }
        if invite.roomID?.isEmpty == true {
            return .failure(SignalingError(.call(.invalidArgument), "the room id is empty (omit it for none)"))
        }
        let id = CallID(makeIdentifier(prefix: "c", at: now))
        var inviteeStatus = status(of: invite.invitees, in: realm)
        // Glare (docs/CALL-MODEL.md, "Glare"): of two crossing calls the smaller id survives. The
        // new call normally has the larger one, and its invitee is rejected as glare without ringing.
        let crossing = crossingCall(from: session.user, to: invite.invitees, in: realm, at: now)
        let survivor = crossing.map { Glare.survivor($0, id) }
        if let crossing, survivor == crossing {
            for user in invite.invitees { inviteeStatus[user]?.losesGlare = true }
        }
        var invitation = Invitation(
            callID: id, from: session.endpoint, invitees: invite.invitees, mode: invite.mode,
            policy: policy, mediaType: invite.mediaType, roomID: invite.roomID,
            groupID: invite.groupID, payload: invite.payload, attachments: invite.attachments,
            inviteeStatus: inviteeStatus)
        // Kept with the call's internals: its pushes use its surface's layout (docs/SERVER.md, "Push").
        invitation.placedThrough = invite.profile.name
        let started: (engine: CallEngine, outcome: CallEngine.Outcome)
        do {
            started = try CallEngine.start(invitation, at: now, bounds: configuration.policyBounds)
        } catch {
            return .failure(SignalingError(error))
        }
        realm.calls[id] = started.engine
        realm.activity.callsStarted += 1
        recordCommand("invite", on: id, by: session, error: nil, in: realm, at: now)
        logger.debug("call \(id) created by \(session.endpoint)", metadata: ["invitees": "\(invite.invitees)"])
        deliverToBackend(.callCreated(app: realm.app, call: started.engine.call))
        if let crossing, survivor == id {
            loseGlare(crossing, to: session.user, in: realm, at: now, followUps: &followUps)
        }
        let call = commit(started.outcome.effects, of: id, in: realm, at: now, followUps: &followUps)
        reportOfflineInvitations(invite.invitees, of: call, in: realm)
        return .success(.call(call, skipped: []))
    }

    func act(
        _ action: CallAction,
        on id: CallID,
        from session: Session,
        in realm: Realm,
        at now: Timestamp,
        followUps: inout FollowUps
    ) -> Result<Reply, SignalingError> {
        expireOverdue(id, in: realm, at: now)
        guard let engine = realm.calls[id], realm.mayAct(on: engine.call, as: session.user, joining: action.isJoin) else {
            // A call the user is not part of does not exist for them (docs/SECURITY.md, "Calls"):
            // the same answer as for an unknown id.
            recordCommand(action.name, on: id, by: session, error: .noSuchCall(id), in: realm, at: now)
            return .failure(.noSuchCall(id))
        }
        let command: CallCommand
        switch action {
        case .cancel(let invitees, let data): command = .cancel(invitees: invitees, data: data)
        case .accept(let data): command = .accept(data: data)
        case .reject(let data, let reason): command = .reject(data: data, reason: reason)
        case .acknowledge: command = .acknowledgeDelivery
        case .confirm(let invitee): command = .confirmAccept(invitee: invitee)
        case .inviteMore(let invitees):
            if let error = pendingInvitationsQuota(invitees, besides: id, in: realm) {
                recordCommand(action.name, on: id, by: session, error: error, in: realm, at: now)
                return .failure(error)
            }
            command = .inviteMore(invitees: invitees, status: status(of: invitees, in: realm, besides: id))
        case .join(let data): command = .join(data: data)
        case .setMedia(let media): command = .setMedia(media)
        case .quit(let data): command = .quit(data: data)
        case .end(let data): command = .end(data: data)
        }
        let outcome: CallEngine.Outcome
        do {
            outcome = try realm.calls[id]!.handle(command, from: session.endpoint, at: now)
        } catch {
            recordCommand(action.name, on: id, by: session, error: SignalingError(error), in: realm, at: now)
            return .failure(SignalingError(error))
        }
        recordCommand(action.name, on: id, by: session, error: nil, in: realm, at: now)
        let call = commit(outcome.effects, of: id, in: realm, at: now, followUps: &followUps)
        switch action {
        case .acknowledge:
            if let invitedAt = call.participant(session.user)?.invitedAt {
                realm.activity.rang(after: .milliseconds(now.millisecondsSince1970 - invitedAt.millisecondsSince1970), at: now)
            }
        case .accept, .join:
            if call.participant(session.user)?.state.isInCall == true {
                deliverToBackend(.callAnswered(app: realm.app, call: call, user: session.user))
            }
        case .inviteMore(let invitees):
            reportOfflineInvitations(invitees, of: call, in: realm)
        default:
            break
        }
        let skipped = outcome.skipped.sorted { $0.key < $1.key }.map { SkippedUser(user: $0.key, error: SignalingError($0.value)) }
        return .success(.call(call, skipped: skipped))
    }

    /// The quota that protects an invitee (docs/SECURITY.md, "Quotas"): an invitee at whom the most
    /// invitations already ring refuses the whole request to the inviter, and nothing is created.
    private func pendingInvitationsQuota(_ invitees: [UserID], besides call: CallID? = nil, in realm: Realm) -> SignalingError? {
        let limit = configuration.maxPendingInvitationsPerUser
        for invitee in invitees {
            let ringing = realm.callLoad(of: invitee).ringing
            let alreadyHere = call.map { realm.activeCallsByUser[invitee]?.contains($0) == true } ?? false
            if ringing >= limit && !alreadyHere {
                return SignalingError(.tooManyCalls, "\(invitee) has \(ringing) invitations ringing; at most \(limit)")
            }
        }
        return nil
    }

    /// The admin operation: ends any call ("ended by server").
    func endCallByServer(_ id: CallID, in realm: Realm, at now: Timestamp) throws(SignalingError) {
        expireOverdue(id, in: realm, at: now)
        guard realm.calls[id] != nil else {
            throw SignalingError.noSuchCall(id)
        }
        let outcome: CallEngine.Outcome
        do {
            outcome = try realm.calls[id]!.endByServer(at: now)
        } catch {
            throw SignalingError(error)
        }
        recordService(.endedByAdmin, on: id, in: realm, at: now)
        commitNow(outcome.effects, of: id, in: realm, at: now)
        logger.info("call \(id) ended by the server")
    }

    /// Ends a call kept empty since the empty-call retention (an earlier timer of a call that was
    /// rejoined in between finds it busy again, or empty since later, and does nothing).
    func collectEmptyCall(_ id: CallID, in realm: Realm, at now: Timestamp) {
        guard let since = realm.emptyCalls[id], since + configuration.emptyCallRetention <= now,
              realm.calls[id] != nil else { return }
        do {
            let outcome = try realm.calls[id]!.endByServer(at: now)
            recordService(.collectedEmpty, on: id, in: realm, at: now)
            commitNow(outcome.effects, of: id, in: realm, at: now)
            logger.info("call \(id) collected: empty since \(since)")
        } catch {
            logger.error("collecting call \(id) failed: \(error)")
        }
    }

    /// Carries out a call's deadlines that are due but whose timer has not fired yet, so that a command
    /// at `now` never lands before something that happened earlier (the engine's contract).
    func expireOverdue(_ id: CallID, in realm: Realm, at now: Timestamp) {
        guard let due = realm.calls[id]?.call.nextDeadline, due <= now else { return }
        expireCall(id, in: realm, at: now)
    }

    /// A call's deadline fired.
    func expireCall(_ id: CallID, in realm: Realm, at time: Timestamp) {
        guard realm.calls[id] != nil else { return }
        let effects = realm.calls[id]!.expire(at: time)
        guard !effects.isEmpty else { return }
        recordService(.deadline, on: id, in: realm, at: time)
        commitNow(effects, of: id, in: realm, at: time)
    }

    /// A user got their first session or lost their last: every call they are in learns it.
    func callPresenceChanged(_ user: UserID, isOnline: Bool, in realm: Realm, at now: Timestamp) {
        for id in (realm.activeCallsByUser[user] ?? []).sorted() {
            expireOverdue(id, in: realm, at: now)
            guard realm.calls[id] != nil else { continue }
            let effects = realm.calls[id]!.presenceChanged(of: user, isOnline: isOnline, at: now)
            if effects.contains(where: { if case .notify = $0 { true } else { false } }) {
                recordService(.presenceChanged, on: id, in: realm, at: now)
            }
            commitNow(effects, of: id, in: realm, at: now)
        }
    }

    /// Invitations that ring for users with no device online go to the push hook.
    private func reportOfflineInvitations(_ invitees: [UserID], of call: Call, in realm: Realm) {
        guard backendEvents != nil else { return }
        for invitee in invitees where !realm.hasSession(invitee) && call.participant(invitee)?.state.isRinging == true {
            deliverToBackend(.offlineInvitation(app: realm.app, call: call, invitee: invitee))
        }
    }

    /// A device's session ended for good: calls whose policy says so take its participant out.
    func callDeviceGone(_ endpoint: Endpoint, in realm: Realm, at now: Timestamp) {
        for id in (realm.activeCallsByUser[endpoint.user] ?? []).sorted() {
            expireOverdue(id, in: realm, at: now)
            guard realm.calls[id] != nil else { continue }
            let effects = realm.calls[id]!.deviceGone(endpoint, at: now)
            if !effects.isEmpty {
                recordService(.deviceGone, on: id, in: realm, at: now)
                commitNow(effects, of: id, in: realm, at: now)
            }
        }
    }

    /// Carries out an engine transition that no request waits for: everything at once.
    private func commitNow(_ effects: [CallEffect], of id: CallID, in realm: Realm, at now: Timestamp) {
        var followUps = FollowUps()
        _ = commit(effects, of: id, in: realm, at: now, followUps: &followUps)
        followUps.actions.forEach { $0() }
    }

    /// Carries out an engine transition: records are stored and deadlines armed at once (before any
    /// response says the request succeeded); notifications are queued as follow-ups. Keeps the busy
    /// index in step and forgets the call once it has ended. Returns the call as it now is.
    func commit(
        _ effects: [CallEffect],
        of id: CallID,
        in realm: Realm,
        at now: Timestamp,
        followUps: inout FollowUps
    ) -> Call {
        planPushes(id, in: realm, at: now)
        guard let engine = realm.calls[id] else { preconditionFailure("committing effects of an unknown call \(id)") }
        var notifications: [(Recipient, CallNotification)] = []
        for effect in effects {
            switch effect {
            case .notify(let recipient, let note):
                notifications.append((recipient, note))
            case .record(let record):
                save(record, in: realm)
            case .armDeadline(let time):
                arm(.call(realm.app, id), at: time)
            }
        }
        realm.reindex(engine)
        keepLive(engine.call, in: realm)
        recordEvents(notifications, of: engine.call, in: realm, at: now)
        if engine.call.state.isEnded {
            deliverToBackend(.callEnded(app: realm.app, call: engine.call))
            realm.calls[id] = nil
            realm.emptyCalls[id] = nil
            logger.debug("call \(id) ended: \(engine.call.state)")
        } else if engine.call.participants.contains(where: { $0.state.isActive }) {
            realm.emptyCalls[id] = nil
        } else if realm.emptyCalls[id] == nil {
            // Kept by its policy with nobody in it: collected unless someone comes back in time.
            realm.emptyCalls[id] = now
            arm(.emptyCall(realm.app, id), at: now + configuration.emptyCallRetention)
        }
        if !notifications.isEmpty {
            followUps.then { [self] in
                // One body per distinct notification, encoded once for every session it reaches
                // (docs/ARCHITECTURE.md, "Event frames"): the engine tells each watcher of a change the
                // same notification, one after the other.
                var last: SharedEventBody?
                for (recipient, note) in notifications {
                    let body: SharedEventBody
                    if let last, case .call(let previous) = last.event, previous == note {
                        body = last
                    } else {
                        body = SharedEventBody(.call(note))
                        last = body
                    }
                    for session in sessions(for: recipient, in: realm) where delivers(note, to: session, in: realm) {
                        emit(body, to: session, at: now)
                    }
                }
            }
        }
        return engine.call
    }

    /// A new invitation rings only the sessions that ring for new invitations (``LoginPolicy/latestDevice``);
    /// everything else about a call reaches every session the engine names (a session that never showed
    /// the call ignores it).
    func delivers(_ note: CallNotification, to session: Session, in realm: Realm) -> Bool {
        if case .invited = note.kind { return realm.ringsForNewInvitations(session) }
        return true
    }

    private func sessions(for recipient: Recipient, in realm: Realm) -> [Session] {
        switch recipient {
        case .user(let user):
            return realm.sessions(of: user)
        case .device(let endpoint):
            return realm.sessions(of: endpoint.user).filter { $0.device == endpoint.device }
        case .userExcept(let endpoint):
            return realm.sessions(of: endpoint.user).filter { $0.device != endpoint.device }
        }
    }

    /// Stores a record, with the step's other writes (``writeStep()``). A record the store refuses is kept
    /// and retried with the next one, so it is late rather than lost (a newer record of the same owner and
    /// call replaces it in the queue, so a retry never overwrites newer data); the failure is logged. The
    /// queue is bounded: past ``pendingRecordLimit`` the oldest are dropped, loudly.
    private func save(_ record: CallRecord, in realm: Realm) {
        pendingRecords.removeAll { $0.0 == realm.app && $0.1.owner == record.owner && $0.1.callID == record.callID }
        pendingRecords.append((realm.app, record))
        if pendingRecords.count > Self.pendingRecordLimit {
            let dropped = pendingRecords.removeFirst()
            logger.critical("the record store keeps failing: dropped the record of call \(dropped.1.callID) for \(dropped.1.owner)")
        }
        outbox.recordsChanged = true
    }
}

extension SignalingError {
    /// The one answer for a call id that is unknown, ended, or not the asker's to see: they read alike,
    /// so a refusal reveals nothing about whether the call exists (docs/SECURITY.md, "Calls").
    static func noSuchCall(_ id: CallID) -> SignalingError {
        SignalingError(.call(.callNotFound), "no call \(id), or it has ended")
    }
}
