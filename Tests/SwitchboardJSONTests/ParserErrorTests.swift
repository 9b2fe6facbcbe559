import Testing

@testable import SwitchboardJSON

/// Every error's code and exact location. Locations are jansson's: column of the last consumed
/// character, position = bytes consumed (see JSONError's documentation).
@Suite("Parser errors")
struct ParserErrorTests {
    @Test func emptyAndWhitespaceInput() {
        expectError("", .emptyInput, line: 1, column: 0, position: 0)
        expectError("   ", .emptyInput, line: 1, column: 3, position: 3)
        expectError("\t\n", .emptyInput, line: 2, column: 0, position: 2)
        expectError("\r\n \n  ", .emptyInput, line: 3, column: 2, position: 6)
        #expect(parseError(bytes: [])?.code == .emptyInput)
    }

    @Test func trailingData() {
        expectError("1 2", .trailingData, line: 1, column: 3, position: 3)
        expectError("{} x", .trailingData, line: 1, column: 4, position: 4)
        expectError("[1]]", .trailingData, line: 1, column: 4, position: 4)
        expectError("\"\u{E9}\u{E9}\" x", .trailingData, line: 1, column: 6, position: 8)  // columns count characters, positions bytes
        expectError("null\nnull", .trailingData, line: 2, column: 4, position: 9)
    }

    @Test func prematureEnd() {
        expectError("[", .prematureEnd, line: 1, column: 1, position: 1)
        expectError("[1,", .prematureEnd, line: 1, column: 3, position: 3)
        expectError("{\"a\"", .prematureEnd, line: 1, column: 4, position: 4)
        expectError("{\"a\":1", .prematureEnd, line: 1, column: 6, position: 6)
        expectError("\"abc", .prematureEnd, line: 1, column: 4, position: 4)
    }

    @Test func syntaxErrors() {
        expectError("[1,]", .invalidSyntax, line: 1, column: 4, position: 4)
        expectError("{\"a\":1,}", .invalidSyntax, line: 1, column: 8, position: 8)
        expectError("{\"a\" 1}", .invalidSyntax, line: 1, column: 6, position: 6)
        expectError("{1:2}", .invalidSyntax, line: 1, column: 2, position: 2)
        expectError("[1 2]", .invalidSyntax, line: 1, column: 4, position: 4)
        expectError("]", .invalidSyntax, line: 1, column: 1, position: 1)
        expectError("[1,\n2,\r\n 3 x]", .invalidSyntax, line: 3, column: 4, position: 12)
    }

    @Test func invalidTokens() {
        expectError("[1,\n 2,\n x]", .invalidToken, line: 3, column: 2, position: 10)
        expectError("01", .invalidToken, line: 1, column: 1, position: 1)
        expectError("1.", .invalidToken, line: 1, column: 2, position: 2)
        expectError("1.5e", .invalidToken, line: 1, column: 4, position: 4)
        expectError("+1", .invalidToken, line: 1, column: 1, position: 1)
        expectError("tru", .invalidToken, line: 1, column: 3, position: 3)
        expectError("nan", .invalidToken, line: 1, column: 3, position: 3)
        expectError("'a'", .invalidToken, line: 1, column: 1, position: 1)
        // A byte order mark is not skipped: the parser reads wire frames, which never carry one.
        expectError("\u{FEFF}{}", .invalidToken, line: 1, column: 1, position: 3)
    }

    @Test func nonFiniteLiterals() {
        expectError("NaN", .nonFiniteNumber, line: 1, column: 3, position: 3)
        expectError("[Infinity]", .nonFiniteNumber, line: 1, column: 9, position: 9)
        // jansson stops a signed word after the sign, so the location is the sign.
        expectError("-Infinity", .nonFiniteNumber, line: 1, column: 1, position: 1)
        expectError("[+Infinity]", .nonFiniteNumber, line: 1, column: 2, position: 2)
        expectError("{\"x\":-NaN}", .nonFiniteNumber, line: 1, column: 6, position: 6)
        #expect(parseError("-Infinity")?.message.contains("-Infinity") == true)
    }

    @Test func numbersOutOfRange() {
        expectError("9223372036854775808", .integerOutOfRange, line: 1, column: 19, position: 19)
        expectError("-9223372036854775809", .integerOutOfRange, line: 1, column: 20, position: 20)
        expectError("[1, 100000000000000000000]", .integerOutOfRange, line: 1, column: 25, position: 25)
        expectError("1e400", .numberOutOfRange, line: 1, column: 5, position: 5)
        expectError("-1E400", .numberOutOfRange, line: 1, column: 6, position: 6)
    }

    @Test func duplicateKeysAreLocatedAtTheSecondOccurrence() {
        expectError("{\"a\":1,\"a\":2}", .duplicateKey, line: 1, column: 10, position: 10)
        expectError("{\"a\":{\"b\":1,\n\"b\":2}}", .duplicateKey, line: 2, column: 3, position: 16)
        // The same key in different objects is fine.
        #expect(parseError("[{\"a\":1},{\"a\":2}]") == nil)
        // Keys are compared byte for byte: NFC and NFD spellings of "é" are different keys.
        let value = try? JSONParser().parse("{\"\u{E9}\":1,\"e\u{301}\":2}")
        #expect(value?.objectValue?.count == 2)
    }

    @Test func stringErrors() {
        expectError("\"\\x\"", .invalidEscape, line: 1, column: 3, position: 3)
        expectError("\"\\u12\"", .invalidEscape, line: 1, column: 6, position: 6)
        expectError("\"\\u12G4\"", .invalidEscape, line: 1, column: 6, position: 6)
        expectError("\"\u{1}\"", .controlCharacter, line: 1, column: 1, position: 1)
        expectError("\"a\tb\"", .controlCharacter, line: 1, column: 2, position: 2)
        expectError("\"a\nb\"", .controlCharacter, line: 1, column: 2, position: 2)
        expectError("{\"a\\u0000b\":1}", .nulInObjectKey, line: 1, column: 11, position: 11)
    }

    /// Lone and reversed surrogates are rejected (JSONSerialization rejects them too): a Swift
    /// String cannot hold one, and replacing it with U+FFFD would hide corruption.
    @Test func loneSurrogates() {
        expectError("\"\\ud800\"", .invalidUnicodeEscape, line: 1, column: 8, position: 8)
        expectError("\"\\udc00\"", .invalidUnicodeEscape, line: 1, column: 8, position: 8)
        expectError("\"\\uDFFF\\uD800\"", .invalidUnicodeEscape, line: 1, column: 14, position: 14)
        expectError("\"\\ud800\\u0041\"", .invalidUnicodeEscape, line: 1, column: 14, position: 14)
        expectError("\"\\ud800x\"", .invalidUnicodeEscape, line: 1, column: 9, position: 9)
    }

    @Test(arguments: [
        ("0xFF", [0x22, 0xFF, 0x22]),
        ("lone continuation byte", [0x22, 0x80, 0x22]),
        ("overlong '/'", [0x22, 0xC0, 0xAF, 0x22]),
        ("overlong 3-byte", [0x22, 0xE0, 0x80, 0xAF, 0x22]),
        ("truncated before quote", [0x22, 0xE2, 0x82, 0x22]),
        ("truncated at end", [0x22, 0xE2, 0x82]),
        ("encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22]),
        ("beyond U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]),
    ] as [(String, [UInt8])])
    func invalidUTF8(name: String, bytes: [UInt8]) {
        let error = parseError(bytes: bytes)
        #expect(error?.code == .invalidUTF8, "\(name)")
        // jansson stops at the first byte of the bad sequence, without consuming it.
        #expect([error?.line, error?.column, error?.position] == [1, 1, 1], "\(name)")
    }

    @Test func invalidUTF8OutsideStrings() {
        let error = parseError(bytes: [0x5B, 0x31, 0x2C, 0xC3])  // [1,<truncated>
        #expect(error?.code == .invalidUTF8)
        #expect(error?.position == 3)
    }

    /// jansson alone reads a raw NUL as the end of the buffer ("[1\0]" would parse as [1]).
    @Test func rawNULBytes() {
        let nul = Character("\u{0}")
        expectError("1\(nul)", .nulCharacter, line: 1, column: 1, position: 1)
        expectError("[1\(nul)]", .nulCharacter, line: 1, column: 2, position: 2)
        expectError("\(nul)", .nulCharacter, line: 1, column: 0, position: 0)
        expectError("\"a\(nul)\"", .nulCharacter, line: 1, column: 2, position: 2)
        expectError("{\"k\":\n\"\u{E9}\(nul)\"}", .nulCharacter, line: 2, column: 2, position: 9)
        // An earlier error wins.
        expectError("[tru\(nul)]", .invalidToken, line: 1, column: 4, position: 4)
        expectError("[1,,\(nul)]", .invalidSyntax, line: 1, column: 4, position: 4)
        expectError("\"\\x\(nul)\"", .invalidEscape, line: 1, column: 3, position: 3)
    }

    @Test func sizeLimit() throws {
        let limits = JSONLimits(maxBytes: 8, maxDepth: 64)
        #expect(parseError("[1,2,3]", limits: limits) == nil)  // 7 bytes
        #expect(parseError("[1,2,33]", limits: limits) == nil)  // exactly 8
        let error = try #require(parseError("[1,2,333]", limits: limits))
        #expect(error.code == .tooLarge)
        #expect([error.line, error.column, error.position] == [0, 0, 0])
        #expect(error.message == "input is 9 bytes, more than the limit of 8")
        // Checked before anything is read: garbage over the limit is still tooLarge.
        #expect(parseError("\u{FF}\u{0}garbage", limits: limits)?.code == .tooLarge)
        #expect(parseError("1", limits: JSONLimits(maxBytes: -1, maxDepth: 64))?.code == .tooLarge)
    }

    @Test func wireLimitsAreTheDefault() {
        #expect(JSONParser().limits == .wire)
        #expect(JSONLimits.wire == JSONLimits(maxBytes: 1 << 20, maxDepth: 64))
        let big = "\"" + String(repeating: "a", count: 1 << 20) + "\""
        #expect((try? JSONParser().parse(big)) == nil)
        #expect(parseError(big)?.code == nil)
    }

    @Test func descriptionNamesCodeAndLocation() throws {
        let error = try #require(parseError("1 2"))
        #expect(error.description == "trailingData at line 1, column 3 (byte 3): end of file expected near '2'")
        let empty = try #require(parseError(""))
        #expect(empty.description == "emptyInput at line 1, column 0 (byte 0): no JSON value: the input is empty or whitespace")
    }

    @Test func codesAreStable() {
        #expect(
            JSONError.Code.allCases.map(\.rawValue) == [
                "tooLarge", "tooDeep", "emptyInput", "prematureEnd", "trailingData", "invalidUTF8",
                "nulCharacter", "controlCharacter", "invalidEscape", "invalidUnicodeEscape",
                "invalidToken", "nonFiniteNumber", "integerOutOfRange", "numberOutOfRange",
                "duplicateKey", "nulInObjectKey", "invalidSyntax", "outOfMemory", "internal",
            ])
    }
}
