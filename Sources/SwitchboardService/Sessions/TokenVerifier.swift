import Logging
import SwitchboardCore
import SwitchboardWire

/// What a verified token grants.
public struct TokenGrant: Hashable, Sendable {
    /// When the token stops being valid; nil for tokens that do not expire.
    public var expiresAt: Timestamp?

    public init(expiresAt: Timestamp?) {
        self.expiresAt = expiresAt
    }
}

/// Checks login tokens. Pluggable: the network server adds JWT and UserSig verifiers; tests plug in
/// their own.
public protocol TokenVerifier: Sendable {
    /// Verifies `token` for `user` of `app` (nil in development mode) at `now`, or throws
    /// ``/SwitchboardWire/ServiceErrorCode/invalidToken`` / ``/SwitchboardWire/ServiceErrorCode/tokenExpired``.
    ///
    /// `vendorApp` is the vendor app id the client logged in with (``/SwitchboardWire/Hello/app``: an Agora `appId`,
    /// a ZIM `appID`, a Tencent `sdkAppID` such as `"1400000001"`), one of `app`'s
    /// ``AppConfiguration/vendorIDs``; vendor tokens that name their app (a UserSig's
    /// `TLS.sdkappid`) are checked against it. `surface` is the surface that logs in
    /// (``/SwitchboardWire/Hello/surface``: `"agora"`, `"zim"`, `"tencent"`...), nil when the client does not say.
    func verify(
        token: String?, user: UserID, app: AppConfiguration?, vendorApp: String, surface: String?, at now: Timestamp
    ) throws(SignalingError) -> TokenGrant
}

/// Development mode: every token is accepted, and the service says so in its log.
public struct DevelopmentTokenVerifier: TokenVerifier {
    private let logger: Logger

    public init(logger: Logger = Logger(label: "switchboard.tokens")) {
        self.logger = logger
    }

    public func verify(
        token: String?, user: UserID, app: AppConfiguration?, vendorApp: String, surface: String?, at now: Timestamp
    ) throws(SignalingError) -> TokenGrant {
        logger.warning("development mode: accepting the token of \(user) without checking it")
        return TokenGrant(expiresAt: nil)
    }
}
