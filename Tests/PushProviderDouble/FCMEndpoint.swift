import Foundation
import Hummingbird
import JWTKit

/// The double's OAuth 2.0 token endpoint (Google, "Using OAuth 2.0 for Server to Server Applications"): a
/// form with the JWT-bearer grant and an RS256 assertion signed by the service account's key.
struct FCMTokenEndpoint {
    let double: PushProviderDouble

    func respond(to request: RecordedRequest) async -> Response {
        let credentials = double.credentials
        var form: [String: String] = [:]
        for pair in request.text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            if parts.count == 2 { form[parts[0]] = parts[1] }
        }
        guard request.header("content-type")?.hasPrefix("application/x-www-form-urlencoded") == true,
              form["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer", let assertion = form["assertion"]
        else { return refuse("unsupported_grant_type", "grant_type must be the JWT bearer grant") }
        let keys = JWTKeyCollection()
        guard let publicKey = try? Insecure.RSA.PublicKey(pem: credentials.fcmPublicKeyPEM) else {
            return refuse("invalid_grant", "no key")
        }
        await keys.add(rsa: publicKey, digestAlgorithm: .sha256, kid: JWKIdentifier(string: credentials.fcmPrivateKeyID))
        guard let claims = try? await keys.verify(assertion, as: AssertionClaims.self) else {
            return refuse("invalid_grant", "Invalid JWT Signature.")
        }
        let now = Int64(Date().timeIntervalSince1970)
        guard claims.iss == credentials.fcmClientEmail else { return refuse("invalid_grant", "Invalid issuer") }
        guard claims.aud == double.tokenURL else { return refuse("invalid_grant", "Invalid audience") }
        guard claims.scope.split(separator: " ").contains("https://www.googleapis.com/auth/firebase.messaging") else {
            return refuse("invalid_scope", "firebase.messaging is not in scope")
        }
        guard claims.exp > claims.iat, claims.exp - claims.iat <= 3600, claims.exp > now else {
            return refuse("invalid_grant", "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.")
        }
        let token = "ya29.double-" + UUID().uuidString
        let lifetime = double.state.withLock { state in
            state.accessTokens.insert(token)
            state.accessTokensIssued += 1
            return state.accessTokenLifetime
        }
        return .json(200, ["access_token": token, "expires_in": lifetime, "token_type": "Bearer"])
    }

    private func refuse(_ error: String, _ description: String) -> Response {
        .json(400, ["error": error, "error_description": description])
    }

    struct AssertionClaims: JWTPayload {
        var iss: String
        var scope: String
        var aud: String
        var iat: Int64
        var exp: Int64
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }
}

/// The double's `POST /v1/projects/<id>/messages:send` (Firebase, "Send a message using FCM HTTP v1 API" and
/// "FCM error codes"): an issued access token, the project, a well-formed message, then the scripted answer.
struct FCMEndpoint {
    let double: PushProviderDouble

    func respond(to request: RecordedRequest) async -> Response {
        let credentials = double.credentials
        guard let authorization = request.header("authorization"), authorization.hasPrefix("Bearer "),
              double.state.withLock({ $0.accessTokens.contains(String(authorization.dropFirst("Bearer ".count))) })
        else { return error(401, "UNAUTHENTICATED", nil, "Request had invalid authentication credentials.") }
        guard request.path == "/v1/projects/\(credentials.fcmProjectID)/messages:send" else {
            return error(403, "PERMISSION_DENIED", "SENDER_ID_MISMATCH", "Permission denied on the project.")
        }
        guard let message = request.json?["message"] as? [String: Any], let token = message["token"] as? String, !token.isEmpty else {
            return error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "The message has no token.")
        }
        if let data = message["data"] {
            guard let data = data as? [String: Any], data.values.allSatisfy({ $0 is String }) else {
                return error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "Invalid value at 'message.data[0].value' (TYPE_STRING)")
            }
            let size = data.reduce(0) { $0 + $1.key.utf8.count + (($1.value as? String)?.utf8.count ?? 0) }
            guard size <= 4096 else { return error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "Message is too big") }
        }
        if let android = message["android"] as? [String: Any] {
            if let priority = android["priority"] as? String, !["HIGH", "NORMAL", "high", "normal"].contains(priority) {
                return error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "Invalid value at 'message.android.priority'")
            }
            if let ttl = android["ttl"] {
                guard let ttl = ttl as? String, ttl.hasSuffix("s"), Double(ttl.dropLast()) != nil else {
                    return error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "Invalid value at 'message.android.ttl'")
                }
            }
        }
        switch double.state.withLock({ $0.nextFCMAnswer(for: token) }) {
        case .ok:
            let number = double.state.withLock { $0.requests.count }
            return .json(200, ["name": "projects/\(credentials.fcmProjectID)/messages/\(number)"])
        case .unregistered:
            return error(404, "NOT_FOUND", "UNREGISTERED", "Requested entity was not found.")
        case .quotaExceeded(let retryAfter):
            return error(429, "RESOURCE_EXHAUSTED", "QUOTA_EXCEEDED", "Quota exceeded.", retryAfter: retryAfter)
        case .unavailable(let retryAfter):
            return error(503, "UNAVAILABLE", "UNAVAILABLE", "The service is currently unavailable.", retryAfter: retryAfter)
        case .unauthenticated:
            return error(401, "UNAUTHENTICATED", nil, "Request had invalid authentication credentials.")
        case .status(let status, let code):
            return error(status, code, code, "Scripted.")
        case .hang:
            await double.hang()
            return error(500, "INTERNAL", "INTERNAL", "Internal error.")
        }
    }

    /// Google's error body: `{"error": {"code", "message", "status", "details": [{"@type", "errorCode"}]}}`.
    private func error(_ status: Int, _ grpcStatus: String, _ errorCode: String?, _ message: String,
                       retryAfter: String? = nil) -> Response {
        var error: [String: Any] = ["code": status, "message": message, "status": grpcStatus]
        if let errorCode {
            error["details"] = [["@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": errorCode]]
        }
        return .json(status, ["error": error], headers: retryAfter.map { [("retry-after", $0)] } ?? [])
    }
}
