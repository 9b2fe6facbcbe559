import CJansson
import Testing

@testable import SwitchboardJSON

/// The per-document real precision (see JSONSerializer): shortest digits, exact round trips.
@Suite("Real numbers")
struct RealNumberTests {
    let serializer = JSONSerializer()
    let parser = JSONParser(limits: .maximum)

    @Test(arguments: [
        (0.1, "0.1"),
        (1.0, "1.0"),
        (100.0, "100.0"),
        (150.0, "150.0"),
        (2.5, "2.5"),
        (-0.0, "-0.0"),
        (0.0, "0.0"),
        (1e16, "1e16"),
        (1e-5, "1e-5"),
        (0.0001, "0.0001"),
        (1e21, "1e21"),
        (1e308, "1e308"),
        (Double.leastNonzeroMagnitude, "5e-324"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e308"),
        (Double.leastNormalMagnitude, "2.2250738585072014e-308"),
        (1.0 / 3.0, "0.3333333333333333"),
        (123456789.125, "123456789.125"),
        (9007199254740992.0, "9007199254740992.0"),
        (1e15, "1000000000000000.0"),
        (-12.75, "-12.75"),
    ])
    func spelling(value: Double, text: String) throws {
        #expect(try serializer.serialize(.double(value)) == text)
        let back = try parser.parse(text)
        guard case .double(let parsed) = back else {
            Issue.record("\(text) parsed as \(back), not a Double")
            return
        }
        #expect(parsed.bitPattern == value.bitPattern)
    }

    @Test func precisionIsChosenPerDocument() throws {
        // Short reals alone stay short; %g drops trailing zeros, so 16 digits cost 0.1 nothing.
        #expect(try serializer.serialize([0.1, 0.25]) == "[0.1,0.25]")
        #expect(try serializer.serialize([0.1, .double(1.0 / 3.0)]) == "[0.1,0.3333333333333333]")
        // A value needing 17 digits lengthens the others: the documented cost of one format.
        #expect(try serializer.serialize([0.1, 0.30000000000000004]) == "[0.10000000000000001,0.30000000000000004]")
        // Separate documents are independent.
        #expect(try serializer.serialize([0.1]) == "[0.1]")
    }

    @Test func shortestDigitCounting() {
        #expect(TreeBuilder.shortestDigits(0.1) == 1)
        #expect(TreeBuilder.shortestDigits(150.0) == 3)
        #expect(TreeBuilder.shortestDigits(1.05) == 3)
        #expect(TreeBuilder.shortestDigits(0.001) == 1)
        #expect(TreeBuilder.shortestDigits(.leastNonzeroMagnitude) == 1)
        #expect(TreeBuilder.shortestDigits(1e16) == 1)
        #expect(TreeBuilder.shortestDigits(-0.0) == 1)
        #expect(TreeBuilder.shortestDigits(0.30000000000000004) == 17)
        #expect(TreeBuilder.shortestDigits(.greatestFiniteMagnitude) == 17)
    }

    /// A .double always reads back as a .double with the same bits, including -0.0's sign.
    @Test func doublesNeverComeBackAsIntegers() throws {
        for value in [0.0, -0.0, 1.0, -1.0, 1e2, 1e15, 1e16, 1e300, 4096.0, 9.223372036854775807e18] {
            let text = try serializer.serialize(.double(value))
            #expect(text.contains(".") || text.contains("e"), "\(text)")
            #expect(identical(try parser.parse(text), .double(value)), "\(text)")
        }
    }

    /// Every power of two, where the rounding interval is lopsided: alone, and in a document
    /// whose precision is set by another value, each must read back exactly.
    @Test func everyPowerOfTwoRoundTrips() throws {
        var failures: [Double] = []
        for exponent in -1074...1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            for value in [power, -power] {
                if !roundTrips(.double(value)) { failures.append(value) }
                for companion in [0.1, 1.5, 1.0 / 3.0, 0.30000000000000004, 123.456] {
                    if !roundTrips([.double(companion), .double(value)]) { failures.append(value) }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// Why the serializer checks powers of two: printing the shortest digits is not always
    /// enough next to one. 2^-1017's shortest spelling has 16 digits, but `%.16g` rounds it to a
    /// decimal below the (half-size) lower half of its rounding interval. The serializer then
    /// uses 17 digits. And the exponents it exempts from the check never need one.
    @Test func shortestDigitsAloneFailNextToSomePowersOfTwo() throws {
        let power = Double(sign: .plus, exponent: -1017, significand: 1)
        #expect(TreeBuilder.shortestDigits(power) == 16)
        #expect(sb_real_round_trips(power, 16) == 0)
        let text = try serializer.serialize(.double(power))
        #expect(text == "7.1202363472230444e-307")
        #expect(try parser.parse(text) == .double(power))

        var failing: [Int] = []
        for exponent in -1022...1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            for precision in TreeBuilder.shortestDigits(power)...17 where sb_real_round_trips(power, Int32(precision)) == 0 {
                failing.append(exponent)
            }
        }
        #expect(!failing.isEmpty)
        #expect(!failing.contains(where: TreeBuilder.exactPowersOfTwo.contains))
    }

    /// Random doubles across every exponent, alone and in mixed documents.
    @Test func randomDoublesRoundTripExactly() throws {
        for seed in UInt64(1)...40 {
            var generator = RandomJSON(seed: seed)
            var document: [JSONValue] = []
            for _ in 0..<250 {
                let value = generator.double()
                #expect(roundTrips(.double(value)), "seed \(seed): \(value)")
                document.append(.double(value))
            }
            #expect(roundTrips(.array(document)), "seed \(seed)")
        }
        var rng = SplitMix64(seed: 0xD0_0B1E)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: rng.next())
            guard value.isFinite else { continue }
            #expect(roundTrips(.double(value)), "\(value) bits \(value.bitPattern)")
        }
    }

    @Test func integersAtTheEdges() throws {
        for value in [Int64.min, .min + 1, -1, 0, 1, .max - 1, .max] {
            let text = try serializer.serialize(.int(value))
            #expect(text == String(value))
            #expect(try parser.parse(text) == .int(value))
        }
    }

    private func roundTrips(_ value: JSONValue) -> Bool {
        guard let text = try? serializer.serialize(value), let back = try? parser.parse(text) else { return false }
        return identical(back, value)
    }
}
