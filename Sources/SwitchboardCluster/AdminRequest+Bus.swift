import SwitchboardCore
import SwitchboardJSON
import SwitchboardService

/// An admin request's form on the bus: the JSON of `body` in a
/// ``BusMessage/adminRequest(id:app:body:)``.
extension AdminRequest {
    /// `{"op": "endCall" | "timeline", "call"}` or `{"op": "sessions", "user"?, "surface"?, "cursor"?, "limit"}`.
    public var body: String {
        var object: JSONObject
        switch self {
        case .endCall(let call): object = ["op": "endCall", "call": .string(call.rawValue)]
        case .timeline(let call): object = ["op": "timeline", "call": .string(call.rawValue)]
        case .sessions(let user, let surface, let cursor, let limit):
            object = ["op": "sessions", "limit": .int(Int64(limit))]
            if let user { object["user"] = .string(user.rawValue) }
            if let surface { object["surface"] = .string(surface) }
            if let cursor { object["cursor"] = .string(cursor) }
        }
        // Strings and an integer, which always serialize.
        return (try? JSONSerializer().serialize(.object(object))) ?? "{}"
    }

    /// The request a ``body`` holds; anything else, a member it does not take included, is
    /// ``InvalidBusPayload``.
    public init(body: String) throws(InvalidBusPayload) {
        guard let value = try? JSONParser(limits: JSONLimits(maxBytes: 64 << 10, maxDepth: 2)).parse(body),
              let object = value.objectValue, let op = object["op"]?.stringValue else {
            throw InvalidBusPayload(description: "an admin request is an object with an op")
        }
        func string(_ key: String) throws(InvalidBusPayload) -> String? {
            guard let member = object[key] else { return nil }
            guard let text = member.stringValue else { throw InvalidBusPayload(description: "an admin request's \(key) is a string") }
            return text
        }
        let allowed: Set<String>
        switch op {
        case "endCall", "timeline":
            allowed = ["op", "call"]
            guard let call = try string("call") else { throw InvalidBusPayload(description: "\(op) names a call") }
            self = op == "endCall" ? .endCall(CallID(call)) : .timeline(CallID(call))
        case "sessions":
            allowed = ["op", "user", "surface", "cursor", "limit"]
            guard let limit = object["limit"]?.intValue, let count = Int(exactly: limit) else {
                throw InvalidBusPayload(description: "sessions takes an integer limit")
            }
            self = .sessions(user: try string("user").map { UserID($0) }, surface: try string("surface"),
                             cursor: try string("cursor"), limit: count)
        default:
            throw InvalidBusPayload(description: "unknown admin request \(String(reflecting: op))")
        }
        if let extra = object.keys.first(where: { !allowed.contains($0) }) {
            throw InvalidBusPayload(description: "\(op) does not take \(String(reflecting: extra))")
        }
    }
}
