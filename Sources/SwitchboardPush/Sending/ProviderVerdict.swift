/// What one request to a provider came to, before the sender's retry policy decides what happens next.
/// An `Error` only so that a `Result` can carry the verdicts that end a step early.
enum ProviderVerdict: Error, Sendable, Equatable {
    /// Taken: APNs 200 (its `apns-id`), FCM 200 (the message name).
    case delivered(id: String?)
    /// The token is gone: the registration should be removed.
    case tokenInvalid(status: Int, reason: String)
    /// Refused for good: retrying would not help.
    case failed(status: Int?, reason: String)
    /// Worth another attempt (429, 5xx, the provider unreachable), after `retryAfter` when the provider said.
    case retry(status: Int?, reason: String, retryAfter: Duration?)
    /// The request took longer than the configured timeout: not retried, so a hanging provider costs a push
    /// the timeout once.
    case timedOut
}
