import SwitchboardClient
import SwitchboardCore
import SwitchboardRTM
import SwitchboardWire

/// Switchboard additions, not Agora's or anyRTC's: RTM 1.x and ARtm have no push API (docs/AGORA.md, "Push
/// tokens"), so a kit registers its device's push tokens under Switchboard's names, the kit's form of
/// `ClientSession.registerPushToken(platform:token:topic:environment:)`. The server pushes the kit's
/// invitations to the device while it has no live session; logging out removes the tokens.
extension VendorRtmKit {
    /// Registers a push token of this kit's device (`push.register`); the kit must be logged in.
    ///
    /// - Parameters:
    ///   - platform: `.apnsVoIP` (PushKit), `.apnsAlert` (user notifications) or `.fcm`.
    ///   - token: APNs tokens as hex, FCM registration tokens as given.
    ///   - topic: the app's bundle id (APNs; the VoIP topic may end in `.voip`) or Android package (FCM).
    ///   - environment: the token's APNs environment; nil is production.
    /// - Throws: `invalid_argument` for a token, environment or topic the service refuses (nothing is
    ///   kept); `not_logged_in` before the login.
    public func switchboardRegisterPushToken(
        platform: PushPlatform, token: String, topic: String, environment: PushEnvironment? = nil
    ) async throws(SignalingError) {
        try await engine.registerPush(PushTokenRequest(platform: platform, token: token, topic: topic,
                                                       environment: environment))
    }

    /// Registers a push token of this kit's device given as its bytes (PushKit's `PKPushCredentials.token`,
    /// the app delegate's device token: `Data` or `[UInt8]`), sent as lowercase hex.
    public func switchboardRegisterPushToken(
        platform: PushPlatform, token: some Collection<UInt8>, topic: String, environment: PushEnvironment? = nil
    ) async throws(SignalingError) {
        try await switchboardRegisterPushToken(platform: platform, token: PushTokenRequest.hex(token), topic: topic,
                                               environment: environment)
    }

    /// Removes this kit's device's push tokens (`push.unregister`): of one platform, or all (nil).
    public func switchboardUnregisterPushTokens(platform: PushPlatform? = nil) async throws(SignalingError) {
        try await engine.unregisterPush(platform: platform)
    }
}
