import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// Call invitations (`AgoraRtmCallKit`): one service call per local invitation, in general mode with
/// the Agora profile's rules (``AgoraCallRules``, applied by the service). Which misuse gives which
/// `InvitationApiCallErrorCode` (docs/AGORA.md, "Misuse codes"):
///
/// | Call | State | Code |
/// |---|---|---|
/// | send | content or response over 8 KB, channel id over 64 bytes, invalid callee id | `invalidAugment` |
/// | send | already sent, not ended | `alreadySent` |
/// | send, cancel | ended (accepted, refused, canceled, failed) | `alreadyEnd` |
/// | cancel | never sent | `notStarted` |
/// | accept | accept already sent or accepted | `alreadyAccept` |
/// | refuse | accept in flight | `alreadyAccept` |
/// | accept, refuse | ended (accepted counts for refuse), or an invitation the SDK did not create | `alreadyEnd` / `notStarted` |
///
/// `send` while not logged in completes with `ok`, then fails with `notLoggedIn` (docs/AGORA.md,
/// "Sending while logged out"); `send` to an overloaded server completes with `ok`, then fails at once
/// with `remoteNoResponse` (docs/AGORA.md, "Overloaded server").
extension RTMClient {
    // MARK: - Caller

    /// `send(_:completion:)`.
    public func send(
        _ invitation: RTMLocalInvitation, owner: AnyObject, callee: String, content: String?, channelID: String?,
        completion: @escaping @Sendable (RTMCode.InvitationAPICall) -> Void
    ) {
        // Lock order: the client's state before an invitation's box, never the other way round.
        let me = state.withLock { $0.user }
        let refusal: RTMCode.InvitationAPICall? = invitation.box.withLock { local in
            if local.state.isEnded { return .alreadyEnd }
            if local.state != .idle { return .alreadySent }
            if (content?.utf8.count ?? 0) > RTMLimits.invitationPayloadBytes
                || (channelID?.utf8.count ?? 0) > RTMLimits.idBytes
                || !RTMLimits.isValidID(callee) || UserID(callee) == me {
                return .invalidAugment
            }
            local.state = .sentToRemote
            local.callee = UserID(callee)
            local.surfaceObject = owner
            return nil
        }
        if let refusal {
            return post { completion(refusal) }
        }
        guard state.withLock({ $0.isLoggedIn }) else {
            post { completion(.ok) }
            return endLocal(invitation, with: .localInvitationFailure(invitation, .notLoggedIn), state: .failure)
        }
        let request = InviteRequest(invitees: [UserID(callee)], profile: profile.callProfile,
                                    roomID: channelID, payload: content)
        submit(.invite(request), timeout: AgoraCallRules.deliveryTimeout) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.call(let call, _)):
                let cancelNow = invitation.box.withLock { local in
                    local.call = call.id
                    return local.cancelWhenSent
                }
                state.withLock { $0.outgoing[call.id] = invitation }
                post { completion(.ok) }
                if cancelNow {
                    submit(.call(call.id, .cancel(invitees: nil, data: nil))) { _ in }
                }
            case .success:
                post { completion(.ok) }
                endLocal(invitation, with: .localInvitationFailure(invitation, .remoteNoResponse), state: .failure)
            case .failure(let error):
                switch error.code {
                case .call(.invalidInvitees), .call(.payloadTooLarge), .call(.invalidArgument),
                     .service(.invalidUserID), .service(.invalidRequest):
                    let cancelled = invitation.box.withLock { local in
                        defer { local.cancelWhenSent = false }
                        return local.cancelWhenSent
                    }
                    post { completion(.invalidAugment) }
                    if cancelled {
                        // The cancel that waited for this send was answered `.ok`: its callback follows.
                        endLocal(invitation, with: .localInvitationCanceled(invitation), state: .canceled)
                    } else {
                        invitation.box.withLock { local in
                            local.state = .idle
                            local.surfaceObject = nil
                        }
                    }
                case .service(.notLoggedIn):
                    post { completion(.ok) }
                    endLocal(invitation, with: .localInvitationFailure(invitation, .notLoggedIn), state: .failure)
                case .service(.overloaded):
                    // Neither enum has a busy server; the invitation got nowhere, at once
                    // (docs/AGORA.md, "Overloaded server").
                    post { completion(.ok) }
                    endLocal(invitation, with: .localInvitationFailure(invitation, .remoteNoResponse), state: .failure)
                default:
                    post { completion(.ok) }
                    endLocal(invitation, with: .localInvitationFailure(invitation, .remoteNoResponse), state: .failure)
                }
            }
        }
    }

    /// `cancel(_:completion:)`.
    public func cancel(_ invitation: RTMLocalInvitation, completion: @escaping @Sendable (RTMCode.InvitationAPICall) -> Void) {
        let outcome: Result<CallID?, RTMCode.InvitationAPICall> = invitation.box.withLock { local in
            if local.state == .idle { return .failure(.notStarted) }
            if local.state.isEnded || local.cancelWhenSent { return .failure(.alreadyEnd) }
            guard let call = local.call else {
                local.cancelWhenSent = true
                return .success(nil)
            }
            return .success(call)
        }
        switch outcome {
        case .failure(let code):
            post { completion(code) }
        case .success(nil):
            post { completion(.ok) }
        case .success(let call?):
            submit(.call(call, .cancel(invitees: nil, data: nil))) { [weak self] result in
                let code: RTMCode.InvitationAPICall = switch result {
                case .success: .ok
                // The invitation ended on its way (answered, timed out): its own callback says how.
                case .failure: .alreadyEnd
                }
                self?.post { completion(code) }
            }
        }
    }

    // MARK: - Callee

    /// `accept(_:completion:)`.
    public func accept(_ invitation: RTMRemoteInvitation, completion: @escaping @Sendable (RTMCode.InvitationAPICall) -> Void) {
        answer(invitation, accepting: true, completion: completion)
    }

    /// `refuse(_:completion:)`.
    public func refuse(_ invitation: RTMRemoteInvitation, completion: @escaping @Sendable (RTMCode.InvitationAPICall) -> Void) {
        answer(invitation, accepting: false, completion: completion)
    }

    private func answer(
        _ invitation: RTMRemoteInvitation, accepting: Bool,
        completion: @escaping @Sendable (RTMCode.InvitationAPICall) -> Void
    ) {
        let outcome: Result<(CallID, String?), RTMCode.InvitationAPICall> = invitation.box.withLock { remote in
            guard let call = invitation.call else { return .failure(.notStarted) }
            switch remote.state {
            case .idle: return .failure(.notStarted)
            case .acceptSentToLocal: return .failure(.alreadyAccept)
            case .accepted: return .failure(accepting ? .alreadyAccept : .alreadyEnd)
            case .refused, .canceled, .failure: return .failure(.alreadyEnd)
            case .invitationReceived: break
            }
            if (remote.response?.utf8.count ?? 0) > RTMLimits.invitationPayloadBytes {
                return .failure(.invalidAugment)
            }
            if accepting {
                remote.state = .acceptSentToLocal
            }
            return .success((call, remote.response))
        }
        guard case .success(let (call, response)) = outcome else {
            if case .failure(let code) = outcome { post { completion(code) } }
            return
        }
        let action: CallAction = accepting ? .accept(data: response) : .reject(data: response, reason: .declined)
        submit(.call(call, action)) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success:
                post { completion(.ok) }
            case .failure(let error) where error.code == .call(.payloadTooLarge):
                invitation.box.withLock { $0.state = .invitationReceived }
                post { completion(.invalidAugment) }
            case .failure(let error) where accepting && (error.code == .service(.notLoggedIn)
                || error.code == .service(.timeout) || error.code == .service(.disconnected)
                || error.code == .service(.cancelled)):
                // The answer never reached the service: for an accept that is Agora's failed handshake.
                post { completion(.ok) }
                endRemote(invitation, with: .remoteInvitationFailure(invitation, .acceptFailure), state: .failure)
            case .failure:
                // Answered too late (cancelled, timed out, answered elsewhere): the invitation's own
                // callback, already on its way, says how it ended.
                post { completion(.alreadyEnd) }
            }
        }
    }

    // MARK: - Call events

    /// Turns a call notification into the invitation callbacks of this user's side of it.
    func handleCall(_ note: CallNotification) {
        guard let user = state.withLock({ $0.user }) else { return }
        let call = note.call
        if call.caller == user {
            guard let invitation = state.withLock({ $0.outgoing[call.id] }) else { return }
            callerSide(invitation, call)
        } else if let me = call.participant(user) {
            calleeSide(note, call, me)
        }
    }

    private func callerSide(_ invitation: RTMLocalInvitation, _ call: Call) {
        let calleeID = invitation.box.withLock { $0.callee }
        guard let callee = call.participants.first(where: { $0.user == calleeID }) else { return }
        let current = invitation.state
        guard !current.isEnded else { return }
        // A glare rejection is the service's, for an invitation it never delivered (docs/CALL-MODEL.md,
        // "Glare"); every other answer implies the callee had it.
        let receivedOrAnswered = switch callee.state {
        case .rejected(.glare): false
        case .received, .accepting, .accepted, .rejected: true
        default: false
        }
        if current == .sentToRemote, receivedOrAnswered {
            // Received by the callee (an answer implies it): reported before anything else.
            invitation.box.withLock { $0.state = .receivedByRemote }
            emit(.localInvitationReceivedByPeer(invitation))
        }
        switch callee.state {
        case .inviting, .notYetReceived, .received:
            if call.state.isEnded {
                // Ended by the server while ringing: the invitation expired early.
                endLocal(invitation, with: .localInvitationFailure(invitation, .expire), state: .failure)
            }
        case .accepting, .accepted:
            let response = callee.answerData
            endLocal(invitation, with: .localInvitationAccepted(invitation, response: response),
                     state: .acceptedByRemote, response: response)
        case .rejected:
            let response = callee.answerData
            endLocal(invitation, with: .localInvitationRefused(invitation, response: response),
                     state: .refusedByRemote, response: response)
        case .cancelled:
            endLocal(invitation, with: .localInvitationCanceled(invitation), state: .canceled)
        case .timedOut(let cause):
            let code: RTMCode.LocalInvitationFailure = switch cause {
            case .offline: .remoteOffline
            case .noAcknowledgement: .remoteNoResponse
            case .noAnswer: .expire
            }
            endLocal(invitation, with: .localInvitationFailure(invitation, code), state: .failure)
        case .acceptFailed, .quit:
            endLocal(invitation, with: .localInvitationFailure(invitation, .remoteNoResponse), state: .failure)
        }
    }

    private func calleeSide(_ note: CallNotification, _ call: Call, _ me: Participant) {
        let known = state.withLock { $0.incoming[call.id] }
        guard let invitation = known ?? newInvitation(note, call, me) else { return }
        let current = invitation.state
        guard !current.isEnded || current == .accepted else { return }
        switch me.state {
        case .inviting, .notYetReceived, .received:
            if call.state.isEnded {
                let cancelled = call.state.end?.reason == .callerOffline || call.state.end?.reason == .cancelled
                endRemote(invitation, with: cancelled ? .remoteInvitationCanceled(invitation)
                                                      : .remoteInvitationFailure(invitation, .expire),
                          state: cancelled ? .canceled : .failure)
            }
        case .accepting:
            if call.state.isEnded {
                endRemote(invitation, with: .remoteInvitationFailure(invitation, .acceptFailure), state: .failure)
            }
        case .accepted:
            guard current != .accepted else {
                if call.state.isEnded { endRemote(invitation, with: nil, state: .accepted) }
                return
            }
            endRemote(invitation, with: .remoteInvitationAccepted(invitation), state: .accepted,
                      keep: !call.state.isEnded)
        case .rejected:
            endRemote(invitation, with: .remoteInvitationRefused(invitation), state: .refused)
        case .cancelled:
            endRemote(invitation, with: .remoteInvitationCanceled(invitation), state: .canceled)
        case .timedOut:
            endRemote(invitation, with: .remoteInvitationFailure(invitation, .expire), state: .failure)
        case .acceptFailed(let failure):
            let code: RTMCode.RemoteInvitationFailure = failure == .callerOffline ? .localOffline : .acceptFailure
            endRemote(invitation, with: .remoteInvitationFailure(invitation, code), state: .failure)
        case .quit:
            endRemote(invitation, with: nil, state: .accepted)
        }
    }

    /// A remote invitation for a call this user was just invited to and is still ringing in.
    private func newInvitation(_ note: CallNotification, _ call: Call, _ me: Participant) -> RTMRemoteInvitation? {
        guard case .invited = note.kind, me.state.isRinging, !call.state.isEnded else { return nil }
        let invitation = RTMRemoteInvitation(call: call.id, callerID: call.caller.rawValue, content: call.payload,
                                             channelID: call.roomID)
        state.withLock { $0.incoming[call.id] = invitation }
        invitation.box.withLock { $0.state = .invitationReceived }
        emit(.remoteInvitationReceived(invitation))
        return invitation
    }

    /// Ends a caller's life cycle: the state changes just before `event` is delivered, and the engine lets go.
    func endLocal(
        _ invitation: RTMLocalInvitation, with event: RTMEvent, state newState: RTMCode.LocalInvitationState,
        response: String? = nil
    ) {
        let call: CallID? = invitation.box.withLock { local in
            // Mark it ended now, so later notifications and misuse checks see it at once.
            local.state = newState
            if response != nil { local.response = response }
            return local.call
        }
        if let call {
            state.withLock { _ = $0.outgoing.removeValue(forKey: call) }
        }
        emit(event, afterwards: {
            invitation.box.withLock { $0.surfaceObject = nil }
        })
    }

    /// Ends a callee's life cycle (`keep`: an accepted call stays known until it ends, so a later quit is
    /// not mistaken for a new invitation).
    func endRemote(_ invitation: RTMRemoteInvitation, with event: RTMEvent?, state newState: RTMCode.RemoteInvitationState,
                   keep: Bool = false) {
        invitation.box.withLock { $0.state = newState }
        if !keep, let call = invitation.call {
            state.withLock { _ = $0.incoming.removeValue(forKey: call) }
        }
        guard let event else { return }
        emit(event, afterwards: {
            invitation.box.withLock { $0.surfaceObject = nil }
        })
    }
}
