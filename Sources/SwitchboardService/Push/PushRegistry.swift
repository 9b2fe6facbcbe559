import SwitchboardCore

/// One app's push tokens (docs/SERVER.md, "Push"): one per device and platform, and each token held by one
/// device at a time. A plain value, owned by its realm and changed under the service's lock; every change
/// returns what the store must write.
struct PushRegistry {
    private(set) var byKey: [PushRegistration.Key: PushRegistration] = [:]
    private var keysByUser: [UserID: Set<PushRegistration.Key>] = [:]
    private var keyByToken: [Token: PushRegistration.Key] = [:]

    /// A token's identity: the same bytes on APNs and on FCM are different tokens.
    private struct Token: Hashable {
        var isAPNs: Bool
        var token: String
    }

    var isEmpty: Bool { byKey.isEmpty }
    var count: Int { byKey.count }

    /// Keeps `registration`, replacing its device's token of the platform. Whoever held the same token
    /// before (another user, or another device: a reinstalled app) loses it. Returns the keys removed.
    mutating func register(_ registration: PushRegistration) -> [PushRegistration.Key] {
        var removed: [PushRegistration.Key] = []
        let token = Token(isAPNs: registration.platform.isAPNs, token: registration.token)
        if let holder = keyByToken[token], holder != registration.key {
            remove(holder)
            removed.append(holder)
        }
        if let previous = byKey[registration.key] {
            keyByToken[Token(isAPNs: previous.platform.isAPNs, token: previous.token)] = nil
        }
        byKey[registration.key] = registration
        keysByUser[registration.user, default: []].insert(registration.key)
        keyByToken[token] = registration.key
        return removed
    }

    /// Removes a device's token of a platform; returns it if there was one.
    @discardableResult
    mutating func remove(_ key: PushRegistration.Key) -> PushRegistration? {
        guard let registration = byKey.removeValue(forKey: key) else { return nil }
        keyByToken[Token(isAPNs: registration.platform.isAPNs, token: registration.token)] = nil
        keysByUser[key.user]?.remove(key)
        if keysByUser[key.user]?.isEmpty == true { keysByUser[key.user] = nil }
        return registration
    }

    /// A user's registered devices' tokens, in a stable order (device, then platform).
    func registrations(of user: UserID) -> [PushRegistration] {
        guard let keys = keysByUser[user] else { return [] }
        return keys.compactMap { byKey[$0] }.sorted(by: PushRegistration.storedOrder)
    }

    /// The tokens of one device of a user (of one platform, or all).
    func keys(of user: UserID, device: DeviceID, platform: PushPlatform? = nil) -> [PushRegistration.Key] {
        (keysByUser[user] ?? []).filter { $0.device == device && (platform == nil || $0.platform == platform) }
            .sorted { $0.platform.rawValue < $1.platform.rawValue }
    }
}
