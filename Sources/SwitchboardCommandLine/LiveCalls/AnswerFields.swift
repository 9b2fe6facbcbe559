import SwitchboardJSON

/// Typed reads of an admin API answer's object members, naming the member that is wrong.
struct AnswerFields {
    let value: JSONValue
    /// Where `value` is in the answer: `call.participants[1]`.
    let path: String

    init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    func string(_ key: String) throws(AnswerFieldError) -> String {
        guard let text = value[key]?.stringValue else { throw AnswerFieldError(path: path + "." + key, expected: "a string") }
        return text
    }

    func int(_ key: String) throws(AnswerFieldError) -> Int64 {
        guard let number = value[key]?.intValue else { throw AnswerFieldError(path: path + "." + key, expected: "an integer") }
        return number
    }

    /// Null and absent alike are nil.
    func optionalString(_ key: String) throws(AnswerFieldError) -> String? {
        guard let member = value[key], !member.isNull else { return nil }
        guard let text = member.stringValue else { throw AnswerFieldError(path: path + "." + key, expected: "a string or null") }
        return text
    }

    func optionalInt(_ key: String) throws(AnswerFieldError) -> Int64? {
        guard let member = value[key], !member.isNull else { return nil }
        guard let number = member.intValue else { throw AnswerFieldError(path: path + "." + key, expected: "an integer or null") }
        return number
    }

    func array(_ key: String) throws(AnswerFieldError) -> [JSONValue] {
        guard let elements = value[key]?.arrayValue else { throw AnswerFieldError(path: path + "." + key, expected: "an array") }
        return elements
    }
}

/// A member of an admin API answer that is missing or of another type than documented.
public struct AnswerFieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where: `call.participants[1].state`.
    public var path: String
    public var expected: String

    public var description: String { "\(path) is not \(expected)" }
}
