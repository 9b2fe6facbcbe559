import SwitchboardCore
import SwitchboardWire

/// A peer message kept for an offline recipient: its place in the app's order of kept messages (the
/// service numbers them, so one can be dropped alone: a newer one replaced it) and the message.
public struct KeptPeerMessage: Hashable, Sendable {
    public var recipient: UserID
    /// Increasing within the app, across restarts and hosts (the service goes on from the largest one
    /// read back).
    public var sequence: Int64
    public var message: PeerMessage

    public init(recipient: UserID, sequence: Int64, message: PeerMessage) {
        self.recipient = recipient
        self.sequence = sequence
        self.message = message
    }
}
