import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// Channels (`createChannel(withId:delegate:)`, `AgoraRtmChannel`).
extension RTMClient {
    /// `createChannel(withId:delegate:)`: nil for an invalid id or one this instance already has.
    public func createChannel(_ id: String) -> RTMChannel? {
        guard RTMLimits.isValidID(id) else { return nil }
        return state.withLock { state in
            guard state.channels[id] == nil else { return nil }
            let channel = RTMChannel(id: id, client: self)
            state.channels[id] = channel
            return channel
        }
    }

    /// `destroyChannel(withId:)`: leaves the channel if joined (without callbacks) and forgets it.
    public func destroyChannel(_ id: String) -> Bool {
        guard let channel = state.withLock({ $0.channels.removeValue(forKey: id) }) else { return false }
        let wasJoined = channel.sessionEnded()
        channel.surfaceObject = nil
        if wasJoined {
            submit(.leaveChannel(id), waitWhileReconnecting: false) { _ in }
        }
        return true
    }

    /// `join(completion:)`.
    public func join(_ channel: RTMChannel, completion: @escaping @Sendable (RTMCode.JoinChannel) -> Void) {
        let now = now
        let refusal: RTMCode.JoinChannel? = state.withLock { state in
            // Lock order: the client's state before a channel's box, never the other way round.
            let standing = RTMKitStateMachine.ChannelStanding(
                isRegistered: state.channels[channel.id] === channel, isJoinedOrJoining: channel.isJoinedOrJoining,
                joinedCount: state.channels.values.filter(\.isJoinedOrJoining).count)
            if let refusal = state.kit.admitJoin(channel.id, standing, at: now) { return refusal }
            channel.box.withLock { $0.isJoining = true }
            return nil
        }
        if let refusal {
            return post { completion(refusal) }
        }
        submit(.joinChannel(channel.id), timeout: RTMLimits.joinTimeout, waitWhileReconnecting: false) { [weak self] result in
            switch result {
            case .success(let reply):
                channel.joined(reply)
                self?.post { completion(.ok) }
            case .failure(let error):
                channel.box.withLock { $0.isJoining = false }
                let code: RTMCode.JoinChannel = switch error.code {
                case .service(.alreadyInChannel): .alreadyJoined
                case .service(.tooManyChannels): .exceedLimit
                case .service(.invalidChannel): .invalidArgument
                case .service(.timeout): .timeout
                case .service(.notLoggedIn): .notLoggedIn
                default: .failure
                }
                self?.post { completion(code) }
            }
        }
    }

    /// `leave(completion:)`.
    public func leave(_ channel: RTMChannel, completion: @escaping @Sendable (RTMCode.LeaveChannel) -> Void) {
        guard decide({ $0.isLoggedIn }) else { return post { completion(.notLoggedIn) } }
        // Leaving stops member events at once; a leave the service did not take puts the channel back.
        let members: Set<UserID>? = channel.box.withLock { state in
            guard state.isJoined else { return nil }
            defer {
                state.isJoined = false
                state.members = []
            }
            return state.members
        }
        guard let members else { return post { completion(.notInChannel) } }
        submit(.leaveChannel(channel.id), waitWhileReconnecting: false) { [weak self] result in
            let code: RTMCode.LeaveChannel
            switch result {
            case .success:
                code = .ok
            case .failure(let error) where error.code == .service(.notInChannel):
                code = .notInChannel
            case .failure:
                channel.box.withLock { state in
                    state.isJoined = true
                    state.members = members
                }
                code = .failure
            }
            self?.post { completion(code) }
        }
    }

    /// `send(_:sendMessageOptions:completion:)` on a channel.
    public func send(_ message: RTMMessage, to channel: RTMChannel,
                     completion: @escaping @Sendable (RTMCode.SendChannelMessage) -> Void) {
        let now = now
        let refusal = state.withLock { $0.kit.admitChannelMessage(message, isJoined: channel.isJoined, at: now) }
        if let refusal {
            return post { completion(refusal) }
        }
        submit(.sendChannelMessage(channel: channel.id, message: message.content), timeout: RTMLimits.messageTimeout,
               waitWhileReconnecting: false) { [weak self] result in
            let code: RTMCode.SendChannelMessage = switch result {
            case .success: .ok
            case .failure(let error) where error.code == .service(.timeout): .timeout
            case .failure(let error) where error.code == .service(.invalidMessage): .invalidMessage
            case .failure(let error) where error.code == .service(.rateLimited): .tooOften
            case .failure: .failure
            }
            self?.post { completion(code) }
        }
    }

    /// `getMembersWithCompletion(_:)`.
    public func members(of channel: RTMChannel, completion: @escaping @Sendable ([String]?, RTMCode.GetMembers) -> Void) {
        let now = now
        let refusal = state.withLock { $0.kit.admitMembersQuery(isJoined: channel.isJoined, at: now) }
        if let refusal {
            return post { completion(nil, refusal) }
        }
        submit(.channelMembers(channel.id), timeout: RTMLimits.membersTimeout, waitWhileReconnecting: false) { [weak self] result in
            switch result {
            case .success(.members(let members)):
                self?.post { completion(members.map(\.rawValue), .ok) }
            case .success:
                self?.post { completion([], .ok) }
            case .failure(let error):
                let code: RTMCode.GetMembers = switch error.code {
                case .service(.timeout): .timeout
                case .service(.notInChannel): .notInChannel
                case .service(.notLoggedIn): .notLoggedIn
                default: .failure
                }
                self?.post { completion(nil, code) }
            }
        }
    }

    /// `getChannelMemberCount(_:completion:)`: no membership needed; at most 32 channels.
    public func memberCounts(of channels: [String],
                             completion: @escaping @Sendable ([ChannelMemberCount]?, RTMCode.ChannelMemberCount) -> Void) {
        let now = now
        let refusal = decide { $0.admitMemberCounts(channels, at: now) }
        if let refusal {
            return post { completion(nil, refusal) }
        }
        submit(.channelMemberCounts(channels), timeout: RTMLimits.memberCountTimeout) { [weak self] result in
            switch result {
            case .success(.memberCounts(let counts)):
                self?.post { completion(counts, .ok) }
            case .success:
                self?.post { completion([], .ok) }
            case .failure(let error):
                let code: RTMCode.ChannelMemberCount = switch error.code {
                case .service(.timeout): .timeout
                case .service(.invalidChannel), .service(.invalidRequest): .invalidArgument
                case .service(.notLoggedIn): .notLoggedIn
                case .service(.rateLimited): .tooOften
                default: .failure
                }
                self?.post { completion(nil, code) }
            }
        }
    }

    /// A message the SDK would accept: text or raw data plus description, not empty, at most 32 KB.
    static func isValid(_ message: RTMMessage) -> Bool {
        let size = message.content.byteCount
        return size > 0 && size <= RTMLimits.messageBytes
    }
}
