/// What the double answers an APNs request for one device token (Apple, "Handling notification responses
/// from APNs"). Answers scripted for a token are used in order, one per request; then ``ok``.
public enum APNsScriptedAnswer: Sendable, Hashable {
    /// 200 with the request's `apns-id` (or a new one).
    case ok
    /// 400 `BadDeviceToken`.
    case badDeviceToken
    /// 410 `Unregistered` with `timestamp` (ms since 1970).
    case unregistered(timestamp: Int64 = 1_700_000_000_000)
    /// 429 `TooManyRequests`, with `Retry-After` when given.
    case tooManyRequests(retryAfter: String? = nil)
    /// 503 `ServiceUnavailable`, with `Retry-After` when given.
    case serviceUnavailable(retryAfter: String? = nil)
    /// 403 `ExpiredProviderToken`, whatever the token's age.
    case expiredProviderToken
    /// Any status with a `{"reason"}` body.
    case status(Int, reason: String)
    /// No answer until the double stops (or 120 s).
    case hang
}

/// What the double answers an FCM send for one registration token (Firebase, "FCM error codes"). Answers
/// scripted for a token are used in order, one per request; then ``ok``.
public enum FCMScriptedAnswer: Sendable, Hashable {
    /// 200 `{"name": "projects/<id>/messages/<n>"}`.
    case ok
    /// 404 `NOT_FOUND` with `details[].errorCode` `UNREGISTERED`.
    case unregistered
    /// 429 `RESOURCE_EXHAUSTED` / `QUOTA_EXCEEDED`, with `Retry-After` when given.
    case quotaExceeded(retryAfter: String? = nil)
    /// 503 `UNAVAILABLE`, with `Retry-After` when given.
    case unavailable(retryAfter: String? = nil)
    /// 401 `UNAUTHENTICATED`, whatever the access token (as when Google revoked it).
    case unauthenticated
    /// Any status with an FCM error body carrying `errorCode`.
    case status(Int, errorCode: String)
    /// No answer until the double stops (or 120 s).
    case hang
}
