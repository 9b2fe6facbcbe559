import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// The login of a Tencent device: `LoginStore.login` / `logout`, the service ending the session, a
/// session replaced after a long outage, profiles and multi-device (docs/TENCENT.md, "Login, tokens,
/// profiles").
extension TencentDeviceStateMachine {
    /// `LoginStore.login` with checked arguments. Logging in again as the same user succeeds at once;
    /// otherwise a call in progress ends with the session it belongs to (hung up, as at logout), a login
    /// still under way is superseded, and a new session logs in.
    mutating func loginRequested(
        user: UserID, sdkAppID: Int32, userSig: String, completion: Completion?, at now: Timestamp
    ) -> [Action] {
        if isLoggedIn, self.user == user, self.sdkAppID == sdkAppID {
            // Already logged in as this user: the IM SDK answers success.
            return complete(.app(completion), .success)
        }
        let (stopping, ended, leaving) = endCallWithSession(at: now)
        if self.user != user {
            profiles = [:]
        }
        let superseded = pendingLogin
        generation += 1
        self.user = user
        self.sdkAppID = sdkAppID
        phase = .loggingIn(completion)
        var actions = stopping
        actions.append(.openSession(SessionStart(user: user, sdkAppID: sdkAppID, userSig: userSig, generation: generation,
                                                 leaving: leaving)))
        actions += complete(.app(superseded), .failure(TencentErrorMapping.info(ERROR_INIT_FAIL, "superseded by a later login")))
        if let ended {
            actions += showEndedHere(ended, at: now)
        }
        return actions
    }

    /// The login of `generation` ended: welcomed (nil), or failed with `error`. Once welcomed, the
    /// device turns multi-device on if asked and reads the user's profile before the app hears.
    mutating func loginEnded(generation: Int, error: SignalingError?) -> [Action] {
        guard self.generation == generation else { return [] }
        if let error {
            let pending = pendingLogin
            user = nil
            phase = .signedOut
            return [.forgetSession] + complete(.app(pending), .failure(TencentErrorMapping.loginError(error)))
        }
        switch phase {
        case .loggingIn(let completion): phase = .readingProfile(completion)
        case .signedOut: phase = .signedIn
        case .readingProfile, .signedIn: break
        }
        guard let user else { return [] }
        var actions: [Action] = []
        if multiDevice {
            actions.append(.sendOnLoginSession(.setMultiDevice(true), .nothing))
        }
        actions.append(.sendOnLoginSession(.queryProfiles([user]), .ownProfile(user, generation: generation)))
        return actions
    }

    /// The user's own profile was read (or not: nil) at the end of the login of `generation`:
    /// `LoginStore.state` shows `logined`, and the app hears.
    private mutating func ownProfileRead(_ read: Profile?, user: UserID, generation: Int) -> [Action] {
        guard self.generation == generation else { return [] }
        ownProfile = OwnProfile(nickname: read?.nickname, avatarURL: read?.avatarURL)
        guard case .readingProfile(let completion) = phase else { return [] }
        phase = .signedIn
        let shown = Profile(user: user, nickname: read?.nickname, avatarURL: read?.avatarURL)
        return [.publishLoggedIn(shown)] + complete(.app(completion), .success)
    }

    /// `LoginStore.logout`: a call in progress is hung up first (and ends here with `hangup`), then the
    /// session logs out.
    mutating func logoutRequested(completion: Completion?, at now: Timestamp) -> [Action] {
        if case .signedOut = phase { return complete(.app(completion), .success) }
        let (stopping, ended, leaving) = endCallWithSession(at: now)
        let pending = pendingLogin
        phase = .signedOut
        generation += 1
        var actions = stopping
        actions += complete(.app(pending), .failure(TencentErrorMapping.info(ERROR_INIT_FAIL, "logged out before the login completed")))
        if let ended {
            actions += showEndedHere(ended, at: now)
        }
        return actions + [.publishLoggedOut(nil), .retireSession(leaving: leaving, then: completion)]
    }

    /// Logged out by the service in `generation` (another login replaced the session, the UserSig
    /// expired): the app hears `event` on both APIs. The service has ended the session, and with it
    /// this device's part in its call (`leavesWithDevice`); the call ends here.
    mutating func forcedOut(_ event: LoginEvent, generation: Int, at now: Timestamp) -> [Action] {
        forcedOut(event, generation: generation, session: .forgetSession, at: now)
    }

    private mutating func forcedOut(_ event: LoginEvent, generation: Int, session: Action, at now: Timestamp) -> [Action] {
        guard self.generation == generation else { return [] }
        self.generation += 1
        let pending = pendingLogin
        phase = .signedOut
        let (stopping, ended, _) = endCallWithSession(at: now)
        var actions = [session] + stopping
        actions += complete(.app(pending), .failure(TencentErrorMapping.info(ERROR_INIT_FAIL, "logged out by the service: \(event)")))
        if let ended {
            actions += showEndedHere(ended, at: now)
        }
        return actions + [.publishLoggedOut(event)]
    }

    /// A reconnect of `generation` was refused. A UserSig that ran out (or was revoked) while the link
    /// was down is the IM SDK's `onUserSigExpired`; the session stops retrying with it.
    mutating func reconnectRefused(_ error: SignalingError, generation: Int, at now: Timestamp) -> [Action] {
        guard error.code == .service(.tokenExpired) || error.code == .service(.invalidToken) else { return [] }
        if case .signedOut = phase { return [] }
        return forcedOut(.loginExpired, generation: generation, session: .shutDownSession, at: now)
    }

    /// The instance is released (the host ends the session and bumps the generation).
    mutating func released() -> [Action] {
        let pending = pendingLogin
        phase = .signedOut
        return stopDuration() + complete(.app(pending), .failure(TencentErrorMapping.info(ERROR_INIT_FAIL, "the instance was released")))
    }

    /// The session of `generation` was lost and replaced by a fresh login (the link was down past the
    /// service's grace period, or the server restarted). Its settings are sent again, and the call
    /// shown goes on only if the service still has this device in it (a restarted server resumes its
    /// calls; a lost session takes the device out of its call, `leavesWithDevice`): the service's list
    /// of active calls decides (``activeCallsRead(_:callID:generation:at:)``).
    mutating func sessionReplaced(generation: Int) -> [Action] {
        guard self.generation == generation else { return [] }
        var actions: [Action] = multiDevice ? [.send(.setMultiDevice(true), .nothing)] : []
        if let view, view.ending == nil {
            actions.append(.readActiveCalls(callID: view.callID, generation: generation))
        }
        return actions
    }

    /// The service's active calls after a replaced session (nil: they could not be read): the call
    /// `callID` shows on if it is among them and still has this device in it, else it ends here.
    mutating func activeCallsRead(_ calls: [Call]?, callID: String, generation: Int, at now: Timestamp) -> [Action] {
        if let me = user, let call = calls?.first(where: { $0.id.rawValue == callID }),
           let view = TencentCallView(call: call, me: me, device: device), view.ending == nil {
            return keep(view, generation: generation, at: now)
        }
        guard self.generation == generation, view?.callID == callID else { return [] }
        let (stopping, ended, _) = endCallWithSession(at: now)
        guard let ended else { return stopping }
        return stopping + showEndedHere(ended, at: now)
    }

    /// `profile.changed`: the people shown, and the user's own name when it is theirs.
    mutating func profileChanged(_ profile: Profile, generation: Int) -> [Action] {
        guard self.generation == generation else { return [] }
        profiles[profile.user.rawValue] = profile
        let isOwn = profile.user == user
        if isOwn {
            ownProfile = OwnProfile(nickname: profile.nickname, avatarURL: profile.avatarURL)
        }
        return [.publishProfile(profile, isOwn: isOwn, nil)]
    }

    /// `setSelfInfo`: name and avatar for everyone who shows this user; `userID` empty or the user's.
    mutating func setSelfInfo(nickname: String?, avatarURL: String?, userID: String, completion: Completion?) -> [Action] {
        guard let me = loggedInUser else {
            return complete(.app(completion), .failure(TencentErrorMapping.notLoggedIn))
        }
        guard userID.isEmpty || userID == me.rawValue else {
            return complete(.app(completion), .failure(TencentErrorMapping.info(
                ERROR_PARAM_INVALID, "userProfile.userID \(String(reflecting: userID)) is not the logged-in user \(me)")))
        }
        return [.send(.setProfile(nickname: nickname, avatarURL: avatarURL),
                      .ownProfileSet(me: me, nickname: nickname, avatarURL: avatarURL, completion))]
    }

    /// `enableMultiDeviceAbility`: kept for later logins and sent now.
    mutating func enableMultiDevice(_ enable: Bool, completion: Completion?) -> [Action] {
        multiDevice = enable
        guard isLoggedIn else {
            return complete(.app(completion), .failure(TencentErrorMapping.notLoggedIn))
        }
        return [.send(.setMultiDevice(enable), .multiDevice(completion))]
    }

    // MARK: - Answers

    /// The answer to a request the machine sent (``Action/send(_:_:)``), as the service gave it.
    mutating func replied(_ awaited: Awaited, with result: Result<Reply, SignalingError>, at now: Timestamp) -> [Action] {
        switch awaited {
        case .nothing:
            return []
        case .placement(let me, let generation, let completion):
            return placed(result, me: me, generation: generation, completion: completion, at: now)
        case .entry(let me, let generation, let completion):
            return entered(result, me: me, generation: generation, completion: completion, at: now)
        case .action(let me, let generation, let recipient):
            return acted(result, me: me, generation: generation, recipient: recipient, at: now)
        case .profiles(let users):
            if case .success(.profiles(let read, _)) = result { return profilesRead(users, read) }
            return profilesRead(users, nil)
        case .ownProfile(let user, let generation):
            if case .success(.profiles(let read, _)) = result { return ownProfileRead(read.first, user: user, generation: generation) }
            return ownProfileRead(nil, user: user, generation: generation)
        case .ownProfileSet(let me, let nickname, let avatarURL, let completion):
            switch result {
            case .success(.profiles(let read, _)):
                let profile = read.first ?? Profile(user: me, nickname: nickname, avatarURL: avatarURL)
                ownProfile = OwnProfile(nickname: profile.nickname, avatarURL: profile.avatarURL)
                return [.publishProfile(profile, isOwn: true, completion)]
            case .success:
                return complete(.app(completion), .failure(TencentErrorMapping.info(ERROR_SIGNALING_SEND_FAIL, "unexpected reply")))
            case .failure(let error):
                return complete(.app(completion), .failure(TencentErrorMapping.callError(error)))
            }
        case .multiDevice(let completion):
            switch result {
            case .success: return complete(.app(completion), .success)
            case .failure(let error): return complete(.app(completion), .failure(TencentErrorMapping.callError(error)))
            }
        case .pushToken(let completion):
            return pushTokenAnswered(result, completion: completion)
        }
    }
}
