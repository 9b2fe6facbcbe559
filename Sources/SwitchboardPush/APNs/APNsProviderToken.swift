import Foundation
import JWTKit
import SwitchboardClock
import SwitchboardCore

/// The provider authentication token of one APNs key (Apple, "Establishing a token-based connection to
/// APNs"; docs/PUSH-VENDORS.md, "APNs (provider API, HTTP/2 only)"): an ES256 JWT with `kid` the key id,
/// `iss` the team id and `iat`. Apple refuses one older than an hour (403 `ExpiredProviderToken`) and one
/// renewed more often than every 20 minutes (429 `TooManyProviderTokenUpdates`), so it is made once and
/// renewed after ``lifetime``, or at once when APNs says it expired.
actor APNsProviderToken {
    /// How long a token is used: inside Apple's 20 to 60 minutes.
    static let lifetime = Duration.seconds(50 * 60)

    private let keys = JWTKeyCollection()
    private let signingKey: APNsSigningKey
    private let clock: ServiceClock
    private var current: (jwt: String, issuedAt: Timestamp)?
    private var keyAdded = false

    init(signingKey: APNsSigningKey, clock: ServiceClock) {
        self.signingKey = signingKey
        self.clock = clock
    }

    /// The token to send: the cached one while younger than ``lifetime``, else a new one.
    func jwt() async throws -> String {
        let now = clock.now()
        if let current, current.issuedAt.duration(to: now) < Self.lifetime {
            return current.jwt
        }
        if !keyAdded {
            await keys.add(ecdsa: signingKey.key, kid: JWKIdentifier(string: signingKey.keyID))
            keyAdded = true
        }
        // `iat` in whole seconds: jwt-kit's IssuedAtClaim would write a fraction.
        let claims = Claims(iss: signingKey.teamID, iat: now.millisecondsSince1970 / 1000)
        let jwt = try await keys.sign(claims, kid: JWKIdentifier(string: signingKey.keyID))
        current = (jwt, now)
        return jwt
    }

    /// APNs refused `jwt` as expired: the next ``jwt()`` makes a new one (unless another request already did).
    func expire(_ jwt: String) {
        if current?.jwt == jwt { current = nil }
    }

    struct Claims: JWTPayload {
        var iss: String
        var iat: Int64
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }
}
