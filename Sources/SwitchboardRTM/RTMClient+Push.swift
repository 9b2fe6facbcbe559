import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// Push tokens of the kit's device (docs/AGORA.md, "Push tokens"). RTM 1.x and anyRTC have no push API,
/// so this is Switchboard's: the same operations as `ClientSession.registerPushToken`, sent in order on
/// the kit's session.
extension RTMClient {
    /// `push.register` on the kit's session; `not_logged_in` unless the kit is logged in.
    public func registerPush(_ request: PushTokenRequest) async throws(SignalingError) {
        try await send(.registerPush(request))
    }

    /// `push.unregister` on the kit's session: one platform's token, or all (nil).
    public func unregisterPush(platform: PushPlatform?) async throws(SignalingError) {
        try await send(.unregisterPush(platform: platform?.rawValue))
    }

    private func send(_ operation: ServiceOperation) async throws(SignalingError) {
        let result = await withCheckedContinuation { (waiter: CheckedContinuation<Result<Reply, SignalingError>, Never>) in
            submit(operation) { waiter.resume(returning: $0) }
        }
        _ = try result.get()
    }
}
