import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// User and channel attributes (`setLocalUserAttributes` ... `getChannelAttributes(_:byKeys:)`):
/// docs/AGORA.md, "User attributes" and "Channel attributes". The SDK's checks come first, in the
/// order its codes are documented (not logged in, arguments, sizes, then the rate limit, so that a
/// refused call uses up no allowance); the service checks the totals against the limits the request
/// names.
extension RTMClient {
    // MARK: - The local user's attributes

    /// `setLocalUserAttributes`, `addOrUpdateLocalUserAttributes`, `deleteLocalUserAttributesByKeys`,
    /// `clearLocalUserAttributesWithCompletion`.
    public func changeLocalAttributes(_ change: AttributeChange,
                                      completion: @escaping @Sendable (RTMCode.ProcessAttribute) -> Void) {
        let now = now
        let refusal = decide { $0.admitLocalAttributeChange(change, at: now) }
        if let refusal {
            return post { completion(refusal) }
        }
        submit(.setUserAttributes(change, limits: RTMLimits.userAttributes), timeout: RTMLimits.attributeTimeout) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                if case .attributes(let attributes) = reply {
                    decide { $0.localAttributesConfirmed(attributes) }
                }
                post { completion(.ok) }
            case .failure(let error):
                let code = Self.attributeCode(for: error)
                post { completion(code) }
            }
        }
    }

    /// `getUserAllAttributes` (nil `keys`) and `getUserAttributes(_:byKeys:)`.
    public func userAttributes(of user: String, keys: [String]?,
                               completion: @escaping @Sendable ([Attribute]?, RTMCode.ProcessAttribute) -> Void) {
        let now = now
        let refusal = decide { $0.admitUserAttributeQuery(of: user, keys: keys, at: now) }
        if let refusal {
            return post { completion(nil, refusal) }
        }
        submit(.getUserAttributes(UserID(user), keys: keys), timeout: RTMLimits.attributeTimeout) { [weak self] result in
            switch result {
            case .success(.attributes(let attributes)):
                self?.post { completion(attributes, .ok) }
            case .success:
                self?.post { completion([], .ok) }
            case .failure(let error):
                self?.post { completion(nil, Self.attributeCode(for: error)) }
            }
        }
    }

    /// Sets the local user's attributes again on a session that replaced one the service lost.
    func resyncLocalAttributes(_ attributes: [Attribute]) {
        submit(.setUserAttributes(.replace(attributes), limits: RTMLimits.userAttributes)) { [weak self] result in
            if case .success(.attributes(let attributes)) = result {
                self?.decide { $0.localAttributesConfirmed(attributes) }
            }
        }
    }

    // MARK: - Channel attributes

    /// `setChannel(_:attributes:options:completion:)`, `addOrUpdateChannel`, `deleteChannel(_:attributesByKeys:)`,
    /// `clearChannel(_:options:attributesWithCompletion:)`: no membership needed.
    public func changeChannelAttributes(_ channel: String, _ change: AttributeChange, notify: Bool,
                                        completion: @escaping @Sendable (RTMCode.ProcessAttribute) -> Void) {
        let now = now
        let refusal = decide { $0.admitChannelAttributeChange(change, of: channel, at: now) }
        if let refusal {
            return post { completion(refusal) }
        }
        let operation = ServiceOperation.setChannelAttributes(channel: channel, change, notify: notify,
                                                              limits: RTMLimits.channelAttributes)
        submit(operation, timeout: RTMLimits.attributeTimeout) { [weak self] result in
            let code: RTMCode.ProcessAttribute = switch result {
            case .success: .ok
            case .failure(let error): Self.attributeCode(for: error)
            }
            self?.post { completion(code) }
        }
    }

    /// `getChannelAllAttributes` (nil `keys`) and `getChannelAttributes(_:byKeys:)`: no membership needed.
    public func channelAttributes(of channel: String, keys: [String]?,
                                  completion: @escaping @Sendable ([ChannelAttribute]?, RTMCode.ProcessAttribute) -> Void) {
        let now = now
        let refusal = decide { $0.admitChannelAttributeQuery(of: channel, keys: keys, at: now) }
        if let refusal {
            return post { completion(nil, refusal) }
        }
        submit(.getChannelAttributes(channel: channel, keys: keys), timeout: RTMLimits.attributeTimeout) { [weak self] result in
            switch result {
            case .success(.channelAttributes(let attributes)):
                self?.post { completion(attributes, .ok) }
            case .success:
                self?.post { completion([], .ok) }
            case .failure(let error):
                self?.post { completion(nil, Self.attributeCode(for: error)) }
            }
        }
    }

    // MARK: - Checks and codes

    /// Agora's attribute key: 1 to 32 bytes of visible characters (no whitespace or control characters).
    static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= RTMLimits.attributeKeyBytes && key.unicodeScalars.allSatisfy {
            !$0.properties.isWhitespace && $0.properties.generalCategory != .control
                && $0.properties.generalCategory != .format
        }
    }

    /// What the SDK refuses of a change before sending it: bad keys (`invalidArgument`), then more
    /// attributes than `limits` allow or a value too large (`sizeOverflow`). Totals after the change are
    /// the service's to check, against the same limits.
    static func check(_ change: AttributeChange, limits: AttributeLimits) -> RTMCode.ProcessAttribute? {
        switch change {
        case .replace(let attributes), .merge(let attributes):
            guard attributes.allSatisfy({ isValidKey($0.key) }) else { return .invalidArgument }
            if limits.violation(of: attributes) != nil { return .sizeOverflow }
        case .delete(let keys):
            guard keys.allSatisfy(isValidKey) else { return .invalidArgument }
        case .clear:
            break
        }
        return nil
    }

    static func attributeCode(for error: SignalingError) -> RTMCode.ProcessAttribute {
        switch error.code {
        case .service(.attributesTooLarge): .sizeOverflow
        case .service(.userNotFound): .userNotFound
        case .service(.invalidRequest), .service(.invalidUserID), .service(.invalidChannel): .invalidArgument
        case .service(.timeout): .timeout
        case .service(.notLoggedIn): .notLoggedIn
        case .service(.rateLimited): .tooOften
        default: .failure
        }
    }
}
