import SwitchboardCore
import SwitchboardWire

/// What a `ZPNs` holds for the `ZIM` instance it serves: the latest token of each kind the app set, whether
/// registration is on (`registerAPNs` / `unregisterAPNs`) and the topic. The instance's state machine
/// registers from it (docs/ZIM.md, "Push tokens").
struct ZPNsSetup: Hashable, Sendable {
    /// `setVoipToken` under `.apnsVoIP`, `setDeviceToken` under `.apnsAlert`.
    var tokens: [PushPlatform: ZPNsToken] = [:]
    /// On until `unregisterAPNs()`, on again at `registerAPNs()`.
    var isEnabled = true
    /// The app's bundle id: `ZPNs.switchboardBundleID`, else `Bundle.main.bundleIdentifier`.
    var topic: String?

    /// The registration of each token, in a fixed order (VoIP first), or why it cannot be sent.
    var registrations: [(platform: PushPlatform, request: Result<PushTokenRequest, ZPNsFailure>)] {
        [PushPlatform.apnsVoIP, .apnsAlert].compactMap { platform in
            guard let token = tokens[platform] else { return nil }
            guard let topic else { return (platform, .failure(.missingBundleID)) }
            return (platform, .success(PushTokenRequest(platform: platform, token: token.hex, topic: topic,
                                                        environment: token.environment)))
        }
    }
}

/// One APNs token as ZPNs was given it: its bytes as lowercase hex, and `isProduct` as the environment.
struct ZPNsToken: Hashable, Sendable {
    var hex: String
    var environment: PushEnvironment

    init(_ bytes: some Sequence<UInt8>, isProduct: Bool) {
        hex = PushTokenRequest.hex(bytes)
        environment = isProduct ? .production : .sandbox
    }
}

/// Why a registration failed, as ``ZPNsNotificationCenterDelegate`` hears it (an `NSError` of
/// ``ZPNsSwitchboardErrorDomain`` built on the callback queue).
struct ZPNsFailure: Error, Hashable, Sendable {
    var code: ZPNsSwitchboardErrorCode
    var message: String

    static let missingBundleID = ZPNsFailure(
        code: .missingBundleID,
        message: "no bundle id to register the token under: the process has no Bundle.main.bundleIdentifier; set ZPNs.shared().switchboardBundleID")

    /// A registration the service answered with `error`.
    init(_ error: SignalingError) {
        code = error.code == .call(.invalidArgument) ? .refused : .notDelivered
        message = error.description
    }

    init(code: ZPNsSwitchboardErrorCode, message: String) {
        self.code = code
        self.message = message
    }
}

/// ZPNs' PushID of a registration: "zpns-" and the 64-bit FNV-1a hash of the token's hex, as 16 hex
/// digits. The same token always gives the same id, in every process.
enum ZPNsPushID {
    static func of(_ request: PushTokenRequest) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in request.token.lowercased().utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "zpns-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
