/// The state of a client's connection, as the vendors define it (Agora `AgoraRtmConnectionState`,
/// ZIM `ZIMConnectionState`). Surfaces map it onto their own enums.
public enum ConnectionState: String, Hashable, Sendable, CaseIterable {
    /// Not logged in.
    case disconnected
    /// Logging in.
    case connecting
    /// Logged in.
    case connected
    /// Logged in, but the link has been down for a while; reconnecting on its own.
    case reconnecting
    /// Logged out by the service (another login, or a ban); every call that needs a login fails until
    /// the app logs out and in again.
    case aborted
}

/// Why the connection state changed (Agora `AgoraRtmConnectionChangeReason`).
public enum ConnectionChangeReason: String, Hashable, Sendable, CaseIterable {
    case login
    case loginSuccess
    case loginFailure
    case loginTimeout
    /// The link was interrupted for longer than the interruption threshold (4 s).
    case interrupted
    case logout
    case bannedByServer
    /// The same user logged in elsewhere under a single-device policy.
    case remoteLogin
    /// The token expired (the service ended the session for it).
    case tokenExpired
}
