import SwitchboardJSON
import Testing

/// Whether `node` reads exactly as `value`: kinds, scalars, every member by key and in order,
/// every element.
func nodeMatches(_ node: JSONNode, _ value: JSONValue) -> Bool {
    switch value {
    case .null:
        return node.kind == .null && node.isNull
    case .bool(let flag):
        return node.kind == .bool && node.boolValue == flag && node.stringValue == nil
    case .int(let integer):
        return node.kind == .int && node.intValue == integer && node.doubleValue == Double(integer)
    case .double(let real):
        return node.kind == .double && node.intValue == nil && node.doubleValue.map { $0 == real && $0.sign == real.sign } == true
    case .string(let text):
        return node.kind == .string && node.stringValue.map { Bytes(text) == Bytes($0) } == true
            && node.isString(text) && node.count == 0
    case .array(let elements):
        guard node.kind == .array, node.count == elements.count, node[elements.count] == nil, node[-1] == nil else { return false }
        return elements.indices.allSatisfy { index in node[index].map { nodeMatches($0, elements[index]) } == true }
    case .object(let object):
        guard node.kind == .object, node.count == object.count, node.keys.elementsEqual(object.keys, by: { Bytes($0) == Bytes($1) })
        else { return false }
        var inOrder = true
        var position = 0
        node.forEachMember { key, member in
            inOrder = inOrder && Bytes(key) == Bytes(object[position].key) && nodeMatches(member, object[position].value)
            position += 1
        }
        return inOrder && object.allSatisfy { member in node[member.key].map { nodeMatches($0, member.value) } == true }
            && node["\u{1}not a key"] == nil
    }
}

/// Bytes, for comparing strings byte for byte (JSON's equality) rather than canonically.
private struct Bytes: Equatable {
    let bytes: [UInt8]
    init(_ string: String) { bytes = Array(string.utf8) }
}

@Suite("Reading jansson's tree through JSONNode")
struct TreeReadingTests {
    @Test("random documents read as the parsed value", arguments: 0..<300)
    func randomDocuments(_ seed: Int) throws {
        var generator = RandomJSON(seed: UInt64(seed) &+ 9_000_000)
        let text = try JSONSerializer().serialize(generator.document())
        let parsed = try JSONParser(limits: .maximum).parse(text)
        let matched = try JSONParser(limits: .maximum).withTree(text, parseError: { $0 }) { (root) throws(JSONError) in
            (nodeMatches(root, parsed), root.value == parsed)
        }
        #expect(matched.0, "\(text)")
        #expect(matched.1, "\(text)")
    }

    @Test func scalarsAskedForTheWrongType() throws {
        try JSONParser().withTree(#"{"s":"1","i":1,"b":true,"n":null,"a":[1],"o":{}}"#, parseError: { $0 }) { (root) throws(JSONError) in
            #expect(root["s"]?.intValue == nil && root["s"]?.boolValue == nil && root["s"]?.isString("1") == true)
            #expect(root["i"]?.stringValue == nil && root["i"]?.isString("1") == false && root["i"]?.boolValue == nil)
            #expect(root["b"]?.intValue == nil && root["n"]?.boolValue == nil && root["n"]?.isNull == true)
            #expect(root["a"]?["x"] == nil && root["o"]?[0] == nil && root["s"]?.count == 0)
            #expect(root["s"]?.keys == [] && root.keys == ["s", "i", "b", "n", "a", "o"])
            #expect(root["S"] == nil && root[0] == nil)
        }
    }

    @Test func stringsAndKeysKeepNULAndCompareByBytes() throws {
        try JSONParser().withTree(#"{"\u00e9":"a\u0000b","e\u0301":""}"#, parseError: { $0 }) { (root) throws(JSONError) in
            #expect(root["\u{E9}"]?.stringValue == "a\u{0}b")
            #expect(root["\u{E9}"]?.isString("a\u{0}b") == true)
            #expect(root["\u{E9}"]?.isString("a") == false)
            #expect(root["e\u{301}"]?.isString("") == true)
            #expect(root["e\u{301}"]?.stringValue == "")
            #expect(root.count == 2)
        }
    }

    /// The tree is parsed exactly as `parse` parses: the same error for every bad input.
    @Test func parseErrorsAreTheParsersErrors() {
        let inputs = [
            "", " ", "[1,", "1 2", "{\"a\":1,\"a\":2}", "[\"\\ud800\"]", "[1e400]", "[NaN]", "[\"a\u{1}\"]", "{\"a\\u0000\":1}",
            "[[[[[[[[[[1]]]]]]]]]]", "[1]\u{0}", "\u{FEFF}1", "99999999999999999999",
        ]
        let limits = JSONLimits(maxBytes: 64, maxDepth: 5)
        for input in inputs + [String(repeating: " ", count: 65)] {
            let expected = parseError(input, limits: limits)
            var treeError: JSONError?
            do {
                try JSONParser(limits: limits).withTree(input, parseError: { $0 }) { (_) throws(JSONError) -> Void in
                    Issue.record("\(input.debugDescription) parsed")
                }
            } catch {
                treeError = error
            }
            #expect(treeError != nil && treeError == expected, "\(input.debugDescription)")
        }
    }

    @Test func errorsThrownByTheBodyComeThrough() {
        struct Stop: Error, Equatable {}
        #expect(throws: Stop()) {
            try JSONParser().withTree(bytes: Array("[1,2]".utf8), parseError: { _ in Stop() }) { (_) throws(Stop) in throw Stop() }
        }
        let empty: [UInt8] = []
        #expect(throws: JSONError.self) {
            try JSONParser().withTree(bytes: empty, parseError: { $0 }) { (_) throws(JSONError) in }
        }
    }
}
