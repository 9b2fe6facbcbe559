import SwitchboardJSON
import Testing

@Suite("JSONValue and JSONObject")
struct ValueTests {
    @Test func literals() {
        let value: JSONValue = ["type": "invite", "seq": 7, "rate": 0.5, "video": true, "sdp": nil, "tags": ["a", 1]]
        #expect(value["type"] == .string("invite"))
        #expect(value["seq"] == .int(7))
        #expect(value["rate"] == .double(0.5))
        #expect(value["video"] == .bool(true))
        #expect(value["sdp"] == .null)
        #expect(value["tags"] == .array([.string("a"), .int(1)]))
        #expect(value.objectValue?.keys == ["type", "seq", "rate", "video", "sdp", "tags"])
    }

    @Test func accessors() {
        let value: JSONValue = ["s": "x", "i": 3, "d": 2.5, "b": false, "a": [1, 2], "o": ["k": 1], "n": nil]
        #expect(value["s"]?.stringValue == "x")
        #expect(value["i"]?.intValue == 3)
        #expect(value["i"]?.doubleValue == 3.0)
        #expect(value["d"]?.doubleValue == 2.5)
        #expect(value["d"]?.intValue == nil)  // no silent truncation
        #expect(value["b"]?.boolValue == false)
        #expect(value["a"]?.arrayValue?.count == 2)
        #expect(value["a"]?[1] == .int(2))
        #expect(value["a"]?[2] == nil)
        #expect(value["a"]?[-1] == nil)
        #expect(value["o"]?.objectValue?["k"] == .int(1))
        #expect(value["n"]?.isNull == true)
        #expect(value["s"]?.isNull == false)
        #expect(value["missing"] == nil)
        #expect(value[0] == nil)  // not an array
        #expect(JSONValue.int(1)["k"] == nil)
        #expect(JSONValue.string("x").intValue == nil)
    }

    @Test func objectKeepsOrderAndReplacesInPlace() {
        var object: JSONObject = ["z": 1, "a": 2, "m": 3]
        #expect(object.keys == ["z", "a", "m"])
        object["a"] = 20
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["a"] == .int(20))
        object["b"] = 4
        #expect(object.keys == ["z", "a", "m", "b"])
        object["z"] = nil
        #expect(object.keys == ["a", "m", "b"])
        object["nope"] = nil
        #expect(object.count == 3)
        #expect(object.removeValue(forKey: "m") == .int(3))
        #expect(object.removeValue(forKey: "m") == nil)
        #expect(object.map(\.key) == ["a", "b"])
        #expect(object[0].key == "a")
        #expect(object.values == [.int(20), .int(4)])
        #expect(object.index(forKey: "b") == 1)
        #expect(object.index(forKey: "z") == nil)
    }

    @Test func laterDuplicatesReplaceEarlierValuesInPlace() {
        let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == .int(3))
        let literal: JSONObject = ["x": 1, "y": 2, "x": 9]
        #expect(literal.keys == ["x", "y"])
        #expect(literal["x"] == .int(9))
    }

    @Test func largeBulkConstructionUsesTheSameRules() {
        // Past the linear-scan threshold the initializer switches to a hash index.
        var pairs: [(String, JSONValue)] = (0..<100).map { ("k\($0)", .int(Int64($0))) }
        pairs.append(("k5", "five"))
        pairs.append(("k99", "last"))
        pairs.append(("new", nil))
        let object = JSONObject(pairs)
        #expect(object.count == 101)
        #expect(object.keys.prefix(3) == ["k0", "k1", "k2"])
        #expect(object["k5"] == "five")
        #expect(object[5].value == "five")
        #expect(object["k99"] == "last")
        #expect(object.keys.last == "new")
    }

    @Test func keysAreComparedByBytes() {
        let nfc = "\u{E9}"
        let nfd = "e\u{301}"
        #expect(nfc == nfd)  // Swift says canonically equivalent...
        var object = JSONObject()
        object[nfc] = 1
        object[nfd] = 2  // ...JSON says different keys.
        #expect(object.count == 2)
        #expect(object[nfc] == .int(1))
        #expect(object[nfd] == .int(2))
        #expect(JSONValue.string(nfc) != JSONValue.string(nfd))
        var pairs = (0..<40).map { index -> (String, JSONValue) in ("\(index)", 0) }
        pairs += [(nfc, 1), (nfd, 2)]
        let many = JSONObject(pairs)
        #expect(many.count == 42)
    }

    @Test func objectEqualityAndHashingIgnoreOrder() {
        let a: JSONObject = ["a": 1, "b": [1, 2], "c": ["x": nil]]
        let b: JSONObject = ["c": ["x": nil], "a": 1, "b": [1, 2]]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([JSONValue.object(a), .object(b)]).count == 1)
        let c: JSONObject = ["a": 1, "b": [2, 1], "c": ["x": nil]]
        #expect(a != c)  // array order matters
        #expect(a != ["a": 1, "b": [1, 2]])
        #expect(a != ["a": 1, "b": [1, 2], "d": ["x": nil]])
        // Large objects take the hashed comparison path.
        let big = JSONObject((0..<50).map { ("k\($0)", .int(Int64($0))) })
        let shuffled = JSONObject((0..<50).reversed().map { ("k\($0)", .int(Int64($0))) })
        #expect(big == shuffled)
        #expect(big.hashValue == shuffled.hashValue)
        var changed = shuffled
        changed["k7"] = 8
        #expect(big != changed)
    }

    @Test func numberEquality() {
        #expect(JSONValue.int(1) != .double(1))
        #expect(JSONValue.double(0.0) == .double(-0.0))
        #expect(JSONValue.double(0.0).hashValue == JSONValue.double(-0.0).hashValue)
        #expect(JSONValue.double(.nan) == .double(.nan))
        #expect(JSONValue.double(.nan).hashValue == JSONValue.double(-.nan).hashValue)
        #expect(JSONValue.double(.infinity) != .double(-.infinity))
    }
}
