import SwitchboardCore
import SwitchboardWire

extension ServiceCore {
    /// Tells the user's watchers if their presence is no longer `previous`.
    func presenceMayHaveChanged(_ user: UserID, from previous: PresenceState, in realm: Realm, at now: Timestamp) {
        let current = realm.presence(of: user)
        guard current != previous else { return }
        let event = ServerEvent.presenceChanged(PresenceStatus(user: user, state: current))
        for watcher in (realm.presenceWatchers[user] ?? []).sorted(by: { $0.rawValue < $1.rawValue }) {
            guard let session = realm.sessions[watcher] else { continue }
            emit(event, to: session, at: now)
        }
    }

    func queryPresence(_ users: [UserID], in realm: Realm) -> Result<Reply, SignalingError> {
        if let error = checkUserList(users, limit: configuration.maxPresenceQuery) { return .failure(error) }
        return .success(.presence(users.map { PresenceStatus(user: $0, state: realm.presence(of: $0)) }))
    }

    func subscribePresence(_ users: [UserID], session: Session, in realm: Realm) -> Result<Reply, SignalingError> {
        if let error = checkUserList(users, limit: configuration.maxSubscriptionsPerSession) { return .failure(error) }
        let total = session.subscriptions.union(users).count
        guard total <= configuration.maxSubscriptionsPerSession else {
            return .failure(SignalingError(.invalidRequest, "at most \(configuration.maxSubscriptionsPerSession) subscriptions per session; this would make \(total)"))
        }
        for user in users {
            session.subscriptions.insert(user)
            realm.presenceWatchers[user, default: []].insert(session.id)
        }
        return .success(.presence(users.map { PresenceStatus(user: $0, state: realm.presence(of: $0)) }))
    }

    /// Why a list of users is unacceptable, if it is.
    func checkUserList(_ users: [UserID], limit: Int) -> SignalingError? {
        if users.isEmpty {
            return SignalingError(.invalidRequest, "the user list is empty")
        }
        if users.count > limit {
            return SignalingError(.invalidRequest, "\(users.count) users; at most \(limit) allowed")
        }
        if let invalid = users.first(where: { !$0.isValid }) {
            return SignalingError(.invalidUserID, "invalid user id \(String(reflecting: invalid.rawValue))")
        }
        return nil
    }

    /// Stops `session` watching these users.
    func unsubscribe(_ session: Session, from users: some Sequence<UserID>, in realm: Realm) {
        for user in users {
            session.subscriptions.remove(user)
            realm.presenceWatchers[user]?.remove(session.id)
            if realm.presenceWatchers[user]?.isEmpty == true { realm.presenceWatchers[user] = nil }
        }
    }
}
