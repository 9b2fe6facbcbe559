// The JSON layer's fuzz target (docs/SECURITY.md, "Fuzzing"): every input is a candidate JSON text.
// Each one goes through every parse entry point and, when it parses, through every way back to text,
// and the results are checked against what SwitchboardJSON documents. AddressSanitizer catches memory
// errors and leaked jansson trees; a broken promise below stops the run with `preconditionFailure`,
// which libFuzzer reports as a crash and saves, like any other.
//
// `@testable` for one internal switch: `alwaysScanDepth`, with which the depth pre-scan runs at
// jansson's own limit too and must then give exactly jansson's verdict and error location.

@testable import SwitchboardJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzJSON(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

func fuzzJSON(_ input: UnsafeRawBufferPointer) {
    let parsed = parse(input, JSONParser(limits: .maximum))
    checkEntryPoints(input, agreeWith: parsed)
    checkLimits(input, agreeWith: parsed)
    switch parsed {
    case .failure(let error):
        checkParseError(error, inputSize: input.count)
    case .success(let value):
        checkTree(input, value)
        checkSerializers(value)
    }
}

typealias Parsed = Result<JSONValue, JSONError>

func parse(_ input: UnsafeRawBufferPointer, _ parser: JSONParser) -> Parsed {
    Result { () throws(JSONError) in try parser.parse(bytes: input) }
}

/// Two parse results are the same when both fail with the same error, or both give identical values.
func expectSame(_ a: Parsed, _ b: Parsed, _ what: @autoclosure () -> String) {
    switch (a, b) {
    case (.failure(let x), .failure(let y)) where x == y: return
    case (.success(let x), .success(let y)) where identical(x, y): return
    default: preconditionFailure("\(what()): \(a) versus \(b)")
    }
}

// MARK: Parsing

/// The byte-buffer, array, text and pre-scanning parsers accept the same documents with the same errors.
func checkEntryPoints(_ input: UnsafeRawBufferPointer, agreeWith parsed: Parsed) {
    let parser = JSONParser(limits: .maximum)
    expectSame(parsed, Result { () throws(JSONError) in try parser.parse(bytes: Array(input)) }, "parse(bytes: [UInt8])")
    if let text = String(validating: input, as: UTF8.self) {
        expectSame(parsed, Result { () throws(JSONError) in try parser.parse(text) }, "parse(String)")
    } else if case .success = parsed {
        preconditionFailure("bytes that are not UTF-8 parsed as JSON")
    }
    var scanning = parser
    scanning.alwaysScanDepth = true
    expectSame(parsed, parse(input, scanning), "parse with the depth pre-scan at jansson's limit")
}

/// `JSONLimits`: the size is checked before anything is read; a depth limit refuses exactly the
/// documents deeper than it (as `tooDeep`) and leaves every other verdict alone, except that a
/// document failing later may fail earlier as too deep (the first problem in document order wins).
func checkLimits(_ input: UnsafeRawBufferPointer, agreeWith parsed: Parsed) {
    if input.count > 0 {
        let small = parse(input, JSONParser(limits: JSONLimits(maxBytes: input.count - 1, maxDepth: 2048)))
        guard case .failure(let error) = small, error.code == .tooLarge else {
            preconditionFailure("\(input.count) bytes with maxBytes \(input.count - 1): \(small)")
        }
    }
    for maxDepth in [1, 2, 8, 64] {
        let limited = parse(input, JSONParser(limits: JSONLimits(maxBytes: input.count, maxDepth: maxDepth)))
        switch parsed {
        case .success(let value) where depth(value) <= maxDepth:
            expectSame(parsed, limited, "maxDepth \(maxDepth), depth \(depth(value))")
        case .success(let value):
            guard case .failure(let error) = limited, error.code == .tooDeep else {
                preconditionFailure("depth \(depth(value)) with maxDepth \(maxDepth): \(limited)")
            }
        case .failure(let expected):
            guard case .failure(let error) = limited, error == expected || error.code == .tooDeep else {
                preconditionFailure("maxDepth \(maxDepth): \(limited), unlimited: \(expected)")
            }
            checkParseError(error, inputSize: input.count)
        }
    }
}

/// `JSONError`'s documented location, and none of the codes the parser should never produce.
func checkParseError(_ error: JSONError, inputSize: Int) {
    precondition(error.code != .internal && error.code != .outOfMemory, "\(error)")
    precondition(error.path == nil, "a parse error with a path: \(error)")
    precondition((0...inputSize).contains(error.position), "position outside the input: \(error)")
    if error.code == .tooLarge {
        precondition(error.line == 0 && error.column == 0 && error.position == 0, "\(error)")
    } else {
        precondition(error.line >= 1 && error.column >= 0, "\(error)")
    }
    precondition(!error.message.isEmpty && error.description.hasPrefix(error.code.rawValue), "\(error)")
}

// MARK: The borrowed tree

/// Reading jansson's tree in place (`JSONNode`) gives what `parse` gives, through every accessor.
func checkTree(_ input: UnsafeRawBufferPointer, _ value: JSONValue) {
    let parser = JSONParser(limits: .maximum)
    let result = Result { () throws(JSONError) in
        try parser.withTree(bytes: input, parseError: { (error: JSONError) in error }) { (node) throws(JSONError) in
            precondition(identical(node.value, value), "JSONNode.value differs from parse")
            precondition(identical(walk(node), value), "walking the JSONNode differs from parse")
        }
    }
    if case .failure(let error) = result {
        preconditionFailure("withTree refused what parse accepted: \(error)")
    }
}

/// The value rebuilt through the node's accessors only, checking that they agree with its kind.
func walk(_ node: JSONNode) -> JSONValue {
    precondition(node.kind == .object || node["k"] == nil, "a key lookup in a non-object")
    precondition(node.kind == .array || node[0] == nil, "an index lookup in a non-array")
    precondition(node[-1] == nil, "index -1")
    precondition(node.isNull == (node.kind == .null) && (node.boolValue != nil) == (node.kind == .bool), "\(node.kind)")
    precondition((node.stringValue != nil) == (node.kind == .string) && (node.intValue != nil) == (node.kind == .int), "\(node.kind)")
    switch node.kind {
    case .null:
        return .null
    case .bool:
        return .bool(node.boolValue!)
    case .int:
        let int = node.intValue!
        precondition(node.doubleValue == Double(int), "doubleValue of an integer")
        return .int(int)
    case .double:
        return .double(node.doubleValue!)
    case .string:
        let string = node.stringValue!
        precondition(node.isString(string) && !node.isString(string + "x"), "isString")
        return .string(string)
    case .array:
        precondition(node[node.count] == nil, "index past the end")
        return .array((0..<node.count).map { walk(node[$0]!) })
    case .object:
        var members: [(String, JSONValue)] = []
        node.forEachMember { key, member in
            precondition(node[key].map { identical($0.value, member.value) } == true, "lookup of \(key.debugDescription)")
            members.append((key, walk(member)))
        }
        precondition(members.count == node.count && node.keys.elementsEqual(members.map(\.0), by: sameBytes), "keys")
        return .object(JSONObject(members))
    }
}

// MARK: Back to text

/// Whatever parses serializes, reads back identically (order, `-0.0` and every real's bits included)
/// and serializes again to the same bytes; sorted keys, the tree writer and the value builder agree,
/// and the serializer's own limits refuse exactly what exceeds them.
func checkSerializers(_ value: JSONValue) {
    let text: [UInt8]
    do {
        text = try JSONSerializer().serializeBytes(value)
    } catch {
        preconditionFailure("a parsed value does not serialize: \(error)")
    }
    let reparsed = text.withUnsafeBytes { parse($0, JSONParser(limits: .maximum)) }
    guard case .success(let again) = reparsed, identical(again, value) else {
        preconditionFailure("round trip: \(reparsed) from \(String(decoding: text, as: UTF8.self))")
    }
    precondition((try? JSONSerializer().serializeBytes(again)) == text, "serializing is not stable")
    precondition((try? JSONSerializer().serialize(value)).map { Array($0.utf8) } == text, "serialize and serializeBytes differ")

    let sortedText = try? JSONSerializer(sortedKeys: true).serializeBytes(value)
    let sorted = sortedText?.withUnsafeBytes { parse($0, JSONParser(limits: .maximum)) }
    guard case .success(let sortedValue) = sorted, identical(sortedValue, sortingKeys(value)) else {
        preconditionFailure("sortedKeys: \(String(describing: sorted))")
    }
    precondition(sortedValue == value && sortedValue.hashValue == value.hashValue, "member order changes equality")

    if !containsReal(value) {
        let writer = JanssonTreeWriter()
        write(value, to: writer)
        precondition(writer.finish() == text, "JanssonTreeWriter and JSONSerializer write different text")
        var builder = JSONValueBuilder()
        write(value, to: &builder)
        precondition(identical(builder.value, value), "JSONValueBuilder")
    }

    let valueDepth = depth(value)
    precondition(serializes(value, JSONLimits(maxBytes: text.count, maxDepth: valueDepth)) == nil, "at its own limits")
    precondition(serializes(value, JSONLimits(maxBytes: text.count - 1, maxDepth: valueDepth)) == .tooLarge, "maxBytes")
    if valueDepth > 1 {
        precondition(serializes(value, JSONLimits(maxBytes: text.count, maxDepth: valueDepth - 1)) == .tooDeep, "maxDepth")
    }
}

/// The error code serializing `value` with `limits` fails with, nil when it succeeds.
func serializes(_ value: JSONValue, _ limits: JSONLimits) -> JSONError.Code? {
    do {
        _ = try JSONSerializer(limits: limits).serializeBytes(value)
        return nil
    } catch {
        return error.code
    }
}

/// Writes a value through the streaming writers (which have no call for reals).
func write<W: JSONStreamWriter>(_ value: JSONValue, to writer: inout W) {
    switch value {
    case .null: writer.null()
    case .bool(let bool): writer.bool(bool)
    case .int(let int): writer.int(int)
    case .double: preconditionFailure("the streaming writers take no reals")
    case .string(let string): writer.string(string)
    case .array(let elements):
        writer.beginArray()
        for element in elements { write(element, to: &writer) }
        writer.endArray()
    case .object(let object):
        writer.beginObject()
        for (key, member) in object {
            writer.key(key)
            write(member, to: &writer)
        }
        writer.endObject()
    }
}

func write(_ value: JSONValue, to writer: JanssonTreeWriter) {
    var writer = writer
    write(value, to: &writer)
}

// MARK: Values

/// Strict equality: strings and keys byte for byte, members in order, reals bit for bit (so `-0.0` is
/// not `0.0`). `JSONValue`'s own `==` is looser on purpose (member order, the sign of zero).
func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case (.bool(let x), .bool(let y)): x == y
    case (.int(let x), .int(let y)): x == y
    case (.double(let x), .double(let y)): x.bitPattern == y.bitPattern
    case (.string(let x), .string(let y)): sameBytes(x, y)
    case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
    case (.object(let x), .object(let y)):
        x.count == y.count && zip(x, y).allSatisfy { sameBytes($0.key, $1.key) && identical($0.value, $1.value) }
    default: false
    }
}

func sameBytes(_ a: String, _ b: String) -> Bool {
    a.utf8.elementsEqual(b.utf8)
}

/// Depth as `JSONLimits` counts it: every value on the path from the root, scalars included.
func depth(_ value: JSONValue) -> Int {
    switch value {
    case .array(let elements): 1 + (elements.map(depth).max() ?? 0)
    case .object(let object): 1 + (object.values.map(depth).max() ?? 0)
    default: 1
    }
}

func containsReal(_ value: JSONValue) -> Bool {
    switch value {
    case .double: true
    case .array(let elements): elements.contains(where: containsReal)
    case .object(let object): object.values.contains(where: containsReal)
    default: false
    }
}

/// The value with every object's members sorted by their keys' UTF-8 bytes, as `sortedKeys` writes them.
func sortingKeys(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements):
        return .array(elements.map(sortingKeys))
    case .object(let object):
        let members = object.map { ($0.key, sortingKeys($0.value)) }
        return .object(JSONObject(members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }))
    default:
        return value
    }
}
