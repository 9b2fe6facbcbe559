import SwitchboardCore
import SwitchboardJSON

// Members of the frame objects, written in one call each; optional members are left out when nil.
// The encoders write through these into a `JanssonTreeWriter` (the wire) or a `JSONValueBuilder`
// (`WireCodec.json`, the frame log), one encoder for both.

extension JSONStreamWriter {
    mutating func add(_ key: String, _ value: String) {
        self.key(key)
        string(value)
    }

    mutating func add(_ key: String, _ value: String?) {
        if let value { add(key, value) }
    }

    mutating func add(_ key: String, _ value: Int64) {
        self.key(key)
        int(value)
    }

    mutating func add(_ key: String, _ value: Int) {
        add(key, Int64(value))
    }

    mutating func add(_ key: String, _ value: Bool) {
        self.key(key)
        bool(value)
    }

    mutating func add(_ key: String, _ value: Timestamp) {
        add(key, value.millisecondsSince1970)
    }

    mutating func add(_ key: String, _ value: Timestamp?) {
        if let value { add(key, value.millisecondsSince1970) }
    }

    /// A duration as whole milliseconds (the key carries the `Ms` suffix).
    mutating func add(_ key: String, _ value: Duration) {
        add(key, value.wholeMilliseconds)
    }

    mutating func add(_ key: String, _ value: Duration?) {
        if let value { add(key, value.wholeMilliseconds) }
    }

    mutating func add<T: RawRepresentable>(_ key: String, _ value: T) where T.RawValue == String {
        add(key, value.rawValue)
    }

    mutating func add<T: RawRepresentable>(_ key: String, _ value: T?) where T.RawValue == String {
        if let value { add(key, value.rawValue) }
    }

    /// An array of strings (user ids, call ids).
    mutating func add<T: RawRepresentable>(_ key: String, list: [T]) where T.RawValue == String {
        self.key(key)
        beginArray()
        for element in list { string(element.rawValue) }
        endArray()
    }

    /// An object with exactly the members `body` writes.
    mutating func object(_ body: (inout Self) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    /// The member `key` holding an object with the members `body` writes.
    mutating func object(_ key: String, _ body: (inout Self) -> Void) {
        self.key(key)
        object(body)
    }

    /// The member `key` holding an array of `elements`, each written by `body`.
    mutating func array<Element>(_ key: String, _ elements: [Element], _ body: (inout Self, Element) -> Void) {
        self.key(key)
        beginArray()
        for element in elements { body(&self, element) }
        endArray()
    }
}

/// Runs an encoder into jansson's tree and dumps it, for the wire.
func encodedText(_ write: (inout JanssonTreeWriter) -> Void) -> [UInt8] {
    var writer = JanssonTreeWriter()
    write(&writer)
    return writer.finish()
}

/// Runs an encoder into a ``JSONValue``.
func encodedValue(_ write: (inout JSONValueBuilder) -> Void) -> JSONValue {
    var builder = JSONValueBuilder()
    write(&builder)
    return builder.value
}
