import SwitchboardJSON
import Testing

@Suite("Parser values")
struct ParserValueTests {
    let parser = JSONParser(limits: .maximum)

    @Test func scalarsAtTheRoot() throws {
        #expect(try parser.parse("null") == .null)
        #expect(try parser.parse(" true ") == .bool(true))
        #expect(try parser.parse("false") == .bool(false))
        #expect(try parser.parse("\n42\r\n") == .int(42))
        #expect(try parser.parse("2.5") == .double(2.5))
        #expect(try parser.parse("\"x\"") == .string("x"))
    }

    @Test func emptyContainers() throws {
        #expect(try parser.parse("[]") == .array([]))
        #expect(try parser.parse("{}") == .object([:]))
        #expect(try parser.parse("[[],{},[{}]]") == [[], [:], [[:]]])
        #expect(try parser.parse(" { } ") == .object([:]))
        #expect(try parser.parse("\"\"") == .string(""))
        #expect(try parser.parse("{\"\":\"\"}") == ["": ""])
    }

    @Test func keyOrderIsPreserved() throws {
        let value = try parser.parse("{\"z\":1,\"a\":2,\"m\":{\"y\":1,\"b\":2},\"b\":3}")
        #expect(value.objectValue?.keys == ["z", "a", "m", "b"])
        #expect(value["m"]?.objectValue?.keys == ["y", "b"])
    }

    @Test func allThreeInputForms() throws {
        let text = "{\"a\":[1,\"\u{1F600}\"]}"
        let expected: JSONValue = ["a": [1, "\u{1F600}"]]
        #expect(try parser.parse(text) == expected)
        #expect(try parser.parse(bytes: Array(text.utf8)) == expected)
        let viaPointer = try Array(text.utf8).withUnsafeBytes { raw in
            Result { () throws(JSONError) in try parser.parse(bytes: raw) }
        }.get()
        #expect(viaPointer == expected)
        // A non-native (bridged-like) string goes through a copy; a substring-derived one too.
        let sliced = String("xx" + text + "yy").dropFirst(2).dropLast(2)
        #expect(try parser.parse(String(sliced)) == expected)
    }

    @Test func integers() throws {
        #expect(try parser.parse("9223372036854775807") == .int(.max))
        #expect(try parser.parse("-9223372036854775808") == .int(.min))
        #expect(try parser.parse("0") == .int(0))
        #expect(try parser.parse("[-1, 10]") == [-1, 10])
    }

    /// `-0` has no Int64 form, so the integer sign is lost; `-0.0` is a Double and keeps it.
    @Test func negativeZero() throws {
        #expect(try parser.parse("-0") == .int(0))
        let real = try #require(try parser.parse("-0.0").doubleValue)
        #expect(real == 0 && real.sign == .minus)
        let exponent = try #require(try parser.parse("-0e0").doubleValue)
        #expect(exponent.sign == .minus)
        #expect(try parser.parse("0.0").doubleValue?.sign == .plus)
    }

    @Test func reals() throws {
        #expect(try parser.parse("0.1") == .double(0.1))
        #expect(try parser.parse("1e308") == .double(1e308))
        #expect(try parser.parse("1.7976931348623157e308") == .double(.greatestFiniteMagnitude))
        #expect(try parser.parse("5e-324") == .double(.leastNonzeroMagnitude))
        #expect(try parser.parse("2.2250738585072014e-308") == .double(.leastNormalMagnitude))
        #expect(try parser.parse("1E2") == .double(100))
        #expect(try parser.parse("1e+2") == .double(100))
        #expect(try parser.parse("1.0") == .double(1))  // a fraction makes it a Double
        #expect(try parser.parse("123456789012345678901234567890.5") == .double(123456789012345678901234567890.5))
        // Underflow is not an error: it rounds to zero, sign kept.
        #expect(try parser.parse("1e-400") == .double(0))
        #expect(try parser.parse("-1e-400").doubleValue?.sign == .minus)
        #expect(try parser.parse("0e400") == .double(0))
    }

    @Test func escapes() throws {
        let text = #""\"\\\/\b\f\n\r\t\u0041\u00e9\u00E9\u20AC\ud83d\ude00\uD83D\uDE00""#
        #expect(try parser.parse(text) == .string("\"\\/\u{8}\u{C}\n\r\tA\u{E9}\u{E9}\u{20AC}\u{1F600}\u{1F600}"))
        // Every control character may be escaped.
        for code in 0..<0x20 {
            let hex = String(code, radix: 16)
            let escaped = "\"\\u" + String(repeating: "0", count: 4 - hex.count) + hex + "\""
            let value = try parser.parse(escaped)
            #expect(value == .string(String(Unicode.Scalar(UInt8(code)))), "\(escaped)")
        }
    }

    @Test func rawNonASCII() throws {
        // U+2028/2029 and DEL may appear raw in JSON strings; noncharacters are still scalars.
        let text = "\"\u{7F}\u{2028}\u{2029}\u{FFFF}\u{10FFFF}\u{1F469}\u{200D}\u{1F469}\""
        #expect(try parser.parse(text) == .string("\u{7F}\u{2028}\u{2029}\u{FFFF}\u{10FFFF}\u{1F469}\u{200D}\u{1F469}"))
        // U+FEFF inside a string is an ordinary character (only a leading BOM before the value
        // is rejected), also at the start of the string and after an escape.
        #expect(try parser.parse("\"\u{FEFF}a\\n\u{FEFF}\"") == .string("\u{FEFF}a\n\u{FEFF}"))
    }

    @Test func nulInStringValues() throws {
        let value = try parser.parse(#"{"a":"x\u0000y","b":["\u0000"]}"#)
        #expect(value["a"] == .string("x\u{0}y"))
        #expect(value["a"]?.stringValue?.utf8.count == 3)
        #expect(value["b"]?[0] == .string("\u{0}"))
    }

    @Test func veryLongString() throws {
        let payload = String(repeating: "0123456789abcdef", count: 70_000) + "\u{1F600}\\n"  // > 1 MiB
        let text = "[\"" + payload + "\"]"
        #expect(text.utf8.count > 1 << 20)
        #expect(parseError(text, limits: .wire)?.code == .tooLarge)
        let value = try JSONParser(limits: JSONLimits(maxBytes: 4 << 20, maxDepth: 64)).parse(text)
        let string = try #require(value[0]?.stringValue)
        #expect(string.utf8.count == 16 * 70_000 + 4 + 1)
        #expect(string.hasSuffix("\u{1F600}\n"))
    }

    @Test func largeDocument() throws {
        let members = (0..<5_000).map { "\"key\($0)\":[\($0),\($0).5,\"v\($0)\"]" }.joined(separator: ",")
        let value = try parser.parse("{" + members + "}")
        let object = try #require(value.objectValue)
        #expect(object.count == 5_000)
        #expect(object.keys[4_999] == "key4999")
        #expect(object["key1234"] == [1234, 1234.5, "v1234"])
    }
}
