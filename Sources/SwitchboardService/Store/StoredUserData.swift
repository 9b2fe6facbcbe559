import SwitchboardCore
import SwitchboardWire

/// What one app keeps for its users beside calls and profiles, as a store read it back.
public struct StoredUserData: Sendable, Equatable {
    /// Kept peer messages, by sequence.
    public var offlineMessages: [KeptPeerMessage]
    /// Users' attributes, each user's by key.
    public var userAttributes: [UserID: [Attribute]]
    /// Channels' attributes, each channel's by key.
    public var channelAttributes: [String: [ChannelAttribute]]

    public init(offlineMessages: [KeptPeerMessage] = [], userAttributes: [UserID: [Attribute]] = [:],
                channelAttributes: [String: [ChannelAttribute]] = [:]) {
        self.offlineMessages = offlineMessages
        self.userAttributes = userAttributes
        self.channelAttributes = channelAttributes
    }

    public var isEmpty: Bool { offlineMessages.isEmpty && userAttributes.isEmpty && channelAttributes.isEmpty }
}
