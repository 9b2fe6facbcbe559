import SwitchboardJSON
import Testing

/// Parses with the given limits (maximum by default, so tests about one rule are not tripped by
/// the wire limits) and returns the error, or nil when parsing succeeded.
func parseError(_ text: String, limits: JSONLimits = .maximum) -> JSONError? {
    do {
        _ = try JSONParser(limits: limits).parse(text)
        return nil
    } catch {
        return error
    }
}

func parseError(bytes: [UInt8], limits: JSONLimits = .maximum) -> JSONError? {
    do {
        _ = try JSONParser(limits: limits).parse(bytes: bytes)
        return nil
    } catch {
        return error
    }
}

func serializeError(_ value: JSONValue, serializer: JSONSerializer = JSONSerializer()) -> JSONError? {
    do {
        _ = try serializer.serialize(value)
        return nil
    } catch {
        return error
    }
}

/// Expects `text` to fail with exactly this code and location.
func expectError(
    _ text: String, _ code: JSONError.Code, line: Int, column: Int, position: Int,
    limits: JSONLimits = .maximum, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error = parseError(text, limits: limits) else {
        Issue.record("expected \(code) for \(text.debugDescription), but it parsed", sourceLocation: sourceLocation)
        return
    }
    #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    #expect(
        [error.line, error.column, error.position] == [line, column, position],
        "location of \(error)", sourceLocation: sourceLocation)
}

/// `depth` nested arrays around `innermost` (a JSON text).
func nestedArrays(_ depth: Int, around innermost: String = "") -> String {
    String(repeating: "[", count: depth) + innermost + String(repeating: "]", count: depth)
}

/// A JSONValue of `depth` levels: arrays around an empty array.
func nestedValue(_ depth: Int) -> JSONValue {
    var value: JSONValue = []
    for _ in 1..<depth { value = [value] }
    return value
}

/// Same value with the same number types, and doubles identical to the bit (so -0.0 ≠ 0.0).
func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(identical)
    case (.object(let x), .object(let y)):
        // Order is part of identity here: the parser must keep it.
        return x.count == y.count && zip(x, y).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && identical($0.value, $1.value) }
    default: return a == b
    }
}
