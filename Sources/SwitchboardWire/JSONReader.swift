import SwitchboardCore
import SwitchboardJSON

/// Typed field extraction from one JSON object, with errors that name the offending value by its
/// JSON-Pointer path from the root of the frame (RFC 6901), e.g.
/// `invalid_request: /body/invitees/2: expected a string, got an integer`.
///
/// Reads a ``JSONNode`` of jansson's tree on the wire path, or a ``JSONValue`` (see ``ReadableJSON``).
/// Paths of members are only spelled out when an error needs them (they are autoclosures), so a frame
/// that decodes builds no path strings below the level of objects.
///
/// Every failure is a ``SignalingError`` with the reader's ``code``: ``ServiceErrorCode/invalidFrame``
/// for frame envelopes and anything in a server frame, ``ServiceErrorCode/invalidRequest`` inside a
/// request body. Unknown members are ignored (forward compatibility); `null` is never accepted in place
/// of a value: optional values are omitted, not null.
struct JSONReader<Value: ReadableJSON> {
    let object: Value.Object
    /// The pointer of this object; `""` for the root.
    let path: String
    let code: ServiceErrorCode

    init(object: Value.Object, path: String, code: ServiceErrorCode) {
        self.object = object
        self.path = path
        self.code = code
    }

    /// A reader of `value`, which must be an object.
    init(_ value: Value, path: String, code: ServiceErrorCode) throws(SignalingError) {
        guard let object = value.readableObject else {
            throw fieldError(code, path, "expected an object, got \(value.kindDescription)")
        }
        self.init(object: object, path: path, code: code)
    }

    // MARK: Errors

    /// The pointer of the member `key`.
    func pointer(_ key: String) -> String {
        path + "/" + escapePointer(key)
    }

    /// An error about the member `key` (or about this object when `key` is nil).
    func error(_ key: String?, _ message: String) -> SignalingError {
        fieldError(code, key.map(pointer) ?? path, message)
    }

    // MARK: Presence

    func has(_ key: String) -> Bool {
        object[key] != nil
    }

    /// The member `key`, which must be present.
    func value(_ key: String) throws(SignalingError) -> Value {
        guard let value = object[key] else { throw error(key, "required field is missing") }
        return value
    }

    // MARK: Scalars

    func string(_ key: String) throws(SignalingError) -> String {
        try stringValue(try value(key), at: pointer(key))
    }

    func optionalString(_ key: String) throws(SignalingError) -> String? {
        guard let value = object[key] else { return nil }
        return try stringValue(value, at: pointer(key))
    }

    /// A string that must not be empty.
    func nonEmptyString(_ key: String) throws(SignalingError) -> String {
        let value = try string(key)
        guard !value.isEmpty else { throw error(key, "must not be empty") }
        return value
    }

    func stringValue(_ value: Value, at path: @autoclosure () -> String) throws(SignalingError) -> String {
        guard let string = value.stringValue else {
            throw fieldError(code, path(), "expected a string, got \(value.kindDescription)")
        }
        return string
    }

    func int(_ key: String, minimum: Int64? = nil, maximum: Int64? = nil) throws(SignalingError) -> Int64 {
        try intValue(try value(key), at: pointer(key), minimum: minimum, maximum: maximum)
    }

    func optionalInt(_ key: String, minimum: Int64? = nil) throws(SignalingError) -> Int64? {
        guard let value = object[key] else { return nil }
        return try intValue(value, at: pointer(key), minimum: minimum, maximum: nil)
    }

    func intValue(_ value: Value, at path: @autoclosure () -> String, minimum: Int64?, maximum: Int64?) throws(SignalingError) -> Int64 {
        guard let int = value.intValue else {
            throw fieldError(code, path(), "expected an integer, got \(value.kindDescription)")
        }
        if let minimum, let maximum, !(minimum...maximum).contains(int) {
            throw fieldError(code, path(), "\(int) is outside \(minimum)...\(maximum)")
        }
        if let minimum, int < minimum {
            throw fieldError(code, path(), "\(int) is less than the minimum \(minimum)")
        }
        if let maximum, int > maximum {
            throw fieldError(code, path(), "\(int) is more than the maximum \(maximum)")
        }
        return int
    }

    func bool(_ key: String) throws(SignalingError) -> Bool {
        let value = try value(key)
        guard let bool = value.boolValue else {
            throw error(key, "expected a boolean, got \(value.kindDescription)")
        }
        return bool
    }

    func optionalBool(_ key: String) throws(SignalingError) -> Bool? {
        guard object[key] != nil else { return nil }
        return try bool(key)
    }

    /// A string that must be the raw value of one of `T`'s cases.
    func enumeration<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(SignalingError) -> T
    where T.RawValue == String {
        try enumerationValue(try value(key), at: pointer(key), type)
    }

    func optionalEnumeration<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(SignalingError) -> T?
    where T.RawValue == String {
        guard let value = object[key] else { return nil }
        return try enumerationValue(value, at: pointer(key), type)
    }

    func enumerationValue<T: RawRepresentable & CaseIterable>(
        _ value: Value, at path: @autoclosure () -> String, _ type: T.Type
    ) throws(SignalingError) -> T where T.RawValue == String {
        let raw = try stringValue(value, at: path())
        guard let result = T(rawValue: raw) else {
            throw fieldError(code, path(), "\(quoted(raw)) is not one of \(choiceList(T.allCases.map(\.rawValue)))")
        }
        return result
    }

    // MARK: Times

    /// Milliseconds since 1970, not negative.
    func timestamp(_ key: String) throws(SignalingError) -> Timestamp {
        Timestamp(millisecondsSince1970: try int(key, minimum: 0))
    }

    func optionalTimestamp(_ key: String) throws(SignalingError) -> Timestamp? {
        try optionalInt(key, minimum: 0).map { Timestamp(millisecondsSince1970: $0) }
    }

    /// A duration in whole milliseconds, not negative.
    func duration(_ key: String) throws(SignalingError) -> Duration {
        .milliseconds(try int(key, minimum: 0))
    }

    func optionalDuration(_ key: String) throws(SignalingError) -> Duration? {
        try optionalInt(key, minimum: 0).map { .milliseconds($0) }
    }

    /// A count (a limit of the policy), not negative.
    func count(_ key: String) throws(SignalingError) -> Int {
        Int(try int(key, minimum: 0))
    }

    // MARK: Containers

    func object(_ key: String) throws(SignalingError) -> JSONReader {
        try JSONReader(try value(key), path: pointer(key), code: code)
    }

    func optionalObject(_ key: String) throws(SignalingError) -> JSONReader? {
        guard let value = object[key] else { return nil }
        return try JSONReader(value, path: pointer(key), code: code)
    }

    /// The array `key`, checked to be one.
    private func array(_ key: String) throws(SignalingError) -> Value {
        let value = try value(key)
        guard value.elementCount != nil else {
            throw error(key, "expected an array, got \(value.kindDescription)")
        }
        return value
    }

    /// The elements of the array `key` decoded one by one; `decode` gets each element and its pointer
    /// (spelled out only when called).
    func list<T>(_ key: String, _ decode: (Value, () -> String) throws(SignalingError) -> T) throws(SignalingError) -> [T] {
        try elements(try array(key), at: pointer(key), decode)
    }

    func optionalList<T>(_ key: String, _ decode: (Value, () -> String) throws(SignalingError) -> T) throws(SignalingError) -> [T]? {
        guard object[key] != nil else { return nil }
        return try list(key, decode)
    }

    private func elements<T>(
        _ array: Value, at path: @autoclosure () -> String, _ decode: (Value, () -> String) throws(SignalingError) -> T
    ) throws(SignalingError) -> [T] {
        var result: [T] = []
        result.reserveCapacity(array.elementCount ?? 0)
        // The path is only read on an error, while this call runs; it never escapes.
        try withoutActuallyEscaping(path) { (path) throws(SignalingError) in
            try array.forEachElement { (index, element) throws(SignalingError) in
                result.append(try decode(element, { "\(path())/\(index)" }))
            }
        }
        return result
    }

    /// An array of objects, each decoded through a reader.
    func objects<T>(_ key: String, _ decode: (JSONReader) throws(SignalingError) -> T) throws(SignalingError) -> [T] {
        let code = code
        return try list(key) { (element, path) throws(SignalingError) in
            try decode(try JSONReader(element, path: path(), code: code))
        }
    }

    func strings(_ key: String) throws(SignalingError) -> [String] {
        try list(key) { (element, path) throws(SignalingError) in try stringValue(element, at: path()) }
    }

    func optionalStrings(_ key: String) throws(SignalingError) -> [String]? {
        try optionalList(key) { (element, path) throws(SignalingError) in try stringValue(element, at: path()) }
    }

    func users(_ key: String) throws(SignalingError) -> [UserID] {
        try strings(key).map(UserID.init(rawValue:))
    }

    func optionalUsers(_ key: String) throws(SignalingError) -> [UserID]? {
        try optionalStrings(key)?.map(UserID.init(rawValue:))
    }

    /// An object whose members are all strings.
    func stringMap(_ key: String) throws(SignalingError) -> [String: String] {
        let reader = try object(key)
        var result: [String: String] = [:]
        result.reserveCapacity(reader.object.count)
        try reader.object.forEachMember { (member, value) throws(SignalingError) in
            result[member] = try reader.stringValue(value, at: reader.pointer(member))
        }
        return result
    }

    func optionalStringMap(_ key: String) throws(SignalingError) -> [String: String]? {
        guard object[key] != nil else { return nil }
        return try stringMap(key)
    }
}

// MARK: Error helpers

/// An error with `code` about the value at `path` (`""` is the root, shown as `/`).
func fieldError(_ code: ServiceErrorCode, _ path: String, _ message: String) -> SignalingError {
    SignalingError(code, "\(path.isEmpty ? "/" : path): \(message)")
}

/// RFC 6901: `~` becomes `~0` and `/` becomes `~1`.
func escapePointer(_ key: String) -> String {
    guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
    return key.replacing("~", with: "~0").replacing("/", with: "~1")
}

/// A string as error messages show it: quoted, cut after 40 characters.
func quoted(_ string: String) -> String {
    let shown = string.utf8.count > 40 ? String(string.prefix(40)) + "..." : string
    return "\"" + shown + "\""
}

/// `"a", "b", "c"`.
func choiceList(_ names: some Sequence<String>) -> String {
    names.map { "\"\($0)\"" }.joined(separator: ", ")
}
