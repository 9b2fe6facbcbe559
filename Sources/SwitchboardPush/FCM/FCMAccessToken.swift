import AsyncHTTPClient
import Foundation
import JWTKit
import Logging
import NIOCore
import SwitchboardClock
import SwitchboardCore
import SwitchboardJSON

/// The OAuth 2.0 access token of one service account (Google, "Using OAuth 2.0 for Server to Server
/// Applications"; docs/PUSH-VENDORS.md, "FCM HTTP v1"): an RS256 JWT assertion (`iss` the account's email,
/// `scope` firebase.messaging, `aud` the token URL, `iat`, `exp` an hour on) exchanged at the token URL.
/// Kept until a minute before it expires; concurrent sends share one exchange. Written here because no
/// package on this machine does Google's service-account flow.
actor FCMAccessToken {
    static let scope = "https://www.googleapis.com/auth/firebase.messaging"
    /// How long an assertion is valid: Google takes at most an hour.
    static let assertionLifetime: Int64 = 3600
    /// A token is dropped this long before Google says it expires.
    static let expiryMargin = Duration.seconds(60)

    private let account: FCMServiceAccount
    private let keys = JWTKeyCollection()
    private let http: HTTPClient
    private let clock: ServiceClock
    private let logger: Logger
    private var cached: (token: String, validUntil: Timestamp)?
    private var exchange: Task<Result<(token: String, validUntil: Timestamp), ProviderVerdict>, Never>?
    private var keyAdded = false

    init(account: FCMServiceAccount, http: HTTPClient, clock: ServiceClock, logger: Logger) {
        self.account = account
        self.http = http
        self.clock = clock
        self.logger = logger
    }

    /// A valid access token: the cached one, or one from an exchange (shared with concurrent callers).
    func token(timeout: Duration) async -> Result<String, ProviderVerdict> {
        if let cached, clock.now() < cached.validUntil { return .success(cached.token) }
        let task: Task<Result<(token: String, validUntil: Timestamp), ProviderVerdict>, Never>
        if let exchange {
            task = exchange
        } else {
            task = Task { await self.fetch(timeout: timeout) }
            exchange = task
        }
        let result = await task.value
        if exchange == task {
            exchange = nil
            if case .success(let token) = result { cached = token }
        }
        return result.map(\.token)
    }

    /// FCM refused `token` (401): the next ``token(timeout:)`` fetches another (unless one already did).
    func invalidate(_ token: String) {
        if cached?.token == token { cached = nil }
    }

    private func fetch(timeout: Duration) async -> Result<(token: String, validUntil: Timestamp), ProviderVerdict> {
        let now = clock.now()
        let issuedAt = now.millisecondsSince1970 / 1000
        let claims = Claims(iss: account.clientEmail, scope: Self.scope, aud: account.tokenURL,
                            iat: issuedAt, exp: issuedAt + Self.assertionLifetime)
        if !keyAdded {
            await keys.add(rsa: account.privateKey, digestAlgorithm: .sha256, kid: account.privateKeyID.map { JWKIdentifier(string: $0) })
            keyAdded = true
        }
        let assertion: String
        do {
            assertion = try await keys.sign(claims, kid: account.privateKeyID.map { JWKIdentifier(string: $0) })
        } catch {
            return .failure(.failed(status: nil, reason: "the token assertion could not be signed"))
        }
        var request = HTTPClientRequest(url: account.tokenURL)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        // The assertion is base64url and dots: nothing in it needs escaping.
        request.body = .bytes(ByteBuffer(string: "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(assertion)"))
        let exchange: ProviderExchange
        switch await ProviderExchange.perform(request, on: http, timeout: timeout, logger: logger) {
        case .failure(let verdict): return .failure(verdict)
        case .success(let answer): exchange = answer
        }
        let json = try? JSONParser().parse(bytes: Array(exchange.body.readableBytesView))
        guard exchange.status == 200 else {
            let reason = "access token: " + (json?["error"]?.stringValue ?? "status \(exchange.status)")
            if exchange.status == 429 || exchange.status >= 500 {
                return .failure(.retry(status: exchange.status, reason: reason, retryAfter: exchange.retryAfter))
            }
            return .failure(.failed(status: exchange.status, reason: reason))
        }
        guard let token = json?["access_token"]?.stringValue, !token.isEmpty else {
            return .failure(.failed(status: 200, reason: "access token: the answer has no access_token"))
        }
        let lifetime = Duration.seconds(json?["expires_in"]?.intValue ?? 3600)
        logger.debug("push: FCM access token fetched", metadata: ["project": "\(account.projectID)"])
        return .success((token, now + lifetime - Self.expiryMargin))
    }

    struct Claims: JWTPayload {
        var iss: String
        var scope: String
        var aud: String
        var iat: Int64
        var exp: Int64
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }
}
