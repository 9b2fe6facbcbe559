import CJansson

/// Builds a jansson tree from a ``JSONValue`` for the serializer, collecting along the way what
/// the dump needs: the real-number precision and an estimate of the output size.
///
/// Ownership: ``build(_:depth:)`` returns a new reference the caller must release; when it fails
/// it releases everything it had built, at every level, before rethrowing.
struct TreeBuilder {
    /// Why building stopped, with the path to the offending value collected while unwinding
    /// (innermost component first).
    struct Failure: Error {
        var code: JSONError.Code
        var message: String
        var reversedPath: [String] = []
    }

    let maxDepth: Int
    /// The most significant digits any real in the document needs (see ``JSONSerializer``).
    private(set) var realDigits = 1
    /// Reals that are powers of two: the only ones whose shortest digits might not read back
    /// when printed with `%.<realDigits>g` (see ``realPrecision``). It happens: 2^-1017, whose
    /// shortest spelling has 16 digits, prints below its rounding interval with `%.16g`.
    private var powersOfTwo: [Double] = []
    /// A rough output size, so the dump usually fits the first buffer.
    private(set) var estimatedBytes = 0

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    /// The `%.Ng` precision for this document: the largest shortest-round-trip digit count of any
    /// real, raised (rarely) until every power of two also reads back exactly. 17 always does.
    var realPrecision: Int {
        var precision = realDigits
        while precision < 17, powersOfTwo.contains(where: { sb_real_round_trips($0, Int32(precision)) == 0 }) {
            precision += 1
        }
        return precision
    }

    /// A new reference to a tree for `value`, at `depth` (the root is at depth 1).
    mutating func build(_ value: JSONValue, depth: Int = 1) throws(Failure) -> UnsafeMutablePointer<json_t> {
        if depth > maxDepth {
            throw Failure(code: .tooDeep, message: "value nested deeper than the limit of \(maxDepth) levels")
        }
        switch value {
        case .null:
            estimatedBytes += 4
            return try allocated(json_null())
        case .bool(let flag):
            estimatedBytes += 5
            return try allocated(flag ? json_true() : json_false())
        case .int(let integer):
            estimatedBytes += 20
            return try allocated(json_integer(json_int_t(integer)))
        case .double(let real):
            guard real.isFinite else {
                throw Failure(code: .nonFiniteNumber, message: "\(real) cannot be written in JSON: JSON has no NaN or infinities")
            }
            noteReal(real)
            estimatedBytes += 24
            return try allocated(json_real(real))
        case .string(let string):
            return try StringBytes.withUTF8(string) { (bytes) throws(Failure) in
                estimatedBytes += bytes.count + bytes.count / 8 + 2
                // _nocheck: Swift strings are valid UTF-8 already; the length-aware call keeps
                // embedded U+0000.
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return try allocated(json_stringn_nocheck("", 0))
                }
                return try allocated(base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    json_stringn_nocheck($0, bytes.count)
                })
            }
        case .array(let elements):
            let array = try allocated(json_array())
            estimatedBytes += 2 + elements.count
            for (index, element) in elements.enumerated() {
                do throws(Failure) {
                    let child = try build(element, depth: depth + 1)
                    // Steals the reference, and releases it itself if appending fails.
                    if json_array_append_new(array, child) != 0 {
                        throw Failure(code: .outOfMemory, message: "jansson could not grow an array")
                    }
                } catch {
                    sb_json_decref(array)
                    var failure = error
                    failure.reversedPath.append(String(index))
                    throw failure
                }
            }
            return array
        case .object(let object):
            let tree = try allocated(json_object())
            estimatedBytes += 2 + object.count
            for member in object {
                do throws(Failure) {
                    try add(member, to: tree, depth: depth)
                } catch {
                    sb_json_decref(tree)
                    var failure = error
                    failure.reversedPath.append(member.key)
                    throw failure
                }
            }
            return tree
        }
    }

    private mutating func add(_ member: JSONObject.Element, to object: UnsafeMutablePointer<json_t>, depth: Int) throws(Failure) {
        try StringBytes.withUTF8(member.key) { (key) throws(Failure) in
            if key.contains(0) {
                throw Failure(
                    code: .nulInObjectKey,
                    message: "object key contains U+0000, which jansson cannot parse back")
            }
            estimatedBytes += key.count + key.count / 8 + 3
            let child = try build(member.value, depth: depth + 1)
            // Steals the child reference, releasing it if the insert fails. _nocheck: the key is
            // valid UTF-8; the length-aware call avoids a strlen per key.
            let status: Int32
            if let base = key.baseAddress, !key.isEmpty {
                status = base.withMemoryRebound(to: CChar.self, capacity: key.count) {
                    json_object_setn_new_nocheck(object, $0, key.count, child)
                }
            } else {
                status = json_object_setn_new_nocheck(object, "", 0, child)
            }
            if status != 0 {
                throw Failure(code: .outOfMemory, message: "jansson could not grow an object")
            }
        }
    }

    private mutating func noteReal(_ real: Double) {
        let digits = Self.shortestDigits(real)
        if digits > realDigits { realDigits = digits }
        if digits < 17, real.significandBitPattern == 0, real.isNormal, !Self.exactPowersOfTwo.contains(real.exponent) {
            powersOfTwo.append(real)
        }
    }

    /// Exponents of the powers of two whose exact decimal expansion has at most 15 significant
    /// digits (2^49 ≈ 5.6e14; 2^-21 = 5^21 / 10^21, and 5^21 has 15 digits). For those the
    /// shortest spelling is the exact value (any other decimal that short is further away than
    /// half an ulp), so every precision from it up prints the exact value: nothing to check for
    /// the common 0.5, 1.0, 2.0, 1024.0.
    static let exactPowersOfTwo = -21...49

    /// The number of significant digits in Swift's shortest round-trip spelling of `real`
    /// (`Double.description`): its mantissa digits without leading zeros and without trailing
    /// zeros after the decimal point. `0.1` → 1, `1.05` → 3, `5e-324` → 1, `1e+16` → 1, and
    /// `150.0` → 3: zeros before the point count, so that `%.3g` writes `150` rather than the
    /// `1.5e+02` that 2 digits would give, matching how `description` spells it. At least 1.
    static func shortestDigits(_ real: Double) -> Int {
        var digits = 0
        var trailingZeros = 0
        var seenNonZero = false
        var afterPoint = false
        for byte in real.description.utf8 {
            switch byte {
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                return max(digits - trailingZeros, 1)
            case UInt8(ascii: "."):
                afterPoint = true
            case UInt8(ascii: "0"):
                if seenNonZero {
                    digits += 1
                    if afterPoint { trailingZeros += 1 }
                }
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                seenNonZero = true
                digits += 1
                trailingZeros = 0
            default:
                break
            }
        }
        return max(digits - trailingZeros, 1)
    }

    private func allocated(_ json: UnsafeMutablePointer<json_t>?) throws(Failure) -> UnsafeMutablePointer<json_t> {
        guard let json else { throw Failure(code: .outOfMemory, message: "jansson could not allocate a value") }
        return json
    }
}
