import SwitchboardCore
import SwitchboardWire

/// Push tokens of the session's own device (docs/SERVER.md, "Push"): Switchboard's client API, which an
/// app on a surface whose vendor SDK has no push registration (Agora RTM 1.x, anyRTC) calls, as do
/// native Switchboard apps. ZEGO's ZPNs and Tencent's `V2TIMManager` register through the same operation.
extension ClientSession {
    /// Registers a push token of this device (`push.register`): the service pushes this device's
    /// invitations to it while the device has no live session, until the device logs out for good, the
    /// provider says the token is gone, or ``unregisterPushTokens(platform:)``. One token per platform:
    /// a later one replaces it. A token another user or device held moves to this one.
    ///
    /// - Parameters:
    ///   - platform: `.apnsVoIP` (PushKit), `.apnsAlert` (user notifications) or `.fcm`.
    ///   - token: APNs tokens as hex (any case), FCM registration tokens as given.
    ///   - topic: the app's bundle id (APNs; the VoIP topic may end in `.voip`) or Android package (FCM).
    ///   - environment: the APNs environment the token belongs to; nil is production.
    /// - Throws: `invalid_argument` (`.call(.invalidArgument)`) when the service refuses the token, the
    ///   environment or the topic (nothing is kept then); `not_logged_in` before the login.
    public func registerPushToken(
        platform: PushPlatform, token: String, topic: String, environment: PushEnvironment? = nil
    ) async throws(SignalingError) {
        _ = try await request(.registerPush(PushTokenRequest(platform: platform, token: token, topic: topic,
                                                             environment: environment)))
    }

    /// Registers a push token of this device given as its bytes (PushKit's `PKPushCredentials.token`, the app delegate's device token: `Data` or
    /// `[UInt8]`), sent as lowercase hex; otherwise as the form taking the token as text.
    public func registerPushToken(
        platform: PushPlatform, token: some Collection<UInt8>, topic: String, environment: PushEnvironment? = nil
    ) async throws(SignalingError) {
        try await registerPushToken(platform: platform, token: PushTokenRequest.hex(token), topic: topic,
                                    environment: environment)
    }

    /// Removes this device's push tokens (`push.unregister`): of one platform, or all of them (nil).
    /// Logging out for good removes them too.
    public func unregisterPushTokens(platform: PushPlatform? = nil) async throws(SignalingError) {
        _ = try await request(.unregisterPush(platform: platform?.rawValue))
    }
}
