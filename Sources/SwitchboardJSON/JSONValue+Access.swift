// Typed accessors. Each returns nil when the value has another type, so decoding code can chain
// them with `guard let` and report its own field-level error.

extension JSONValue {
    /// The string, if this is a `.string`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, if this is an `.int`. A `.double` is not converted, even when integral:
    /// frames that expect an integer should not silently accept `1.5` or `1e3`.
    public var intValue: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, if this is a `.double` or an `.int` (integers beyond 2^53 are
    /// rounded to the nearest `Double`).
    public var doubleValue: Double? {
        switch self {
        case .double(let value): return value
        case .int(let value): return Double(value)
        default: return nil
        }
    }

    /// The Boolean, if this is a `.bool`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an `.array`.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, if this is an `.object`.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member stored under `key`, if this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index`, if this is an array and `index` is in bounds.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }
}
