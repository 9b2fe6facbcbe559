import SwitchboardCore
import SwitchboardWire

/// ZPNs' tokens on a ZIM instance (docs/ZIM.md, "Push tokens"): ZEGO binds the tokens to the ZIM user at
/// login and clears the binding at logout, so the instance registers what its `ZPNs` holds once its login
/// succeeds, and at once when a token changes while it is logged in. The service removes the tokens itself
/// when the session logs out for good.
extension ZIMInstanceStateMachine {
    /// The instance's `ZPNs` changed (a token set, registration turned on or off, the bundle id set), or
    /// the instance was just attached to it.
    mutating func pushSetupChanged(_ setup: ZPNsSetup) -> [Action] {
        let wasEnabled = push.isEnabled
        push = setup
        guard isLoggedIn else { return [] }
        guard setup.isEnabled else {
            guard wasEnabled else { return [] }
            pushSent = [:]
            return [.unregisterPush]
        }
        return registerPush()
    }

    /// The service answered the registration `request` sent on the login of `generation`: nil for
    /// accepted. A refused or undelivered one is sent again when the token is set again or at the next login.
    mutating func pushRegisterAnswered(_ request: PushTokenRequest, error: SignalingError?, generation: Int) -> [Action] {
        guard self.generation == generation else { return [] }
        guard let error else { return [.emit(.zpnsRegistered(pushID: ZPNsPushID.of(request)))] }
        for (platform, sent) in pushSent where sent == .success(request) {
            pushSent[platform] = nil
        }
        return [.emit(.zpnsRegisterFailed(ZPNsFailure(error)))]
    }

    /// Registers each token whose registration differs from what this login last sent (or reported
    /// unsendable: no bundle id), while registration is on.
    mutating func registerPush() -> [Action] {
        guard push.isEnabled else { return [] }
        var actions: [Action] = []
        for (platform, registration) in push.registrations where pushSent[platform] != registration {
            pushSent[platform] = registration
            switch registration {
            case .success(let request): actions.append(.registerPush(request))
            case .failure(let failure): actions.append(.emit(.zpnsRegisterFailed(failure)))
            }
        }
        return actions
    }
}
