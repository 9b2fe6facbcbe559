import SwitchboardCore

/// Token-based APNs for one app (Apple, "Establishing a token-based connection to APNs"; docs/PUSH-VENDORS.md,
/// "APNs (provider API, HTTP/2 only)"): the `.p8` key Apple issued, its key id, the team id, and the bundle id.
public struct APNsConfiguration: Hashable, Sendable {
    /// The `.p8` file (a PKCS#8 PEM of a P-256 key), read once when the sender starts.
    public var keyFile: String
    /// The key's 10-character id: the provider token's `kid`.
    public var keyID: String
    /// The 10-character team id: the provider token's `iss`.
    public var teamID: String
    /// The app's bundle id: the topic of a registration that names none (VoIP adds `.voip`).
    public var bundleID: String
    /// Where production tokens go.
    public var productionURL: String
    /// Where sandbox (development) tokens go.
    public var sandboxURL: String

    public static let productionHost = "https://api.push.apple.com"
    public static let sandboxHost = "https://api.sandbox.push.apple.com"

    /// - Parameters:
    ///   - keyFile: the path of the `.p8` signing key.
    ///   - keyID: the key's Key ID (the provider token's `kid`).
    ///   - teamID: the Team ID (the provider token's `iss`).
    ///   - bundleID: the app's bundle id, the alert topic (VoIP pushes go to `<bundleID>.voip`).
    ///   - baseURL: one URL for both environments (a test provider); nil for Apple's two hosts.
    public init(keyFile: String, keyID: String, teamID: String, bundleID: String, baseURL: String? = nil) {
        self.keyFile = keyFile
        self.keyID = keyID
        self.teamID = teamID
        self.bundleID = bundleID
        self.productionURL = baseURL ?? Self.productionHost
        self.sandboxURL = baseURL ?? Self.sandboxHost
    }

    /// The host a registration's token belongs to (its `aps-environment`).
    public func baseURL(for environment: PushEnvironment) -> String {
        environment == .production ? productionURL : sandboxURL
    }
}
