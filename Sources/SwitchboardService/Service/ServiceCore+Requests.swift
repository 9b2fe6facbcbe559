import SwitchboardCore
import SwitchboardWire

/// Work a request leaves for after its response: events it caused go out after the requester has its
/// answer (so a caller's client sees "sent" before "received by peer"), and a logout ends the session
/// after its response.
struct FollowUps {
    var actions: [() -> Void] = []

    mutating func then(_ action: @escaping () -> Void) {
        actions.append(action)
    }
}

extension ServiceCore {
    /// Answers a request, at most once per request id: a re-sent request (same id, after a reconnect)
    /// gets the stored response and is not executed again.
    func handle(_ request: Request, from session: Session, in realm: Realm, at now: Timestamp, isAdmitted: Bool = false) {
        guard let connection = session.connection else { return }
        if let previous = session.responses[request.id] {
            send(.response(previous), to: connection)
            return
        }
        // Shed: refused at once and not remembered, so the same request may be sent again later
        // (docs/SERVER.md, "Overload"). A new call the transport's door admitted is not asked about again.
        guard isAdmitted || loadShedding.admits(request.operation) else {
            realm.activity.refused(LoadShedding.refusal.code)
            send(.response(Response(id: request.id, result: .failure(LoadShedding.refusal))), to: connection)
            return
        }
        var followUps = FollowUps()
        let result = execute(request.operation, from: session, in: realm, at: now, followUps: &followUps)
        let response = Response(id: request.id, result: result)
        session.remember(response, limit: configuration.responseMemory)
        if case .failure(let error) = result {
            realm.activity.refused(error.code)
            logger.debug("\(request.operation.name) from \(session.endpoint) failed: \(error)")
        }
        // Echoes in the reply (docs/DECISIONS.md): the follow-ups run before the response, which carries the
        // session's events that it can; the rest follow it.
        if session.echoesInReply, case .success(.call(let call, _)) = result, !followUps.actions.isEmpty {
            echoFold = EchoFold(session: session, call: call)
        } else {
            send(.response(response), to: connection)
        }
        for action in followUps.actions {
            action()
        }
        guard let fold = echoFold else { return }
        echoFold = nil
        send(.response(Response(id: response.id, result: result, echoes: fold.echoes)), to: connection)
        for envelope in fold.after {
            send(.event(envelope), to: connection)
        }
    }

    private func execute(
        _ operation: ServiceOperation,
        from session: Session,
        in realm: Realm,
        at now: Timestamp,
        followUps: inout FollowUps
    ) -> Result<Reply, SignalingError> {
        switch operation {
        case .logout:
            // Logging out for good: the device no longer wants pushes (docs/SERVER.md, "Push").
            unregisterPush(of: session, platform: nil, in: realm)
            followUps.then { [self] in
                if let connection = session.connection {
                    send(.bye(Bye(reason: .loggedOut, message: "logged out")), to: connection)
                }
                endSession(session, in: realm, reason: .loggedOut, at: now)
            }
            return .success(.empty)
        case .renewToken(let token):
            return renewToken(token, for: session, in: realm, at: now)
        case .invite(let invite):
            return startCall(invite, from: session, in: realm, at: now, followUps: &followUps)
        case .call(let id, let action):
            return act(action, on: id, from: session, in: realm, at: now, followUps: &followUps)
        case .getCall(let id):
            expireOverdue(id, in: realm, at: now)
            guard let engine = realm.calls[id], realm.mayAct(on: engine.call, as: session.user, joining: false) else {
                return .failure(.noSuchCall(id))
            }
            return .success(.call(engine.call, skipped: []))
        case .activeCalls(let query):
            return activeCalls(query, for: session, in: realm)
        case .callRecords(let query):
            return callRecords(query, for: session, in: realm)
        case .deleteRecords(let calls):
            return deleteRecords(calls, for: session, in: realm)
        case .sendMessage(let message):
            return sendPeerMessage(message, from: session, in: realm, at: now, followUps: &followUps)
        case .queryPresence(let users):
            return queryPresence(users, in: realm)
        case .subscribePresence(let users):
            return subscribePresence(users, session: session, in: realm)
        case .unsubscribePresence(let users):
            unsubscribe(session, from: users, in: realm)
            return .success(.empty)
        case .joinChannel(let channel):
            return joinChannel(channel, session: session, in: realm, at: now, followUps: &followUps)
        case .leaveChannel(let channel):
            guard session.channels.contains(channel) else {
                return .failure(SignalingError(.notInChannel, "not a member of channel \(channel)"))
            }
            let notices = leaveChannel(channel, session: session, in: realm, at: now)
            followUps.then { [self] in notices.forEach { emit($0.event, to: $0.session, at: now) } }
            return .success(.empty)
        case .channelMembers(let channel):
            guard session.channels.contains(channel) else {
                return .failure(SignalingError(.notInChannel, "not a member of channel \(channel)"))
            }
            return .success(.members((realm.channels[channel] ?? [:]).keys.sorted()))
        case .sendChannelMessage(let channel, let content):
            return sendChannelMessage(content, to: channel, from: session, in: realm, at: now, followUps: &followUps)
        case .setMultiDevice(let enable):
            session.ringsOnEveryDevice = enable
            return .success(.empty)
        case .setProfile(let nickname, let avatarURL, let extendedData):
            return setProfile(nickname: nickname, avatarURL: avatarURL, extendedData: extendedData, for: session,
                              in: realm, at: now, followUps: &followUps)
        case .queryProfiles(let users):
            return queryProfiles(users, in: realm)
        case .setUserAttributes(let change, let limits):
            return setUserAttributes(change, limits: limits, for: session, in: realm)
        case .getUserAttributes(let user, let keys):
            return userAttributes(of: user, keys: keys, in: realm)
        case .setChannelAttributes(let channel, let change, let notify, let limits):
            return setChannelAttributes(change, of: channel, notify: notify, limits: limits, from: session, in: realm,
                                        at: now, followUps: &followUps)
        case .getChannelAttributes(let channel, let keys):
            return channelAttributes(of: channel, keys: keys, in: realm)
        case .channelMemberCounts(let channels):
            return memberCounts(of: channels, in: realm)
        case .presenceSubscriptions:
            return .success(.users(session.subscriptions.sorted()))
        case .registerPush(let request):
            return registerPush(request, for: session, in: realm, at: now)
        case .unregisterPush(let platform):
            do {
                unregisterPush(of: session, platform: try PushTokenValidation.platform(platform), in: realm)
            } catch {
                return .failure(error)
            }
            return .success(.empty)
        case .joinRoom(let groupID, let roomID, let data):
            return joinRoom(groupID: groupID, roomID: roomID, data: data, from: session, in: realm, at: now, followUps: &followUps)
        }
    }

    private func deleteRecords(_ calls: [CallID], for session: Session, in realm: Realm) -> Result<Reply, SignalingError> {
        guard calls.count <= 100 else {
            return .failure(SignalingError(.invalidRequest, "\(calls.count) calls; at most 100 per delete"))
        }
        writeStep()
        do {
            return .success(.deletedRecords(try store.deleteRecords(app: realm.app, owner: session.user, calls: calls)))
        } catch {
            logger.error("record store failed: \(error)")
            return .failure(SignalingError(.internalError, "the record store failed"))
        }
    }

    private func callRecords(_ query: RecordQuery, for session: Session, in realm: Realm) -> Result<Reply, SignalingError> {
        callRecords(query, of: session.user, app: realm.app)
    }

    /// A page of `user`'s records (a session's `call.records`, and the admin API's).
    func callRecords(_ query: RecordQuery, of user: UserID, app: AppID) -> Result<Reply, SignalingError> {
        guard (1...100).contains(query.limit) else {
            return .failure(SignalingError(.invalidRequest, "limit must be 1 to 100, not \(query.limit)"))
        }
        // The store answers with what the step wrote before, too (a batch of frames is one step).
        writeStep()
        do {
            let cursor = try query.cursor.map { (text) throws(SignalingError) in try RecordCursor(encoded: text) }
            let page = try store.records(app: app, owner: user, after: cursor, limit: query.limit)
            return .success(.records(RecordPage(records: page.records, nextCursor: page.next?.encoded)))
        } catch let error as SignalingError {
            return .failure(error)
        } catch {
            logger.error("record store failed: \(error)")
            return .failure(SignalingError(.internalError, "the record store failed"))
        }
    }
}
