import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// The call requests of the stores and the engine: each is an input of the device's state machine
/// (`TencentDeviceStateMachine+Calls.swift`), which decides; the client carries out what it returns.
extension TencentClient {
    // MARK: - Requests

    /// `CallStore.calls` (both spellings) and `TUICallEngine.calls`: the kit's guards
    /// (docs/TENCENT.md, "At most 9 people", "Busy devices answer busy"), then `call.invite` with the
    /// Tencent policy.
    /// `pushAttachments`: the offline push the invitation carries (TencentOfflinePush), in place of
    /// `params`' title and body (the engine's `TUIOfflinePushInfo`).
    func calls(
        _ participantIds: [String], mediaType: CallMediaType, params: CallParams?,
        pushAttachments: [String: String]? = nil, completion: Done?
    ) {
        let params = params ?? CallParams()
        let attachments = pushAttachments
            ?? TencentOfflinePush.attachments(title: params.offlinePushTitle, description: params.offlinePushDescription)
        let room = TencentLimits.makeRoomID()
        perform {
            $0.placeCall(participantIds, mediaType: mediaType, params: params, attachments: attachments,
                         freshRoomID: room, completion: completion)
        }
    }

    /// `CallStore.join(callId:)` / `TUICallEngine.join(callId:)`: enter a call by id.
    func join(callID: String, completion: Done?) {
        perform { $0.joinRequested(callID: callID, completion: completion) }
    }

    /// `TUICallEngine.joinInGroupCall(roomId:groupId:callMediaType:succ:fail:)`: enter the live call of a
    /// group by its room (`call.joinRoom`); the caller checked the ids.
    func joinGroupCall(roomID: String, groupID: String, completion: Done?) {
        perform { $0.joinGroupCallRequested(roomID: roomID, groupID: groupID, completion: completion) }
    }

    /// `accept`: the ringing invitation shown here.
    func accept(completion: Done?) {
        perform { $0.accept(completion: completion) }
    }

    /// `reject`: the ringing invitation shown here.
    func reject(completion: Done?) {
        perform { $0.reject(completion: completion) }
    }

    /// `TUICallEngine.ignore`: answer busy without showing the invitation any further (the caller hears
    /// `onUserLineBusy`).
    func ignore(completion: Done?) {
        perform { $0.ignore(completion: completion) }
    }

    /// `hangup`: cancels a call nobody answered yet (caller), rejects a ringing invitation, leaves a
    /// connected call (which ends when one person is left); a call the service no longer keeps ends here.
    func hangup(completion: Done?) {
        let now = now
        perform { $0.hangup(completion: completion, at: now) }
    }

    /// `invite(participantIds:params:)` / `inviteUser`: more people into the connected call.
    /// `completion` gets the users invited: those the service did not skip. When it skipped them all,
    /// the first one's reason is the failure.
    func invite(_ participantIds: [String], completion: (@Sendable (Result<[String], ErrorInfo>) -> Void)?) {
        let completion: (@Sendable (Result<[String], ErrorInfo>) -> Void) = completion ?? { _ in }
        let invitation: Result<TencentDeviceStateMachine<Done>.Invitation, TencentFailure> =
            state.withLock { $0.device.inviteMore(participantIds) }
        guard case .success(let invitation) = invitation else {
            if case .failure(let failure) = invitation { post { completion(.failure(failure.info)) } }
            return
        }
        submit(invitation.operation) { [weak self] result in
            guard let self else { return }
            if case .success(.call(_, let skipped)) = result {
                let failed = Set(skipped.map(\.user.rawValue))
                let done = invitation.invitees.filter { !failed.contains($0) }
                if done.isEmpty, let first = skipped.first {
                    return post { completion(.failure(TencentErrorMapping.callError(first.error))) }
                }
                let invited: Done = { result in completion(result.map { done }) }
                let now = now
                perform {
                    $0.replied(.action(me: invitation.me, generation: invitation.generation, .app(invited)),
                               with: result, at: now)
                }
                return
            }
            let failure: ErrorInfo = switch result {
            case .failure(let error): TencentErrorMapping.callError(error)
            case .success: TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "unexpected reply")
            }
            post { completion(.failure(failure)) }
        }
    }

    // MARK: - Publishing

    /// Publishes `CallStore.state` (on the callback queue) as the machine has it for `publication`.
    func publishCall(_ publication: TencentDeviceStateMachine<Done>.Publication) {
        guard let snapshot = state.withLock({ $0.device.publishing(publication) }) else { return }
        callState.update { callState in
            var selfInfo = CallParticipantInfo()
            selfInfo.id = snapshot.me?.rawValue ?? ""
            selfInfo.name = snapshot.ownProfile.nickname ?? ""
            selfInfo.avatarURL = snapshot.ownProfile.avatarURL ?? ""
            selfInfo.isMicrophoneOpened = snapshot.microphone
            selfInfo.isCameraOpened = snapshot.camera
            guard let view = snapshot.view else {
                callState.selfInfo = selfInfo
                return
            }
            callState.activeCall = view.callInfo(duration: view.duration(at: snapshot.at))
            selfInfo.status = view.selfStatus
            callState.selfInfo = selfInfo
            guard view.ending == nil else {
                callState.allParticipants = []
                return
            }
            callState.allParticipants = view.members.filter(\.isListed).map { member in
                if member.id == selfInfo.id { return selfInfo }
                var info = CallParticipantInfo()
                info.id = member.id
                info.name = snapshot.profiles[member.id]?.nickname ?? ""
                info.avatarURL = snapshot.profiles[member.id]?.avatarURL ?? ""
                info.status = view.status(of: member)
                info.isMicrophoneOpened = member.microphone
                info.isCameraOpened = member.camera
                return info
            }
        }
    }

    /// Carries out one event (on the callback queue).
    func deliver(_ event: TencentCallEvent) {
        let observers = observers.withLock { $0.compactMap(\.value) }
        switch event {
        case .received(let view):
            callEvents.send(.onCallReceived(callId: view.callID, mediaType: view.mediaType, userData: view.userData))
            let info = view.extraInfo(role: .called)
            for observer in observers {
                observer.onCallReceived(view.callID, callerId: view.inviterID, calleeIdList: view.inviteeIDs,
                                        mediaType: view.tuiMediaType, info: info)
            }
        case .began(let view):
            let info = view.extraInfo(role: view.isCaller ? .call : .called)
            for observer in observers { observer.onCallBegin(callId: view.callID, mediaType: view.tuiMediaType, info: info) }
        case .userInviting(let user): observers.forEach { $0.onUserInviting(userId: user) }
        case .userJoined(let user): observers.forEach { $0.onUserJoin(userId: user) }
        case .userLeft(let user): observers.forEach { $0.onUserLeave(userId: user) }
        case .userRejected(let user): observers.forEach { $0.onUserReject(userId: user) }
        case .userNoResponse(let user): observers.forEach { $0.onUserNoResponse(userId: user) }
        case .userLineBusy(let user): observers.forEach { $0.onUserLineBusy(userId: user) }
        case .audioAvailable(let user, let on): observers.forEach { $0.onUserAudioAvailable(userId: user, isAudioAvailable: on) }
        case .videoAvailable(let user, let on): observers.forEach { $0.onUserVideoAvailable(userId: user, isVideoAvailable: on) }
        case .ended(let view, let wasConnected):
            guard let ending = view.ending else { return }
            callEvents.send(.onCallEnded(callId: view.callID, mediaType: view.mediaType, reason: ending.reason, userId: ending.userID))
            let reason = TUICallEndReason(rawValue: UInt(ending.reason.rawValue)) ?? .unknown
            let info = view.extraInfo(role: view.isCaller ? .call : .called)
            for observer in observers {
                if wasConnected {
                    observer.onCallEnd(callId: view.callID, mediaType: view.tuiMediaType, reason: reason, userId: ending.userID,
                                       totalTime: Float(view.duration(at: ending.at)), info: info)
                } else {
                    observer.onCallNotConnected(callId: view.callID, mediaType: view.tuiMediaType, reason: reason,
                                                userId: ending.userID, info: info)
                }
            }
        }
    }
}

extension TencentCallView {
    /// The local user is an invitee whose invitation rings.
    var isRinging: Bool {
        !isCaller && ending == nil && connectedSince == nil && selfMember?.state == .waiting
    }

    var tuiMediaType: TUICallMediaType { mediaType == .audio ? .audio : .video }

    func extraInfo(role: TUICallRole) -> TUICallObserverExtraInfo {
        let info = TUICallObserverExtraInfo()
        // A numeric room (one placed with `TUIRoomId.intRoomId`) shows in both forms.
        if let number = UInt32(roomID), (1...UInt32(Int32.max)).contains(number) {
            info.roomId.intRoomId = number
        }
        info.roomId.strRoomId = roomID
        info.role = role
        info.userData = userData
        info.chatGroupId = groupID
        info.isEphemeralCall = isEphemeral
        return info
    }

    /// The call as placed, before the service's answer: every invitee ringing, the caller waiting.
    func asPlaced() -> TencentCallView {
        var view = self
        view.ending = nil
        view.connectedSince = nil
        view.isAnswered = false
        for index in view.members.indices where view.members[index].id != localUser {
            view.members[index].state = .waiting
        }
        return view
    }

    /// The call as the joiner saw it just before coming in.
    func beforeJoining() -> TencentCallView {
        var view = self
        view.ending = nil
        view.connectedSince = nil
        if let index = view.members.firstIndex(where: { $0.id == localUser }) {
            view.members[index].state = .waiting
        }
        return view
    }
}

extension TencentClient {
    // MARK: - Records

    /// `queryRecentCalls(cursor:count:)`: one page into `recentCalls` (overwritten) and `cursor`.
    func queryRecentCalls(cursor: String, count: UInt, completion: Done?) {
        guard TencentLimits.recentCallsPageRange.contains(count) else {
            return complete(completion, .failure(TencentErrorMapping.info(
                ERROR_PARAM_INVALID, "count must be \(TencentLimits.recentCallsPageRange.lowerBound) to \(TencentLimits.recentCallsPageRange.upperBound), not \(count)")))
        }
        submit(.callRecords(RecordQuery(cursor: cursor.isEmpty ? nil : cursor, limit: Int(count)))) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.records(let page)):
                let calls = page.records.map(Self.callInfo)
                                post { [self] in
                    callState.update { state in
                        state.recentCalls = calls
                        state.cursor = page.nextCursor ?? ""
                    }
                    completion?(.success(()))
                }
            case .success:
                complete(completion, .failure(TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "unexpected reply")))
            case .failure(let error):
                complete(completion, .failure(TencentErrorMapping.callError(error)))
            }
        }
    }

    /// `deleteRecentCalls(callIdList:)`: the records go, and so do their entries in `recentCalls`.
    /// `completion` gets the ids whose records were deleted.
    func deleteRecentCalls(_ callIDs: [String], completion: (@Sendable (Result<[String], ErrorInfo>) -> Void)?) {
        let completion: (@Sendable (Result<[String], ErrorInfo>) -> Void) = completion ?? { _ in }
        guard !callIDs.isEmpty, callIDs.count <= TencentLimits.maxDeletedCalls, !callIDs.contains("") else {
            let error = TencentErrorMapping.info(
                ERROR_PARAM_INVALID, "callIdList must hold 1 to \(TencentLimits.maxDeletedCalls) non-empty call ids")
            return post { completion(.failure(error)) }
        }
        submit(.deleteRecords(callIDs.map(CallID.init(rawValue:)))) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.deletedRecords(let gone)):
                let ids = Set(gone.map(\.rawValue))
                                post { [self] in
                    callState.update { state in state.recentCalls.removeAll { ids.contains($0.callId) } }
                    completion(.success(gone.map(\.rawValue)))
                }
            case .success:
                post { completion(.failure(TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "unexpected reply"))) }
            case .failure(let error):
                post { completion(.failure(TencentErrorMapping.callError(error))) }
            }
        }
    }

    /// A call record as `CallInfo` (`recentCalls`).
    static func callInfo(_ record: CallRecord) -> CallInfo {
        var info = CallInfo()
        info.callId = record.callID.rawValue
        info.roomId = record.roomID ?? ""
        info.inviterId = record.caller.rawValue
        info.inviteeIds = record.participants.filter { $0 != record.caller }.map(\.rawValue)
        info.chatGroupId = record.groupID ?? ""
        info.mediaType = record.mediaType.map { $0 == .audio ? .audio : .video }
        info.result = switch record.direction {
        case .outgoing: .outgoing
        case .incoming: .incoming
        case .missed: .missed
        }
        info.startTime = Double(record.startedAt.millisecondsSince1970) / 1000
        info.duration = Int(record.duration.components.seconds)
        return info
    }

    // MARK: - Profile and multi-device

    /// `LoginStore.setSelfInfo(userProfile:completion:)` / `TUICallEngine.setSelfInfo`: name and avatar
    /// for everyone who shows this user.
    func setSelfInfo(nickname: String?, avatarURL: String?, userID: String, completion: Done?) {
        perform { $0.setSelfInfo(nickname: nickname, avatarURL: avatarURL, userID: userID, completion: completion) }
    }

    /// `TUICallEngine.enableMultiDeviceAbility(enable:succ:fail:)`: kept for later logins and sent now.
    func enableMultiDevice(_ enable: Bool, completion: Done?) {
        perform { $0.enableMultiDevice(enable, completion: completion) }
    }
}
