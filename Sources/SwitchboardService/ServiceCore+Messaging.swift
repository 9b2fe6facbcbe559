import DequeModule
import SwitchboardCore
import SwitchboardWire

extension ServiceCore {
    private func checkContent(_ content: MessageContent) -> SignalingError? {
        let size = content.byteCount
        if case .text(let text) = content, text.isEmpty {
            return SignalingError(.invalidMessage, "the message is empty")
        }
        if size > configuration.maxMessageBytes {
            return SignalingError(.invalidMessage, "the message is \(size) bytes; at most \(configuration.maxMessageBytes) allowed")
        }
        return nil
    }

    // MARK: - Peer messages

    /// Delivers a peer message to every session of the recipient, keeps it for an offline recipient
    /// when asked to, or reports the recipient offline.
    func sendPeerMessage(
        _ request: PeerMessageRequest,
        from session: Session,
        in realm: Realm,
        at now: Timestamp,
        followUps: inout FollowUps
    ) -> Result<Reply, SignalingError> {
        guard request.to.isValid else {
            return .failure(SignalingError(.invalidUserID, "invalid user id \(String(reflecting: request.to.rawValue))"))
        }
        if let error = checkContent(request.content) { return .failure(error) }
        let recipients = realm.sessions(of: request.to)
        if !recipients.isEmpty {
            let message = PeerMessage(from: session.user, content: request.content, sentAt: now, isOffline: false)
            followUps.then { [self] in
                for recipient in recipients where realm.sessions[recipient.id] != nil {
                    emit(.message(message), to: recipient, at: now)
                }
            }
            return .success(.message(.delivered))
        }
        guard request.storeIfOffline else { return .success(.message(.peerOffline)) }
        var kept = realm.offlineMessages[request.to] ?? []
        dropExpired(from: &kept, at: now)
        kept.append(PeerMessage(from: session.user, content: request.content, sentAt: now, isOffline: true))
        while kept.count > configuration.offlineMessageLimit { kept.removeFirst() }
        realm.offlineMessages[request.to] = kept
        return .success(.message(.stored))
    }

    /// Hands a new session the messages kept while its user was offline.
    func deliverOfflineMessages(to session: Session, in realm: Realm, at now: Timestamp) {
        guard var kept = realm.offlineMessages.removeValue(forKey: session.user) else { return }
        dropExpired(from: &kept, at: now)
        for message in kept {
            emit(.message(message), to: session, at: now)
        }
    }

    private func dropExpired(from messages: inout Deque<PeerMessage>, at now: Timestamp) {
        let oldest = now - configuration.offlineMessageRetention
        while let first = messages.first, first.sentAt < oldest {
            messages.removeFirst()
        }
    }

    // MARK: - Channels

    private func checkChannelID(_ channel: String) -> SignalingError? {
        let utf8 = channel.utf8
        if utf8.isEmpty || utf8.count > 64 || !utf8.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) {
            return SignalingError(.invalidChannel, "channel id \(String(reflecting: channel)) must be 1 to 64 bytes of printable ASCII")
        }
        return nil
    }

    func joinChannel(
        _ channel: String,
        session: Session,
        in realm: Realm,
        at now: Timestamp,
        followUps: inout FollowUps
    ) -> Result<Reply, SignalingError> {
        if let error = checkChannelID(channel) { return .failure(error) }
        if session.channels.contains(channel) {
            return .failure(SignalingError(.alreadyInChannel, "already a member of channel \(channel)"))
        }
        if session.channels.count >= configuration.maxChannelsPerSession {
            return .failure(SignalingError(.tooManyChannels, "at most \(configuration.maxChannelsPerSession) channels per session"))
        }
        var members = realm.channels[channel] ?? [:]
        let isNewMember = members[session.user] == nil
        members[session.user, default: []].insert(session.id)
        realm.channels[channel] = members
        session.channels.insert(channel)
        if isNewMember {
            let others = memberSessions(of: channel, in: realm, excluding: session.user)
            followUps.then { [self] in
                for other in others where realm.sessions[other.id] != nil {
                    emit(.channelMemberJoined(channel: channel, user: session.user), to: other, at: now)
                }
            }
        }
        return .success(.members(members.keys.sorted()))
    }

    /// Removes a session from a channel; when it was the user's last session there, the other members
    /// are told the user left.
    func leaveChannel(_ channel: String, session: Session, in realm: Realm, at now: Timestamp) {
        session.channels.remove(channel)
        guard var members = realm.channels[channel] else { return }
        members[session.user]?.remove(session.id)
        let userLeft = members[session.user]?.isEmpty ?? true
        if userLeft { members[session.user] = nil }
        realm.channels[channel] = members.isEmpty ? nil : members
        guard userLeft else { return }
        for other in memberSessions(of: channel, in: realm, excluding: session.user) {
            emit(.channelMemberLeft(channel: channel, user: session.user), to: other, at: now)
        }
    }

    func sendChannelMessage(
        _ content: MessageContent,
        to channel: String,
        from session: Session,
        in realm: Realm,
        at now: Timestamp,
        followUps: inout FollowUps
    ) -> Result<Reply, SignalingError> {
        guard session.channels.contains(channel) else {
            return .failure(SignalingError(.notInChannel, "not a member of channel \(channel)"))
        }
        if let error = checkContent(content) { return .failure(error) }
        let message = ChannelMessage(channel: channel, from: session.user, content: content, sentAt: now)
        let others = memberSessions(of: channel, in: realm, excluding: session.user)
        followUps.then { [self] in
            for other in others where realm.sessions[other.id] != nil {
                emit(.channelMessage(message), to: other, at: now)
            }
        }
        return .success(.empty)
    }

    /// The sessions of a channel's members other than `user`, in a stable order.
    private func memberSessions(of channel: String, in realm: Realm, excluding user: UserID) -> [Session] {
        let members = realm.channels[channel] ?? [:]
        return members.keys.sorted().filter { $0 != user }.flatMap { member in
            (members[member] ?? []).sorted { $0.rawValue < $1.rawValue }.compactMap { realm.sessions[$0] }
        }
    }
}
