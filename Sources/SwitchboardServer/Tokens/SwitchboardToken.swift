import Crypto
import Foundation
import JWTKit
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// A Switchboard token: a JWT signed with HS256 and the app's secret, naming the app (`app`), the user
/// (`sub`) and the expiry (`exp`). Every surface logs in with one on a configured server (Tencent also
/// with a UserSig).
public struct SwitchboardToken: JWTPayload, Equatable {
    /// The user the token is for.
    public var sub: SubjectClaim
    /// The service's app id (`AppConfiguration.id`).
    public var app: String
    public var exp: ExpirationClaim

    public init(app: AppID, user: UserID, expiresAt: Date) {
        sub = SubjectClaim(value: user.rawValue)
        self.app = app.rawValue
        exp = ExpirationClaim(value: expiresAt)
    }

    public func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
    }

    /// Signs a token for `user` of `app` with the app's secret (`switchboard token`).
    public static func mint(app: AppConfiguration, user: UserID, expiresAt: Date) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: app.secret), digestAlgorithm: .sha256)
        return try await keys.sign(SwitchboardToken(app: app.id, user: user, expiresAt: expiresAt))
    }
}

/// Verifies Switchboard tokens (JWT, HS256) against the app's secret.
///
/// The service verifies logins synchronously under its lock, and jwt-kit's key collection verifies
/// asynchronously; so the token is parsed with jwt-kit's synchronous parser and its MAC checked with
/// swift-crypto's HMAC, the same algorithm jwt-kit's HS256 signer uses.
public struct JWTTokenVerifier: TokenVerifier {
    public init() {}

    public func verify(
        token: String?, user: UserID, app: AppConfiguration?, vendorApp: String, surface: String?, at now: Timestamp
    ) throws(SignalingError) -> TokenGrant {
        guard let app else {
            throw SignalingError(.invalidToken, "no app is configured for \(String(reflecting: vendorApp))")
        }
        guard let token, !token.isEmpty else {
            throw SignalingError(.invalidToken, "a token is required")
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw SignalingError(.invalidToken, "the token is not a JWT (three dot-separated parts)")
        }
        let parsed: (header: JWTHeader, payload: SwitchboardToken, signature: Data)
        do {
            parsed = try DefaultJWTParser().parse(Array(token.utf8), as: SwitchboardToken.self)
        } catch {
            throw SignalingError(.invalidToken, "the token does not parse: \(error)")
        }
        guard parsed.header.alg == "HS256" else {
            throw SignalingError(.invalidToken, "the token's algorithm is \(parsed.header.alg ?? "none"), not HS256")
        }
        let signed = Data("\(parts[0]).\(parts[1])".utf8)
        let key = SymmetricKey(data: Data(app.secret.utf8))
        guard HMAC<SHA256>.isValidAuthenticationCode(parsed.signature, authenticating: signed, using: key) else {
            throw SignalingError(.invalidToken, "the token's signature does not match the app's secret")
        }
        guard parsed.payload.app == app.id.rawValue else {
            throw SignalingError(.invalidToken, "the token is for app \(parsed.payload.app), not \(app.id)")
        }
        guard parsed.payload.sub.value == user.rawValue else {
            throw SignalingError(.invalidToken, "the token is for user \(parsed.payload.sub.value), not \(user)")
        }
        let expiry = Timestamp(millisecondsSince1970: Int64((parsed.payload.exp.value.timeIntervalSince1970 * 1000).rounded(.down)))
        if expiry <= now {
            throw SignalingError(.tokenExpired, "the token expired at \(parsed.payload.exp.value)")
        }
        return TokenGrant(expiresAt: expiry)
    }
}
