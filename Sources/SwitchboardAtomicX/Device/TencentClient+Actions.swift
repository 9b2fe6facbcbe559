import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// How the client carries out what the device's state machine returns (docs/TENCENT.md, "Shape"). The
/// machine decides; nothing here chooses between outcomes.
extension TencentClient {
    typealias Device = TencentDeviceStateMachine<Done>

    /// Runs `input` on the device's machine under the host's lock and carries out the actions it returns.
    func perform(_ input: (inout Device) -> [Device.Action]) {
        let requests = state.withLock { state in
            carryOut(input(&state.device), in: &state)
        }
        for request in requests { request() }
    }

    /// Carries out `actions` in order, under the lock that guarded the step that returned them: blocks
    /// reach the callback queue in the order the machine made its changes, whichever thread made them,
    /// and the session and the duration tick change with the state. Returns what must wait for the lock
    /// to be released (requests, which read the state again), in order.
    func carryOut(_ actions: [Device.Action], in state: inout State) -> [() -> Void] {
        var later: [() -> Void] = []
        for action in actions {
            switch action {
            case .complete(let recipient, let outcome):
                post { [self] in deliver(outcome, to: recipient) }
            case .completeHere(let completion, let outcome):
                later.append { completion?(outcome.result) }
            case .show(let showing):
                post { [self] in show(showing) }
            case .republish:
                post { [self] in publishCall(.current(at: now)) }
            case .publishLoggedIn(let profile):
                post { [self] in
                    loginState.update { state in
                        state.loginStatus = .logined
                        state.loginUserInfo = UserProfile(userID: profile.user.rawValue, nickname: profile.nickname,
                                                          avatarURL: profile.avatarURL)
                    }
                    publishCall(.current(at: now))
                }
            case .publishLoggedOut(let event):
                post { [self] in
                    loginState.update { state in
                        state.loginStatus = .unlogin
                        state.loginUserInfo = nil
                    }
                    if let event { loginEvents.send(event) }
                }
                switch event {
                case .kickedOffline: notifyObservers { $0.onKickedOffline() }
                case .loginExpired: notifyObservers { $0.onUserSigExpired() }
                case nil: break
                }
            case .publishProfile(let profile, let isOwn, let completion):
                post { [self] in
                    if isOwn {
                        loginState.update { state in
                            state.loginUserInfo?.nickname = profile.nickname
                            state.loginUserInfo?.avatarURL = profile.avatarURL
                        }
                    }
                    publishCall(.current(at: now))
                    completion?(.success(()))
                }
            case .publishDevices(let mediaChanged, let completion, let outcome):
                let devices = state.device.devices
                post { [self] in
                    deviceState.update { $0 = devices }
                    if mediaChanged { publishCall(.current(at: now)) }
                    completion?(outcome.result)
                }
            case .publishTick(let tick, let at):
                post { [self] in publishCall(.tick(tick, at: at)) }
            case .send(let operation, let awaited):
                later.append { [self] in send(operation, awaiting: awaited) }
            case .sendOnLoginSession(let operation, let awaited):
                guard let session = state.session else { continue }
                let this = WeakReference(self)
                later.append { [self] in
                    enqueue {
                        await session.submit(operation) { result in
                            guard let client = this.value else { return }
                            let now = client.now
                            client.perform { $0.replied(awaited, with: result, at: now) }
                        }
                    }
                }
            case .readActiveCalls(let callID, let generation):
                later.append { [self] in
                    submitActiveCalls { [weak self] result in
                        guard let self else { return }
                        let now = now
                        perform { $0.activeCallsRead(try? result.get(), callID: callID, generation: generation, at: now) }
                    }
                }
            case .openSession(let start):
                let session = makeSession(configuration(start))
                let previous = state.session
                state.session = session
                later.append { [self] in logIn(session, start, retiring: previous) }
            case .retireSession(let leaving, let then):
                guard let session = state.session else { continue }
                state.session = nil
                later.append { [self] in
                    enqueue { [self] in
                        await Self.retire(session, leaving: leaving)
                        complete(then, .success(()))
                    }
                }
            case .forgetSession:
                state.session = nil
            case .shutDownSession:
                guard let session = state.session else { continue }
                state.session = nil
                later.append { [self] in enqueue { await session.shutdown() } }
            case .startDurationTick(let tick):
                state.durationTick?.cancel()
                state.durationTick = countDuration(tick)
            case .stopDurationTick:
                state.durationTick?.cancel()
                state.durationTick = nil
            }
        }
        return later
    }

    /// A change of the call, on the callback queue: the state this change led to (even when a later
    /// change is already kept: its events describe this state, a call placed, then ended at once), the
    /// answer, the events, and `onCallStarted` for a call just placed.
    private func show(_ showing: Device.Showing) {
        publishCall(.change(showing.view, at: showing.at))
        deliver(showing.outcome, to: showing.recipient)
        for event in showing.events { deliver(event) }
        if showing.announcesStart {
            callEvents.send(.onCallStarted(callId: showing.view.callID, mediaType: showing.view.mediaType))
        }
    }

    /// Gives `outcome` to its recipient, on the callback queue; a hang-up's goes back to the machine first.
    private func deliver(_ outcome: TencentOutcome, to recipient: Device.Recipient) {
        switch recipient {
        case .app(let completion):
            completion?(outcome.result)
        case .hangup(let completion, let callID):
            let now = now
            perform { $0.hangupAnswered(outcome, callID: callID, completion: completion, at: now) }
        }
    }

    /// Sends `operation` and gives the answer to the machine.
    private func send(_ operation: ServiceOperation, awaiting awaited: Device.Awaited) {
        submit(operation) { [weak self] result in
            guard let self else { return }
            let now = now
            perform { $0.replied(awaited, with: result, at: now) }
        }
    }

    /// Logs `session` in as `start` says, once the session it replaces left its call and logged out.
    private func logIn(_ session: ClientSession, _ start: Device.SessionStart, retiring previous: ClientSession?) {
        startLogin(session, generation: start.generation, retiring: {
            if let previous { await Self.retire(previous, leaving: start.leaving) }
        }) { [weak self] result in
            guard let self else { return }
            let error: SignalingError? = if case .failure(let error) = result { error } else { nil }
            perform { $0.loginEnded(generation: start.generation, error: error) }
        }
    }

    /// The one-second tick of `activeCall.duration` on the environment's clock (a test clock in tests),
    /// from `tick.since`: each tick goes to the machine, which publishes it while the call counts.
    private func countDuration(_ tick: Device.DurationTick) -> Task<Void, Never> {
        let clock = environment.clock
        let this = WeakReference(self)
        return Task(executorPreference: environment.executor) {
            var count = 1
            while !Task.isCancelled {
                let at = tick.since + TencentLimits.durationTick * count
                do { try await clock.sleep(until: at) } catch { return }
                guard let client = this.value, !Task.isCancelled else { return }
                client.perform { $0.durationTicked(tick, at: at) }
                count += 1
            }
        }
    }
}
