import AsyncHTTPClient
import Logging
import NIOCore
import SwitchboardClock
import SwitchboardCore
import SwitchboardJSON
import SwitchboardService

/// Sends one push through FCM HTTP v1 (Firebase, "Send a message using FCM HTTP v1 API" and "FCM error
/// codes"; docs/PUSH-VENDORS.md, "FCM HTTP v1"): a high-priority data message with the layout's data, `ttl`
/// to the job's expiry and the call id as collapse key; the answer read as a verdict.
struct FCMClient: Sendable {
    let configuration: FCMConfiguration
    let account: FCMServiceAccount
    let token: FCMAccessToken
    let http: HTTPClient
    let clock: ServiceClock
    let logger: Logger

    /// One attempt, plus one more at once with a new access token if FCM answers 401.
    func send(_ job: PushJob, timeout: Duration) async -> ProviderVerdict {
        let first = await attempt(job, timeout: timeout)
        guard first.unauthenticated else { return first.verdict }
        return await attempt(job, timeout: timeout).verdict
    }

    private struct Attempt {
        var verdict: ProviderVerdict
        /// FCM said 401 (and the access token was dropped).
        var unauthenticated = false
    }

    private func attempt(_ job: PushJob, timeout: Duration) async -> Attempt {
        let accessToken: String
        switch await token.token(timeout: timeout) {
        case .failure(let verdict): return Attempt(verdict: verdict)
        case .success(let token): accessToken = token
        }
        var request = HTTPClientRequest(url: "\(configuration.baseURL)/v1/projects/\(account.projectID)/messages:send")
        request.method = .POST
        request.headers.add(name: "authorization", value: "Bearer \(accessToken)")
        request.headers.add(name: "content-type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: PushPayload.text(message(job))))

        let exchange: ProviderExchange
        switch await ProviderExchange.perform(request, on: http, timeout: timeout, logger: logger) {
        case .failure(let verdict): return Attempt(verdict: verdict)
        case .success(let answer): exchange = answer
        }
        let json = try? JSONParser().parse(bytes: Array(exchange.body.readableBytesView))
        if exchange.status == 200 {
            return Attempt(verdict: .delivered(id: json?["name"]?.stringValue))
        }
        if exchange.status == 401 {
            await token.invalidate(accessToken)
            return Attempt(verdict: .failed(status: 401, reason: Self.reason(json, status: 401)), unauthenticated: true)
        }
        return Attempt(verdict: Self.verdict(status: exchange.status, json: json, retryAfter: exchange.retryAfter))
    }

    /// The request body: `{"message": {"token", "data", "android": {"priority", "ttl", "collapse_key"}}}`.
    func message(_ job: PushJob) -> JSONValue {
        let data = PushPayload.fcmData(job).sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }
        let ttl = max(0, clock.now().duration(to: job.expiresAt).components.seconds)
        let android: JSONValue = ["priority": "HIGH", "ttl": .string("\(ttl)s"), "collapse_key": .string(job.collapseID)]
        return ["message": ["token": .string(job.registration.token), "data": .object(JSONObject(data)), "android": android]]
    }

    /// An error answer as a verdict, keyed off `details[].errorCode` (Google: the `status` differs from it).
    /// `UNREGISTERED` (404, or 400 as older answers say it) means the token is gone; 429, 500 and 503 are
    /// worth another attempt.
    static func verdict(status: Int, json: JSONValue?, retryAfter: Duration?) -> ProviderVerdict {
        let reason = reason(json, status: status)
        if reason == "UNREGISTERED" { return .tokenInvalid(status: status, reason: reason) }
        switch status {
        case 429, 500, 503: return .retry(status: status, reason: reason, retryAfter: retryAfter)
        default: return .failed(status: status, reason: reason)
        }
    }

    /// The FCM error code of an error body, else its gRPC status, else the HTTP status.
    static func reason(_ json: JSONValue?, status: Int) -> String {
        let error = json?["error"]
        for detail in error?["details"]?.arrayValue ?? [] {
            if let code = detail["errorCode"]?.stringValue { return code }
        }
        return error?["status"]?.stringValue ?? "status \(status)"
    }
}
