import SwitchboardJSON

/// SplitMix64: tiny, fast and fully determined by its seed, so a failing document can be
/// regenerated from the seed printed with the failure.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random JSON documents aimed at the awkward corners: strings from every Unicode plane with
/// escapes, control characters and NUL; integers at and near the Int64 edges; doubles across all
/// magnitudes including subnormals, integral values, powers of two and -0.0.
struct RandomJSON {
    var rng: SplitMix64
    var maxDepth: Int
    var maxContainerCount: Int
    /// Whether strings may contain U+FEFF (see OracleTests for why one direction avoids it).
    var allowByteOrderMark = true

    init(seed: UInt64, maxDepth: Int = 6, maxContainerCount: Int = 6) {
        rng = SplitMix64(seed: seed)
        self.maxDepth = maxDepth
        self.maxContainerCount = maxContainerCount
    }

    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        Int.random(in: 0..<denominator, using: &rng) < numerator
    }

    /// A document whose root is a container most of the time.
    mutating func document() -> JSONValue {
        chance(1, in: 10) ? scalar() : container(depth: 1)
    }

    mutating func value(depth: Int) -> JSONValue {
        if depth < maxDepth, chance(1, in: 3) {
            return container(depth: depth)
        }
        return scalar()
    }

    mutating func container(depth: Int) -> JSONValue {
        let count = Int.random(in: 0...maxContainerCount, using: &rng)
        if chance(1, in: 2) {
            return .array((0..<count).map { _ in value(depth: depth + 1) })
        }
        var object = JSONObject()
        // Keys stay distinct under Swift's canonical equivalence too: Foundation's [String: Any]
        // would merge "\u{E9}" and "e\u{301}", which JSON (and this module) keep apart.
        var seen = Set<String>()
        for _ in 0..<count {
            let key = string(allowNUL: false)
            guard seen.insert(key).inserted else { continue }
            object[key] = value(depth: depth + 1)
        }
        return .object(object)
    }

    mutating func scalar() -> JSONValue {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return .null
        case 1: return .bool(chance(1, in: 2))
        case 2, 3: return .int(integer())
        case 4, 5, 6: return .double(double())
        default: return .string(string(allowNUL: true))
        }
    }

    mutating func integer() -> Int64 {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return [Int64.min, Int64.max, Int64.min + 1, Int64.max - 1, 0, -1, 1].randomElement(using: &rng)!
        case 1: return Int64(bitPattern: rng.next())
        case 2: return Int64.random(in: -1000...1000, using: &rng)
        case 3: return Int64.random(in: -(1 << 53)...(1 << 53), using: &rng)
        default: return Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &rng)
        }
    }

    mutating func double() -> Double {
        while true {
            let candidate: Double
            switch Int.random(in: 0..<10, using: &rng) {
            case 0:
                // Any finite bit pattern: every exponent, subnormals included.
                candidate = Double(bitPattern: rng.next())
            case 1:
                // Subnormals.
                candidate = Double(bitPattern: rng.next() & 0x000F_FFFF_FFFF_FFFF) * (chance(1, in: 2) ? -1 : 1)
            case 2:
                // Short decimals, the common case on the wire (0.1, 12.5, -3.75).
                candidate = Double(Int.random(in: -100_000...100_000, using: &rng)) / [1, 10, 100, 1000, 8].randomElement(using: &rng)!
            case 3:
                // Powers of two across the whole range, where rounding intervals are lopsided.
                let power = Double(sign: chance(1, in: 2) ? .minus : .plus, exponent: Int.random(in: -1074...1023, using: &rng), significand: 1)
                candidate = power
            case 4:
                // Integral values, including beyond 2^53 and 2^63.
                candidate = Double(Int64(bitPattern: rng.next())) * (chance(1, in: 4) ? 1e6 : 1)
            case 5:
                candidate = [0.0, -0.0, 1.0, -1.0, 0.1, 1e308, -1e308, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .leastNormalMagnitude, 1e-7, 1e21, 1e22, 2.5]
                    .randomElement(using: &rng)!
            case 6:
                // Decimal mantissas with exponents across the range.
                candidate = Double(Int.random(in: 1...999_999, using: &rng)) * pow10(Int.random(in: -320...300, using: &rng))
            default:
                candidate = Double.random(in: -1e6...1e6, using: &rng)
            }
            if candidate.isFinite { return candidate }
        }
    }

    private func pow10(_ exponent: Int) -> Double {
        // Exactness does not matter here, only spread.
        var result = 1.0
        let step = exponent < 0 ? 0.1 : 10.0
        for _ in 0..<abs(exponent) { result *= step }
        return result
    }

    mutating func string(allowNUL: Bool) -> String {
        let length = chance(1, in: 8) ? Int.random(in: 20...80, using: &rng) : Int.random(in: 0...8, using: &rng)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            scalars.append(scalar(allowNUL: allowNUL))
        }
        return String(scalars)
    }

    mutating func scalar(allowNUL: Bool) -> Unicode.Scalar {
        while true {
            let value: UInt32
            switch Int.random(in: 0..<12, using: &rng) {
            case 0, 1, 2: value = UInt32.random(in: 0x20...0x7E, using: &rng)
            case 3: value = [0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09].randomElement(using: &rng)!  // " \ / \b \f \n \r \t
            case 4: value = UInt32.random(in: 0x00...0x1F, using: &rng)
            case 5: value = [0x7F, 0x80, 0x9F, 0xA0, 0xAD, 0xFF].randomElement(using: &rng)!
            case 6: value = UInt32.random(in: 0x100...0x7FF, using: &rng)
            case 7: value = UInt32.random(in: 0x800...0xFFFF, using: &rng)
            case 8: value = [0x2028, 0x2029, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x301, 0x200D].randomElement(using: &rng)!
            case 9: value = UInt32.random(in: 0x1_0000...0x1_FFFF, using: &rng)
            case 10: value = [0x1F600, 0x1F469, 0x1F3FD, 0x10FFFF, 0xE0001, 0x2_0000].randomElement(using: &rng)!
            default: value = UInt32.random(in: 0x2_0000...0x10_FFFF, using: &rng)
            }
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            if scalar.value == 0xFEFF, !allowByteOrderMark { continue }
            if scalar.value == 0, !allowNUL { continue }
            return scalar
        }
    }
}
