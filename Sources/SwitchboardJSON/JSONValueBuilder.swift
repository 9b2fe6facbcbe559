/// Builds a ``JSONValue`` from the calls of a ``JSONStreamWriter``, so one encoder can produce
/// either jansson's tree and its text (``JanssonTreeWriter``) or a value.
///
/// Objects are made with ``JSONObject/init(_:)``: a key written twice in one object keeps its
/// first position and its last value.
public struct JSONValueBuilder: JSONStreamWriter {
    /// A container being filled, with the key it will be stored under in its parent (nil when
    /// the parent is an array, or for the root).
    private enum Open {
        case object(key: String?, members: [(String, JSONValue)])
        case array(key: String?, elements: [JSONValue])
    }

    private var open: [Open] = []
    private var pendingKey: String?
    private var root: JSONValue?

    public init() {}

    /// The value written; `.null` if nothing was.
    public var value: JSONValue {
        assert(open.isEmpty, "JSONValueBuilder: \(open.count) containers left open")
        return root ?? .null
    }

    public mutating func beginObject() {
        open.append(.object(key: takeKey(), members: []))
    }

    public mutating func endObject() {
        guard case .object(let key, let members)? = open.popLast() else {
            preconditionFailure("JSONValueBuilder: endObject without an open object")
        }
        pendingKey = key
        add(.object(JSONObject(members)))
    }

    public mutating func beginArray() {
        open.append(.array(key: takeKey(), elements: []))
    }

    public mutating func endArray() {
        guard case .array(let key, let elements)? = open.popLast() else {
            preconditionFailure("JSONValueBuilder: endArray without an open array")
        }
        pendingKey = key
        add(.array(elements))
    }

    public mutating func key(_ key: String) {
        assert(pendingKey == nil, "JSONValueBuilder: two keys in a row")
        pendingKey = key
    }

    public mutating func string(_ value: String) { add(.string(value)) }
    public mutating func int(_ value: Int64) { add(.int(value)) }
    public mutating func bool(_ value: Bool) { add(.bool(value)) }
    public mutating func null() { add(.null) }

    /// The key the next value goes under, if its container is an object.
    private mutating func takeKey() -> String? {
        defer { pendingKey = nil }
        if case .object? = open.last {
            precondition(pendingKey != nil, "JSONValueBuilder: an object member without a key")
        }
        return pendingKey
    }

    private mutating func add(_ value: JSONValue) {
        switch open.popLast() {
        case nil:
            assert(root == nil, "JSONValueBuilder: more than one root value")
            root = value
        case .object(let key, var members):
            guard let memberKey = pendingKey else { preconditionFailure("JSONValueBuilder: an object member without a key") }
            pendingKey = nil
            members.append((memberKey, value))
            open.append(.object(key: key, members: members))
        case .array(let key, var elements):
            elements.append(value)
            open.append(.array(key: key, elements: elements))
        }
    }
}
