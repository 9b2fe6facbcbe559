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

    /// The user's calls that ring or are connected, oldest first: every page of `call.active`, followed
    /// to the end (at most ``SwitchboardWire/ActiveCallQuery/clientPageBound`` pages).
    public func activeCalls() async throws(SignalingError) -> [Call] {
        var calls: [Call] = []
        var cursor: String?
        for _ in 0..<ActiveCallQuery.clientPageBound {
            let page = try await activeCalls(ActiveCallQuery(cursor: cursor, limit: ActiveCallQuery.limitRange.upperBound))
            calls += page.calls
            guard let next = page.nextCursor else { break }
            cursor = next
        }
        return calls
    }

    /// One page of the user's calls that ring or are connected, and the cursor of the next page (nil
    /// after the last).
    public func activeCalls(_ query: ActiveCallQuery) async throws(SignalingError) -> (calls: [Call], nextCursor: String?) {
        guard case .calls(let calls, let next) = try await request(.activeCalls(query)) else { throw unexpected("call.active") }
        return (calls, next)
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
