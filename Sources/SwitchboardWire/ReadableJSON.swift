import SwitchboardJSON

/// A JSON value the frame decoders (``JSONReader``) can read: a ``JSONValue``, or a ``JSONNode``
/// of the tree jansson parsed. The wire path reads nodes, straight from jansson's tree; the public
/// decoders that take a `JSONValue` (the server's parse-once path, the store) read values. One set of
/// decoders, generic over this, serves both, so they cannot drift apart.
protocol ReadableJSON {
    associatedtype Object: ReadableJSONObject where Object.Value == Self

    /// The object, if this is one.
    var readableObject: Object? { get }
    var stringValue: String? { get }
    var intValue: Int64? { get }
    var boolValue: Bool? { get }
    /// "a string", "an integer"... for error messages.
    var kindDescription: String { get }
    /// The number of elements, if this is an array.
    var elementCount: Int? { get }
    /// Calls `body` with each element of an array, in order.
    func forEachElement<E: Error>(_ body: (Int, Self) throws(E) -> Void) throws(E)
}

/// An object's members, looked up by key (compared byte for byte).
protocol ReadableJSONObject {
    associatedtype Value
    subscript(key: String) -> Value? { get }
    var count: Int { get }
    /// The keys in document order.
    var keys: [String] { get }
    /// Calls `body` with each member in document order.
    func forEachMember<E: Error>(_ body: (String, Value) throws(E) -> Void) throws(E)
}

extension JSONValue: ReadableJSON {
    var readableObject: JSONObject? { objectValue }

    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a real number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    var elementCount: Int? { arrayValue?.count }

    func forEachElement<E: Error>(_ body: (Int, JSONValue) throws(E) -> Void) throws(E) {
        guard case .array(let elements) = self else { return }
        for (index, element) in elements.enumerated() { try body(index, element) }
    }
}

extension JSONObject: ReadableJSONObject {
    func forEachMember<E: Error>(_ body: (String, JSONValue) throws(E) -> Void) throws(E) {
        for (key, value) in self { try body(key, value) }
    }
}

extension JSONNode: ReadableJSON, ReadableJSONObject {
    /// The node itself: a node that is an object reads its own members.
    var readableObject: JSONNode? { kind == .object ? self : nil }

    var kindDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a real number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    var elementCount: Int? { kind == .array ? count : nil }

    func forEachElement<E: Error>(_ body: (Int, JSONNode) throws(E) -> Void) throws(E) {
        guard kind == .array else { return }
        for index in 0..<count {
            // In bounds: index < count.
            try body(index, self[index]!)
        }
    }
}
