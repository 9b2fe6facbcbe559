import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import SwitchboardClock
import SwitchboardCore
import SwitchboardJSON
import SwitchboardService

/// Sends one push to APNs (Apple, "Sending notification requests to APNs" and "Handling notification
/// responses from APNs"; docs/PUSH-VENDORS.md, "APNs (provider API, HTTP/2 only)"): `POST /3/device/<token>`
/// over HTTP/2 with the provider token, and the answer read as a verdict.
struct APNsClient: Sendable {
    /// The payload limits: 4 KB, 5 KB for VoIP.
    static let maxPayloadBytes = 4096
    static let maxVoIPPayloadBytes = 5120

    let configuration: APNsConfiguration
    let token: APNsProviderToken
    let http: HTTPClient
    let clock: ServiceClock
    let logger: Logger

    /// One attempt, plus one more at once with a new provider token if APNs says the token expired.
    func send(_ job: PushJob, timeout: Duration) async -> ProviderVerdict {
        let body = PushPayload.text(PushPayload.apns(job))
        let limit = job.registration.platform == .apnsVoIP ? Self.maxVoIPPayloadBytes : Self.maxPayloadBytes
        guard body.utf8.count <= limit else {
            return .failed(status: nil, reason: "PayloadTooLarge: \(body.utf8.count) bytes, APNs takes \(limit)")
        }
        let first = await attempt(job, body: body, timeout: timeout)
        guard first.providerTokenExpired else { return first.verdict }
        return await attempt(job, body: body, timeout: timeout).verdict
    }

    private struct Attempt {
        var verdict: ProviderVerdict
        /// APNs said 403 `ExpiredProviderToken` (and the token was dropped).
        var providerTokenExpired = false
    }

    private func attempt(_ job: PushJob, body: String, timeout: Duration) async -> Attempt {
        let jwt: String
        do {
            jwt = try await token.jwt()
        } catch {
            return Attempt(verdict: .failed(status: nil, reason: "the provider token could not be signed"))
        }
        let registration = job.registration
        var request = HTTPClientRequest(url: "\(configuration.baseURL(for: registration.environment))/3/device/\(registration.token)")
        request.method = .POST
        request.headers.add(name: "authorization", value: "bearer \(jwt)")
        request.headers.add(name: "apns-topic", value: topic(of: registration))
        request.headers.add(name: "apns-push-type", value: registration.platform == .apnsVoIP ? "voip" : "alert")
        request.headers.add(name: "apns-priority", value: "10")
        request.headers.add(name: "apns-expiration", value: String(job.expiresAt.millisecondsSince1970 / 1000))
        request.headers.add(name: "apns-collapse-id", value: job.collapseID)
        request.headers.add(name: "apns-id", value: APNsRequestID.of(job))
        request.headers.add(name: "content-type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: body))

        let exchange: ProviderExchange
        switch await ProviderExchange.perform(request, on: http, timeout: timeout, logger: logger) {
        case .failure(let verdict): return Attempt(verdict: verdict)
        case .success(let answer): exchange = answer
        }
        if exchange.status == 200 {
            return Attempt(verdict: .delivered(id: exchange.headers.first(name: "apns-id") ?? APNsRequestID.of(job)))
        }
        let reason = (try? JSONParser().parse(bytes: Array(exchange.body.readableBytesView)))?["reason"]?.stringValue
            ?? "status \(exchange.status)"
        let verdict = Self.verdict(status: exchange.status, reason: reason, retryAfter: exchange.retryAfter)
        if exchange.status == 403, reason == "ExpiredProviderToken" {
            await token.expire(jwt)
            return Attempt(verdict: verdict, providerTokenExpired: true)
        }
        return Attempt(verdict: verdict)
    }

    /// An error answer as a verdict. 410 `Unregistered` and 400 `BadDeviceToken` (a token of another
    /// environment is one too) mean the token is gone. 400 `DeviceTokenNotForTopic` is a failure, not a gone
    /// token: the token may be good for the app's other topic (a VoIP token sent as alert, a wrong bundle id
    /// in the configuration), so removing it would lose a working registration over a configuration mistake.
    static func verdict(status: Int, reason: String, retryAfter: Duration?) -> ProviderVerdict {
        switch (status, reason) {
        case (410, _), (400, "BadDeviceToken"): .tokenInvalid(status: status, reason: reason)
        case (429, _), (500...599, _): .retry(status: status, reason: reason, retryAfter: retryAfter)
        default: .failed(status: status, reason: reason)
        }
    }

    /// `apns-topic`: the registration's topic (the bundle id when it names none); a VoIP push's ends in `.voip`.
    func topic(of registration: PushRegistration) -> String {
        let topic = registration.topic.isEmpty ? configuration.bundleID : registration.topic
        guard registration.platform == .apnsVoIP, !topic.hasSuffix(".voip") else { return topic }
        return topic + ".voip"
    }
}
