import CJansson

/// A borrowed, read-only view of one value in a tree jansson has parsed.
///
/// Typed decoders (the wire frames) read what they need straight from jansson's tree through
/// nodes, instead of converting the whole tree into a ``JSONValue`` first and reading that: no
/// intermediate arrays, member lists or strings for values nobody asks for.
///
/// A node is only valid inside the closure of ``JSONParser/withTree(bytes:parseError:_:)-([UInt8],_,_)``
/// (or one of its overloads) that handed out the root: the tree is released when that closure
/// returns or throws. Do not store a node or let it escape the closure. Nodes are values that
/// hold no reference of their own (the root's reference, owned by the parser call, keeps the
/// whole tree alive), so copying or dropping them costs nothing.
///
/// Reading follows ``JSONValue``'s rules: strings and keys are compared by their UTF-8 bytes;
/// a number written without a fraction or exponent is an integer, anything else a real.
public struct JSONNode {
    /// The JSON types, as ``JSONValue``'s cases name them.
    public enum Kind: Sendable, Hashable {
        case null, bool, int, double, string, array, object
    }

    let json: UnsafeMutablePointer<json_t>

    init(_ json: UnsafeMutablePointer<json_t>) {
        self.json = json
    }

    public var kind: Kind {
        switch json.pointee.type {
        case JSON_OBJECT: .object
        case JSON_ARRAY: .array
        case JSON_STRING: .string
        case JSON_INTEGER: .int
        case JSON_REAL: .double
        case JSON_TRUE, JSON_FALSE: .bool
        default: .null
        }
    }

    // MARK: Scalars

    /// The string, if this is a string (a new Swift string with the value's bytes).
    public var stringValue: String? {
        guard json.pointee.type == JSON_STRING else { return nil }
        // json_string_length, not strlen: values may contain U+0000.
        return JanssonTree.string(json_string_value(json), count: json_string_length(json))
    }

    /// Whether this is a string whose bytes are exactly those of `string`, without making a Swift
    /// string of it: enum raw values and frame type names are matched this way.
    public func isString(_ string: String) -> Bool {
        guard json.pointee.type == JSON_STRING else { return false }
        let count = json_string_length(json)
        return StringBytes.withUTF8(string) { bytes in
            bytes.count == count && sb_bytes_equal(json_string_value(json), bytes.baseAddress, count) != 0
        }
    }

    /// The integer, if this is an integer (a real is not converted, as ``JSONValue/intValue``).
    public var intValue: Int64? {
        guard json.pointee.type == JSON_INTEGER else { return nil }
        return Int64(json_integer_value(json))
    }

    /// The number as a `Double`, if this is a real or an integer (as ``JSONValue/doubleValue``).
    public var doubleValue: Double? {
        switch json.pointee.type {
        case JSON_REAL: json_real_value(json)
        case JSON_INTEGER: Double(Int64(json_integer_value(json)))
        default: nil
        }
    }

    /// The Boolean, if this is `true` or `false`.
    public var boolValue: Bool? {
        switch json.pointee.type {
        case JSON_TRUE: true
        case JSON_FALSE: false
        default: nil
        }
    }

    public var isNull: Bool {
        json.pointee.type == JSON_NULL
    }

    // MARK: Containers

    /// The number of elements of an array or members of an object; 0 for anything else.
    public var count: Int {
        switch json.pointee.type {
        case JSON_ARRAY: json_array_size(json)
        case JSON_OBJECT: json_object_size(json)
        default: 0
        }
    }

    /// The element at `index`, if this is an array and `index` is in bounds.
    public subscript(index: Int) -> JSONNode? {
        guard index >= 0, let element = json_array_get(json, index) else { return nil }
        return JSONNode(element)
    }

    /// The member stored under `key` (compared byte for byte), if this is an object that has one.
    /// A hash lookup in jansson's table: no scan over the members.
    public subscript(key: String) -> JSONNode? {
        guard json.pointee.type == JSON_OBJECT else { return nil }
        let member = StringBytes.withUTF8(key) { bytes in
            bytes.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { json_object_getn(json, $0, bytes.count) }
            } ?? json_object_getn(json, "", 0)
        }
        return member.map(JSONNode.init)
    }

    /// Calls `body` with each member of an object, in document order (jansson keeps it); does
    /// nothing for other values.
    public func forEachMember<E: Error>(_ body: (_ key: String, _ value: JSONNode) throws(E) -> Void) throws(E) {
        guard json.pointee.type == JSON_OBJECT else { return }
        var iterator = json_object_iter(json)
        while let current = iterator {
            // Length-aware, so no strlen; jansson has already validated the key as UTF-8.
            let key = JanssonTree.string(json_object_iter_key(current), count: json_object_iter_key_len(current))
            try body(key, JSONNode(json_object_iter_value(current)))
            iterator = json_object_iter_next(json, current)
        }
    }

    /// The keys of an object in document order; empty for other values.
    public var keys: [String] {
        var keys: [String] = []
        keys.reserveCapacity(count)
        forEachMember { key, _ in keys.append(key) }
        return keys
    }

    /// The whole value as a ``JSONValue``, which owns its contents and may outlive the tree.
    public var value: JSONValue {
        JanssonTree.value(of: json)
    }
}
