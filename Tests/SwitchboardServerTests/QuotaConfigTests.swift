import Testing
import SwitchboardServer
import SwitchboardService

/// The quotas of the configuration file's `limits` (docs/SERVER.md, "Limits against abuse").
@Suite("Server configuration file: quotas")
struct QuotaConfigTests {
    @Test("each quota the file names replaces the service's default; the others keep theirs")
    func quotasApply() throws {
        let file = try ServerConfigFile.parse("""
            {"limits": {"offlineMessageLimitPerRecipient": 10, "offlineMessageBytesPerRecipient": 11,
                        "offlineMessageLimitPerSender": 12, "offlineMessageBytesPerSender": 13,
                        "offlineMessageLimitPerApp": 14, "offlineMessageBytesPerApp": 15,
                        "channelAttributeChannelsPerUser": 16, "channelAttributeBytesPerUser": 17,
                        "channelAttributeBytesPerApp": 18}}
            """)
        let service = file.serviceConfiguration
        #expect(service.offlineMessageLimit == 10)
        #expect(service.offlineMessageBytesPerRecipient == 11)
        #expect(service.offlineMessageLimitPerSender == 12)
        #expect(service.offlineMessageBytesPerSender == 13)
        #expect(service.offlineMessageLimitPerApp == 14)
        #expect(service.offlineMessageBytesPerApp == 15)
        #expect(service.attributes.channelsPerUser == 16)
        #expect(service.attributes.channelBytesPerUser == 17)
        #expect(service.attributes.channelBytesPerApp == 18)

        let some = try ServerConfigFile.parse(#"{"limits": {"offlineMessageBytesPerSender": 1024}}"#).serviceConfiguration
        let defaults = ServiceConfiguration.development
        #expect(some.offlineMessageBytesPerSender == 1024)
        #expect(some.offlineMessageLimitPerSender == defaults.offlineMessageLimitPerSender)
        #expect(some.offlineMessageBytesPerApp == defaults.offlineMessageBytesPerApp)
        #expect(some.attributes == defaults.attributes)
    }

    @Test("a quota that is not a positive integer names its place", arguments: [
        #"{"limits": {"offlineMessageBytesPerSender": 0}}"#,
        #"{"limits": {"offlineMessageLimitPerApp": -1}}"#,
        #"{"limits": {"channelAttributeBytesPerApp": "big"}}"#,
        #"{"limits": {"channelAttributeChannelsPerUser": 1.5}}"#,
    ])
    func invalidQuota(text: String) {
        do {
            _ = try ServerConfigFile.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.path.hasPrefix("$.limits."), "\(error)")
            #expect(text.contains(String(error.path.dropFirst("$.limits.".count))), "\(error)")
        }
    }
}
