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
    /// when asked to and the offline quotas allow (`rate_limited` to the sender otherwise, nothing kept:
    /// docs/SECURITY.md, "Quotas"), or reports the recipient offline.
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
        let message = PeerMessage(from: session.user, content: request.content, sentAt: now, isOffline: true)
        let stored: OfflineMessageStore.Stored
        switch realm.offlineMessages.store(message, for: request.to, within: configuration.offlineMessageQuotas) {
        case .success(let kept): stored = kept
        case .failure(let refusal): return .failure(refusal)
        }
        // Written at once, with what the step wrote before, as profile.set is: the sender hears "stored"
        // only once it is (docs/SERVER.md, "What survives a restart"); else nothing is kept.
        let removed = StoreWrite.offlineMessagesRemoved(realm.app, recipient: request.to, sequences: stored.replaced.map(\.sequence))
        let kept = StoreWrite.offlineMessageKept(realm.app, KeptPeerMessage(recipient: request.to, sequence: stored.sequence, message: message))
        if !stored.replaced.isEmpty { write(removed) }
        write(kept)
        let failed = writeStep()
        guard !failed.contains(where: { $0.write == kept || $0.write == removed }) else {
            realm.offlineMessages.unstore(stored, for: request.to)
            return .failure(SignalingError(.internalError, "the store failed to keep the message"))
        }
        if realm.offlineSweepAt == nil {
            armOfflineSweep(in: realm, at: now + configuration.offlineMessageRetention)
        }
        return .success(.message(.stored))
    }

    /// Hands a new session the messages kept while its user was offline; the stores forget them with the
    /// step, before the session is told.
    func deliverOfflineMessages(to session: Session, in realm: Realm, at now: Timestamp) {
        let kept = realm.offlineMessages.take(for: session.user)
        guard !kept.isEmpty else { return }
        write(.offlineMessagesRemoved(realm.app, recipient: session.user, sequences: kept.map(\.sequence)))
        let oldest = now - configuration.offlineMessageRetention
        for entry in kept where entry.message.sentAt > oldest {
            emit(.message(entry.message), to: session, at: now)
        }
    }

    /// Drops every offline message past its retention, then arms the next sweep for the oldest one left.
    ///
    /// A message expires at `sentAt + retention`: at that instant it is dropped, so the next sweep is always
    /// strictly later than `now` and the sweep cannot re-arm itself for the instant it runs at.
    func sweepOfflineMessages(in realm: Realm, at now: Timestamp) {
        realm.offlineSweepAt = nil
        let oldest = now - configuration.offlineMessageRetention
        write(.offlineMessagesExpired(realm.app, sentAtOrBefore: oldest))
        if let oldestLeft = realm.offlineMessages.dropMessages(sentAtOrBefore: oldest) {
            armOfflineSweep(in: realm, at: oldestLeft + configuration.offlineMessageRetention)
        }
    }

    private func armOfflineSweep(in realm: Realm, at time: Timestamp) {
        realm.offlineSweepAt = time
        arm(.offlineSweep(realm.app), at: time)
    }

    // MARK: - Channels

    func checkChannelID(_ channel: String) -> SignalingError? {
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
        realm.channelAttributesExpiry[channel] = nil
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

    /// Removes a session from a channel at once. When it was the user's last session there, returns
    /// what to tell the other members (the user left); the caller sends it when its response is out.
    func leaveChannel(
        _ channel: String, session: Session, in realm: Realm, at now: Timestamp
    ) -> [(event: ServerEvent, session: Session)] {
        session.channels.remove(channel)
        guard var members = realm.channels[channel] else { return [] }
        members[session.user]?.remove(session.id)
        let userLeft = members[session.user]?.isEmpty ?? true
        if userLeft { members[session.user] = nil }
        realm.channels[channel] = members.isEmpty ? nil : members
        if members.isEmpty { channelEmptied(channel, in: realm, at: now) }
        guard userLeft else { return [] }
        return memberSessions(of: channel, in: realm, excluding: session.user).map {
            (ServerEvent.channelMemberLeft(channel: channel, user: session.user), $0)
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
    func memberSessions(of channel: String, in realm: Realm, excluding user: UserID?) -> [Session] {
        let members = realm.channels[channel] ?? [:]
        return members.keys.sorted().filter { $0 != user }.flatMap { member in
            (members[member] ?? []).sorted { $0.rawValue < $1.rawValue }.compactMap { realm.sessions[$0] }
        }
    }
}
