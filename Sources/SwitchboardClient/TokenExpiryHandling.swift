/// What a logged-in client does when the service ends its session because its token expired
/// (`bye(tokenExpired)`; docs/SECURITY.md, "Tokens"). The service ends the session either way; the
/// choice is how the surface's vendor shows it.
public enum TokenExpiryHandling: Sendable, Hashable {
    /// The session ends: disconnected (tokenExpired), and the app logs in again with a new token
    /// (Agora 1.5 reason 9, ZIM `tokenExpired`, Tencent `onUserSigExpired`).
    case endsSession
    /// The session is lost and the client logs in afresh on its own, as after a long outage:
    /// reconnecting (interrupted) at once, then each attempt with the expired token is refused
    /// (``ClientEvent/reconnectRefused(_:)``) until a renewed token logs it in (connected (loginSuccess),
    /// ``ClientEvent/sessionReplaced``) or the app logs out. For anyRTC, whose SDK knows an expired
    /// token only from a refused reconnect (`rtmKitTokenDidExpire`).
    case reconnects
}
