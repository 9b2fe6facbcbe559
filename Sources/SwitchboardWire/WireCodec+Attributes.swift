import SwitchboardCore
import SwitchboardJSON

// Attributes and member counts: `Schemas/common/attribute.schema.json`, the `attributes.*` ops, the
// `attributes`, `channelAttributes` and `memberCounts` replies and the `channel.attributesChanged` event.

extension JSONStreamWriter {
    /// An array of plain strings (attribute keys, channel ids).
    mutating func add(_ key: String, strings: [String]) {
        self.key(key)
        beginArray()
        for element in strings { string(element) }
        endArray()
    }
}

extension WireCodec {
    // MARK: Encoding

    /// The `mode`, `attributes` / `keys` and `limits` members of an `attributes.*.set` body.
    static func write<W: JSONStreamWriter>(_ change: AttributeChange, limits: AttributeLimits?, to object: inout W) {
        object.add("mode", change.mode)
        switch change {
        case .replace(let attributes), .merge(let attributes):
            object.array("attributes", attributes) { writer, attribute in write(attribute, to: &writer) }
        case .delete(let keys):
            object.add("keys", strings: keys)
        case .clear:
            break
        }
        if let limits {
            object.object("limits") { limitsObject in
                limitsObject.add("count", limits.count)
                limitsObject.add("totalBytes", limits.totalBytes)
                limitsObject.add("valueBytes", limits.valueBytes)
            }
        }
    }

    static func write<W: JSONStreamWriter>(_ attribute: Attribute, to object: inout W) {
        object.object { member in
            member.add("key", attribute.key)
            member.add("value", attribute.value)
        }
    }

    static func write<W: JSONStreamWriter>(_ attribute: ChannelAttribute, to object: inout W) {
        object.object { member in
            member.add("key", attribute.key)
            member.add("value", attribute.value)
            member.add("updatedBy", attribute.updatedBy)
            member.add("updatedAt", attribute.updatedAt)
        }
    }

    static func write<W: JSONStreamWriter>(_ count: ChannelMemberCount, to object: inout W) {
        object.object { member in
            member.add("channel", count.channel)
            member.add("count", count.count)
        }
    }

    // MARK: Decoding

    /// The change an `attributes.*.set` body asks for: `attributes` for replace and merge, `keys` for
    /// delete, neither for clear.
    static func attributeChange<V>(_ body: JSONReader<V>) throws(SignalingError) -> AttributeChange {
        let mode = try body.enumeration("mode", AttributeChange.Mode.self)
        let needsAttributes = mode == .replace || mode == .merge
        if needsAttributes == false, body.has("attributes") {
            throw body.error("attributes", "only replace and merge carry attributes")
        }
        if mode != .delete, body.has("keys") {
            throw body.error("keys", "only delete carries keys")
        }
        switch mode {
        case .replace: return .replace(try body.objects("attributes") { (entry) throws(SignalingError) in try attribute(entry) })
        case .merge: return .merge(try body.objects("attributes") { (entry) throws(SignalingError) in try attribute(entry) })
        case .delete: return .delete(keys: try body.strings("keys"))
        case .clear: return .clear
        }
    }

    static func attributeLimits<V>(_ body: JSONReader<V>) throws(SignalingError) -> AttributeLimits? {
        guard let limits = try body.optionalObject("limits") else { return nil }
        return AttributeLimits(count: try limits.count("count"), totalBytes: try limits.count("totalBytes"),
                               valueBytes: try limits.count("valueBytes"))
    }

    static func attribute<V>(_ reader: JSONReader<V>) throws(SignalingError) -> Attribute {
        Attribute(key: try reader.string("key"), value: try reader.string("value"))
    }

    static func channelAttribute<V>(_ reader: JSONReader<V>) throws(SignalingError) -> ChannelAttribute {
        ChannelAttribute(key: try reader.string("key"), value: try reader.string("value"),
                         updatedBy: UserID(rawValue: try reader.string("updatedBy")),
                         updatedAt: try reader.timestamp("updatedAt"))
    }

    static func memberCount<V>(_ reader: JSONReader<V>) throws(SignalingError) -> ChannelMemberCount {
        ChannelMemberCount(channel: try reader.string("channel"), count: try reader.count("count"))
    }
}
