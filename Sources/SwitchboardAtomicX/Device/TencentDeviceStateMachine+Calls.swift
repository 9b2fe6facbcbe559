import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// The calls of a Tencent device: the requests and their guards, the answers, the notifications with
/// the busy and glare decision, and the duration tick.
extension TencentDeviceStateMachine {
    // MARK: - Requests

    /// `calls` (both spellings, and `TUICallEngine.calls`): the kit's guards (docs/TENCENT.md, "At most
    /// 9 people", "Busy devices answer busy"), then `call.invite` with the Tencent policy.
    /// `attachments`: the offline push the invitation carries; `freshRoomID`: the room when
    /// `params.roomId` is empty ("Rooms").
    mutating func placeCall(
        _ participantIds: [String], mediaType: CallMediaType, params: CallParams,
        attachments: [String: String], freshRoomID: String, completion: Completion?
    ) -> [Action] {
        guard let me = loggedInUser else {
            return complete(.app(completion), .failure(TencentErrorMapping.notLoggedIn))
        }
        let invitees = Self.unique(participantIds).filter { $0 != me.rawValue }
        if let failure = Self.validate(invitees: invitees, params: params) {
            return complete(.app(completion), .failure(failure))
        }
        if let busy = startCall(calling: invitees.count == 1 ? UserID(invitees[0]) : nil, completion: completion) {
            return busy
        }
        let request = InviteRequest(
            invitees: invitees.map(UserID.init(rawValue:)), profile: .tencent,
            parameters: CallParameters(ringTimeout: params.timeout == 0 ? nil : .seconds(params.timeout),
                                       ephemeral: params.isEphemeralCall),
            mediaType: mediaType == .audio ? .audio : .video,
            roomID: params.roomId.isEmpty ? freshRoomID : params.roomId,
            groupID: params.chatGroupId.isEmpty ? nil : params.chatGroupId,
            payload: params.userData.isEmpty ? nil : params.userData, attachments: attachments)
        return [.send(.invite(request), .placement(me: me, generation: generation, completion))]
    }

    /// `join(callId:)`: enter a call by id.
    mutating func joinRequested(callID: String, completion: Completion?) -> [Action] {
        guard !callID.isEmpty else {
            return complete(.app(completion), .failure(isLoggedIn
                ? TencentErrorMapping.info(ERROR_PARAM_INVALID, "callId is empty") : TencentErrorMapping.notLoggedIn))
        }
        return enter(.call(CallID(callID), .join(data: nil)), completion: completion)
    }

    /// `joinInGroupCall`: enter the live call of a group by its room (`call.joinRoom`); the caller
    /// checked the ids.
    mutating func joinGroupCallRequested(roomID: String, groupID: String, completion: Completion?) -> [Action] {
        enter(.joinRoom(groupID: groupID, roomID: roomID, data: nil), completion: completion)
    }

    /// Enters a call that is going on: the busy guard, then `operation`.
    private mutating func enter(_ operation: ServiceOperation, completion: Completion?) -> [Action] {
        guard let me = loggedInUser else {
            return complete(.app(completion), .failure(TencentErrorMapping.notLoggedIn))
        }
        if let busy = startCall(completion: completion) { return busy }
        return [.send(operation, .entry(me: me, generation: generation, completion))]
    }

    /// The busy guard of `calls` and `join` (docs/TENCENT.md, "Busy devices answer busy"): marks the
    /// device as starting a call, or answers -1203 when it is not idle.
    private mutating func startCall(calling callee: UserID? = nil, completion: Completion?) -> [Action]? {
        if isInCall {
            return complete(.app(completion), .failure(TencentErrorMapping.info(
                ERROR_REQUEST_REFUSED, "Do not call repeatedly: already in a call")))
        }
        starting = Starting(callee: callee)
        return nil
    }

    /// `accept`: the ringing invitation shown here. A new participant shows both devices off: only a
    /// device that is on needs saying.
    mutating func accept(completion: Completion?) -> [Action] {
        act(on: { $0.isRinging ? .accept(data: nil) : nil }, what: "accept", recipient: .app(completion))
            + reportMedia(skippingOff: true)
    }

    /// `reject`: the ringing invitation shown here.
    mutating func reject(completion: Completion?) -> [Action] {
        act(on: { $0.isRinging ? .reject(data: nil, reason: .declined) : nil }, what: "reject", recipient: .app(completion))
    }

    /// `TUICallEngine.ignore`: answer busy without showing the invitation any further (the caller hears
    /// `onUserLineBusy`).
    mutating func ignore(completion: Completion?) -> [Action] {
        act(on: { $0.isRinging ? .reject(data: nil, reason: .busy) : nil }, what: "ignore", recipient: .app(completion))
    }

    /// `hangup`: cancels a call nobody answered yet (caller), rejects a ringing invitation, leaves a
    /// connected call (which ends when one person is left); a call the service no longer keeps ends here.
    ///
    /// The service can end the call as signaling (everyone answered: an Agora caller's confirmation)
    /// while the leave is on its way: that end reaches this device first, and the leave is refused, the
    /// call being over. The hang-up then ends the call here, as it would have a moment later
    /// (docs/TENCENT.md, "Across surfaces"): a hang-up's failure comes back to
    /// ``hangupAnswered(_:callID:completion:at:)``.
    ///
    /// A hang-up while the service still waits for the caller to confirm this device's answer waits
    /// for that confirmation (the service refuses a leave before it): it leaves once confirmed, or
    /// ends here if the call ends meanwhile (``settleDeferredHangup(at:)``).
    mutating func hangup(completion: Completion?, at now: Timestamp) -> [Action] {
        if let view, view.ending == nil, view.isSignalingOver {
            return showEndedHere(view.endedLocally(at: now), recipient: .app(completion), at: now)
        }
        if let view, view.ending == nil, view.isAwaitingConfirmation, loggedInUser != nil {
            let earlier = deferredHangup.map { complete(.app($0.completion), .success) } ?? []
            deferredHangup = DeferredHangup(callID: view.callID, completion: completion)
            return earlier
        }
        return act(on: { Self.leaveOperation(for: $0).flatMap { if case .call(_, let action) = $0 { action } else { nil } } },
                   what: "hangup", recipient: .hangup(completion, callID: view?.callID))
    }

    /// A hang-up held for the caller's confirmation, once the call shown changed: it leaves when the
    /// answer is confirmed, ends here when the service's part is over, and is answered when the call
    /// ended anyway (or another call replaced it).
    mutating func settleDeferredHangup(at now: Timestamp) -> [Action] {
        guard let deferred = deferredHangup else { return [] }
        guard let view, view.callID == deferred.callID, view.ending == nil else {
            deferredHangup = nil
            return complete(.app(deferred.completion), .success)
        }
        if view.isAwaitingConfirmation { return [] }
        deferredHangup = nil
        return hangup(completion: deferred.completion, at: now)
    }

    /// How a hang-up ended, on the callback queue: a failure ends the call here if the service no longer
    /// keeps it (it is `callID`'s, if one was shown); otherwise the app hears the outcome.
    mutating func hangupAnswered(_ outcome: TencentOutcome, callID: String?, completion: Completion?, at now: Timestamp) -> [Action] {
        if case .failure = outcome, let view, view.ending == nil, view.isSignalingOver,
           callID == nil || view.callID == callID {
            return showEndedHere(view.endedLocally(at: now), recipient: .app(completion), at: now)
        }
        return completion == nil ? [] : [.completeHere(completion, outcome)]
    }

    /// One action on the call shown here, chosen from the local user's standing (nil: not allowed).
    private func act(on choose: (TencentCallView) -> CallAction?, what: String, recipient: Recipient) -> [Action] {
        guard let me = loggedInUser else { return complete(recipient, .failure(TencentErrorMapping.notLoggedIn)) }
        guard let view, view.ending == nil, let action = choose(view) else {
            return complete(recipient, .failure(TencentErrorMapping.info(ERROR_REQUEST_REFUSED, "\(what): no call in a state that allows it")))
        }
        return [.send(.call(CallID(view.callID), action), .action(me: me, generation: generation, recipient))]
    }

    /// A mid-call `invite` (`invite(participantIds:params:)`, `inviteUser`) the machine allows: the
    /// request, and who asked in which login.
    struct Invitation: Hashable, Sendable {
        var operation: ServiceOperation
        var me: UserID
        var generation: Int
        var invitees: [String]
    }

    /// Whether more people may be invited into the connected call now, and the request that does it.
    /// Its answer comes back as an ``Awaited/action(me:generation:_:)``, once the client has turned the
    /// users the service skipped into `invite`'s result.
    func inviteMore(_ participantIds: [String]) -> Result<Invitation, TencentFailure> {
        guard let me = loggedInUser else { return .failure(TencentFailure(TencentErrorMapping.notLoggedIn)) }
        guard let view, view.ending == nil, view.selfStatus == .accept else {
            return .failure(TencentFailure(TencentErrorMapping.info(ERROR_REQUEST_REFUSED, "not in a connected call")))
        }
        let invitees = Self.unique(participantIds).filter { $0 != me.rawValue }
        guard !invitees.isEmpty else {
            return .failure(TencentFailure(TencentErrorMapping.info(ERROR_PARAM_INVALID, "participantIds is empty")))
        }
        let present = view.members.filter(\.isListed).count
        guard present + invitees.count <= TencentLimits.maxPeople else {
            return .failure(TencentFailure(TencentErrorMapping.info(
                ERROR_PARAM_INVALID, "currently supports call with up to \(TencentLimits.maxPeople) people")))
        }
        return .success(Invitation(operation: .call(CallID(view.callID), .inviteMore(invitees.map(UserID.init(rawValue:)))),
                                   me: me, generation: generation, invitees: invitees))
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

    // MARK: - Answers

    /// The answer to `calls`. The call is shown first as placed ("everyone invited is ringing", the
    /// caller waiting) with `onCallStarted`, then as the service answered, so that invitees refused at
    /// once (busy, offline) are reported after it and a call over before it started still starts, then
    /// ends. Then the invitation held for glare, if this device's call lost.
    mutating func placed(
        _ result: Result<Reply, SignalingError>, me: UserID, generation: Int, completion: Completion?, at now: Timestamp
    ) -> [Action] {
        switch result {
        case .success(.call(let call, _)):
            guard let view = TencentCallView(call: call, me: me, device: device) else {
                return failStart(generation, completion, TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "the call does not name you"), at: now)
            }
            let held = starting?.heldGlare
            let placed = view.asPlaced()
            var actions = keep(placed, after: .was(placed), recipient: .app(completion), generation: generation,
                               endsStart: true, announcesStart: true, at: now)
            if view != placed { actions += keep(view, generation: generation, at: now) }
            actions += releaseHeldGlare(held, generation: generation, at: now)
            return actions + reportMedia()
        case .success:
            return failStart(generation, completion, TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "unexpected reply"), at: now)
        case .failure(let error):
            return failStart(generation, completion, TencentErrorMapping.callError(error), at: now)
        }
    }

    /// The answer to `join` or `joinInGroupCall`: the call shown as joined.
    mutating func entered(
        _ result: Result<Reply, SignalingError>, me: UserID, generation: Int, completion: Completion?, at now: Timestamp
    ) -> [Action] {
        switch result {
        case .success(.call(let call, _)):
            guard let view = TencentCallView(call: call, me: me, device: device) else {
                return failStart(generation, completion, TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "the call does not name you"), at: now)
            }
            return keep(view, after: .was(view.beforeJoining()), recipient: .app(completion), generation: generation,
                        endsStart: true, at: now) + reportMedia()
        case .success:
            return failStart(generation, completion, TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "unexpected reply"), at: now)
        case .failure(let error):
            return failStart(generation, completion, TencentErrorMapping.callError(error), at: now)
        }
    }

    /// The answer to an action on the call shown.
    mutating func acted(
        _ result: Result<Reply, SignalingError>, me: UserID, generation: Int, recipient: Recipient, at now: Timestamp
    ) -> [Action] {
        switch result {
        case .success(.call(let call, _)):
            guard let updated = TencentCallView(call: call, me: me, device: device) else {
                return complete(recipient, .success)
            }
            return keep(updated, recipient: recipient, generation: generation, at: now)
        case .success:
            return complete(recipient, .failure(TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "unexpected reply")))
        case .failure(let error):
            return complete(recipient, .failure(TencentErrorMapping.callError(error)))
        }
    }

    /// A `calls` or `join` that did not start a call: the device is idle again (unless a later login
    /// took over), and the app gets `error`.
    private mutating func failStart(_ generation: Int, _ completion: Completion?, _ error: ErrorInfo, at now: Timestamp) -> [Action] {
        let held = starting?.heldGlare
        if self.generation == generation { starting = nil }
        return complete(.app(completion), .failure(error)) + releaseHeldGlare(held, generation: generation, at: now)
    }

    /// After a `calls` is answered: the invitation from its callee that arrived meanwhile (glare:
    /// docs/TENCENT.md, "Glare"). When this device's call lost, it is shown now, as it rings; when
    /// this device's call survived, the service ends the other one, and it is dropped.
    private mutating func releaseHeldGlare(_ held: CallNotification?, generation: Int, at now: Timestamp) -> [Action] {
        starting?.heldGlare = nil
        starting?.callee = nil
        guard self.generation == generation, !isInCall, let held else { return [] }
        return callNotified(held, generation: generation, at: now)
    }

    // MARK: - Notifications

    /// A call notification of `generation`: the state and events of this device.
    ///
    /// A change of the call shown is shown. A new invitation (also into a call that ended here, invited
    /// again after leaving it) rings, unless the device is busy. The service answers busy for a Tencent
    /// user who is in a call (``TencentCallRules/answersBusyWhileBusy(loginSurface:)``; docs/TENCENT.md,
    /// "Busy devices answer busy"), so a busy device never gets one; what the service cannot know yet
    /// is a call this device is placing whose request is still on its way, and that window is answered
    /// busy here, except glare (docs/TENCENT.md, "Glare"): the user this device is calling one-to-one
    /// calls it at the same moment. The service keeps one of the two calls, so that invitation is held
    /// until this device's own call is answered. Anything else about a call that is not (or no longer)
    /// shown here is another device's, or stale.
    mutating func callNotified(_ note: CallNotification, generation: Int, at now: Timestamp) -> [Action] {
        guard self.generation == generation, let me = user,
              let view = TencentCallView(call: note.call, me: me, device: device) else { return [] }
        if let shown = self.view, shown.callID == view.callID, shown.ending == nil {
            // Derived from the kept view: a call that ended here meanwhile stays ended.
            return keep(view, after: .kept, generation: generation, at: now)
        }
        if let held = starting?.heldGlare, held.call.id == note.call.id {
            // News of a held invitation: kept as its latest state, still as an invitation.
            starting?.heldGlare = CallNotification(kind: held.kind, call: note.call)
            return []
        }
        guard case .invited = note.kind, view.isRinging, view.ending == nil else { return [] }
        guard let starting else {
            return keep(view, after: .nothing, generation: generation, at: now)
        }
        if let callee = starting.callee, note.call.caller == callee, note.call.participants.count == 2 {
            self.starting?.heldGlare = note
            return []
        }
        return [.send(.call(note.call.id, .reject(data: nil, reason: .busy)), .nothing)]
    }

    // MARK: - Duration

    /// A tick of `activeCall.duration` fell due at `at`: published while the call counts; a tick that
    /// no longer matches the call shown stops.
    mutating func durationTicked(_ tick: DurationTick, at: Timestamp) -> [Action] {
        guard durationTick == tick else { return [] }
        guard isCounting(tick.callID) else { return stopDuration() }
        return [.publishTick(tick, at: at)]
    }
}
