import SwitchboardCore
import SwitchboardJSON

/// Typed field extraction from one JSON object, with errors that name the offending value by its
/// JSON-Pointer path from the root of the frame (RFC 6901), e.g.
/// `invalid_request: /body/invitees/2: expected a string, got an integer`.
///
/// Every failure is a ``SignalingError`` with the reader's ``code``: ``ServiceErrorCode/invalidFrame``
/// for frame envelopes and anything in a server frame, ``ServiceErrorCode/invalidRequest`` inside a
/// request body. Unknown members are ignored (forward compatibility); `null` is never accepted in place
/// of a value: optional values are omitted, not null.
struct JSONReader {
    let object: JSONObject
    /// The pointer of this object; `""` for the root.
    let path: String
    let code: ServiceErrorCode

    init(object: JSONObject, path: String, code: ServiceErrorCode) {
        self.object = object
        self.path = path
        self.code = code
    }

    /// A reader of `value`, which must be an object.
    init(_ value: JSONValue, path: String, code: ServiceErrorCode) throws(SignalingError) {
        guard case .object(let object) = value else {
            throw Self.error(code, path, "expected an object, got \(value.kindDescription)")
        }
        self.init(object: object, path: path, code: code)
    }

    // MARK: Errors

    static func error(_ code: ServiceErrorCode, _ path: String, _ message: String) -> SignalingError {
        SignalingError(code, "\(path.isEmpty ? "/" : path): \(message)")
    }

    /// The pointer of the member `key`.
    func pointer(_ key: String) -> String {
        path + "/" + Self.escape(key)
    }

    /// An error about the member `key` (or about this object when `key` is nil).
    func error(_ key: String?, _ message: String) -> SignalingError {
        Self.error(code, key.map(pointer) ?? path, message)
    }

    /// RFC 6901: `~` becomes `~0` and `/` becomes `~1`.
    static func escape(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        return key.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    // MARK: Presence

    func has(_ key: String) -> Bool {
        object[key] != nil
    }

    /// The member `key`, which must be present.
    func value(_ key: String) throws(SignalingError) -> JSONValue {
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

    func stringValue(_ value: JSONValue, at path: String) throws(SignalingError) -> String {
        guard case .string(let string) = value else {
            throw Self.error(code, path, "expected a string, got \(value.kindDescription)")
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

    func intValue(_ value: JSONValue, at path: String, minimum: Int64?, maximum: Int64?) throws(SignalingError) -> Int64 {
        guard case .int(let int) = value else {
            throw Self.error(code, path, "expected an integer, got \(value.kindDescription)")
        }
        if let minimum, let maximum, !(minimum...maximum).contains(int) {
            throw Self.error(code, path, "\(int) is outside \(minimum)...\(maximum)")
        }
        if let minimum, int < minimum {
            throw Self.error(code, path, "\(int) is less than the minimum \(minimum)")
        }
        if let maximum, int > maximum {
            throw Self.error(code, path, "\(int) is more than the maximum \(maximum)")
        }
        return int
    }

    func bool(_ key: String) throws(SignalingError) -> Bool {
        let value = try value(key)
        guard case .bool(let bool) = value else {
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

    func enumerationValue<T: RawRepresentable & CaseIterable>(_ value: JSONValue, at path: String, _ type: T.Type) throws(SignalingError) -> T
    where T.RawValue == String {
        let raw = try stringValue(value, at: path)
        guard let result = T(rawValue: raw) else {
            throw Self.error(code, path, "\(Self.quote(raw)) is not one of \(Self.choices(T.allCases.map(\.rawValue)))")
        }
        return result
    }

    static func quote(_ string: String) -> String {
        let shown = string.utf8.count > 40 ? String(string.prefix(40)) + "..." : string
        return "\"" + shown + "\""
    }

    static func choices(_ names: some Sequence<String>) -> String {
        names.map { "\"\($0)\"" }.joined(separator: ", ")
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

    func array(_ key: String) throws(SignalingError) -> [JSONValue] {
        let value = try value(key)
        guard case .array(let array) = value else {
            throw error(key, "expected an array, got \(value.kindDescription)")
        }
        return array
    }

    func optionalArray(_ key: String) throws(SignalingError) -> [JSONValue]? {
        guard object[key] != nil else { return nil }
        return try array(key)
    }

    /// The elements of the array `key` decoded one by one; `decode` gets each element and its pointer.
    func list<T>(_ key: String, _ decode: (JSONValue, String) throws(SignalingError) -> T) throws(SignalingError) -> [T] {
        try elements(try array(key), at: pointer(key), decode)
    }

    func optionalList<T>(_ key: String, _ decode: (JSONValue, String) throws(SignalingError) -> T) throws(SignalingError) -> [T]? {
        guard let array = try optionalArray(key) else { return nil }
        return try elements(array, at: pointer(key), decode)
    }

    func elements<T>(_ array: [JSONValue], at path: String, _ decode: (JSONValue, String) throws(SignalingError) -> T) throws(SignalingError) -> [T] {
        var result: [T] = []
        result.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            result.append(try decode(element, "\(path)/\(index)"))
        }
        return result
    }

    /// An array of objects, each decoded through a reader.
    func objects<T>(_ key: String, _ decode: (JSONReader) throws(SignalingError) -> T) throws(SignalingError) -> [T] {
        let code = code
        return try list(key) { (element, path) throws(SignalingError) in
            try decode(try JSONReader(element, path: path, code: code))
        }
    }

    func strings(_ key: String) throws(SignalingError) -> [String] {
        try list(key) { (element, path) throws(SignalingError) in try stringValue(element, at: path) }
    }

    func optionalStrings(_ key: String) throws(SignalingError) -> [String]? {
        try optionalList(key) { (element, path) throws(SignalingError) in try stringValue(element, at: path) }
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
        for (member, value) in reader.object {
            result[member] = try reader.stringValue(value, at: reader.pointer(member))
        }
        return result
    }

    func optionalStringMap(_ key: String) throws(SignalingError) -> [String: String]? {
        guard object[key] != nil else { return nil }
        return try stringMap(key)
    }
}

extension JSONValue {
    /// "a string", "an integer"... for error messages.
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
}

/// Builds a JSON object member by member; optional members are left out when nil.
struct ObjectBuilder {
    var members: [(String, JSONValue)] = []

    init(capacity: Int = 8) {
        members.reserveCapacity(capacity)
    }

    mutating func add(_ key: String, _ value: JSONValue) {
        members.append((key, value))
    }

    mutating func add(_ key: String, _ value: String) {
        members.append((key, .string(value)))
    }

    mutating func add(_ key: String, _ value: String?) {
        if let value { members.append((key, .string(value))) }
    }

    mutating func add(_ key: String, _ value: Int64) {
        members.append((key, .int(value)))
    }

    mutating func add(_ key: String, _ value: Int) {
        members.append((key, .int(Int64(value))))
    }

    mutating func add(_ key: String, _ value: Bool) {
        members.append((key, .bool(value)))
    }

    mutating func add(_ key: String, _ value: Timestamp) {
        members.append((key, .int(value.millisecondsSince1970)))
    }

    mutating func add(_ key: String, _ value: Timestamp?) {
        if let value { members.append((key, .int(value.millisecondsSince1970))) }
    }

    /// A duration as whole milliseconds (the key carries the `Ms` suffix).
    mutating func add(_ key: String, _ value: Duration) {
        members.append((key, .int(value.wholeMilliseconds)))
    }

    mutating func add(_ key: String, _ value: Duration?) {
        if let value { members.append((key, .int(value.wholeMilliseconds))) }
    }

    mutating func add<T: RawRepresentable>(_ key: String, _ value: T) where T.RawValue == String {
        members.append((key, .string(value.rawValue)))
    }

    mutating func add<T: RawRepresentable>(_ key: String, _ value: T?) where T.RawValue == String {
        if let value { members.append((key, .string(value.rawValue))) }
    }

    mutating func add(_ key: String, users: [UserID]) {
        members.append((key, .array(users.map { .string($0.rawValue) })))
    }

    var value: JSONValue {
        .object(JSONObject(members))
    }
}
