import SwitchboardWire

/// `V2TIMManager.setAPNS` / `setVOIP` (docs/TENCENT.md, "Push tokens"): the IM SDK reports the token of
/// the logged-in user's device; before the login it fails with `ERR_SDK_NOT_LOGGED_IN` (6014), and the
/// service's refusal comes back as the IM SDK's code (``TencentErrorMapping/imError(_:)``). Nothing is
/// kept for a later login: the service removes the device's tokens at logout, and an app sets them again
/// after each login, as Tencent's samples do.
extension TencentDeviceStateMachine {
    /// A token to register or remove (`push.register`, `push.unregister`), or why it cannot be sent.
    mutating func pushTokenRequested(_ request: Result<ServiceOperation, TencentFailure>, completion: Completion?) -> [Action] {
        guard isLoggedIn else {
            return complete(.app(completion), .failure(TencentErrorMapping.imNotLoggedInInfo))
        }
        switch request {
        case .success(let operation): return [.send(operation, .pushToken(completion))]
        case .failure(let failure): return complete(.app(completion), .failure(failure))
        }
    }

    /// The service's answer to a push token request.
    func pushTokenAnswered(_ result: Result<Reply, SignalingError>, completion: Completion?) -> [Action] {
        switch result {
        case .success: complete(.app(completion), .success)
        case .failure(let error): complete(.app(completion), .failure(TencentErrorMapping.imError(error)))
        }
    }
}
