import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// The answer to a call request: the call as it now is, and the users the request skipped.
struct ZIMCallOutcome: Sendable {
    var call: Call
    var skipped: [SkippedUser]
}

extension ZIMClient {
    // MARK: - Requests

    /// `callInvite(with:config:callback:)`.
    func invite(_ request: InviteRequest, completion: @escaping @Sendable (Result<ZIMCallOutcome, ZIMFailure>) -> Void) {
        submit(.invite(request), api: .callInvite) { result in
            completion(result.flatMap(Self.outcome))
        }
    }

    /// Every other call method: one action on one call.
    func act(
        _ action: CallAction, on callID: String, api: ZIMCallAPI,
        completion: @escaping @Sendable (Result<ZIMCallOutcome, ZIMFailure>) -> Void
    ) {
        submit(.call(CallID(callID), action), api: api) { result in
            completion(result.flatMap(Self.outcome))
        }
    }

    private static func outcome(_ reply: Reply) -> Result<ZIMCallOutcome, ZIMFailure> {
        guard case .call(let call, let skipped) = reply else {
            return .failure(ZIMFailure(.ZIMErrorCodeFailed, "unexpected reply \(reply)"))
        }
        return .success(ZIMCallOutcome(call: call, skipped: skipped))
    }
}
