import SwitchboardCore
import SwitchboardJSON

// Response bodies (`ok`): `Schemas/common/reply.schema.json`, and per operation
// `Schemas/ops/<op>.response.schema.json`. Each case has its own key, so a reply decodes without
// knowing the request.

extension WireCodec {
    /// The keys that tell the reply cases apart; `{}` is ``Reply/empty``.
    static let replyKeys = ["call", "calls", "records", "token", "delivery", "presence", "members", "profiles", "deleted",
                            "attributes", "channelAttributes", "memberCounts", "users"]

    /// The `ok` object of a successful response.
    public static func json(_ reply: Reply) -> JSONValue {
        encodedValue { write(reply, to: &$0) }
    }

    static func write<W: JSONStreamWriter>(_ reply: Reply, to object: inout W) {
        object.beginObject()
        switch reply {
        case .empty:
            break
        case .call(let call, let skipped):
            object.key("call")
            ModelCoding.write(call, includeInternals: false, to: &object)
            writeSkipped(skipped, to: &object)
        case .calls(let calls, let nextCursor):
            object.array("calls", calls) { writer, call in ModelCoding.write(call, includeInternals: false, to: &writer) }
            object.add("nextCursor", nextCursor)
        case .records(let page):
            object.array("records", page.records) { writer, record in ModelCoding.write(record, to: &writer) }
            object.add("nextCursor", page.nextCursor)
        case .token(let expiresAt):
            object.object("token") { token in token.add("expiresAt", expiresAt) }
        case .message(let delivery):
            object.add("delivery", delivery)
        case .presence(let statuses):
            object.array("presence", statuses) { writer, status in write(status, to: &writer) }
        case .members(let users):
            object.add("members", list: users)
        case .profiles(let profiles, let unknown):
            object.array("profiles", profiles) { writer, profile in write(profile, to: &writer) }
            if !unknown.isEmpty { object.add("unknown", list: unknown) }
        case .deletedRecords(let calls):
            object.add("deleted", list: calls)
        case .attributes(let attributes):
            object.array("attributes", attributes) { writer, attribute in write(attribute, to: &writer) }
        case .channelAttributes(let attributes):
            object.array("channelAttributes", attributes) { writer, attribute in write(attribute, to: &writer) }
        case .memberCounts(let counts):
            object.array("memberCounts", counts) { writer, count in write(count, to: &writer) }
        case .users(let users):
            object.add("users", list: users)
        }
        object.endObject()
    }

    /// A call reply's `skipped`.
    static func writeSkipped<W: JSONStreamWriter>(_ skipped: [SkippedUser], to object: inout W) {
        object.array("skipped", skipped) { writer, entry in
            writer.object { skippedObject in
                skippedObject.add("user", entry.user)
                skippedObject.key("error")
                write(entry.error, to: &skippedObject)
            }
        }
    }

    static func skippedUsers<V>(_ reader: JSONReader<V>) throws(SignalingError) -> [SkippedUser] {
        try reader.objects("skipped") { (entry) throws(SignalingError) in
            SkippedUser(user: UserID(rawValue: try entry.string("user")), error: try error(try entry.object("error")))
        }
    }

    /// Decodes an `ok` object (errors are ``ServiceErrorCode/invalidFrame``, paths relative to it).
    public static func reply(_ json: JSONValue) throws(SignalingError) -> Reply {
        try reply(try JSONReader(json, path: "", code: .invalidFrame))
    }

    static func reply<V>(_ reader: JSONReader<V>) throws(SignalingError) -> Reply {
        let present = replyKeys.filter(reader.has)
        guard present.count <= 1 else {
            throw reader.error(nil, "ambiguous reply: it has \(choiceList(present)); a reply has one of them")
        }
        guard let key = present.first else {
            guard reader.object.count == 0 else {
                throw reader.error(nil, "unknown reply shape with \(choiceList(reader.object.keys)) (a reply is {} or has one of \(choiceList(replyKeys)))")
            }
            return .empty
        }
        switch key {
        case "call":
            let skipped = try skippedUsers(reader)
            return .call(try ModelCoding.call(try reader.object("call"), includeInternals: false), skipped: skipped)
        case "calls":
            return .calls(try reader.objects("calls") { (call) throws(SignalingError) in
                try ModelCoding.call(call, includeInternals: false)
            }, nextCursor: try reader.optionalString("nextCursor"))
        case "records":
            return .records(RecordPage(
                records: try reader.objects("records") { (record) throws(SignalingError) in try ModelCoding.record(record) },
                nextCursor: try reader.optionalString("nextCursor")))
        case "token":
            return .token(expiresAt: try reader.object("token").optionalTimestamp("expiresAt"))
        case "delivery":
            return .message(try reader.enumeration("delivery", MessageDelivery.self))
        case "presence":
            return .presence(try reader.objects("presence") { (entry) throws(SignalingError) in try presenceStatus(entry) })
        case "profiles":
            return .profiles(try reader.objects("profiles") { (entry) throws(SignalingError) in try profile(entry) },
                             unknown: try reader.optionalUsers("unknown") ?? [])
        case "deleted":
            return .deletedRecords(try reader.strings("deleted").map(CallID.init(rawValue:)))
        case "attributes":
            return .attributes(try reader.objects("attributes") { (entry) throws(SignalingError) in try attribute(entry) })
        case "channelAttributes":
            return .channelAttributes(try reader.objects("channelAttributes") { (entry) throws(SignalingError) in
                try channelAttribute(entry)
            })
        case "memberCounts":
            return .memberCounts(try reader.objects("memberCounts") { (entry) throws(SignalingError) in try memberCount(entry) })
        case "users":
            return .users(try reader.users("users"))
        default:
            return .members(try reader.users("members"))
        }
    }

    // MARK: Presence

    static func write<W: JSONStreamWriter>(_ status: PresenceStatus, to object: inout W) {
        object.beginObject()
        object.add("user", status.user)
        object.add("state", status.state)
        object.endObject()
    }

    // MARK: Profiles

    static func write<W: JSONStreamWriter>(_ profile: Profile, to object: inout W) {
        object.beginObject()
        object.add("user", profile.user)
        object.add("nickname", profile.nickname)
        object.add("avatarURL", profile.avatarURL)
        object.add("extendedData", profile.extendedData)
        object.endObject()
    }

    static func profile<V>(_ reader: JSONReader<V>) throws(SignalingError) -> Profile {
        Profile(user: UserID(rawValue: try reader.string("user")), nickname: try reader.optionalString("nickname"),
                avatarURL: try reader.optionalString("avatarURL"), extendedData: try reader.optionalString("extendedData"))
    }

    static func presenceStatus<V>(_ reader: JSONReader<V>) throws(SignalingError) -> PresenceStatus {
        PresenceStatus(user: UserID(rawValue: try reader.string("user")), state: try reader.enumeration("state", PresenceState.self))
    }
}
