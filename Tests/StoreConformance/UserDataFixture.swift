import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// One app's offline messages and attributes as the service writes them over a few steps, and what a
/// store must read back after them: shared by the SQLite and the PostgreSQL store's tests, which must
/// agree (docs/SERVER.md, "What survives a restart").
public enum UserDataFixture {
    static func message(_ sequence: Int64, to recipient: UserID, from sender: UserID, _ content: MessageContent, at ms: Int64)
        -> KeptPeerMessage
    {
        KeptPeerMessage(recipient: recipient, sequence: sequence,
                        message: PeerMessage(from: sender, content: content, sentAt: Timestamp(millisecondsSince1970: ms),
                                             isOffline: true))
    }

    static let m1 = message(1, to: "bob", from: "alice", .text("one"), at: 1_000)
    static let m2 = message(2, to: "bob", from: "alice", .raw([0, 1, 2, 255], description: "bin \"q\""), at: 2_000)
    static let m3 = message(3, to: "carol", from: "alice", .text("expires"), at: 3_000)
    static let m4 = message(4, to: "bob", from: "dave", .text("héllo ✓"), at: 5_000)
    static let m5 = message(5, to: "erin", from: "dave", .text("handed over"), at: 6_000)
    static let m6 = message(6, to: "bob", from: "alice", .text("replaces one"), at: 7_000)

    static let topic = ChannelAttribute(key: "topic", value: "news", updatedBy: "alice",
                                        updatedAt: Timestamp(millisecondsSince1970: 8_000))

    /// The writes, in order, for `app`.
    public static func writes(app: AppID) -> [StoreWrite] {
        [
            .offlineMessageKept(app, m1), .offlineMessageKept(app, m2), .offlineMessageKept(app, m3),
            .offlineMessageKept(app, m4), .offlineMessageKept(app, m5),
            // erin logged in: hers were handed over.
            .offlineMessagesRemoved(app, recipient: "erin", sequences: [5]),
            // alice's newest to bob replaced her oldest there.
            .offlineMessagesRemoved(app, recipient: "bob", sequences: [1]), .offlineMessageKept(app, m6),
            .offlineMessagesExpired(app, sentAtOrBefore: Timestamp(millisecondsSince1970: 3_000)),
            .userAttributes(app, "alice", [Attribute(key: "a", value: "1"), Attribute(key: "b", value: "2")]),
            .userAttributes(app, "alice", [Attribute(key: "a", value: "3")]),
            .userAttributes(app, "carol", [Attribute(key: "x", value: "y")]),
            .userAttributes(app, "carol", []),
            .channelAttributes(app, channel: "room", [topic]),
            .channelAttributes(app, channel: "gone", [topic]),
            .channelAttributes(app, channel: "gone", []),
        ]
    }

    /// What a store holds for the app after ``writes(app:)``.
    public static let expected = StoredUserData(
        offlineMessages: [m4, m6],
        userAttributes: ["alice": [Attribute(key: "a", value: "3")]],
        channelAttributes: ["room": [topic]])
}
