import SwitchboardCore
import SwitchboardWire

/// User and channel attributes, and channel member counts (docs/CALL-MODEL.md, "Attributes"). A user's
/// attributes exist while the user has a session; a channel's while someone is in it, and for the
/// configured retention after its last member left, within the writer's and the app's quotas.
extension ServiceCore {
    // MARK: - User attributes

    /// `attributes.user.set`: changes the session's user's attributes; answers them afterwards.
    func setUserAttributes(
        _ change: AttributeChange, limits: AttributeLimits?, for session: Session, in realm: Realm
    ) -> Result<Reply, SignalingError> {
        if let error = checkKeys(of: change) { return .failure(error) }
        var attributes = realm.userAttributes[session.user] ?? [:]
        apply(change, to: &attributes) { $0.value }
        let result = attributes.map { Attribute(key: $0.key, value: $0.value) }
        if let violation = configuration.attributes.user.tightened(by: limits).violation(of: result) {
            return .failure(SignalingError(.attributesTooLarge, violation))
        }
        let sorted = result.sorted { $0.key < $1.key }
        if realm.userAttributes[session.user] ?? [:] != attributes {
            write(.userAttributes(realm.app, session.user, sorted))
        }
        realm.userAttributes[session.user] = attributes.isEmpty ? nil : attributes
        return .success(.attributes(sorted))
    }

    /// The user has no session left (or did not come back after a restart): their attributes go, from
    /// the stores too.
    func dropUserAttributes(of user: UserID, in realm: Realm) {
        guard realm.userAttributes.removeValue(forKey: user) != nil else { return }
        write(.userAttributes(realm.app, user, []))
    }

    /// `attributes.user.get`: a user's attributes, all or those with `keys`.
    func userAttributes(of user: UserID, keys: [String]?, in realm: Realm) -> Result<Reply, SignalingError> {
        guard user.isValid else {
            return .failure(SignalingError(.invalidUserID, "invalid user id \(String(reflecting: user.rawValue))"))
        }
        if let keys, let error = checkKeys(keys) { return .failure(error) }
        guard realm.hasSession(user) else {
            return .failure(SignalingError(.userNotFound, "\(user) has no session, and so no attributes"))
        }
        let attributes = (realm.userAttributes[user] ?? [:])
            .filter { keys?.contains($0.key) ?? true }
            .map { Attribute(key: $0.key, value: $0.value) }
        return .success(.attributes(attributes.sorted { $0.key < $1.key }))
    }

    // MARK: - Channel attributes

    /// `attributes.channel.set`: changes a channel's attributes (no membership needed) and, when asked,
    /// tells every member session, the writer's included, what they are now.
    func setChannelAttributes(
        _ change: AttributeChange, of channel: String, notify: Bool, limits: AttributeLimits?, from session: Session,
        in realm: Realm, at now: Timestamp, followUps: inout FollowUps
    ) -> Result<Reply, SignalingError> {
        if let error = checkChannelID(channel) { return .failure(error) }
        if let error = checkKeys(of: change) { return .failure(error) }
        let old = realm.channelAttributes[channel] ?? [:]
        var attributes = old
        apply(change, to: &attributes) {
            ChannelAttribute(key: $0.key, value: $0.value, updatedBy: session.user, updatedAt: now)
        }
        if let violation = configuration.attributes.channel.tightened(by: limits).violation(of: Array(attributes.values)) {
            return .failure(SignalingError(.attributesTooLarge, violation))
        }
        // The writer's and the app's quotas (docs/SECURITY.md, "Quotas").
        if let violation = realm.channelAttributeUsage.violation(
            writer: session.user, channel: channel, from: old.values, to: attributes.values, limits: configuration.attributes) {
            return .failure(SignalingError(.attributesTooLarge, violation))
        }
        realm.channelAttributeUsage.update(channel: channel, from: old.values, to: attributes.values)
        realm.channelAttributes[channel] = attributes.isEmpty ? nil : attributes
        let result = attributes.values.sorted { $0.key < $1.key }
        if old != attributes {
            write(.channelAttributes(realm.app, channel: channel, result))
        }
        if attributes.isEmpty {
            realm.channelAttributesExpiry[channel] = nil
        } else if realm.channels[channel] == nil, realm.channelAttributesExpiry[channel] == nil {
            // Set on a channel nobody is in: they last as long as they would after its last member left.
            channelEmptied(channel, in: realm, at: now)
        }
        if notify {
            let members = memberSessions(of: channel, in: realm, excluding: nil)
            followUps.then { [self] in
                for member in members where realm.sessions[member.id] != nil {
                    emit(.channelAttributesChanged(channel: channel, attributes: result), to: member, at: now)
                }
            }
        }
        return .success(.channelAttributes(result))
    }

    /// `attributes.channel.get`: a channel's attributes, all or those with `keys` (no membership needed).
    func channelAttributes(of channel: String, keys: [String]?, in realm: Realm) -> Result<Reply, SignalingError> {
        if let error = checkChannelID(channel) { return .failure(error) }
        if let keys, let error = checkKeys(keys) { return .failure(error) }
        let attributes = (realm.channelAttributes[channel] ?? [:]).values.filter { keys?.contains($0.key) ?? true }
        return .success(.channelAttributes(attributes.sorted { $0.key < $1.key }))
    }

    /// The channel has no member left: its attributes, if any, are dropped after the retention unless
    /// someone joins before.
    func channelEmptied(_ channel: String, in realm: Realm, at now: Timestamp) {
        guard realm.channelAttributes[channel] != nil else { return }
        let expiry = now + configuration.attributes.emptyChannelRetention
        realm.channelAttributesExpiry[channel] = expiry
        arm(.channelAttributes(realm.app, channel), at: expiry)
    }

    /// The retention of an empty channel's attributes is over. Only the channel's current expiry counts:
    /// a join since cancelled it, and a later leave armed another.
    func expireChannelAttributes(_ channel: String, in realm: Realm, at time: Timestamp) {
        guard realm.channelAttributesExpiry[channel] == time, realm.channels[channel] == nil else { return }
        realm.channelAttributesExpiry[channel] = nil
        if let dropped = realm.channelAttributes.removeValue(forKey: channel) {
            realm.channelAttributeUsage.update(channel: channel, from: dropped.values, to: [])
            write(.channelAttributes(realm.app, channel: channel, []))
        }
    }

    // MARK: - Member counts

    /// `channel.memberCount`: how many users are in each channel, in the order asked (no membership
    /// needed; 0 for a channel nobody is in).
    func memberCounts(of channels: [String], in realm: Realm) -> Result<Reply, SignalingError> {
        let most = configuration.attributes.memberCountChannels
        guard channels.count <= most else {
            return .failure(SignalingError(.invalidRequest, "\(channels.count) channels; at most \(most) per query"))
        }
        for channel in channels {
            if let error = checkChannelID(channel) { return .failure(error) }
        }
        return .success(.memberCounts(channels.map { ChannelMemberCount(channel: $0, count: realm.channels[$0]?.count ?? 0) }))
    }

    // MARK: - Changes and keys

    /// Applies `change` to `attributes`; `make` builds a stored value from a new attribute. Among
    /// attributes with the same key, the last one wins.
    private func apply<Value>(
        _ change: AttributeChange, to attributes: inout [String: Value], make: (Attribute) -> Value
    ) {
        switch change {
        case .replace(let new):
            attributes = [:]
            for attribute in new { attributes[attribute.key] = make(attribute) }
        case .merge(let new):
            for attribute in new { attributes[attribute.key] = make(attribute) }
        case .delete(let keys):
            for key in keys { attributes[key] = nil }
        case .clear:
            attributes = [:]
        }
    }

    private func checkKeys(of change: AttributeChange) -> SignalingError? {
        switch change {
        case .replace(let attributes), .merge(let attributes): checkKeys(attributes.map(\.key))
        case .delete(let keys): checkKeys(keys)
        case .clear: nil
        }
    }

    /// Keys are 1 to ``AttributeConfiguration/keyBytes`` bytes of printable characters without
    /// whitespace.
    private func checkKeys(_ keys: [String]) -> SignalingError? {
        let most = configuration.attributes.keyBytes
        for key in keys {
            let printable = key.unicodeScalars.allSatisfy {
                !$0.properties.isWhitespace && $0.properties.generalCategory != .control
                    && $0.properties.generalCategory != .format
            }
            if key.isEmpty || key.utf8.count > most || !printable {
                return SignalingError(.invalidRequest, "attribute key \(String(reflecting: key)) must be 1 to \(most) bytes of printable characters without whitespace")
            }
        }
        return nil
    }
}
