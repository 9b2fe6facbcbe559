import SwitchboardCore
import SwitchboardWire

/// What a client session tells its owner (a surface adapter, a test, the demo), in order.
public enum ClientEvent: Hashable, Sendable {
    /// The connection state changed.
    case connection(ConnectionState, ConnectionChangeReason)
    /// The service sent an event (each exactly once, in the service's order, across reconnects).
    case server(ServerEvent)
    /// The session was lost and replaced by a fresh login; anything tied to the old session (channel
    /// memberships, presence subscriptions) must be set up again.
    case sessionReplaced
    /// A reconnect was refused (for example the token expired while reconnecting); the session keeps
    /// trying, and a renewed token makes the next attempt succeed.
    case reconnectRefused(SignalingError)
}
