import SwitchboardCore
import SwitchboardWire

/// What the SDK refuses before sending anything, with the code it documents, per API: not logged in
/// first, then the arguments, then the state, then the rate limit last, so that a refused call uses up
/// no allowance (docs/AGORA.md, "Vendor timers and limits"). Each returns the refusal, or nil (and the
/// call counted against its limit).
extension RTMKitStateMachine {
    /// `send(_:toPeer:sendMessageOptions:completion:)`. A message sent while reconnecting is not
    /// delivered (seed 002) and fails at once.
    mutating func admitPeerMessage(_ message: RTMMessage, to peer: String, at now: Timestamp) -> RTMCode.SendPeerMessage? {
        guard isLoggedIn else { return .notLoggedIn }
        guard RTMLimits.isValidID(peer) else { return .invalidUserId }
        guard RTMClient.isValid(message) else { return .invalidMessage }
        guard connection == .connected else { return .failure }
        guard limits.message.admit(at: now) else { return .tooOften }
        return nil
    }

    /// `queryPeersOnlineStatus(_:completion:)`.
    mutating func admitPresenceQuery(_ peers: [String], at now: Timestamp) -> RTMCode.QueryPeersOnline? {
        guard isLoggedIn else { return .notLoggedIn }
        guard !peers.isEmpty, peers.count <= RTMLimits.queryPeers, peers.allSatisfy(RTMLimits.isValidID) else {
            return .invalidArgument
        }
        guard limits.query.admit(at: now) else { return .tooOften }
        return nil
    }

    /// `subscribePeersOnlineStatus` / `unsubscribePeersOnlineStatus`: at most 512 peers subscribed.
    mutating func admitSubscriptionChange(_ peers: [String], subscribing: Bool, at now: Timestamp) -> RTMCode.PeerSubscription? {
        guard isLoggedIn else { return .notLoggedIn }
        guard !peers.isEmpty, peers.allSatisfy(RTMLimits.isValidID) else { return .invalidArgument }
        if subscribing, subscriptions.union(peers.map { UserID($0) }).count > RTMLimits.subscribedPeers { return .overflow }
        guard limits.subscribe.admit(at: now) else { return .tooOften }
        return nil
    }

    /// `queryPeersBySubscriptionOption(_:completion:)`.
    mutating func admitSubscriptionQuery(at now: Timestamp) -> RTMCode.QueryPeersBySubscriptionOption? {
        guard isLoggedIn else { return .notLoggedIn }
        guard limits.subscriptionQuery.admit(at: now) else { return .tooOften }
        return nil
    }

    /// The local user's attribute changes.
    mutating func admitLocalAttributeChange(_ change: AttributeChange, at now: Timestamp) -> RTMCode.ProcessAttribute? {
        guard isLoggedIn else { return .notLoggedIn }
        if let refusal = RTMClient.check(change, limits: RTMLimits.userAttributes) { return refusal }
        guard limits.userAttributeUpdate.admit(at: now) else { return .tooOften }
        return nil
    }

    /// `getUserAllAttributes` / `getUserAttributes(_:byKeys:)`.
    mutating func admitUserAttributeQuery(of user: String, keys: [String]?, at now: Timestamp) -> RTMCode.ProcessAttribute? {
        guard isLoggedIn else { return .notLoggedIn }
        guard RTMLimits.isValidID(user), (keys ?? []).allSatisfy(RTMClient.isValidKey) else { return .invalidArgument }
        guard limits.userAttributeQuery.admit(at: now) else { return .tooOften }
        return nil
    }

    /// A channel's attribute changes (no membership needed).
    mutating func admitChannelAttributeChange(
        _ change: AttributeChange, of channel: String, at now: Timestamp
    ) -> RTMCode.ProcessAttribute? {
        guard isLoggedIn else { return .notLoggedIn }
        guard RTMLimits.isValidID(channel) else { return .invalidArgument }
        if let refusal = RTMClient.check(change, limits: RTMLimits.channelAttributes) { return refusal }
        guard limits.channelAttributeUpdate.admit(at: now) else { return .tooOften }
        return nil
    }

    /// `getChannelAllAttributes` / `getChannelAttributes(_:byKeys:)` (no membership needed).
    mutating func admitChannelAttributeQuery(of channel: String, keys: [String]?, at now: Timestamp) -> RTMCode.ProcessAttribute? {
        guard isLoggedIn else { return .notLoggedIn }
        guard RTMLimits.isValidID(channel), (keys ?? []).allSatisfy(RTMClient.isValidKey) else { return .invalidArgument }
        guard limits.channelAttributeQuery.admit(at: now) else { return .tooOften }
        return nil
    }

    /// What the kit knows of a channel when it is asked to join it.
    struct ChannelStanding: Hashable, Sendable {
        /// The channel is this kit's (not destroyed).
        var isRegistered: Bool
        /// Joined, or a join on its way.
        var isJoinedOrJoining: Bool
        /// How many of the kit's channels are joined or joining.
        var joinedCount: Int
    }

    /// `join(completion:)`: at most 20 channels, 2 joins of one channel per 5 s, 50 joins per 3 s.
    mutating func admitJoin(_ channel: String, _ standing: ChannelStanding, at now: Timestamp) -> RTMCode.JoinChannel? {
        guard isLoggedIn else { return .notLoggedIn }
        guard standing.isRegistered else { return .failure }
        if standing.isJoinedOrJoining { return .alreadyJoined }
        if standing.joinedCount >= RTMLimits.joinedChannels { return .exceedLimit }
        var sameChannel = limits.sameChannelJoin[channel] ?? RateLimiter(RTMLimits.sameChannelJoinRate)
        guard sameChannel.wouldAdmit(at: now) else { return .sameChannelTooOften }
        guard limits.join.admit(at: now) else { return .tooOften }
        _ = sameChannel.admit(at: now)
        limits.sameChannelJoin[channel] = sameChannel
        return nil
    }

    /// `send(_:sendMessageOptions:completion:)` on a channel: only while joined and connected (messages
    /// sent while reconnecting are not delivered, seed 002).
    mutating func admitChannelMessage(_ message: RTMMessage, isJoined: Bool, at now: Timestamp) -> RTMCode.SendChannelMessage? {
        guard isLoggedIn else { return .notLoggedIn }
        guard RTMClient.isValid(message) else { return .invalidMessage }
        guard isJoined else { return .failure }
        guard connection == .connected else { return .failure }
        guard limits.message.admit(at: now) else { return .tooOften }
        return nil
    }

    /// `getMembersWithCompletion(_:)`.
    mutating func admitMembersQuery(isJoined: Bool, at now: Timestamp) -> RTMCode.GetMembers? {
        guard isLoggedIn else { return .notLoggedIn }
        guard isJoined else { return .notInChannel }
        guard limits.members.admit(at: now) else { return .tooOften }
        return nil
    }

    /// `getChannelMemberCount(_:completion:)`: at most 32 channels, no membership needed.
    mutating func admitMemberCounts(_ channels: [String], at now: Timestamp) -> RTMCode.ChannelMemberCount? {
        guard isLoggedIn else { return .notLoggedIn }
        guard channels.count <= RTMLimits.memberCountChannels else { return .exceedLimit }
        guard !channels.isEmpty, channels.allSatisfy(RTMLimits.isValidID) else { return .invalidArgument }
        guard limits.memberCount.admit(at: now) else { return .tooOften }
        return nil
    }
}
