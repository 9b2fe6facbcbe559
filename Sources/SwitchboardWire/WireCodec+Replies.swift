import SwitchboardCore
import SwitchboardJSON

// Response bodies (`ok`): `Schemas/common/reply.schema.json`, and per operation
// `Schemas/ops/<op>.response.schema.json`. Each case has its own key, so a reply decodes without
// knowing the request.

extension WireCodec {
    /// The keys that tell the reply cases apart; `{}` is ``Reply/empty``.
    static let replyKeys = ["call", "calls", "records", "token", "delivery", "presence", "members", "profiles", "deleted"]

    /// The `ok` object of a successful response.
    public static func json(_ reply: Reply) -> JSONValue {
        switch reply {
        case .empty:
            return .object(JSONObject())
        case .call(let call, let skipped):
            return .object([
                "call": ModelCoding.json(call),
                "skipped": .array(skipped.map { .object(["user": .string($0.user.rawValue), "error": json($0.error)]) }),
            ])
        case .calls(let calls):
            return .object(["calls": .array(calls.map { ModelCoding.json($0) })])
        case .records(let page):
            var object = ObjectBuilder(capacity: 2)
            object.add("records", .array(page.records.map { ModelCoding.json($0) }))
            object.add("nextCursor", page.nextCursor)
            return object.value
        case .token(let expiresAt):
            var token = ObjectBuilder(capacity: 1)
            token.add("expiresAt", expiresAt)
            return .object(["token": token.value])
        case .message(let delivery):
            return .object(["delivery": .string(delivery.rawValue)])
        case .presence(let statuses):
            return .object(["presence": .array(statuses.map { json($0) })])
        case .members(let users):
            return .object(["members": .array(users.map { .string($0.rawValue) })])
        case .profiles(let profiles):
            return .object(["profiles": .array(profiles.map { json($0) })])
        case .deletedRecords(let calls):
            return .object(["deleted": .array(calls.map { .string($0.rawValue) })])
        }
    }

    /// Decodes an `ok` object (errors are ``ServiceErrorCode/invalidFrame``, paths relative to it).
    public static func reply(_ json: JSONValue) throws(SignalingError) -> Reply {
        try reply(try JSONReader(json, path: "", code: .invalidFrame))
    }

    static func reply(_ reader: JSONReader) throws(SignalingError) -> Reply {
        let present = replyKeys.filter(reader.has)
        guard present.count <= 1 else {
            throw reader.error(nil, "ambiguous reply: it has \(JSONReader.choices(present)); a reply has one of them")
        }
        guard let key = present.first else {
            guard reader.object.isEmpty else {
                throw reader.error(nil, "unknown reply shape with \(JSONReader.choices(reader.object.keys)) (a reply is {} or has one of \(JSONReader.choices(replyKeys)))")
            }
            return .empty
        }
        switch key {
        case "call":
            let skipped = try reader.objects("skipped") { (entry) throws(SignalingError) in
                SkippedUser(user: UserID(rawValue: try entry.string("user")), error: try error(try entry.object("error")))
            }
            return .call(try ModelCoding.call(try reader.object("call"), includeInternals: false), skipped: skipped)
        case "calls":
            return .calls(try reader.objects("calls") { (call) throws(SignalingError) in
                try ModelCoding.call(call, includeInternals: false)
            })
        case "records":
            return .records(RecordPage(
                records: try reader.objects("records") { (record) throws(SignalingError) in try ModelCoding.record(record) },
                nextCursor: try reader.optionalString("nextCursor")))
        case "token":
            return .token(expiresAt: try reader.object("token").optionalTimestamp("expiresAt"))
        case "delivery":
            return .message(try reader.enumeration("delivery", MessageDelivery.self))
        case "presence":
            return .presence(try reader.objects("presence", presenceStatus))
        case "profiles":
            return .profiles(try reader.objects("profiles", profile))
        case "deleted":
            return .deletedRecords(try reader.strings("deleted").map(CallID.init(rawValue:)))
        default:
            return .members(try reader.users("members"))
        }
    }

    // MARK: Presence

    static func json(_ status: PresenceStatus) -> JSONValue {
        .object(["user": .string(status.user.rawValue), "state": .string(status.state.rawValue)])
    }

    // MARK: Profiles

    static func json(_ profile: Profile) -> JSONValue {
        var object = ObjectBuilder(capacity: 3)
        object.add("user", profile.user)
        object.add("nickname", profile.nickname)
        object.add("avatarURL", profile.avatarURL)
        return object.value
    }

    static func profile(_ reader: JSONReader) throws(SignalingError) -> Profile {
        Profile(user: UserID(rawValue: try reader.string("user")), nickname: try reader.optionalString("nickname"),
                avatarURL: try reader.optionalString("avatarURL"))
    }

    static func presenceStatus(_ reader: JSONReader) throws(SignalingError) -> PresenceStatus {
        PresenceStatus(user: UserID(rawValue: try reader.string("user")), state: try reader.enumeration("state", PresenceState.self))
    }
}
