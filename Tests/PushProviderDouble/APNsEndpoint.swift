import Foundation
import Hummingbird
import JWTKit

/// The double's `POST /3/device/<token>` (Apple, "Sending notification requests to APNs" and "Handling
/// notification responses from APNs"): the checks Apple documents, then the token's scripted answer.
struct APNsEndpoint {
    let double: PushProviderDouble

    func respond(to request: RecordedRequest) async -> Response {
        if let refusal = await check(request) { return refusal }
        let token = String(request.path.dropFirst("/3/device/".count))
        switch double.state.withLock({ $0.nextAPNsAnswer(for: token) }) {
        case .ok:
            var headers = HTTPFields()
            headers[HTTPFields.Element.Name("apns-id")!] = request.header("apns-id") ?? UUID().uuidString.lowercased()
            return Response(status: .ok, headers: headers)
        case .badDeviceToken:
            return refuse(400, "BadDeviceToken")
        case .unregistered(let timestamp):
            return .json(410, ["reason": "Unregistered", "timestamp": timestamp])
        case .tooManyRequests(let retryAfter):
            return .json(429, ["reason": "TooManyRequests"], headers: retryAfter.map { [("retry-after", $0)] } ?? [])
        case .serviceUnavailable(let retryAfter):
            return .json(503, ["reason": "ServiceUnavailable"], headers: retryAfter.map { [("retry-after", $0)] } ?? [])
        case .expiredProviderToken:
            return refuse(403, "ExpiredProviderToken")
        case .status(let status, let reason):
            return refuse(status, reason)
        case .hang:
            await double.hang()
            return refuse(500, "InternalServerError")
        }
    }

    private func refuse(_ status: Int, _ reason: String) -> Response {
        .json(status, ["reason": reason])
    }

    /// The refusal Apple would answer, or nil when the request is well formed and authenticated.
    private func check(_ request: RecordedRequest) async -> Response? {
        let credentials = double.credentials
        let token = request.path.dropFirst("/3/device/".count)
        guard !token.isEmpty else { return refuse(400, "MissingDeviceToken") }
        guard token.allSatisfy(\.isHexDigit) else { return refuse(400, "BadDeviceToken") }

        guard let authorization = request.header("authorization"), authorization.lowercased().hasPrefix("bearer ") else {
            return refuse(403, "MissingProviderToken")
        }
        let jwt = String(authorization.dropFirst("bearer ".count))
        let keys = JWTKeyCollection()
        guard let publicKey = try? ES256PublicKey(backing: credentials.apnsPublicKey) else { return refuse(500, "InternalServerError") }
        await keys.add(ecdsa: publicKey, kid: JWKIdentifier(string: credentials.apnsKeyID))
        guard let claims = try? await keys.verify(jwt, as: ProviderClaims.self), claims.iss == credentials.apnsTeamID else {
            return refuse(403, "InvalidProviderToken")
        }
        if Int64(Date().timeIntervalSince1970) - claims.iat > 3600 { return refuse(403, "ExpiredProviderToken") }

        guard let topic = request.header("apns-topic") else { return refuse(400, "MissingTopic") }
        let bundle = credentials.apnsBundleID
        guard topic == bundle || topic == bundle + ".voip" else { return refuse(400, "TopicDisallowed") }
        guard let pushType = request.header("apns-push-type"), ["alert", "voip", "background"].contains(pushType),
              (pushType == "voip") == topic.hasSuffix(".voip")
        else { return refuse(400, "InvalidPushType") }
        if let priority = request.header("apns-priority"), !["10", "5", "1"].contains(priority) {
            return refuse(400, "BadPriority")
        }
        if let expiration = request.header("apns-expiration"), Int64(expiration) == nil {
            return refuse(400, "BadExpirationDate")
        }
        if let collapseID = request.header("apns-collapse-id"), collapseID.utf8.count > 64 {
            return refuse(400, "BadCollapseId")
        }
        if let id = request.header("apns-id"), UUID(uuidString: id) == nil || id != id.lowercased() {
            return refuse(400, "BadMessageId")
        }
        guard !request.body.isEmpty else { return refuse(400, "PayloadEmpty") }
        guard request.body.count <= (pushType == "voip" ? 5120 : 4096) else { return refuse(413, "PayloadTooLarge") }
        return nil
    }

    struct ProviderClaims: JWTPayload {
        var iss: String
        var iat: Int64
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }
}
