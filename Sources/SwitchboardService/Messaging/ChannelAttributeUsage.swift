import SwitchboardCore
import SwitchboardWire

/// What each user holds of an app's channel attributes, so that nobody can make the service keep
/// unbounded attribute memory by writing to channels they need not be in (docs/SECURITY.md, "Quotas").
///
/// An attribute counts against the user who last wrote it (`updatedBy`): overwriting or deleting someone
/// else's attribute takes it off their account, so writes by others never push a user over a quota.
/// Its size is its key and value in UTF-8 bytes (``ChannelAttribute/byteCount``).
///
/// Mutated only under the service's lock, as part of its ``Realm``.
struct ChannelAttributeUsage {
    /// The bytes of attributes each user last wrote, by channel (only channels with some).
    private var byUser: [UserID: [String: Int]] = [:]
    private var bytesByUser: [UserID: Int] = [:]
    /// The bytes of every channel attribute of the app.
    private(set) var total = 0

    /// What `user` holds: the channels with attributes they last wrote, and those attributes' bytes.
    func usage(of user: UserID) -> (channels: Int, bytes: Int) {
        (byUser[user]?.count ?? 0, bytesByUser[user] ?? 0)
    }

    /// Why changing `channel`'s attributes from `old` to `new`, written by `writer`, would take the writer
    /// or the app over its quota, or nil when it may. A change that leaves a holding no larger than
    /// before is always allowed, so a user over a lowered quota can still delete.
    func violation(
        writer: UserID, channel: String, from old: some Collection<ChannelAttribute>, to new: some Collection<ChannelAttribute>,
        limits: AttributeConfiguration
    ) -> String? {
        let before = usage(of: writer)
        let oldShare = Self.shares(of: old)[writer]
        let newShare = Self.shares(of: new)[writer]
        let channels = before.channels - (oldShare == nil ? 0 : 1) + (newShare == nil ? 0 : 1)
        if channels > limits.channelsPerUser, channels > before.channels {
            return "\(writer) already has attributes in \(before.channels) channels; at most \(limits.channelsPerUser) per user"
        }
        let bytes = before.bytes - (oldShare ?? 0) + (newShare ?? 0)
        if bytes > limits.channelBytesPerUser, bytes > before.bytes {
            return "\(writer)'s channel attributes would be \(bytes) bytes; at most \(limits.channelBytesPerUser) per user"
        }
        let appBytes = total - Self.bytes(of: old) + Self.bytes(of: new)
        if appBytes > limits.channelBytesPerApp, appBytes > total {
            return "the app's channel attributes would be \(appBytes) bytes; at most \(limits.channelBytesPerApp) per app"
        }
        return nil
    }

    /// Accounts for `channel`'s attributes changing from `old` to `new` (new is empty when they are dropped).
    mutating func update(
        channel: String, from old: some Collection<ChannelAttribute>, to new: some Collection<ChannelAttribute>
    ) {
        let oldShares = Self.shares(of: old)
        let newShares = Self.shares(of: new)
        for user in Set(oldShares.keys).union(newShares.keys) {
            var channels = byUser[user] ?? [:]
            channels[channel] = newShares[user]
            if channels.isEmpty {
                byUser[user] = nil
                bytesByUser[user] = nil
            } else {
                byUser[user] = channels
                bytesByUser[user] = (bytesByUser[user] ?? 0) - (oldShares[user] ?? 0) + (newShares[user] ?? 0)
            }
        }
        total += Self.bytes(of: new) - Self.bytes(of: old)
    }

    /// Each writer's bytes among `attributes`.
    private static func shares(of attributes: some Collection<ChannelAttribute>) -> [UserID: Int] {
        attributes.reduce(into: [:]) { shares, attribute in shares[attribute.updatedBy, default: 0] += attribute.byteCount }
    }

    private static func bytes(of attributes: some Collection<ChannelAttribute>) -> Int {
        attributes.reduce(0) { $0 + $1.byteCount }
    }
}
