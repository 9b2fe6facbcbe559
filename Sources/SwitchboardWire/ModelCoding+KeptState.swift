import SwitchboardJSON

/// The stored forms of what the service keeps for users beside calls and profiles (docs/SERVER.md, "What
/// survives a restart"): a kept peer message's content, a user's attributes and a channel's attributes.
/// They are the wire's own shapes (Schemas/common/), so a stored body reads back through the wire's
/// decoders and their checks.
extension ModelCoding {
    // MARK: Message content

    /// `{"text"}` or `{"raw": base64, "description"}`, as in `message.send` and `message.received`.
    public static func text(_ content: MessageContent) -> String {
        String(decoding: encodedText { WireCodec.write(content, to: &$0) }, as: UTF8.self)
    }

    public static func content(_ json: JSONValue, errorCode: ServiceErrorCode = .invalidFrame) throws(SignalingError) -> MessageContent {
        try WireCodec.content(try JSONReader(json, path: "", code: errorCode))
    }

    // MARK: Attributes

    /// `{"attributes": [{"key", "value"}, ...]}`, in the order given, as the `attributes` reply has them.
    public static func text(_ attributes: [Attribute]) -> String {
        String(decoding: encodedText { writer in
            writer.beginObject()
            writer.array("attributes", attributes) { element, attribute in WireCodec.write(attribute, to: &element) }
            writer.endObject()
        }, as: UTF8.self)
    }

    public static func attributes(_ json: JSONValue, errorCode: ServiceErrorCode = .invalidFrame) throws(SignalingError) -> [Attribute] {
        try JSONReader(json, path: "", code: errorCode).objects("attributes") { (entry) throws(SignalingError) in
            try WireCodec.attribute(entry)
        }
    }

    /// `{"attributes": [{"key", "value", "updatedBy", "updatedAt"}, ...]}`, in the order given, as the
    /// `channelAttributes` reply has them.
    public static func text(_ attributes: [ChannelAttribute]) -> String {
        String(decoding: encodedText { writer in
            writer.beginObject()
            writer.array("attributes", attributes) { element, attribute in WireCodec.write(attribute, to: &element) }
            writer.endObject()
        }, as: UTF8.self)
    }

    public static func channelAttributes(_ json: JSONValue, errorCode: ServiceErrorCode = .invalidFrame) throws(SignalingError) -> [ChannelAttribute] {
        try JSONReader(json, path: "", code: errorCode).objects("attributes") { (entry) throws(SignalingError) in
            try WireCodec.channelAttribute(entry)
        }
    }
}
