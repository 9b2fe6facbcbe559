import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardUserSig
import SwitchboardWire

/// Checks the logins of the Tencent surface (``surface``, `"tencent"`) as Tencent's servers do: the
/// token must be a UserSig (TLSSigAPIv2, see ``/SwitchboardUserSig/UserSig``) for the user and for the `sdkAppID` the
/// client logged in with, signed with the app's ``/SwitchboardService/AppConfiguration/secret`` and not expired. Every
/// other login (and any JWT, a Switchboard token, on any surface) goes to `fallback`, as do all logins
/// in development mode (no app configured), where
/// no secret exists to check a UserSig against.
///
/// ```swift
/// let app = AppConfiguration(id: "demo", vendorIDs: ["1400000001"], secret: "<the app's SecretKey>")
/// let service = SignalingService(
///     configuration: ServiceConfiguration(apps: [app]),
///     verifier: UserSigTokenVerifier(fallback: otherSurfacesVerifier))   // any TokenVerifier
/// ```
///
/// The grant expires at the UserSig's `TLS.time + TLS.expire`. A UserSig is refused with
/// ``/SwitchboardWire/ServiceErrorCode/tokenExpired`` when it has expired, and with
/// ``/SwitchboardWire/ServiceErrorCode/invalidToken`` for everything else: no token, not a UserSig, a UserSig for
/// another user or app, a PrivateMapKey, or a signature that does not match (forged, altered, or made with another
/// key).
public struct UserSigTokenVerifier: TokenVerifier {
    /// The ``/SwitchboardWire/Hello/surface`` whose logins carry a UserSig.
    public static let surface = TencentCallRules.surface

    /// Verifies the logins of every other surface, and every login in development mode.
    public let fallback: any TokenVerifier

    /// - Parameter fallback: the verifier for logins that are not the Tencent surface's (the
    ///   Switchboard JWT verifier of the other surfaces, for instance) and for development mode. It
    ///   has no default: a ``/SwitchboardService/DevelopmentTokenVerifier`` would accept any token on those surfaces.
    public init(fallback: any TokenVerifier) {
        self.fallback = fallback
    }

    /// Verifies `token` as a UserSig when `surface` is ``surface`` and `app` is configured;
    /// otherwise asks ``fallback``.
    ///
    /// - Parameters:
    ///   - token: the UserSig the client logged in with.
    ///   - user: the user the client logs in as; the UserSig's `TLS.identifier` must be this user.
    ///   - app: the app the client logs in to; nil in development mode.
    ///   - vendorApp: the `sdkAppID` the client logged in with, in decimal; the UserSig's
    ///     `TLS.sdkappid` must be this number.
    ///   - surface: the ``/SwitchboardWire/Hello/surface`` the client logs in through.
    ///   - now: checked against the UserSig's expiry in whole Unix seconds, as TLSSigAPIv2 does.
    /// - Returns: a grant expiring at `TLS.time + TLS.expire` (nil, never, when that instant is
    ///   beyond what a ``/SwitchboardCore/Timestamp`` holds).
    /// - Throws: ``/SwitchboardWire/ServiceErrorCode/tokenExpired`` for an expired UserSig,
    ///   ``/SwitchboardWire/ServiceErrorCode/invalidToken`` for any other refusal; the message names the reason.
    public func verify(
        token: String?, user: UserID, app: AppConfiguration?, vendorApp: String, surface: String?, at now: Timestamp
    ) throws(SignalingError) -> TokenGrant {
        // A JWT (three dot-separated parts; a UserSig's alphabet has no dot) is a Switchboard token,
        // which every surface may log in with: the fallback checks it.
        let isJWT = token?.split(separator: ".", omittingEmptySubsequences: false).count == 3
        guard let app, surface == Self.surface, !isJWT else {
            return try fallback.verify(
                token: token, user: user, app: app, vendorApp: vendorApp, surface: surface, at: now)
        }
        guard !app.secret.isEmpty else {
            throw SignalingError(
                .invalidToken, "app \(app.id) has no secret configured, so no UserSig can be verified for it")
        }
        guard let sdkAppID = Int64(vendorApp) else {
            throw SignalingError(
                .invalidToken, "\(String(reflecting: vendorApp)) is not a Tencent sdkAppID, so it has no UserSigs")
        }
        guard let token, !token.isEmpty else {
            throw SignalingError(.invalidToken, "no UserSig was given for \(user) of sdkAppID \(sdkAppID)")
        }
        let expiresAt: Int64
        do {
            expiresAt = try UserSig.verify(
                token, userID: user.rawValue, sdkAppID: sdkAppID, secretKey: app.secret,
                now: Self.unixSeconds(now)
            ).expiresAt
        } catch {
            throw Self.refusal(error, user: user, sdkAppID: sdkAppID)
        }
        let (milliseconds, overflow) = expiresAt.multipliedReportingOverflow(by: 1000)
        return TokenGrant(expiresAt: overflow ? nil : Timestamp(millisecondsSince1970: milliseconds))
    }

    /// `time` in whole Unix seconds, rounded down.
    private static func unixSeconds(_ time: Timestamp) -> Int64 {
        let milliseconds = time.millisecondsSince1970
        return milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    }

    /// The error a refused UserSig is answered with: `tokenExpired` or `invalidToken`, with a
    /// message naming the ``UserSigError`` (its case and TLSSigAPIv2's text).
    private static func refusal(_ error: UserSigError, user: UserID, sdkAppID: Int64) -> SignalingError {
        let reason: String
        switch error {
        case .malformed:
            reason = "it is not a UserSig (bad encoding or document)"
        case .sdkAppIDMismatch:
            reason = "it was issued for another sdkAppID"
        case .identifierMismatch:
            reason = "it was issued for another user"
        case .expired:
            reason = "it has expired"
        case .userbufMismatch:
            reason = "it is a PrivateMapKey, not a UserSig"
        case .signatureMismatch:
            reason = "its signature does not match the app's secret (forged, altered or signed with another key)"
        }
        let message = "the UserSig of \(user) for sdkAppID \(sdkAppID) was refused: \(reason) (UserSigError.\(name(of: error)): \(error))"
        return SignalingError(error == .expired ? .tokenExpired : .invalidToken, message)
    }

    private static func name(of error: UserSigError) -> String {
        switch error {
        case .malformed: "malformed"
        case .sdkAppIDMismatch: "sdkAppIDMismatch"
        case .identifierMismatch: "identifierMismatch"
        case .expired: "expired"
        case .userbufMismatch: "userbufMismatch"
        case .signatureMismatch: "signatureMismatch"
        }
    }
}
