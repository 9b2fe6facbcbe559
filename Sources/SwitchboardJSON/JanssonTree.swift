import CJansson

/// Conversion of a parsed jansson tree into a ``JSONValue`` (the other direction is
/// ``TreeBuilder``).
enum JanssonTree {
    /// Converts a parsed tree. Borrows it: the caller still owns and releases it. Recursion depth
    /// is bounded by the parser's depth limit (≤ 2048).
    static func value(of json: UnsafeMutablePointer<json_t>) -> JSONValue {
        switch json.pointee.type {
        case JSON_OBJECT:
            var members: [JSONObject.Element] = []
            members.reserveCapacity(json_object_size(json))
            var iterator = json_object_iter(json)
            while let current = iterator {
                // Length-aware, so no strlen; jansson has already validated the key as UTF-8.
                let key = string(json_object_iter_key(current), count: json_object_iter_key_len(current))
                members.append((key, value(of: json_object_iter_value(current))))
                iterator = json_object_iter_next(json, current)
            }
            return .object(JSONObject(uniqueMembers: members))
        case JSON_ARRAY:
            let count = json_array_size(json)
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                elements.append(value(of: json_array_get(json, index)))
            }
            return .array(elements)
        case JSON_STRING:
            // json_string_length, not strlen: values may contain U+0000.
            return .string(string(json_string_value(json), count: json_string_length(json)))
        case JSON_INTEGER:
            return .int(Int64(json_integer_value(json)))
        case JSON_REAL:
            return .double(json_real_value(json))
        case JSON_TRUE:
            return .bool(true)
        case JSON_FALSE:
            return .bool(false)
        default:
            return .null
        }
    }

    /// A Swift string of `count` bytes that jansson has validated as UTF-8.
    static func string(_ bytes: UnsafePointer<CChar>?, count: Int) -> String {
        guard let bytes, count > 0 else { return "" }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }
}
