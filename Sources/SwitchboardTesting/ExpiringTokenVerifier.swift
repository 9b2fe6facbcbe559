import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// A development-style token verifier whose tokens may carry an expiry, for testing token flows
/// (`tokenWillExpire`, renewals, a token running out mid-session) without real token machinery:
/// `"exp:<ms since 1970>"` expires then; any other token never does.
///
/// ```swift
/// let world = TestWorld(verifier: ExpiringTokenVerifier())
/// let token = ExpiringTokenVerifier.token(expiringAt: 60)   // 60 s after the world's epoch
/// ```
public struct ExpiringTokenVerifier: TokenVerifier {
    public init() {}

    public func verify(
        token: String?, user: UserID, app: AppConfiguration?, vendorApp: String, surface: String?, at now: Timestamp
    ) throws(SignalingError) -> TokenGrant {
        if let token, token.hasPrefix("exp:"), let ms = Int64(token.dropFirst(4)) {
            return TokenGrant(expiresAt: Timestamp(millisecondsSince1970: ms))
        }
        return TokenGrant(expiresAt: nil)
    }

    /// A token of this verifier that expires `seconds` after ``TestWorld/defaultEpoch``.
    public static func token(expiringAt seconds: Int64) -> String {
        "exp:\(TestWorld.defaultEpoch.millisecondsSince1970 + seconds * 1000)"
    }
}
