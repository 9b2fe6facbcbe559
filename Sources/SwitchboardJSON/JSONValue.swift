/// A JSON value, as carried in every Switchboard wire frame.
///
/// Numbers keep the distinction JSON text makes: a number written without a fraction or exponent
/// is an ``int(_:)`` (it must fit in `Int64`; the parser never degrades a larger one to a
/// `Double`), anything else is a ``double(_:)``. The serializer keeps that distinction too: a
/// `.double` is always written with a `.` or an exponent, so it reads back as a `.double`.
///
/// ## Equality and hashing
/// - Strings (and object keys) compare by their UTF-8 bytes, as JSON and jansson do, not by
///   Swift's Unicode canonical equivalence: `"\u{E9}"` and `"e\u{301}"` are different JSON
///   strings, and two such keys may sit side by side in one object.
/// - `.int(1)` and `.double(1)` are different values.
/// - Doubles compare numerically, so `.double(0.0) == .double(-0.0)`; NaN equals NaN so that
///   `Hashable` stays lawful (JSON text can carry neither NaN nor infinities, see ``JSONParser``).
/// - Objects compare and hash without regard to member order (see ``JSONObject``).
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue: Hashable {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b || (a.isNaN && b.isNaN)
        case (.string(let a), .string(let b)): return StringBytes.equal(a, b)
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let b):
            hasher.combine(1 as UInt8)
            hasher.combine(b)
        case .int(let i):
            hasher.combine(2 as UInt8)
            hasher.combine(i)
        case .double(let d):
            hasher.combine(3 as UInt8)
            // Equal values must hash alike: one hash for every NaN, and 0.0/-0.0 together.
            hasher.combine(d.isNaN ? Double.nan.bitPattern : (d == 0 ? 0 : d.bitPattern))
        case .string(let s):
            hasher.combine(4 as UInt8)
            StringBytes.hash(s, into: &hasher)
        case .array(let a):
            hasher.combine(5 as UInt8)
            hasher.combine(a)
        case .object(let o):
            hasher.combine(6 as UInt8)
            hasher.combine(o)
        }
    }
}
