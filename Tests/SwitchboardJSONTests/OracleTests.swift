import Foundation
import SwitchboardJSON
import Testing

/// Differential tests against Foundation's JSONSerialization, an independent implementation, on
/// thousands of seeded random documents (see RandomJSON). A failure names its seed; regenerate
/// the document with `RandomJSON(seed: seed).document()`.
///
/// Where the two legitimately differ, the comparison allows for it:
/// - JSONSerialization writes integral doubles without a fraction (`1.0` → `1`, `-0.0` → `-0`),
///   so reading its output gives `.int`: compared by numeric value, and -0.0 comes back as the
///   integer 0 without its sign. Our serializer keeps `.0` (`1.0`, `-0.0`).
/// - On Linux it reads `-9223372036854775808` as an NSDecimalNumber rather than an Int64-backed
///   NSNumber: integers are compared by their decimal text.
/// - Reading, it drops a U+FEFF that starts a run of unescaped characters (at the start of a
///   string or right after an escape: `"\u0015\u{FEFF}b"` reads as `"\u{15}b"`), treating it as a
///   byte order mark. So (a) generates no U+FEFF; (b), (c) and ParserValueTests cover it.
/// - Reading, it keeps numbers with long mantissas as NSDecimalNumber (see `mismatch`).
/// - Its dictionaries key by Swift String equality (canonical equivalence), so the generator
///   never puts two canonically equivalent keys in one object; this module keeps them apart.
///
/// Differences on inputs outside the generator's range (checked in the suites named):
/// duplicate keys (JSONSerialization keeps the last; we reject, ParserErrorTests), a leading
/// byte order mark (it skips one; we reject), NUL in keys (it accepts; we reject), integers
/// beyond Int64 (it returns UInt64 or NSDecimalNumber; we reject). Both reject lone surrogates,
/// NaN/Infinity and 1e400, and both read 1e-400 as 0.
@Suite("Oracle: Foundation JSONSerialization")
struct OracleTests {
    static let documentCount: UInt64 = 3_000
    let serializer = JSONSerializer()
    let parser = JSONParser(limits: .maximum)

    /// (a) Our serializer's output, read by JSONSerialization, gives the same values.
    @Test func foundationReadsOurOutput() throws {
        for seed in 1...Self.documentCount {
            var generator = RandomJSON(seed: seed)
            generator.allowByteOrderMark = false
            let value = generator.document()
            let bytes = try serializer.serializeBytes(value)
            let theirs: Any
            do {
                theirs = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            } catch {
                Issue.record("seed \(seed): JSONSerialization rejected our output: \(error)\n\(String(decoding: bytes, as: UTF8.self))")
                continue
            }
            if let mismatch = Self.mismatch(value, theirs, path: "") {
                Issue.record("seed \(seed): \(mismatch)")
            }
        }
    }

    /// (b) JSONSerialization's output for the same document, read by our parser.
    @Test func weReadFoundationOutput() throws {
        for seed in 1...Self.documentCount {
            var generator = RandomJSON(seed: seed &+ 1_000_000)
            let value = generator.document()
            let data = try JSONSerialization.data(withJSONObject: Self.foundationObject(value), options: [.fragmentsAllowed])
            let ours: JSONValue
            do {
                ours = try parser.parse(bytes: Array(data))
            } catch {
                Issue.record("seed \(seed &+ 1_000_000): we rejected JSONSerialization's output: \(error)\n\(String(decoding: data, as: UTF8.self))")
                continue
            }
            if let mismatch = Self.mismatchAfterFoundationWrite(value, ours, path: "") {
                Issue.record("seed \(seed &+ 1_000_000): \(mismatch)")
            }
        }
    }

    /// (c) Our own round trip is the identity: same types, same bits, same key order.
    @Test func ourRoundTripIsTheIdentity() throws {
        let sorted = JSONSerializer(sortedKeys: true)
        for seed in 1...Self.documentCount {
            var generator = RandomJSON(seed: seed &+ 2_000_000)
            let value = generator.document()
            let text = try serializer.serialize(value)
            let back = try parser.parse(text)
            #expect(identical(back, value), "seed \(seed &+ 2_000_000): \(text)")
            #expect(try serializer.serialize(back) == text, "seed \(seed &+ 2_000_000)")
            // Sorted output is the same value (objects compare without order).
            #expect(try parser.parse(sorted.serialize(value)) == value, "seed \(seed &+ 2_000_000)")
        }
    }

    // MARK: - Comparison

    static func foundationObject(_ value: JSONValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let flag): return NSNumber(value: flag)
        case .int(let integer): return NSNumber(value: integer)
        case .double(let real): return NSNumber(value: real)
        case .string(let string): return string
        case .array(let elements): return elements.map(foundationObject)
        case .object(let object):
            return Dictionary(uniqueKeysWithValues: object.map { ($0.key, foundationObject($0.value)) })
        }
    }

    /// How JSONSerialization's reading of our output differs from `ours`, or nil.
    static func mismatch(_ ours: JSONValue, _ theirs: Any, path: String) -> String? {
        let number = theirs as? NSNumber
        let type = number.map { String(cString: $0.objCType) }
        switch ours {
        case .null:
            return theirs is NSNull ? nil : "\(path): null became \(theirs)"
        case .bool(let flag):
            return type == "c" && number?.boolValue == flag ? nil : "\(path): \(flag) became \(theirs)"
        case .int(let integer):
            // By decimal text: covers Int64-backed numbers and the NSDecimalNumber it uses for
            // integers near Int64.min.
            guard let number, number is NSDecimalNumber || !["c", "d", "f"].contains(type) else {
                return "\(path): int \(integer) became \(theirs) (\(type ?? "not a number"))"
            }
            return number.stringValue == String(integer) ? nil : "\(path): int \(integer) became \(number.stringValue)"
        case .double(let real):
            guard let number, type == "d" else {
                return "\(path): double \(real) became \(theirs) (\(type ?? "not a number"))"
            }
            // For long mantissas it keeps the exact decimal in an NSDecimalNumber, whose
            // doubleValue is not correctly rounded on Linux (3.2944368572595385e-83 reads back
            // as ...541e-83); the decimal text, read by Swift, is.
            let value = number is NSDecimalNumber ? Double(number.stringValue) : number.doubleValue
            return value?.bitPattern == real.bitPattern ? nil : "\(path): double \(real) became \(number.stringValue)"
        case .string(let string):
            guard let other = theirs as? String, other.utf8.elementsEqual(string.utf8) else {
                return "\(path): string \(string.debugDescription) became \(theirs)"
            }
            return nil
        case .array(let elements):
            guard let other = theirs as? [Any], other.count == elements.count else {
                return "\(path): array of \(elements.count) became \(theirs)"
            }
            for (index, element) in elements.enumerated() {
                if let mismatch = mismatch(element, other[index], path: "\(path)/\(index)") { return mismatch }
            }
            return nil
        case .object(let object):
            guard let other = theirs as? [String: Any], other.count == object.count else {
                return "\(path): object of \(object.count) became \(theirs)"
            }
            for member in object {
                guard let value = other[member.key] else { return "\(path): key \(member.key.debugDescription) missing" }
                if let mismatch = mismatch(member.value, value, path: "\(path)/\(member.key)") { return mismatch }
            }
            return nil
        }
    }

    /// How our reading of JSONSerialization's output of `original` differs from it, allowing for
    /// the integral-double spelling described on the suite.
    static func mismatchAfterFoundationWrite(_ original: JSONValue, _ ours: JSONValue, path: String) -> String? {
        switch (original, ours) {
        case (.double(let real), .double(let parsed)):
            return real.bitPattern == parsed.bitPattern ? nil : "\(path): double \(real) came back as \(parsed)"
        case (.double(let real), .int(let parsed)):
            // Integral doubles lose their fraction, and -0.0 its sign: "-0" is the integer 0.
            return real == real.rounded() && Double(parsed) == real ? nil : "\(path): double \(real) came back as int \(parsed)"
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return "\(path): array count \(a.count) → \(b.count)" }
            for index in a.indices {
                if let mismatch = mismatchAfterFoundationWrite(a[index], b[index], path: "\(path)/\(index)") { return mismatch }
            }
            return nil
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return "\(path): object count \(a.count) → \(b.count)" }
            for member in a {
                guard let value = b[member.key] else { return "\(path): key \(member.key.debugDescription) missing" }
                if let mismatch = mismatchAfterFoundationWrite(member.value, value, path: "\(path)/\(member.key)") { return mismatch }
            }
            return nil
        default:
            return original == ours ? nil : "\(path): \(original) came back as \(ours)"
        }
    }
}
