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
    /// "offline_message" | "offline_removed" | "offline_expired" | "user_attributes" | "channel_attributes",
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
        let json = try parse(body, what: "record")
        do {
            return try ModelCoding.record(json)
        } catch {
            throw .corrupt("a record: \(error)")
        }
    }

    static func call(_ body: String) throws(PostgresStoreError) -> Call {
        let json = try parse(body, what: "live call")
        do {
            return try ModelCoding.call(json, includeInternals: true)
        } catch {
            throw .corrupt("a live call: \(error)")
        }
    }

    // MARK: Offline messages and attributes

    static func content(_ body: String) throws(PostgresStoreError) -> MessageContent {
        do {
            return try ModelCoding.content(try parse(body, what: "offline message"))
        } catch let error as PostgresStoreError {
            throw error
        } catch {
            throw .corrupt("an offline message: \(error)")
        }
    }

    static func attributes(_ body: String) throws(PostgresStoreError) -> [Attribute] {
        do {
            return try ModelCoding.attributes(try parse(body, what: "user's attributes"))
        } catch let error as PostgresStoreError {
            throw error
        } catch {
            throw .corrupt("a user's attributes: \(error)")
        }
    }

    static func channelAttributes(_ body: String) throws(PostgresStoreError) -> [ChannelAttribute] {
        do {
            return try ModelCoding.channelAttributes(try parse(body, what: "channel's attributes"))
        } catch let error as PostgresStoreError {
            throw error
        } catch {
            throw .corrupt("a channel's attributes: \(error)")
        }
    }

    // MARK: Pieces

    private static func member(_ key: String, _ value: String, to writer: JanssonTreeWriter) {
        writer.key(key)
        writer.string(value)
    }

    private static func parse(_ body: String, what: String) throws(PostgresStoreError) -> JSONValue {
        do {
            return try parser.parse(body)
        } catch {
            throw .corrupt("a \(what)'s body is not JSON: \(error)")
        }
    }
}
