import SwitchboardJSON
import SwitchboardService
import SwitchboardWire

/// An admin reply's form on the bus: the JSON of `body` in a
/// ``BusMessage/adminReply(id:body:)``.
extension AdminReply {
    /// `{"ok": answer}` or `{"error": {"code", "message"}}`.
    public var body: String {
        let value: JSONValue = switch self {
        case .answer(let answer): ["ok": answer]
        case .refused(let error): ["error": ["code": .string(error.code.rawValue), "message": .string(error.message)]]
        }
        // An answer is what the host's route would have sent, which serialized there too.
        return (try? JSONSerializer().serialize(value)) ?? #"{"error":{"code":"internal_error","message":"the answer did not serialize"}}"#
    }

    /// The reply a ``body`` holds, or ``InvalidBusPayload``: exactly one of `ok` and `error`, an error
    /// with a string code and message and nothing else.
    public init(body: String) throws(InvalidBusPayload) {
        // The deepest answer is a timeline's entry's states: reply, ok, entries, entry, states.
        guard let value = try? JSONParser(limits: JSONLimits(maxBytes: 16 << 20, maxDepth: 16)).parse(body),
              let object = value.objectValue, object.keys.count == 1 else {
            throw InvalidBusPayload(description: "an admin reply is an object with ok or error")
        }
        if let answer = object["ok"] {
            self = .answer(answer)
        } else if let error = object["error"]?.objectValue, error.keys.count == 2,
                  let code = error["code"]?.stringValue, let message = error["message"]?.stringValue {
            self = .refused(SignalingError(SignalingError.Code(rawValue: code), message))
        } else {
            throw InvalidBusPayload(description: "an admin reply's error is {code, message}")
        }
    }
}
