import Testing

@testable import SwitchboardJSON

/// Depth counts every value from the root, scalars included, as jansson does: `[]` is 1, `[1]` 2.
@Suite("Depth limits")
struct DepthTests {
    static let five = JSONLimits(maxBytes: .max, maxDepth: 5)

    @Test func smallLimitExactlyAtAndOneOver() throws {
        #expect(parseError(nestedArrays(5), limits: Self.five) == nil)
        expectError(nestedArrays(6), .tooDeep, line: 1, column: 6, position: 6, limits: Self.five)
        // A scalar is a level of its own.
        #expect(parseError(nestedArrays(4, around: "1"), limits: Self.five) == nil)
        expectError(nestedArrays(5, around: "1"), .tooDeep, line: 1, column: 6, position: 6, limits: Self.five)
        expectError(nestedArrays(5, around: "-12.5e3"), .tooDeep, line: 1, column: 12, position: 12, limits: Self.five)
        expectError(nestedArrays(5, around: "\"\\\"]\""), .tooDeep, line: 1, column: 10, position: 10, limits: Self.five)
        expectError(nestedArrays(5, around: "true"), .tooDeep, line: 1, column: 9, position: 9, limits: Self.five)
        expectError(nestedArrays(5, around: "{}"), .tooDeep, line: 1, column: 6, position: 6, limits: Self.five)
    }

    @Test func keysDoNotCount() throws {
        // {"a":{"b":{"c":{"d":1}}}}: the 1 is at depth 5.
        let four = "{\"a\":{\"b\":{\"c\":{\"d\":1}}}}"
        #expect(parseError(four, limits: Self.five) == nil)
        let five = "{\"a\":{\"b\":{\"c\":{\"d\":{\"e\":1}}}}}"
        expectError(five, .tooDeep, line: 1, column: 26, position: 26, limits: Self.five)
        // Brackets inside keys and strings are not structure.
        // {"[[[[[[":["]]]]{{{{\"[[",{"}":[[1]]}]}: the 1 is at depth 6.
        let tricky = "{\"[[[[[[\":[\"]]]]{{{{\\\"[[\",{\"}\":[[1]]}]}"
        #expect(parseError(tricky, limits: JSONLimits(maxBytes: .max, maxDepth: 6)) == nil)
        expectError(tricky, .tooDeep, line: 1, column: 34, position: 34, limits: Self.five)
    }

    @Test func escapedQuotesAndBackslashesDoNotConfuseTheScan() {
        let three = JSONLimits(maxBytes: .max, maxDepth: 3)
        // A string ending in an escaped backslash ends at the next quote...
        #expect(parseError(#"["\\",["x"]]"#, limits: three) == nil)
        expectError(#"["\\",[["x"]]]"#, .tooDeep, line: 1, column: 11, position: 11, limits: three)
        // ...one ending in an escaped quote does not.
        #expect(parseError(#"["\"]]]]]]",["x"]]"#, limits: three) == nil)
        #expect(parseError(#"["\\\"[[[[[[\\",["x"]]"#, limits: three) == nil)
        #expect(parseError(#"{"\"{{{{":["\\\\"]}"#, limits: three) == nil)
        // An unterminated string is read to the end of the input, within the limit or beyond it
        // (jansson reads a token before it checks its depth).
        expectError(#"[["\"]]]"#, .prematureEnd, line: 1, column: 8, position: 8, limits: three)
        expectError(#"[[["\"]]]"#, .prematureEnd, line: 1, column: 9, position: 9, limits: three)
    }

    @Test func locationCountsLinesAndCharacters() throws {
        let text = "[\n \"\u{E9}\u{1F600}\",\n [[[[\n  2]]]]]"
        // The 2 is at depth 6: line 4, column 3 (two spaces, then the 2), byte 22 (é and 😀 take
        // one column but two and four bytes).
        expectError(text, .tooDeep, line: 4, column: 3, position: 22, limits: Self.five)
    }

    @Test func limitOfTwoThousandAndFortyEight() throws {
        #expect(parseError(nestedArrays(2048)) == nil)
        expectError(nestedArrays(2049), .tooDeep, line: 1, column: 2049, position: 2049)
        #expect(parseError(nestedArrays(2047, around: "1")) == nil)
        expectError(nestedArrays(2048, around: "1"), .tooDeep, line: 1, column: 2049, position: 2049)
        // Values beyond jansson's limit are clamped to it.
        #expect(parseError(nestedArrays(2049), limits: JSONLimits(maxBytes: .max, maxDepth: 100_000))?.code == .tooDeep)
        #expect(parseError(nestedArrays(2048), limits: JSONLimits(maxBytes: .max, maxDepth: 100_000)) == nil)
    }

    @Test func limitOf2047UsesThePreScan() throws {
        let limits = JSONLimits(maxBytes: .max, maxDepth: 2047)
        #expect(parseError(nestedArrays(2047), limits: limits) == nil)
        expectError(nestedArrays(2048), .tooDeep, line: 1, column: 2048, position: 2048, limits: limits)
    }

    @Test func wireLimit() throws {
        #expect(parseError(nestedArrays(64), limits: .wire) == nil)
        expectError(nestedArrays(65), .tooDeep, line: 1, column: 65, position: 65, limits: .wire)
    }

    @Test func depthOneAllowsOnlyScalarsAndEmptyContainers() {
        let one = JSONLimits(maxBytes: .max, maxDepth: 1)
        #expect(parseError("\"a long string value\"", limits: one) == nil)
        #expect(parseError("[]", limits: one) == nil)
        #expect(parseError("{ }", limits: one) == nil)
        expectError("[1]", .tooDeep, line: 1, column: 2, position: 2, limits: one)
        expectError("{\"a\":1}", .tooDeep, line: 1, column: 6, position: 6, limits: one)
        // Out-of-range limits clamp to 1.
        #expect(parseError("[1]", limits: JSONLimits(maxBytes: .max, maxDepth: 0))?.code == .tooDeep)
    }

    /// The first problem in document order is reported, like a streaming parser would.
    @Test func earlierErrorsWinOverDepth() {
        let three = JSONLimits(maxBytes: .max, maxDepth: 3)
        expectError("[1,,[[[[[[]]]]]]]", .invalidSyntax, line: 1, column: 4, position: 4, limits: three)
        expectError("[\"\\q\",[[[[1]]]]]", .invalidEscape, line: 1, column: 4, position: 4, limits: three)
        expectError("[01,[[[[1]]]]]", .invalidToken, line: 1, column: 2, position: 2, limits: three)
        expectError("{\"a\":1,\"a\":[[[[1]]]]}", .duplicateKey, line: 1, column: 10, position: 10, limits: three)
        #expect(parseError(bytes: [0x5B, 0xFF] + Array("[[[[[1]]]]]".utf8), limits: three)?.code == .invalidUTF8)
        // ...and depth wins over later ones.
        expectError("[[[[1,,]]]]", .tooDeep, line: 1, column: 4, position: 4, limits: three)
        expectError("[[[[1]]]] trailing", .tooDeep, line: 1, column: 4, position: 4, limits: three)
        // A document that is structurally broken before it gets deep reports the break.
        expectError("[1]][[[[[[1]]]]]]", .trailingData, line: 1, column: 4, position: 4, limits: three)
        expectError("{[[[[[[1]]]]]]}", .invalidSyntax, line: 1, column: 2, position: 2, limits: three)
    }

    /// The pre-scan, forced on at 2048, must report exactly what jansson's own limit reports:
    /// same code, line, column and position.
    @Test func preScanMatchesJanssonAtItsOwnLimit() throws {
        var forced = JSONParser(limits: .maximum)
        forced.alwaysScanDepth = true
        let native = JSONParser(limits: .maximum)
        let leaves = ["1", "-0.5e-3", "0", "\"s\\\"]\"", "true", "null", "[]", "{}", "{\"k\":1}", "[1,2]", "\"\u{E9}\""]
        var documents: [String] = []
        for leaf in leaves {
            for depth in [2047, 2048, 2049] {
                documents.append(nestedArrays(depth, around: leaf))
                documents.append("[\"\u{1F600}\",\n " + nestedArrays(depth - 1, around: leaf) + "]")
                documents.append(nestedObjects(depth, around: leaf))
            }
        }
        for document in documents {
            let expected = parseOutcome(native, document)
            let actual = parseOutcome(forced, document)
            #expect(expected == actual, "\(document.prefix(40))…\(document.suffix(40))")
        }
        #expect(documents.contains { parseOutcome(native, $0) == nil })
        #expect(documents.contains { parseOutcome(native, $0)?.code == .tooDeep })
    }

    /// A raw NUL byte after a value too deep for jansson's own limit: the depth comes first in the
    /// document, so it is the error, as with the pre-scan forced on. The parser used to skip the scan
    /// at 2048, read jansson's too-deep error on the text before the NUL as the scan's artefact, and
    /// report the NUL (found by the json fuzz target: Fuzz/regressions/json/).
    @Test func nulAfterTooDeepAtJanssonsLimit() throws {
        var forced = JSONParser(limits: .maximum)
        forced.alwaysScanDepth = true
        let native = JSONParser(limits: .maximum)
        expectError(nestedArrays(2049) + "\u{0}", .tooDeep, line: 1, column: 2049, position: 2049)
        expectError(nestedArrays(2049) + "\u{0}", .tooDeep, line: 1, column: 2049, position: 2049,
                    limits: JSONLimits(maxBytes: .max, maxDepth: 100_000))
        for document in [
            nestedArrays(2049) + "\u{0}", nestedArrays(2048) + "\u{0}", "[" + nestedArrays(2049) + ",\u{0}]",
            String(repeating: "[", count: 2048) + "\u{0}", String(repeating: "[", count: 2049) + "\u{0}",
            "\u{0}" + nestedArrays(2049), nestedArrays(2048, around: "\"\u{0}\""),
        ] {
            #expect(parseOutcome(native, document) == parseOutcome(forced, document), "\(document.prefix(4))…\(document.suffix(4).debugDescription)")
        }
        // The fuzzer's input byte for byte (Fuzz/regressions/json/nul-after-2049-levels): invalid UTF-8
        // and the NUL both come after byte 2049.
        func run(_ byte: Character, _ count: Int) -> [UInt8] { Array(repeating: UInt8(ascii: byte.unicodeScalars.first!), count: count) }
        let input = run("[", 2049) + run("]", 761) + [0xFF, 0xFF, 0xFF, 0xFF] + run("]", 82) + [0x01, 0x00, 0x00, 0x00]
            + run("]", 608) + Array("-0".utf8) + run("]", 588)
        #expect(input.count == 4098)
        #expect(parseOutcome(native, bytes: input) == Outcome(code: .tooDeep, line: 1, column: 2049, position: 2049))
        #expect(parseOutcome(forced, bytes: input) == Outcome(code: .tooDeep, line: 1, column: 2049, position: 2049))
    }

    /// jansson reads the token that would be too deep (and, after a number or a word, the character
    /// past it) before it checks the depth, and keeps the first error: a token it cannot read fails
    /// as that. The pre-scan at 2048 must agree, and a lower limit must behave as jansson's own
    /// would at that depth (found by the json fuzz target: 2048 brackets, then the byte 0xA5;
    /// Fuzz/regressions/json/invalid-utf8-token-at-2049-levels).
    @Test func tokenIsReadBeforeItsDepthIsChecked() throws {
        var forced = JSONParser(limits: .maximum)
        forced.alwaysScanDepth = true
        let native = JSONParser(limits: .maximum)
        let three = JSONParser(limits: JSONLimits(maxBytes: .max, maxDepth: 3))
        let leaves: [(bytes: [UInt8], code: JSONError.Code?)] = [
            ([0xA5], .invalidUTF8), ([0xC3, 0x28], .invalidUTF8), ([0xF0], .invalidUTF8),
            (Array("1".utf8) + [0xA5], .invalidUTF8), (Array("tru".utf8) + [0xFF], .invalidUTF8),
            (Array("1e400".utf8), .numberOutOfRange), (Array("99999999999999999999".utf8), .integerOutOfRange),
            (Array("\"\\q\"".utf8), .invalidEscape), (Array("\"a\u{1}b\"".utf8), .controlCharacter),
            (Array("\"\\ud800\"".utf8), .invalidUnicodeEscape), (Array("\"a".utf8) + [0xFF] + Array("\"".utf8), .invalidUTF8),
            // These read, so depth is the error.
            (Array("tru".utf8), nil), (Array("\u{E9}".utf8), nil), ([0x01], nil), (Array("1.".utf8), nil), (Array("-".utf8), nil),
        ]
        for (leaf, code) in leaves {
            for closed in [true, false] {
                let close: [UInt8] = closed ? Array(repeating: UInt8(ascii: "]"), count: 2048) : []
                let deep = Array(repeating: UInt8(ascii: "["), count: 2048) + leaf + close
                let expected = try #require(parseOutcome(native, bytes: deep))
                #expect(expected.code == code ?? .tooDeep, "\(leaf)")
                #expect(parseOutcome(forced, bytes: deep) == expected, "\(leaf)")
                // The same token three levels deep, after a line break, under a limit of 3.
                let shallow = Array("[\n [[".utf8) + leaf + (closed ? Array("]]]".utf8) : [])
                let limited = try #require(parseOutcome(three, bytes: shallow))
                if let code {
                    #expect(limited == parseOutcome(native, bytes: shallow), "\(leaf)")
                    #expect(limited.code == code && limited.line == 2, "\(leaf)")
                } else {
                    #expect(limited.code == .tooDeep, "\(leaf)")
                }
            }
        }
        // An open string runs to the end of the input: jansson's verdict is that it ended early.
        let open = Array(repeating: UInt8(ascii: "["), count: 2048) + Array("\"abc".utf8)
        #expect(parseOutcome(forced, bytes: open) == parseOutcome(native, bytes: open))
        #expect(parseOutcome(native, bytes: open)?.code == .prematureEnd)
        #expect(parseOutcome(three, bytes: Array("[[[\"abc".utf8))?.code == .prematureEnd)
        // A NUL inside the too-deep token is met while reading it; before it, a bad escape wins.
        #expect(parseOutcome(three, bytes: Array("[[[\"a\u{0}\"]]]".utf8)) == Outcome(code: .nulCharacter, line: 1, column: 5, position: 5))
        #expect(parseOutcome(three, bytes: Array("[[[\"\\q\u{0}\"]]]".utf8))?.code == .invalidEscape)
    }

    /// Random shapes near the limit: nested arrays and objects mixed, with siblings before the
    /// deep path, whitespace and multi-byte characters, and leaves of every kind.
    @Test func preScanMatchesJanssonOnRandomShapes() throws {
        var forced = JSONParser(limits: .maximum)
        forced.alwaysScanDepth = true
        let native = JSONParser(limits: .maximum)
        for seed in UInt64(1)...60 {
            var rng = SplitMix64(seed: seed)
            let depth = Int.random(in: 2046...2050, using: &rng)
            var generator = RandomJSON(seed: seed, maxDepth: 2, maxContainerCount: 2)
            var prefix = ""
            var suffix = ""
            for level in 1..<depth {
                var sibling = ""
                if Int.random(in: 0..<8, using: &rng) == 0 {
                    sibling = try JSONSerializer().serialize(generator.value(depth: 1))
                }
                let separator = Bool.random(using: &rng) ? ",\n" : ", "
                if level == 1 || Bool.random(using: &rng) {
                    prefix += "[" + (sibling.isEmpty ? "" : sibling + separator)
                    suffix = "]" + suffix
                } else {
                    prefix += "{" + (sibling.isEmpty ? "" : "\"s\":" + sibling + separator) + "\"k\u{E9}\(level)\" : "
                    suffix = "}" + suffix
                }
            }
            let leaf = try JSONSerializer().serialize(generator.scalar())
            let document = prefix + leaf + suffix
            let expected = parseOutcome(native, document)
            let actual = parseOutcome(forced, document)
            #expect(expected == actual, "seed \(seed)")
        }
    }

    /// For small limits: a document parses exactly when its value's depth is within the limit.
    @Test func smallLimitsAgreeWithTheValueDepth() throws {
        for seed in UInt64(1)...400 {
            var generator = RandomJSON(seed: seed, maxDepth: 7, maxContainerCount: 3)
            let value = generator.document()
            let text = try JSONSerializer().serialize(value)
            let depth = Self.depth(of: value)
            let limit = Int(seed % 8) + 1
            let error = parseError(text, limits: JSONLimits(maxBytes: .max, maxDepth: limit))
            if depth <= limit {
                #expect(error == nil, "seed \(seed): depth \(depth), limit \(limit): \(String(describing: error))")
            } else {
                #expect(error?.code == .tooDeep, "seed \(seed): depth \(depth), limit \(limit)")
            }
        }
    }

    static func depth(of value: JSONValue) -> Int {
        switch value {
        case .array(let elements): return 1 + (elements.map(depth).max() ?? 0)
        case .object(let object): return 1 + (object.map { depth(of: $0.value) }.max() ?? 0)
        default: return 1
        }
    }

    private func nestedObjects(_ depth: Int, around leaf: String) -> String {
        String(repeating: "{\"a\":", count: depth - 1) + leaf + String(repeating: "}", count: depth - 1)
    }

    private func parseOutcome(_ parser: JSONParser, _ text: String) -> Outcome? {
        do {
            _ = try parser.parse(text)
            return nil
        } catch {
            return Outcome(code: error.code, line: error.line, column: error.column, position: error.position)
        }
    }

    private func parseOutcome(_ parser: JSONParser, bytes: [UInt8]) -> Outcome? {
        do {
            _ = try parser.parse(bytes: bytes)
            return nil
        } catch {
            return Outcome(code: error.code, line: error.line, column: error.column, position: error.position)
        }
    }

    struct Outcome: Equatable {
        var code: JSONError.Code
        var line: Int
        var column: Int
        var position: Int
    }
}
