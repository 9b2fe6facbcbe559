import SwitchboardJSON
import Testing

/// Replays `value` into a stream writer, as an encoder would write it.
func replay<W: JSONStreamWriter>(_ value: JSONValue, into writer: inout W) {
    switch value {
    case .null: writer.null()
    case .bool(let flag): writer.bool(flag)
    case .int(let integer): writer.int(integer)
    case .double: Issue.record("stream writers take no reals")
    case .string(let text): writer.string(text)
    case .array(let elements):
        writer.beginArray()
        for element in elements { replay(element, into: &writer) }
        writer.endArray()
    case .object(let object):
        writer.beginObject()
        for (key, member) in object {
            writer.key(key)
            replay(member, into: &writer)
        }
        writer.endObject()
    }
}

/// `value` with every real replaced by an integer (stream writers take no reals).
func withoutReals(_ value: JSONValue) -> JSONValue {
    switch value {
    case .double(let real): .int(Int64(real.bitPattern & 0xFFFF))
    case .array(let elements): .array(elements.map(withoutReals))
    case .object(let object): .object(JSONObject(object.map { ($0.key, withoutReals($0.value)) }))
    default: value
    }
}

@Suite("Stream writers: jansson's tree written piece by piece dumps as the value would, values as built")
struct StreamWriterTests {
    private func text(_ value: JSONValue) -> [UInt8] {
        var writer = JanssonTreeWriter()
        replay(value, into: &writer)
        return writer.finish()
    }

    private func expectSameAsJansson(_ value: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try JSONSerializer().serializeBytes(value)
        let written = text(value)
        #expect(
            written == expected,
            "\(String(decoding: written, as: UTF8.self)) != \(String(decoding: expected, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }

    @Test func everyASCIICharacterInAStringAndAKey() throws {
        for byte in UInt8(0)...0x7F {
            let character = String(UnicodeScalar(byte))
            try expectSameAsJansson(.string(character))
            try expectSameAsJansson(.string("a\(character)b\(character)"))
            if byte != 0 {
                try expectSameAsJansson(.object([character: .string(character)]))
            }
        }
    }

    @Test func nonASCIIIsWrittenAsUTF8() throws {
        for text in ["é", "e\u{301}", "日本語", "😀", "\u{2028}\u{2029}", "\u{FEFF}", "\u{10FFFF}", "\u{7F}\u{80}", "a\u{0}é\u{1F}"] {
            try expectSameAsJansson(.string(text))
            try expectSameAsJansson(.array([.string(text), .object(["k\(text.replacing("\u{0}", with: ""))": .string(text)])]))
        }
    }

    @Test func scalarsAndEmptyContainers() throws {
        let values: [JSONValue] = [
            .null, .bool(true), .bool(false), .int(0), .int(9), .int(10), .int(-1), .int(-10), .int(.max), .int(.min),
            .int(1_767_225_600_000), .string(""), .array([]), .object(JSONObject()), .array([.array([]), .object(JSONObject())]),
            .object(["": .string(""), "a": .array([.null, .int(1), .bool(false)])]),
        ]
        for value in values { try expectSameAsJansson(value) }
    }

    @Test("random documents", arguments: 0..<300)
    func randomDocuments(_ seed: Int) throws {
        var generator = RandomJSON(seed: UInt64(seed) &+ 7_000_000)
        let value = withoutReals(generator.document())
        try expectSameAsJansson(value)

        var builder = JSONValueBuilder()
        replay(value, into: &builder)
        #expect(builder.value == value)
    }

    @Test func valueBuilderKeepsTheFirstPositionAndLastValueOfARepeatedKey() {
        var builder = JSONValueBuilder()
        builder.beginObject()
        builder.key("a")
        builder.int(1)
        builder.key("b")
        builder.beginArray()
        builder.string("x")
        builder.endArray()
        builder.key("a")
        builder.int(2)
        builder.endObject()
        let value = builder.value
        #expect(value == .object(["a": 2, "b": ["x"]]))
        #expect(value.objectValue?.keys == ["a", "b"])
    }

    @Test func nothingWrittenIsNull() {
        #expect(JSONValueBuilder().value == .null)
    }
}
