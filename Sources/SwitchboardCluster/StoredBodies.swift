import SwitchboardCore
import SwitchboardJSON
import SwitchboardService
import SwitchboardWire

/// The JSON the PostgreSQL store keeps and sends: the rows' bodies, the same text the SQLite store writes
/// (the wire codec's, live calls with their internals), and a step's writes as `switchboard_commit`'s
/// `p_writes`. All of it written and read by jansson (SwitchboardJSON), never put together by hand.
enum StoredBodies {
    private static let parser = JSONParser(limits: .maximum)

    // MARK: Writes

    /// `p_writes`: an array of `{"kind": "record" | "live_call" | "call_ended" | "profile" |
    /// "offline_message" | "offline_removed" | "offline_expired" | "user_attributes" | "channel_attributes" |
    /// "push_registered" | "push_unregistered",
    /// ...}`, in order, each with its key columns and its body as a JSON string (attributes without a body:
    /// none are left).
    static func writes(_ writes: [StoreWrite]) -> String {
        let writer = JanssonTreeWriter()
        writer.beginArray()
        for write in writes {
            writer.beginObject()
            switch write {
            case .record(_, let record):
                member("kind", "record", to: writer)
                member("owner", record.owner.rawValue, to: writer)
                member("call_id", record.callID.rawValue, to: writer)
                writer.key("recorded_at")
                writer.int(record.recordedAt.millisecondsSince1970)
                member("body", ModelCoding.text(record), to: writer)
            case .liveCall(_, let call):
                member("kind", "live_call", to: writer)
                member("call_id", call.id.rawValue, to: writer)
                member("body", ModelCoding.text(call, includeInternals: true), to: writer)
            case .callEnded(_, let id):
                member("kind", "call_ended", to: writer)
                member("call_id", id.rawValue, to: writer)
            case .profile(_, let profile):
                member("kind", "profile", to: writer)
                member("user_id", profile.user.rawValue, to: writer)
                member("body", self.profile(profile), to: writer)
            case .offlineMessageKept(_, let kept):
                member("kind", "offline_message", to: writer)
                member("recipient", kept.recipient.rawValue, to: writer)
                writer.key("seq")
                writer.int(kept.sequence)
                member("sender", kept.message.from.rawValue, to: writer)
                writer.key("sent_at")
                writer.int(kept.message.sentAt.millisecondsSince1970)
                member("content", ModelCoding.text(kept.message.content), to: writer)
            case .offlineMessagesRemoved(_, let recipient, let sequences):
                member("kind", "offline_removed", to: writer)
                member("recipient", recipient.rawValue, to: writer)
                writer.key("seqs")
                writer.beginArray()
                for sequence in sequences { writer.int(sequence) }
                writer.endArray()
            case .offlineMessagesExpired(_, let oldest):
                member("kind", "offline_expired", to: writer)
                writer.key("sent_at")
                writer.int(oldest.millisecondsSince1970)
            case .userAttributes(_, let user, let attributes):
                member("kind", "user_attributes", to: writer)
                member("user_id", user.rawValue, to: writer)
                if !attributes.isEmpty { member("body", ModelCoding.text(attributes), to: writer) }
            case .channelAttributes(_, let channel, let attributes):
                member("kind", "channel_attributes", to: writer)
                member("channel", channel, to: writer)
                if !attributes.isEmpty { member("body", ModelCoding.text(attributes), to: writer) }
            case .pushRegistered(_, let registration):
                member("kind", "push_registered", to: writer)
                member("user_id", registration.user.rawValue, to: writer)
                member("device", registration.device.rawValue, to: writer)
                member("platform", registration.platform.rawValue, to: writer)
                member("token", registration.token, to: writer)
                member("topic", registration.topic, to: writer)
                member("environment", registration.environment.rawValue, to: writer)
                writer.key("registered_at")
                writer.int(registration.registeredAt.millisecondsSince1970)
            case .pushUnregistered(_, let key):
                member("kind", "push_unregistered", to: writer)
                member("user_id", key.user.rawValue, to: writer)
                member("device", key.device.rawValue, to: writer)
                member("platform", key.platform.rawValue, to: writer)
            }
            writer.endObject()
        }
        writer.endArray()
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    // MARK: Profiles

    /// A profile's body: the wire's profile object (`user`, and `nickname`, `avatarURL`, `extendedData`
    /// when set).
    static func profile(_ profile: Profile) -> String {
        let writer = JanssonTreeWriter()
        writer.beginObject()
        member("user", profile.user.rawValue, to: writer)
        if let nickname = profile.nickname { member("nickname", nickname, to: writer) }
        if let avatarURL = profile.avatarURL { member("avatarURL", avatarURL, to: writer) }
        if let extendedData = profile.extendedData { member("extendedData", extendedData, to: writer) }
        writer.endObject()
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    static func profile(_ body: String) throws(PostgresStoreError) -> Profile {
        let json = try parse(body, what: "profile")
        func field(_ name: String) throws(PostgresStoreError) -> String? {
            guard let value = json[name] else { return nil }
            guard let text = value.stringValue else { throw .corrupt("a profile's \(name) is not a string") }
            return text
        }
        guard let user = try field("user") else { throw .corrupt("a profile has no user") }
        return Profile(user: UserID(rawValue: user), nickname: try field("nickname"), avatarURL: try field("avatarURL"),
                       extendedData: try field("extendedData"))
    }

    // MARK: Records and calls

    static func record(_ body: String) throws(PostgresStoreError) -> CallRecord {
        try decoded(body, what: "record", as: "a record") { json throws(SignalingError) in try ModelCoding.record(json) }
    }

    static func call(_ body: String) throws(PostgresStoreError) -> Call {
        try decoded(body, what: "live call", as: "a live call") { json throws(SignalingError) in
            try ModelCoding.call(json, includeInternals: true)
        }
    }

    // MARK: Offline messages and attributes

    static func content(_ body: String) throws(PostgresStoreError) -> MessageContent {
        try decoded(body, what: "offline message", as: "an offline message") { json throws(SignalingError) in
            try ModelCoding.content(json)
        }
    }

    static func attributes(_ body: String) throws(PostgresStoreError) -> [Attribute] {
        try decoded(body, what: "user's attributes", as: "a user's attributes") { json throws(SignalingError) in
            try ModelCoding.attributes(json)
        }
    }

    static func channelAttributes(_ body: String) throws(PostgresStoreError) -> [ChannelAttribute] {
        try decoded(body, what: "channel's attributes", as: "a channel's attributes") { json throws(SignalingError) in
            try ModelCoding.channelAttributes(json)
        }
    }

    // MARK: Pieces

    private static func member(_ key: String, _ value: String, to writer: JanssonTreeWriter) {
        writer.key(key)
        writer.string(value)
    }

    /// A stored body read by `read`: text that is not JSON, or JSON `read` refuses, is a corrupt store
    /// (`what` names the body for the first, `label` the value for the second).
    private static func decoded<Value>(
        _ body: String, what: String, as label: String, _ read: (JSONValue) throws(SignalingError) -> Value
    ) throws(PostgresStoreError) -> Value {
        let json = try parse(body, what: what)
        do {
            return try read(json)
        } catch {
            throw .corrupt("\(label): \(error)")
        }
    }

    private static func parse(_ body: String, what: String) throws(PostgresStoreError) -> JSONValue {
        do {
            return try parser.parse(body)
        } catch {
            throw .corrupt("a \(what)'s body is not JSON: \(error)")
        }
    }
}
