import SwitchboardCore

/// A key and a value a user or a channel carries (Agora `AgoraRtmAttribute`). User attributes live as
/// long as the user has a session; channel attributes as long as their channel is in use
/// (docs/CALL-MODEL.md, "Attributes").
public struct Attribute: Hashable, Sendable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// What the attribute counts against a size limit: its key and value in UTF-8 bytes.
    public var byteCount: Int { key.utf8.count + value.utf8.count }
}

/// A channel's attribute with who wrote it last and when (Agora `AgoraRtmChannelAttribute`).
public struct ChannelAttribute: Hashable, Sendable {
    public var key: String
    public var value: String
    public var updatedBy: UserID
    public var updatedAt: Timestamp

    public init(key: String, value: String, updatedBy: UserID, updatedAt: Timestamp) {
        self.key = key
        self.value = value
        self.updatedBy = updatedBy
        self.updatedAt = updatedAt
    }

    public var byteCount: Int { key.utf8.count + value.utf8.count }
}

/// How a request changes a set of attributes.
public enum AttributeChange: Hashable, Sendable {
    /// Replace them all with these (none: clear them).
    case replace([Attribute])
    /// Add these, or update the ones with the same keys.
    case merge([Attribute])
    /// Remove the ones with these keys (keys that are not there are ignored).
    case delete(keys: [String])
    /// Remove them all.
    case clear

    /// The wire names of the four kinds (`mode`).
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        case replace, merge, delete, clear
    }

    public var mode: Mode {
        switch self {
        case .replace: .replace
        case .merge: .merge
        case .delete: .delete
        case .clear: .clear
        }
    }
}

/// Bounds on a set of attributes after a change. The service applies its own (docs/CALL-MODEL.md,
/// "Attributes"); a request may name stricter ones, its surface's, so that a change its SDK would
/// refuse fails as a whole with `attributes_too_large` and changes nothing.
public struct AttributeLimits: Hashable, Sendable {
    /// Attributes in the set.
    public var count: Int
    /// Keys and values of the whole set, in UTF-8 bytes.
    public var totalBytes: Int
    /// One value, in UTF-8 bytes.
    public var valueBytes: Int

    public init(count: Int, totalBytes: Int, valueBytes: Int) {
        self.count = count
        self.totalBytes = totalBytes
        self.valueBytes = valueBytes
    }

    /// The stricter of two bounds, field by field.
    public func tightened(by other: AttributeLimits?) -> AttributeLimits {
        guard let other else { return self }
        return AttributeLimits(count: min(count, other.count), totalBytes: min(totalBytes, other.totalBytes),
                               valueBytes: min(valueBytes, other.valueBytes))
    }

    /// Why `attributes` exceed these bounds, or nil when they fit.
    public func violation(of attributes: some Collection<some AttributeSized>) -> String? {
        if attributes.count > count {
            return "\(attributes.count) attributes; at most \(count) allowed"
        }
        if let large = attributes.first(where: { $0.valueByteCount > valueBytes }) {
            return "the value of \(String(reflecting: large.attributeKey)) is \(large.valueByteCount) bytes; at most \(valueBytes) allowed"
        }
        let total = attributes.reduce(0) { $0 + $1.attributeByteCount }
        if total > totalBytes {
            return "the attributes are \(total) bytes in all; at most \(totalBytes) allowed"
        }
        return nil
    }
}

/// What ``AttributeLimits`` measures of an attribute.
public protocol AttributeSized {
    var attributeKey: String { get }
    var valueByteCount: Int { get }
    var attributeByteCount: Int { get }
}

extension Attribute: AttributeSized {
    public var attributeKey: String { key }
    public var valueByteCount: Int { value.utf8.count }
    public var attributeByteCount: Int { byteCount }
}

extension ChannelAttribute: AttributeSized {
    public var attributeKey: String { key }
    public var valueByteCount: Int { value.utf8.count }
    public var attributeByteCount: Int { byteCount }
}

/// How many users are in a channel (Agora `AgoraRtmChannelMemberCount`); 0 for a channel nobody is in.
public struct ChannelMemberCount: Hashable, Sendable {
    public var channel: String
    public var count: Int

    public init(channel: String, count: Int) {
        self.channel = channel
        self.count = count
    }
}
