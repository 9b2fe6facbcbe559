import SwitchboardCore
import SwitchboardWire

/// Typed forms of the service's operations.
extension ClientSession {
    /// Places a call.
    public func invite(_ invitation: InviteRequest) async throws(SignalingError) -> Call {
        try await expectCall(request(.invite(invitation))).call
    }

    /// Acts on a call; returns the call afterwards and the users the action skipped.
    public func act(_ action: CallAction, on call: CallID) async throws(SignalingError) -> (call: Call, skipped: [SkippedUser]) {
        try await expectCall(request(.call(call, action)))
    }

    /// The call as it is now.
    public func call(_ id: CallID) async throws(SignalingError) -> Call {
        try await expectCall(request(.getCall(id))).call
    }

    /// The user's calls that ring or are connected.
    public func activeCalls() async throws(SignalingError) -> [Call] {
        guard case .calls(let calls) = try await request(.activeCalls) else { throw unexpected("call.active") }
        return calls
    }

    /// A page of the user's call records, newest first.
    public func callRecords(_ query: RecordQuery = RecordQuery()) async throws(SignalingError) -> RecordPage {
        guard case .records(let page) = try await request(.callRecords(query)) else { throw unexpected("call.records") }
        return page
    }

    /// Sends a peer message. Fails at once while the link is down (messages sent while reconnecting
    /// are not delivered, as Agora documents).
    public func sendMessage(_ message: PeerMessageRequest) async throws(SignalingError) -> MessageDelivery {
        guard case .message(let delivery) = try await request(.sendMessage(message), waitWhileReconnecting: false) else {
            throw unexpected("message.send")
        }
        return delivery
    }

    public func queryPresence(_ users: [UserID]) async throws(SignalingError) -> [PresenceStatus] {
        guard case .presence(let statuses) = try await request(.queryPresence(users)) else { throw unexpected("presence.query") }
        return statuses
    }

    public func subscribePresence(_ users: [UserID]) async throws(SignalingError) -> [PresenceStatus] {
        guard case .presence(let statuses) = try await request(.subscribePresence(users)) else { throw unexpected("presence.subscribe") }
        return statuses
    }

    public func unsubscribePresence(_ users: [UserID]) async throws(SignalingError) {
        _ = try await request(.unsubscribePresence(users))
    }

    /// Joins a channel; returns its members.
    public func joinChannel(_ channel: String) async throws(SignalingError) -> [UserID] {
        guard case .members(let members) = try await request(.joinChannel(channel)) else { throw unexpected("channel.join") }
        return members
    }

    public func leaveChannel(_ channel: String) async throws(SignalingError) {
        _ = try await request(.leaveChannel(channel))
    }

    public func channelMembers(_ channel: String) async throws(SignalingError) -> [UserID] {
        guard case .members(let members) = try await request(.channelMembers(channel)) else { throw unexpected("channel.members") }
        return members
    }

    /// Sends a channel message. Fails at once while the link is down.
    public func sendChannelMessage(_ content: MessageContent, to channel: String) async throws(SignalingError) {
        _ = try await request(.sendChannelMessage(channel: channel, message: content), waitWhileReconnecting: false)
    }

    private func expectCall(_ reply: Reply) throws(SignalingError) -> (call: Call, skipped: [SkippedUser]) {
        guard case .call(let call, let skipped) = reply else { throw unexpected("a call operation") }
        return (call, skipped)
    }

    private func unexpected(_ operation: String) -> SignalingError {
        SignalingError(.invalidFrame, "the service answered \(operation) with an unexpected reply")
    }
}
