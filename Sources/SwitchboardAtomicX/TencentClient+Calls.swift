import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

extension TencentClient {
    // MARK: - Requests

    /// `CallStore.calls` (both spellings) and `TUICallEngine.calls`: the kit's guards
    /// (docs/TENCENT.md, "At most 9 people", "Busy devices answer busy"), then `call.invite` with the
    /// Tencent policy.
    /// `pushAttachments`: the offline push the invitation carries (TencentOfflinePush), in place of
    /// `params`' title and body (the engine's `TUIOfflinePushInfo`).
    func calls(
        _ participantIds: [String], mediaType: CallMediaType, params: CallParams?,
        pushAttachments: [String: String]? = nil,
        onStarted: (@Sendable (TencentCallView) -> Void)? = nil,
        completion: Done?
    ) {
        let params = params ?? CallParams()
        let (me, generation) = state.withLock { ($0.isLoggedIn ? $0.user : nil, $0.generation) }
        guard let me else {
            return complete(completion, .failure(TencentErrorMapping.notLoggedIn))
        }
        let invitees = Self.unique(participantIds).filter { $0 != me.rawValue }
        if let failure = Self.validate(invitees: invitees, params: params) {
            return complete(completion, .failure(failure))
        }
        guard startCall(calling: invitees.count == 1 ? UserID(invitees[0]) : nil, completion: completion) else { return }
        let attachments = pushAttachments
            ?? TencentOfflinePush.attachments(title: params.offlinePushTitle, description: params.offlinePushDescription)
        let request = InviteRequest(
            invitees: invitees.map(UserID.init(rawValue:)), profile: .tencent,
            parameters: CallParameters(ringTimeout: params.timeout == 0 ? nil : .seconds(params.timeout),
                                       ephemeral: params.isEphemeralCall),
            mediaType: mediaType == .audio ? .audio : .video,
            roomID: params.roomId.isEmpty ? TencentLimits.makeRoomID() : params.roomId,
            groupID: params.chatGroupId.isEmpty ? nil : params.chatGroupId,
            payload: params.userData.isEmpty ? nil : params.userData, attachments: attachments)
        submit(.invite(request)) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.call(let call, _)):
                guard let view = TencentCallView(call: call, me: me, device: device) else {
                    return failStart(generation, completion, TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "the call does not name you"))
                }
                // Shown first as placed ("everyone invited is ringing", the caller waiting) with
                // `onCallStarted`, then as the service answered, so that invitees refused at once
                // (busy, offline) are reported after it and a call over before it started still
                // starts, then ends.
                let placed = view.asPlaced()
                show(placed, after: .was(placed), completion: completion, generation: generation, endsStart: true) { [self] in
                    callEvents.send(.onCallStarted(callId: view.callID, mediaType: view.mediaType))
                    onStarted?(view)
                }
                if view != placed { show(view, generation: generation) }
                releaseHeldGlare(generation: generation)
                reportMedia()
            case .success:
                failStart(generation, completion, TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "unexpected reply"))
            case .failure(let error):
                failStart(generation, completion, TencentErrorMapping.callError(error))
            }
        }
    }

    /// A `calls` or `join` that did not start a call: the device is idle again (unless a later login
    /// took over), and the app gets `error`.
    private func failStart(_ generation: Int, _ completion: Done?, _ error: ErrorInfo) {
        state.withLock { state in
            if state.generation == generation { state.isStartingCall = false }
        }
        complete(completion, .failure(error))
        releaseHeldGlare(generation: generation)
    }

    /// After a `calls` is answered: the invitation from its callee that arrived meanwhile (glare:
    /// docs/TENCENT.md, "Glare"). When this device's call lost, it is shown now, as it rings; when
    /// this device's call survived, the service ends the other one, and it is dropped.
    private func releaseHeldGlare(generation: Int) {
        let held: CallNotification? = state.withLock { state in
            defer {
                state.heldGlare = nil
                state.startingCallee = nil
            }
            guard state.generation == generation, !state.isInCall else { return nil }
            return state.heldGlare
        }
        if let held { handleCall(held, generation: generation) }
    }

    /// `CallStore.join(callId:)` / `TUICallEngine.join(callId:)`: enter a call by id.
    func join(callID: String, completion: Done?) {
        guard !callID.isEmpty else {
            return complete(completion, .failure(state.withLock { $0.isLoggedIn }
                ? TencentErrorMapping.info(ERROR_PARAM_INVALID, "callId is empty") : TencentErrorMapping.notLoggedIn))
        }
        enter(.call(CallID(callID), .join(data: nil)), completion: completion)
    }

    /// `TUICallEngine.joinInGroupCall(roomId:groupId:callMediaType:succ:fail:)`: enter the live call of a
    /// group by its room (`call.joinRoom`); the caller checked the ids.
    func joinGroupCall(roomID: String, groupID: String, completion: Done?) {
        enter(.joinRoom(groupID: groupID, roomID: roomID, data: nil), completion: completion)
    }

    /// Enters a call that is going on (`join`, `joinInGroupCall`): the busy guard, then `operation`, and
    /// the call shown as joined.
    private func enter(_ operation: ServiceOperation, completion: Done?) {
        let (me, generation) = state.withLock { ($0.isLoggedIn ? $0.user : nil, $0.generation) }
        guard let me else {
            return complete(completion, .failure(TencentErrorMapping.notLoggedIn))
        }
        guard startCall(completion: completion) else { return }
        submit(operation) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.call(let call, _)):
                guard let view = TencentCallView(call: call, me: me, device: device) else {
                    return failStart(generation, completion, TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "the call does not name you"))
                }
                show(view, after: .was(view.beforeJoining()), completion: completion, generation: generation, endsStart: true)
                reportMedia()
            case .success:
                failStart(generation, completion, TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "unexpected reply"))
            case .failure(let error):
                failStart(generation, completion, TencentErrorMapping.callError(error))
            }
        }
    }

    /// The busy guard of `calls` and `join` (docs/TENCENT.md, "Busy devices answer busy"): marks the
    /// device as starting a call, or answers -1203 and returns false when it is not idle.
    private func startCall(calling callee: UserID? = nil, completion: Done?) -> Bool {
        let busy = state.withLock { state -> Bool in
            if state.isInCall { return true }
            state.isStartingCall = true
            state.startingCallee = callee
            state.heldGlare = nil
            return false
        }
        if busy {
            complete(completion, .failure(TencentErrorMapping.info(ERROR_REQUEST_REFUSED, "Do not call repeatedly: already in a call")))
        }
        return !busy
    }

    /// `accept`: the ringing invitation shown here.
    func accept(completion: Done?) {
        act(on: { $0.isRinging ? .accept(data: nil) : nil }, what: "accept", completion: completion)
        // A new participant shows both devices off: only a device that is on needs saying.
        reportMedia(skippingOff: true)
    }

    /// `reject`: the ringing invitation shown here.
    func reject(completion: Done?) {
        act(on: { $0.isRinging ? .reject(data: nil, reason: .declined) : nil }, what: "reject", completion: completion)
    }

    /// `TUICallEngine.ignore`: answer busy without showing the invitation any further (the caller hears
    /// `onUserLineBusy`).
    func ignore(completion: Done?) {
        act(on: { $0.isRinging ? .reject(data: nil, reason: .busy) : nil }, what: "ignore", completion: completion)
    }

    /// `hangup`: cancels a call nobody answered yet (caller), rejects a ringing invitation, leaves a
    /// connected call (which ends when one person is left); a call the service no longer keeps ends here.
    func hangup(completion: Done?) {
        if let local = endedLocallyIfSignalingOver() {
            return showEndedHere(local, completion: completion)
        }
        // The service can end the call as signaling (everyone answered: an Agora caller's confirmation)
        // while the leave is on its way: that end reaches this client first, and the leave is refused, the
        // call being over. The hang-up then ends the call here, as it would have a moment later
        // (docs/TENCENT.md, "Across surfaces").
        let callID = state.withLock { $0.view?.callID }
        act(on: { Self.leaveOperation(for: $0).flatMap { if case .call(_, let action) = $0 { action } else { nil } } },
            what: "hangup") { [weak self] result in
            if case .failure = result, let self, let local = endedLocallyIfSignalingOver(callID: callID) {
                return showEndedHere(local, completion: completion)
            }
            completion?(result)
        }
    }

    /// The call shown (`callID`'s, if given) ended by the local user, if the service no longer keeps it
    /// (``TencentCallView/isSignalingOver``).
    private func endedLocallyIfSignalingOver(callID: String? = nil) -> TencentCallView? {
        state.withLock { state in
            guard let view = state.view, view.ending == nil, view.isSignalingOver,
                  callID == nil || view.callID == callID else { return nil }
            return view.endedLocally(at: now)
        }
    }

    /// `invite(participantIds:params:)` / `inviteUser`: more people into the connected call.
    /// `completion` gets the users invited.
    func invite(_ participantIds: [String], completion: (@Sendable (Result<[String], ErrorInfo>) -> Void)?) {
        let completion: (@Sendable (Result<[String], ErrorInfo>) -> Void) = completion ?? { _ in }
        func fail(_ error: ErrorInfo) { post { completion(.failure(error)) } }
        let (me, view, generation) = state.withLock { ($0.isLoggedIn ? $0.user : nil, $0.view, $0.generation) }
        guard let me else { return fail(TencentErrorMapping.notLoggedIn) }
        guard let view, view.ending == nil, view.selfStatus == .accept else {
            return fail(TencentErrorMapping.info(ERROR_REQUEST_REFUSED, "not in a connected call"))
        }
        let invitees = Self.unique(participantIds).filter { $0 != me.rawValue }
        guard !invitees.isEmpty else {
            return fail(TencentErrorMapping.info(ERROR_PARAM_INVALID, "participantIds is empty"))
        }
        let present = view.members.filter(\.isListed).count
        guard present + invitees.count <= TencentLimits.maxPeople else {
            return fail(TencentErrorMapping.info(
                ERROR_PARAM_INVALID, "currently supports call with up to \(TencentLimits.maxPeople) people"))
        }
        submit(.call(CallID(view.callID), .inviteMore(invitees.map(UserID.init(rawValue:))))) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.call(let call, let skipped)):
                let failed = Set(skipped.map(\.user.rawValue))
                let done = invitees.filter { !failed.contains($0) }
                if done.isEmpty, let first = skipped.first {
                    return post { completion(.failure(TencentErrorMapping.callError(first.error))) }
                }
                if let updated = TencentCallView(call: call, me: me, device: device) {
                    show(updated, completion: { result in completion(result.map { done }) }, generation: generation)
                } else {
                    post { completion(.success(done)) }
                }
            case .success:
                post { completion(.failure(TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "unexpected reply"))) }
            case .failure(let error):
                post { completion(.failure(TencentErrorMapping.callError(error))) }
            }
        }
    }

    /// One action on the call shown here, chosen from the local user's standing (nil: not allowed).
    private func act(on choose: (TencentCallView) -> CallAction?, what: String, completion: Done?) {
        let (me, view, generation) = state.withLock { ($0.isLoggedIn ? $0.user : nil, $0.view, $0.generation) }
        guard let me else { return complete(completion, .failure(TencentErrorMapping.notLoggedIn)) }
        guard let view, view.ending == nil, let action = choose(view) else {
            return complete(completion, .failure(TencentErrorMapping.info(ERROR_REQUEST_REFUSED, "\(what): no call in a state that allows it")))
        }
        submit(.call(CallID(view.callID), action)) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.call(let call, _)):
                if let updated = TencentCallView(call: call, me: me, device: device) {
                    show(updated, completion: completion, generation: generation)
                } else {
                    complete(completion, .success(()))
                }
            case .success:
                complete(completion, .failure(TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "unexpected reply")))
            case .failure(let error):
                complete(completion, .failure(TencentErrorMapping.callError(error)))
            }
        }
    }

    /// How the local user leaves a call: cancel (caller, nobody answered), reject (ringing), quit.
    static func leaveOperation(for view: TencentCallView) -> ServiceOperation? {
        guard !view.isSignalingOver else { return nil }
        let id = CallID(view.callID)
        if view.isRinging { return .call(id, .reject(data: nil, reason: .declined)) }
        if view.isCaller && view.connectedSince == nil { return .call(id, .cancel(invitees: nil, data: nil)) }
        return .call(id, .quit(data: nil))
    }

    static func unique(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }

    /// The kit's checks on `calls` (docs/TENCENT.md, "At most 9 people"): -1202 for each.
    static func validate(invitees: [String], params: CallParams) -> ErrorInfo? {
        func invalid(_ message: String) -> ErrorInfo { TencentErrorMapping.info(ERROR_PARAM_INVALID, message) }
        if invitees.isEmpty { return invalid("participantIds is empty (after removing yourself)") }
        if invitees.count >= TencentLimits.maxPeople {
            return invalid("currently supports call with up to \(TencentLimits.maxPeople) people")
        }
        if let bad = invitees.first(where: { !UserID($0).isValid }) {
            return invalid("invalid user id \(String(reflecting: bad))")
        }
        if !TencentLimits.callTimeoutRange.contains(params.timeout) {
            return invalid("timeout must be 0 (the \(TencentLimits.defaultCallTimeout) s default) to \(TencentLimits.callTimeoutRange.upperBound) seconds, not \(params.timeout)")
        }
        if params.userData.utf8.count > TencentLimits.userDataBytes {
            return invalid("userData is \(params.userData.utf8.count) bytes; at most \(TencentLimits.userDataBytes)")
        }
        for (name, value) in [("roomId", params.roomId), ("chatGroupId", params.chatGroupId)]
            where value.utf8.count > TencentLimits.roomIDBytes {
            return invalid("\(name) is \(value.utf8.count) bytes; at most \(TencentLimits.roomIDBytes)")
        }
        return nil
    }

    // MARK: - Notifications

    /// Turns a call notification into the state and events of this device. Called on the session's
    /// executor, in order.
    func handleCall(_ note: CallNotification, generation: Int) {
        guard let me = state.withLock({ $0.generation == generation ? $0.user : nil }) else { return }
        guard let view = TencentCallView(call: note.call, me: me, device: device) else { return }
        enum Verdict { case shown(missingProfiles: [UserID]), answerBusy, ignore }
        let now = self.now
        // Deciding and keeping are one step under the lock: a `calls` in between would pass the busy
        // guard of a device about to ring, then overwrite the invitation with its own call.
        let verdict: Verdict = state.withLock { state in
            if let shown = state.view, shown.callID == view.callID, shown.ending == nil {
                // Derived from the kept view: a call that ended here meanwhile stays ended.
                return .shown(missingProfiles: keep(view, after: .kept, generation: generation, at: now, in: &state))
            }
            // A new invitation, also into a call that ended here (invited again after leaving it).
            // Anything else about a call that is not (or no longer) shown here is another device's, or
            // stale. The service answers busy for a Tencent user who is in a call
            // (``TencentCallRules/answersBusyWhileBusy(loginSurface:)``; docs/TENCENT.md, "Busy devices
            // answer busy"), so a busy device never gets one; what the service cannot know yet is a call
            // this device is placing whose request is still on its way, and that window is answered busy
            // here.
            if let held = state.heldGlare, held.call.id == note.call.id {
                // News of a held invitation: kept as its latest state, still as an invitation.
                state.heldGlare = CallNotification(kind: held.kind, call: note.call)
                return .ignore
            }
            guard case .invited = note.kind, view.isRinging, view.ending == nil else { return .ignore }
            guard state.isStartingCall else {
                return .shown(missingProfiles: keep(view, after: .nothing, generation: generation, at: now, in: &state))
            }
            // Glare (docs/TENCENT.md, "Glare"): the user this device is calling one-to-one calls it
            // at the same moment. The service keeps one of the two calls, so this is not answered
            // busy: it waits for the answer to this device's own call.
            if let callee = state.startingCallee, note.call.caller == callee, note.call.participants.count == 2 {
                state.heldGlare = note
                return .ignore
            }
            return .answerBusy
        }
        switch verdict {
        case .ignore:
            return
        case .answerBusy:
            fire(.call(note.call.id, .reject(data: nil, reason: .busy)))
        case .shown(let missing):
            fetchProfiles(missing)
        }
    }

    /// What a device showed before a change, for ``show(_:after:events:completion:result:generation:endsStart:then:)``.
    enum Before {
        /// The kept view of the same call (none for another call). A snapshot of a call that already
        /// ended here is stale and changes nothing.
        case kept
        /// This, as the caller knows better (a call just placed, or just joined).
        case was(TencentCallView)
        /// Nothing: a new invitation, also into a call that ended here.
        case nothing
    }

    /// Makes `view` the shown call: keeps it, runs the duration timer while connected, and posts the
    /// state, then the completion, then the events (derived from `old` unless given), then `then`.
    ///
    /// - `after`: what the device showed before (``Before``).
    /// - `generation`: the login the change belongs to; a change that arrives after it ended (logout,
    ///   another user) shows nothing and fails its completion with -1201.
    /// - `endsStart`: the change ends a `calls` or `join` under way (the busy guard), in the same step.
    ///
    /// The block is posted under the state lock, so blocks reach the callback queue in the order the
    /// views were kept, whichever thread kept them.
    func show(
        _ view: TencentCallView,
        after old: Before = .kept,
        events given: [TencentCallEvent]? = nil,
        completion: Done? = nil,
        result: Result<Void, ErrorInfo> = .success(()),
        generation: Int? = nil,
        endsStart: Bool = false,
        then: (@Sendable () -> Void)? = nil
    ) {
        let now = self.now
        let missing: [UserID] = state.withLock { state in
            keep(view, after: old, events: given, completion: completion, result: result, generation: generation,
                 endsStart: endsStart, at: now, in: &state, then: then)
        }
        fetchProfiles(missing)
    }

    /// ``show(_:after:events:completion:result:generation:endsStart:then:)`` for a caller that holds the
    /// state lock already, so that deciding to show a view and keeping it are one step (a `calls` in
    /// between would pass the busy guard of a device about to ring). Returns the profiles to fetch once
    /// the lock is released.
    private func keep(
        _ view: TencentCallView,
        after old: Before,
        events given: [TencentCallEvent]? = nil,
        completion: Done? = nil,
        result: Result<Void, ErrorInfo> = .success(()),
        generation: Int? = nil,
        endsStart: Bool = false,
        at now: Timestamp,
        in state: inout State,
        then: (@Sendable () -> Void)? = nil
    ) -> [UserID] {
        if let generation, state.generation != generation {
            post { completion?(.failure(TencentErrorMapping.notLoggedIn)) }
            return []
        }
        if endsStart { state.isStartingCall = false }
        let previous: TencentCallView?
        switch old {
        case .kept:
            if let shown = state.view, shown.callID == view.callID, shown.ending != nil, given == nil {
                post { completion?(result) }
                return []
            }
            previous = state.view?.callID == view.callID ? state.view : nil
        case .was(let explicit):
            previous = explicit
        case .nothing:
            previous = nil
        }
        let events = given ?? TencentCallView.changes(from: previous, to: view)
        state.view = view
        updateDurationTimer(in: &state, for: view)
        post { [self] in
            // The state this change led to, even when a later change is already kept: its events
            // describe this state (a call placed, then ended at once).
            publishCall(at: now, showing: view)
            completion?(result)
            for event in events { deliver(event) }
            then?()
        }
        return missingProfiles(in: &state, of: view)
    }

    /// Shows a call that ended on this device alone (hung up with its session, or after the service's
    /// part of it was over).
    func showEndedHere(_ ended: TencentCallView, completion: Done? = nil) {
        show(ended, events: [.ended(ended, wasConnected: ended.connectedSince != nil)], completion: completion)
    }

    /// Publishes `CallStore.state` (on the callback queue): the call as `shown` (a change of the call
    /// being delivered), or as last published.
    func publishCall(at time: Timestamp? = nil, showing shown: TencentCallView? = nil) {
        let now = time ?? self.now
        let (view, devices, profiles, selfProfile, me) = state.withLock { state in
            if let shown { state.publishedView = shown }
            return (state.publishedView, state.devices, state.profiles, state.selfProfile, state.user)
        }
        callState.update { callState in
            var selfInfo = CallParticipantInfo()
            selfInfo.id = me?.rawValue ?? ""
            selfInfo.name = selfProfile.nickname ?? ""
            selfInfo.avatarURL = selfProfile.avatarURL ?? ""
            selfInfo.isMicrophoneOpened = devices.microphoneStatus == .on
            selfInfo.isCameraOpened = devices.cameraStatus == .on
            guard let view else {
                callState.selfInfo = selfInfo
                return
            }
            callState.activeCall = view.callInfo(duration: view.duration(at: now))
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
                info.name = profiles[member.id]?.nickname ?? ""
                info.avatarURL = profiles[member.id]?.avatarURL ?? ""
                info.status = view.status(of: member)
                info.isMicrophoneOpened = member.microphone
                info.isCameraOpened = member.camera
                return info
            }
        }
    }

    /// Carries out one event (on the callback queue).
    private func deliver(_ event: TencentCallEvent) {
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

    // MARK: - Duration

    /// Runs the one-second tick of `activeCall.duration` while `view` (being shown) is connected here,
    /// on the environment's clock (a test clock in tests): one tick per call and connection instant, so
    /// a rejoined call counts afresh. Called under the state lock.
    private func updateDurationTimer(in state: inout State, for view: TencentCallView) {
        let since: Timestamp? = view.ending == nil ? view.connectedSince : nil
        if let current = state.durationTimer, current.callID == view.callID, current.since == since { return }
        state.stopDurationTimer()
        guard let since else { return }
        let clock = environment.clock
        let callID = view.callID
        let this = WeakReference(self)
        let task = Task(executorPreference: environment.executor) {
            var tick = 1
            while !Task.isCancelled {
                let at = since + TencentLimits.durationTick * tick
                do { try await clock.sleep(until: at) } catch { return }
                guard let client = this.value, !Task.isCancelled, client.isShowingConnected(callID) else { return }
                client.post {
                    guard client.isShowingConnected(callID) else { return }
                    client.publishCall(at: at)
                }
                tick += 1
            }
        }
        state.durationTimer = (callID, since, task)
    }

    private func isShowingConnected(_ callID: String) -> Bool {
        state.withLock { $0.view?.callID == callID && $0.view?.ending == nil && $0.view?.connectedSince != nil }
    }

    // MARK: - Profiles and media

    /// The members of `view` whose profiles the device neither knows nor is reading; marks them as
    /// being read. Called under the state lock.
    private func missingProfiles(in state: inout State, of view: TencentCallView) -> [UserID] {
        let missing = view.members.map(\.id).filter {
            $0 != state.user?.rawValue && state.profiles[$0] == nil && !state.profilesInFlight.contains($0)
        }
        state.profilesInFlight.formUnion(missing)
        return missing.map(UserID.init(rawValue:))
    }

    /// Reads profiles; the state shows the names and avatars once they arrive.
    private func fetchProfiles(_ users: [UserID]) {
        guard !users.isEmpty else { return }
        submit(.queryProfiles(users)) { [weak self] result in
            guard let self else { return }
            state.withLock { state in
                state.profilesInFlight.subtract(users.map(\.rawValue))
                if case .success(.profiles(let profiles, _)) = result {
                    for profile in profiles { state.profiles[profile.user.rawValue] = profile }
                }
            }
            post { [self] in publishCall() }
        }
    }

    /// Tells the call the local microphone and camera (every participant sees them).
    /// `skippingOff`: say nothing while both are off.
    func reportMedia(skippingOff: Bool = false) {
        let (view, devices) = state.withLock { ($0.view, $0.devices) }
        let media = ParticipantMedia(microphone: devices.microphoneStatus == .on, camera: devices.cameraStatus == .on)
        guard let view, view.ending == nil, !view.isSignalingOver, !(skippingOff && media == .off) else { return }
        fire(.call(CallID(view.callID), .setMedia(media)))
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
        guard let me = state.withLock({ $0.isLoggedIn ? $0.user : nil }) else {
            return complete(completion, .failure(TencentErrorMapping.notLoggedIn))
        }
        guard userID.isEmpty || userID == me.rawValue else {
            return complete(completion, .failure(TencentErrorMapping.info(
                ERROR_PARAM_INVALID, "userProfile.userID \(String(reflecting: userID)) is not the logged-in user \(me)")))
        }
        submit(.setProfile(nickname: nickname, avatarURL: avatarURL)) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.profiles(let profiles, _)):
                let profile = profiles.first ?? Profile(user: me, nickname: nickname, avatarURL: avatarURL)
                state.withLock { state in
                    state.selfProfile.nickname = profile.nickname
                    state.selfProfile.avatarURL = profile.avatarURL
                }
                                post { [self] in
                    loginState.update { state in
                        state.loginUserInfo?.nickname = profile.nickname
                        state.loginUserInfo?.avatarURL = profile.avatarURL
                    }
                    publishCall()
                    completion?(.success(()))
                }
            case .success:
                complete(completion, .failure(TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "unexpected reply")))
            case .failure(let error):
                complete(completion, .failure(TencentErrorMapping.callError(error)))
            }
        }
    }

    /// `TUICallEngine.enableMultiDeviceAbility(enable:succ:fail:)`: kept for later logins and sent now.
    func enableMultiDevice(_ enable: Bool, completion: Done?) {
        let loggedIn = state.withLock { state in
            state.multiDevice = enable
            return state.isLoggedIn
        }
        guard loggedIn else {
            return complete(completion, .failure(TencentErrorMapping.notLoggedIn))
        }
        submit(.setMultiDevice(enable)) { [weak self] result in
            guard let self else { return }
            complete(completion, result.map { _ in () }.mapError(TencentErrorMapping.callError))
        }
    }
}
