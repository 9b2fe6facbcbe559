import SwitchboardJSON
import Testing

@Suite("Serializer")
struct SerializerTests {
    let serializer = JSONSerializer()
    let parser = JSONParser(limits: .maximum)

    @Test func compactOutputKeepsKeyOrder() throws {
        let value: JSONValue = ["z": 1, "a": [true, false, nil], "m": ["y": "s", "b": 2.5], "e": [:], "f": []]
        #expect(try serializer.serialize(value) == #"{"z":1,"a":[true,false,null],"m":{"y":"s","b":2.5},"e":{},"f":[]}"#)
        #expect(try serializer.serializeBytes(value) == Array(try serializer.serialize(value).utf8))
    }

    @Test func sortedKeysSortsEveryLevelByBytes() throws {
        let sorted = JSONSerializer(sortedKeys: true)
        let value: JSONValue = ["z": 1, "a": ["y": 1, "b": 2], "\u{E9}": 3, "B": 4, "": 5]
        // Byte order: "" < "B" < "a" < "z" < "é" (0xC3 0xA9).
        #expect(try sorted.serialize(value) == #"{"":5,"B":4,"a":{"b":2,"y":1},"z":1,"é":3}"#)
        #expect(!serializer.sortedKeys)
    }

    @Test func scalarsAtTheRoot() throws {
        #expect(try serializer.serialize(nil) == "null")
        #expect(try serializer.serialize(true) == "true")
        #expect(try serializer.serialize(-7) == "-7")
        #expect(try serializer.serialize("x") == "\"x\"")
    }

    @Test func escapes() throws {
        let value: JSONValue = .string("\"\\/\u{8}\u{C}\n\r\t\u{1}\u{1F}\u{7F}\u{E9}\u{2028}\u{1F600}")
        // Short escapes where JSON has them, \u00XX for other controls, everything else raw UTF-8.
        #expect(try serializer.serialize(value) == "\"\\\"\\\\/\\b\\f\\n\\r\\t\\u0001\\u001F\u{7F}\u{E9}\u{2028}\u{1F600}\"")
        #expect(try parser.parse(try serializer.serialize(value)) == value)
    }

    @Test func nulInStringValuesRoundTrips() throws {
        let value: JSONValue = ["k": "a\u{0}b", "l": ["\u{0}", "\u{0}\u{0}"]]
        let text = try serializer.serialize(value)
        #expect(text == #"{"k":"a\u0000b","l":["\u0000","\u0000\u0000"]}"#)
        #expect(identical(try parser.parse(text), value))
        #expect(identical(try parser.parse(bytes: try serializer.serializeBytes(value)), value))
    }

    @Test func nulInKeysIsRejectedWithAPath() throws {
        let error = try #require(serializeError(["ok": ["inner": ["a\u{0}b": 1]]]))
        #expect(error.code == .nulInObjectKey)
        #expect(error.path == "/ok/inner/a\u{0}b")
        #expect(error.message.hasSuffix("(at /ok/inner/a\\u0000b)"))
        #expect([error.line, error.column, error.position] == [0, 0, 0])
    }

    @Test func nonFiniteNumbersAreRejectedWithAPath() throws {
        for bad in [Double.nan, .infinity, -.infinity, .signalingNaN] {
            let error = try #require(serializeError(["calls": [["duration": 1.5], ["duration": .double(bad)]]]))
            #expect(error.code == .nonFiniteNumber)
            #expect(error.path == "/calls/1/duration")
        }
        let root = try #require(serializeError(.double(.nan)))
        #expect(root.path == "")
        #expect(root.message.hasSuffix("(at the root)"))
    }

    @Test func pathComponentsAreEscaped() throws {
        let error = try #require(serializeError(["a/b": ["m~n": [.double(.nan)]]]))
        #expect(error.path == "/a~1b/m~0n/0")
    }

    @Test func depthLimit() throws {
        let five = JSONSerializer(limits: JSONLimits(maxBytes: .max, maxDepth: 5))
        #expect(try five.serialize(nestedValue(5)) == nestedArrays(5))
        let error = try #require(serializeError(nestedValue(6), serializer: five))
        #expect(error.code == .tooDeep)
        #expect(error.path == "/0/0/0/0/0")
        #expect(try five.serialize([[[[1]]]]) == "[[[[1]]]]")
        #expect(serializeError([[[[[1]]]]], serializer: five)?.code == .tooDeep)
        // The default allows what the parser allows at most, and no more.
        #expect(try serializer.serialize(nestedValue(2048)) == nestedArrays(2048))
        #expect(serializeError(nestedValue(2049))?.code == .tooDeep)
    }

    @Test func sizeLimit() throws {
        let small = JSONSerializer(limits: JSONLimits(maxBytes: 9, maxDepth: 64))
        #expect(try small.serialize([1, 2, 3, 4]) == "[1,2,3,4]")
        let error = try #require(serializeError([1, 2, 3, 45], serializer: small))
        #expect(error.code == .tooLarge)
        #expect(error.path == nil)
    }

    /// A failure deep inside a large tree must release everything built so far (checked by the
    /// leak check, which runs this suite under LeakSanitizer).
    @Test func failuresMidwayReleasePartialTrees() throws {
        var members: [(String, JSONValue)] = (0..<200).map { index -> (String, JSONValue) in
            ("k\(index)", ["s": .string("\(index)"), "a": [1, 2.5, nil]])
        }
        members.append(("bad", [1, 2, ["x": .double(.infinity)]]))
        members.append(("after", "never built"))
        let error = try #require(serializeError(.object(JSONObject(members))))
        #expect(error.path == "/bad/2/x")
        let keyError = try #require(serializeError([[1, 2], [3, ["\u{0}": 1]]]))
        #expect(keyError.path == "/1/1/\u{0}")
    }

    /// Strings made of escapes outgrow the size estimate, exercising the second dump.
    @Test func outputLargerThanTheEstimate() throws {
        let controls = String(repeating: "\u{1}\u{2}\"", count: 10_000)
        let value: JSONValue = [.string(controls), ["k": .string(controls)]]
        let text = try serializer.serialize(value)
        #expect(text.utf8.count > 140_000)
        #expect(try parser.parse(text) == value)
        #expect(try serializer.serializeBytes(value).count == text.utf8.count)
    }

    @Test func roundTripOfALargeDocument() throws {
        let members = (0..<3_000).map { index -> (String, JSONValue) in
            let member: JSONValue = ["n": .int(Int64(index)), "x": .double(Double(index) / 7), "s": .string("\u{1F600} \(index)")]
            return ("member \(index)", member)
        }
        let value: JSONValue = .object(JSONObject(members))
        let text = try serializer.serialize(value)
        #expect(identical(try parser.parse(text), value))
    }
}
