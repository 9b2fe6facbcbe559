/// FCM HTTP v1 for one app (Firebase, "Migrate from legacy FCM APIs to HTTP v1"; Google, "Using OAuth 2.0 for
/// Server to Server Applications"; docs/PUSH-VENDORS.md, "FCM HTTP v1"): a service account's key file, from
/// which the sender gets its access tokens.
public struct FCMConfiguration: Hashable, Sendable {
    /// The service account's JSON key file (`project_id`, `client_email`, `private_key`, `private_key_id`,
    /// `token_uri`), read once when the sender starts.
    public var serviceAccountFile: String
    /// Where messages go: `<baseURL>/v1/projects/<project_id>/messages:send`.
    public var baseURL: String
    /// Where access tokens come from; nil for the key file's `token_uri`.
    public var tokenURL: String?

    public static let defaultBaseURL = "https://fcm.googleapis.com"

    public init(serviceAccountFile: String, baseURL: String = FCMConfiguration.defaultBaseURL, tokenURL: String? = nil) {
        self.serviceAccountFile = serviceAccountFile
        self.baseURL = baseURL
        self.tokenURL = tokenURL
    }
}
