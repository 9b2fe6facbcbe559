import SwitchboardJSON
import SwitchboardService

extension ServerConfigFile {
    /// The per-user and per-app quotas of the file's `limits` (docs/SERVER.md, "Limits against abuse"):
    /// each one absent keeps the service's default.
    public struct Quotas: Sendable, Equatable {
        /// ``/SwitchboardService/ServiceConfiguration/offlineMessageLimit``,
        /// ``/SwitchboardService/ServiceConfiguration/offlineMessageBytesPerRecipient``.
        public var offlineMessageLimitPerRecipient: Int?
        public var offlineMessageBytesPerRecipient: Int?
        /// ``/SwitchboardService/ServiceConfiguration/offlineMessageLimitPerSender``,
        /// ``/SwitchboardService/ServiceConfiguration/offlineMessageBytesPerSender``.
        public var offlineMessageLimitPerSender: Int?
        public var offlineMessageBytesPerSender: Int?
        /// ``/SwitchboardService/ServiceConfiguration/offlineMessageLimitPerApp``,
        /// ``/SwitchboardService/ServiceConfiguration/offlineMessageBytesPerApp``.
        public var offlineMessageLimitPerApp: Int?
        public var offlineMessageBytesPerApp: Int?
        /// ``/SwitchboardService/AttributeConfiguration/channelsPerUser``,
        /// ``/SwitchboardService/AttributeConfiguration/channelBytesPerUser``,
        /// ``/SwitchboardService/AttributeConfiguration/channelBytesPerApp``.
        public var channelAttributeChannelsPerUser: Int?
        public var channelAttributeBytesPerUser: Int?
        public var channelAttributeBytesPerApp: Int?

        public init() {}

        /// The keys of `limits` these are read from.
        static let keys: [String] = [
            "offlineMessageLimitPerRecipient", "offlineMessageBytesPerRecipient",
            "offlineMessageLimitPerSender", "offlineMessageBytesPerSender",
            "offlineMessageLimitPerApp", "offlineMessageBytesPerApp",
            "channelAttributeChannelsPerUser", "channelAttributeBytesPerUser", "channelAttributeBytesPerApp",
        ]

        /// Reads the quotas of a `limits` object at `path`; each must be a positive integer.
        init(_ limits: JSONObject, at path: String) throws(Invalid) {
            func read(_ key: String) throws(Invalid) -> Int? { try ServerConfigFile.positive(limits[key], at: "\(path).\(key)") }
            offlineMessageLimitPerRecipient = try read("offlineMessageLimitPerRecipient")
            offlineMessageBytesPerRecipient = try read("offlineMessageBytesPerRecipient")
            offlineMessageLimitPerSender = try read("offlineMessageLimitPerSender")
            offlineMessageBytesPerSender = try read("offlineMessageBytesPerSender")
            offlineMessageLimitPerApp = try read("offlineMessageLimitPerApp")
            offlineMessageBytesPerApp = try read("offlineMessageBytesPerApp")
            channelAttributeChannelsPerUser = try read("channelAttributeChannelsPerUser")
            channelAttributeBytesPerUser = try read("channelAttributeBytesPerUser")
            channelAttributeBytesPerApp = try read("channelAttributeBytesPerApp")
        }

        /// Sets the quotas the file names over `configuration`'s.
        func apply(to configuration: inout ServiceConfiguration) {
            if let offlineMessageLimitPerRecipient { configuration.offlineMessageLimit = offlineMessageLimitPerRecipient }
            if let offlineMessageBytesPerRecipient { configuration.offlineMessageBytesPerRecipient = offlineMessageBytesPerRecipient }
            if let offlineMessageLimitPerSender { configuration.offlineMessageLimitPerSender = offlineMessageLimitPerSender }
            if let offlineMessageBytesPerSender { configuration.offlineMessageBytesPerSender = offlineMessageBytesPerSender }
            if let offlineMessageLimitPerApp { configuration.offlineMessageLimitPerApp = offlineMessageLimitPerApp }
            if let offlineMessageBytesPerApp { configuration.offlineMessageBytesPerApp = offlineMessageBytesPerApp }
            if let channelAttributeChannelsPerUser { configuration.attributes.channelsPerUser = channelAttributeChannelsPerUser }
            if let channelAttributeBytesPerUser { configuration.attributes.channelBytesPerUser = channelAttributeBytesPerUser }
            if let channelAttributeBytesPerApp { configuration.attributes.channelBytesPerApp = channelAttributeBytesPerApp }
        }
    }
}
