import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// Peer messages and presence (`send(_:toPeer:sendMessageOptions:completion:)`,
/// `queryPeersOnlineStatus`, `subscribePeersOnlineStatus`).
extension RTMClient {
    /// Sends a peer message. A message sent while reconnecting is not delivered (seed 002) and completes
    /// at once with `failure`: of the documented codes it is the one that says "not sent, try again";
    /// `timeout` would make the app wait 10 s for nothing, `peerUnreachable` would blame the peer.
    public func send(_ message: RTMMessage, toPeer peer: String, offline: Bool,
                     completion: @escaping @Sendable (RTMCode.SendPeerMessage) -> Void) {
        let now = now
        let refusal = decide { $0.admitPeerMessage(message, to: peer, at: now) }
        if let refusal {
            return post { completion(refusal) }
        }
        let request = PeerMessageRequest(to: UserID(peer), content: message.content, storeIfOffline: offline)
        submit(.sendMessage(request), timeout: RTMLimits.messageTimeout, waitWhileReconnecting: false) { [weak self] result in
            let code: RTMCode.SendPeerMessage = switch result {
            case .success(.message(.delivered)): .ok
            case .success(.message(.stored)): .cachedByServer
            case .success(.message(.peerOffline)): .peerUnreachable
            case .success: .failure
            case .failure(let error):
                switch error.code {
                case .service(.timeout): .timeout
                case .service(.invalidUserID): .invalidUserId
                case .service(.invalidMessage): .invalidMessage
                case .service(.rateLimited): .tooOften
                case .service(.notLoggedIn): .notLoggedIn
                default: .failure
                }
            }
            self?.post { completion(code) }
        }
    }

    /// `queryPeersOnlineStatus(_:completion:)`.
    public func queryPeersOnlineStatus(_ peers: [String], completion: @escaping @Sendable ([RTMPeerStatus]?, RTMCode.QueryPeersOnline) -> Void) {
        let now = now
        let refusal = decide { $0.admitPresenceQuery(peers, at: now) }
        if let refusal {
            return post { completion(nil, refusal) }
        }
        submit(.queryPresence(peers.map { UserID($0) }), timeout: RTMLimits.queryTimeout) { [weak self] result in
            switch result {
            case .success(.presence(let statuses)):
                self?.post { completion(statuses.map { RTMPeerStatus($0) }, .ok) }
            case .success:
                self?.post { completion([], .ok) }
            case .failure(let error):
                let code: RTMCode.QueryPeersOnline = switch error.code {
                case .service(.timeout): .timeout
                case .service(.notLoggedIn): .notLoggedIn
                case .service(.rateLimited): .tooOften
                default: .failure
                }
                self?.post { completion(nil, code) }
            }
        }
    }

    /// `subscribePeersOnlineStatus(_:completion:)`: the current states follow at once through
    /// `peersOnlineStatusChanged`, then every change.
    public func subscribe(_ peers: [String], completion: @escaping @Sendable (RTMCode.PeerSubscription) -> Void) {
        changeSubscription(peers, subscribing: true, completion: completion)
    }

    /// `unsubscribePeersOnlineStatus(_:completion:)`.
    public func unsubscribe(_ peers: [String], completion: @escaping @Sendable (RTMCode.PeerSubscription) -> Void) {
        changeSubscription(peers, subscribing: false, completion: completion)
    }

    private func changeSubscription(_ peers: [String], subscribing: Bool,
                                    completion: @escaping @Sendable (RTMCode.PeerSubscription) -> Void) {
        let now = now
        let users = peers.map { UserID($0) }
        let refusal = decide { $0.admitSubscriptionChange(peers, subscribing: subscribing, at: now) }
        if let refusal {
            return post { completion(refusal) }
        }
        let operation: ServiceOperation = subscribing ? .subscribePresence(users) : .unsubscribePresence(users)
        submit(operation, timeout: RTMLimits.queryTimeout) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                decide { $0.subscriptionsChanged(users, subscribing: subscribing) }
                post { completion(.ok) }
                if subscribing, case .presence(let statuses) = reply, !statuses.isEmpty {
                    emit(.peersOnlineStatusChanged(statuses.map { RTMPeerStatus($0) }))
                }
            case .failure(let error):
                let code: RTMCode.PeerSubscription = switch error.code {
                case .service(.timeout): .timeout
                case .service(.notLoggedIn): .notLoggedIn
                case .service(.rateLimited): .tooOften
                default: .failure
                }
                post { completion(code) }
            }
        }
    }

    /// `queryPeersBySubscriptionOption(_:completion:)` for the online status: the peers this kit's
    /// session is subscribed to, as the service has them.
    public func subscribedPeers(completion: @escaping @Sendable ([String]?, RTMCode.QueryPeersBySubscriptionOption) -> Void) {
        let now = now
        let refusal = decide { $0.admitSubscriptionQuery(at: now) }
        if let refusal {
            return post { completion(nil, refusal) }
        }
        submit(.presenceSubscriptions, timeout: RTMLimits.subscriptionQueryTimeout) { [weak self] result in
            switch result {
            case .success(.users(let users)):
                self?.post { completion(users.map(\.rawValue), .ok) }
            case .success:
                self?.post { completion([], .ok) }
            case .failure(let error):
                let code: RTMCode.QueryPeersBySubscriptionOption = switch error.code {
                case .service(.timeout): .timeout
                case .service(.notLoggedIn): .notLoggedIn
                case .service(.rateLimited): .tooOften
                default: .failure
                }
                self?.post { completion(nil, code) }
            }
        }
    }
}
