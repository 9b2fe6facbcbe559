import SwitchboardCore
import SwitchboardWire

extension ServiceCore {
    /// `push.register`: keeps a push token of the session's own device, once it passes every check
    /// (``PushTokenValidation``); a token another user (or device) held moves to this device.
    func registerPush(_ request: PushTokenRequest, for session: Session, in realm: Realm, at now: Timestamp)
        -> Result<Reply, SignalingError>
    {
        let registration: PushRegistration
        do {
            registration = try PushTokenValidation.registration(
                request, user: session.user, device: session.device, topics: realm.configuration?.pushTopics ?? [], at: now)
        } catch {
            return .failure(error)
        }
        for removed in realm.pushRegistrations.register(registration) {
            write(.pushUnregistered(realm.app, removed))
            logger.info("push token of \(removed.user)'s device \(removed.device) (\(removed.platform.rawValue)) taken over by \(session.endpoint)")
        }
        write(.pushRegistered(realm.app, registration))
        return .success(.empty)
    }

    /// Removes the push tokens of the session's own device (of one platform, or all): `push.unregister`, and
    /// a logout for good.
    func unregisterPush(of session: Session, platform: PushPlatform?, in realm: Realm) {
        for key in realm.pushRegistrations.keys(of: session.user, device: session.device, platform: platform) {
            realm.pushRegistrations.remove(key)
            write(.pushUnregistered(realm.app, key))
        }
    }

    /// Decides a call's pushes after a transition (``PushPlanner``) and keeps their marks with the call, so
    /// that the call's write of this step stores them. The pushes go to the sender at the end of the step,
    /// once that write is durable (``endOfStep()``). Nothing to do without a sender, or when neither the app
    /// has a token nor the call a mark.
    func planPushes(_ id: CallID, in realm: Realm, at now: Timestamp) {
        guard pushes != nil, let call = realm.calls[id]?.call else { return }
        guard !realm.pushRegistrations.isEmpty || call.participants.contains(where: { !$0.pushMarks.isEmpty }) else { return }
        let plan = PushPlanner.plan(call, app: realm.app, registry: realm.pushRegistrations, hasLiveSession: { user, device in
            realm.sessions(of: user).contains { $0.device == device && $0.connection != nil }
        }, at: now)
        for (user, marks) in plan.marks {
            realm.calls[id]!.setPushMarks(marks, of: user)
        }
        if !plan.jobs.isEmpty {
            outbox.deliveries.append(.push(plan.jobs))
        }
    }

    /// How a push ended, as the sender reports it: the call's timeline shows it (docs/SERVER.md, "Console"),
    /// and a token the provider says is gone is removed, unless the device registered another since.
    func pushAnswered(_ answer: PushAnswer, in realm: Realm) {
        realm.timelines.append(TimelineEntry(time: answer.at, node: nodeName, what: .push(PushTimelineEntry(answer))),
                               to: answer.job.callID)
        guard case .tokenInvalid = answer.outcome else { return }
        let sent = answer.job.registration
        guard let current = realm.pushRegistrations.byKey[sent.key], current.token == sent.token else { return }
        realm.pushRegistrations.remove(sent.key)
        write(.pushUnregistered(realm.app, sent.key))
        logger.info("push token of \(sent.user)'s device \(sent.device) (\(sent.platform.rawValue)) removed: the provider says it is gone")
    }
}
