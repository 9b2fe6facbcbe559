import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// Offline message quotas protect the recipients and the other senders, not the one who floods
/// (docs/SECURITY.md, "Quotas"): over any quota the sender gets `rate_limited`, nothing is kept, and
/// nothing anyone else stored is dropped.
@Suite("Offline message quotas")
struct OfflineMessageQuotaTests {
    /// Small quotas: 3 messages or 30 bytes per sender, 4 or 40 per recipient, 6 or 60 per app.
    private static func configuration() -> ServiceConfiguration {
        var configuration = ServiceConfiguration.development
        configuration.offlineMessageLimitPerSender = 3
        configuration.offlineMessageBytesPerSender = 30
        configuration.offlineMessageLimit = 4
        configuration.offlineMessageBytesPerRecipient = 40
        configuration.offlineMessageLimitPerApp = 6
        configuration.offlineMessageBytesPerApp = 60
        return configuration
    }

    @Test("one sender is stopped at its own quota, by count and by bytes, and everyone else still leaves messages")
    func senderQuota() throws {
        let harness = ServiceHarness(configuration: Self.configuration())
        let flooder = try harness.login("flooder")
        for index in 0..<3 {
            #expect(try flooder.request(ServiceOperation.offlineMessage("m\(index)", to: UserID("victim-\(index)"))) == .success(.message(.stored)))
        }
        let refused = try flooder.request(ServiceOperation.offlineMessage("m3", to: "victim-3"))
        #expect(refused.failure?.code == .service(.rateLimited))
        #expect(refused.failure?.message.contains("per sender") == true, "\(String(describing: refused.failure))")

        // Someone else still leaves messages, for a flooded recipient too.
        let friend = try harness.login("friend")
        #expect(try friend.request(ServiceOperation.offlineMessage("hello", to: "victim-0")) == .success(.message(.stored)))
        #expect(try friend.request(ServiceOperation.offlineMessage("hi", to: "victim-3")) == .success(.message(.stored)))
        #expect(try harness.offlineMessagesHandedOver(to: "victim-3") == ["friend:hi"], "the refused message was not kept")
        #expect(try harness.offlineMessagesHandedOver(to: "victim-0") == ["flooder:m0", "friend:hello"])

        // Bytes count as well: a second account of 25 bytes, then one more byte than its 30.
        let wordy = try harness.login("wordy")
        #expect(try wordy.request(ServiceOperation.offlineMessage(String(repeating: "w", count: 25), to: "victim-4")) == .success(.message(.stored)))
        #expect(try wordy.request(ServiceOperation.offlineMessage(String(repeating: "w", count: 6), to: "victim-5")).failure?.code == .service(.rateLimited))
        #expect(try wordy.request(ServiceOperation.offlineMessage(String(repeating: "w", count: 5), to: "victim-5")) == .success(.message(.stored)))
    }

    @Test("handing messages over at login and the retention sweep give the sender its quota back")
    func quotaIsReleased() async throws {
        var configuration = Self.configuration()
        configuration.offlineMessageRetention = .seconds(60)
        let harness = ServiceHarness(configuration: configuration)
        let sender = try harness.login("sender")
        for index in 0..<3 {
            _ = try sender.request(ServiceOperation.offlineMessage("m\(index)", to: UserID("user-\(index)"))).get()
        }
        #expect(try sender.request(ServiceOperation.offlineMessage("m3", to: "user-3")).failure?.code == .service(.rateLimited))
        _ = try harness.offlineMessagesHandedOver(to: "user-0")
        #expect(try sender.request(ServiceOperation.offlineMessage("m4", to: "user-4")) == .success(.message(.stored)), "user-0's message was delivered")
        #expect(try sender.request(ServiceOperation.offlineMessage("m5", to: "user-5")).failure?.code == .service(.rateLimited))
        for _ in 0..<61 {
            await harness.advance(by: .seconds(1))
            sender.send(.ping)
        }
        #expect(try sender.request(ServiceOperation.offlineMessage("m6", to: "user-6")) == .success(.message(.stored)), "the sweep freed the quota")
    }

    @Test("a full recipient refuses other senders and drops none of their messages; a sender's newest replaces only its own oldest")
    func recipientQuota() throws {
        var configuration = Self.configuration()
        configuration.offlineMessageLimitPerSender = 100
        configuration.offlineMessageBytesPerSender = 1000
        let harness = ServiceHarness(configuration: configuration)
        let friend = try harness.login("friend")
        let flooder = try harness.login("flooder")
        #expect(try friend.request(ServiceOperation.offlineMessage("f0", to: "victim")) == .success(.message(.stored)))
        for index in 0..<6 {
            #expect(try flooder.request(ServiceOperation.offlineMessage("a\(index)", to: "victim")) == .success(.message(.stored)),
                    "at the recipient's 4 the newest replaces the flooder's own oldest")
        }
        let late = try harness.login("late")
        let refused = try late.request(ServiceOperation.offlineMessage("l0", to: "victim"))
        #expect(refused.failure?.code == .service(.rateLimited))
        #expect(refused.failure?.message.contains("per recipient") == true, "\(String(describing: refused.failure))")
        #expect(try harness.offlineMessagesHandedOver(to: "victim") == ["friend:f0", "flooder:a3", "flooder:a4", "flooder:a5"],
                "the friend's message stays; the late one was not kept")

        // Bytes: 40 per recipient.
        #expect(try flooder.request(ServiceOperation.offlineMessage(String(repeating: "x", count: 30), to: "other")) == .success(.message(.stored)))
        #expect(try friend.request(ServiceOperation.offlineMessage(String(repeating: "y", count: 10), to: "other")) == .success(.message(.stored)))
        #expect(try late.request(ServiceOperation.offlineMessage("z", to: "other")).failure?.code == .service(.rateLimited), "41 bytes")
        #expect(try flooder.request(ServiceOperation.offlineMessage(String(repeating: "w", count: 20), to: "other")) == .success(.message(.stored)),
                "replaces the flooder's own 30 bytes")
        #expect(try friend.request(ServiceOperation.offlineMessage(String(repeating: "v", count: 31), to: "other")).failure?.code == .service(.rateLimited),
                "even with the friend's own 10 bytes replaced, 51 are over 40: refused whole")
        #expect(try harness.offlineMessagesHandedOver(to: "other") == ["friend:yyyyyyyyyy", "flooder:\(String(repeating: "w", count: 20))"])
    }

    @Test("a full app refuses the newest message and drops nothing it keeps")
    func appQuota() throws {
        var configuration = Self.configuration()
        configuration.offlineMessageLimitPerApp = 4
        let harness = ServiceHarness(configuration: configuration)
        for index in 0..<4 {
            let sender = try harness.login(UserID("sender-\(index)"))
            #expect(try sender.request(ServiceOperation.offlineMessage("s\(index)", to: UserID("user-\(index)"))) == .success(.message(.stored)))
        }
        let fifth = try harness.login("sender-4")
        let refused = try fifth.request(ServiceOperation.offlineMessage("s4", to: "user-0"))
        #expect(refused.failure?.code == .service(.rateLimited))
        #expect(refused.failure?.message.contains("per app") == true, "\(String(describing: refused.failure))")
        for index in 0..<4 {
            #expect(try harness.offlineMessagesHandedOver(to: UserID("user-\(index)")) == ["sender-\(index):s\(index)"])
        }
        #expect(try fifth.request(ServiceOperation.offlineMessage("s5", to: "user-9")) == .success(.message(.stored)), "handing over made room")

        // Bytes: 60 per app, from senders each within their own 30.
        let bytes = ServiceHarness(configuration: Self.configuration())
        for index in 0..<2 {
            let sender = try bytes.login(UserID("sender-\(index)"))
            _ = try sender.request(ServiceOperation.offlineMessage(String(repeating: "b", count: 30), to: UserID("user-\(index)"))).get()
        }
        let third = try bytes.login("sender-2")
        #expect(try third.request(ServiceOperation.offlineMessage("c", to: "user-2")).failure?.code == .service(.rateLimited))
    }

    @Test("the defaults: one sender holds at most 4 MiB of the app's 64 MiB, a recipient 200 messages or 1 MiB")
    func defaults() {
        let configuration = ServiceConfiguration.development
        #expect(configuration.offlineMessageLimitPerSender == 1000)
        #expect(configuration.offlineMessageBytesPerSender == 4 * 1024 * 1024)
        #expect(configuration.offlineMessageLimit == 200)
        #expect(configuration.offlineMessageBytesPerRecipient == 1024 * 1024)
        #expect(configuration.offlineMessageLimitPerApp == 100_000)
        #expect(configuration.offlineMessageBytesPerApp == 64 * 1024 * 1024)
    }
}
