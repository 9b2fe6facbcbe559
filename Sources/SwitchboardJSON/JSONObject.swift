/// A JSON object that keeps its members in insertion (or parse) order.
///
/// Members are stored as an array of key/value pairs: frame objects are small, so a linear scan
/// beats hashing, and the order survives a parse/serialize round trip, which keeps frames readable
/// in logs. Lookups are O(n) (bulk construction switches to a hash index for large inputs).
///
/// Keys are unique, compared by their UTF-8 bytes as JSON does (see ``JSONValue``).
///
/// Equality and hashing ignore member order, as JSON object semantics require: `{"a":1,"b":2}`
/// equals `{"b":2,"a":1}`. Iteration order is still the stored order.
public struct JSONObject: Sendable {
    public typealias Element = (key: String, value: JSONValue)

    @usableFromInline
    internal var members: [Element]

    /// Past this many members a key lookup during bulk construction or comparison goes through
    /// a hash index instead of a linear scan, so large objects do not cost O(n²).
    static let linearScanLimit = 16

    /// An empty object.
    public init() {
        members = []
    }

    /// Members from jansson, which has already rejected duplicate keys byte for byte.
    init(uniqueMembers: [Element]) {
        members = uniqueMembers
    }

    /// An object with the given members, in order. A later duplicate key replaces the earlier
    /// member's value in place (keeping the earlier position), as assignment through
    /// ``subscript(_:)-(String)`` would.
    public init(_ pairs: some Sequence<(String, JSONValue)>) {
        members = []
        members.reserveCapacity(pairs.underestimatedCount)
        var hashIndex: [ByteKey: Int]? = nil
        for (key, value) in pairs {
            if hashIndex == nil, members.count >= Self.linearScanLimit {
                var built = [ByteKey: Int](minimumCapacity: members.count * 2)
                for (position, member) in members.enumerated() {
                    built[ByteKey(string: member.key)] = position
                }
                hashIndex = built
            }
            if hashIndex != nil {
                let byteKey = ByteKey(string: key)
                if let position = hashIndex![byteKey] {
                    members[position].value = value
                } else {
                    hashIndex![byteKey] = members.count
                    members.append((key, value))
                }
            } else if let position = index(forKey: key) {
                members[position].value = value
            } else {
                members.append((key, value))
            }
        }
    }

    /// The value stored under `key`, or nil.
    ///
    /// Assigning a value to an existing key replaces it in place; assigning to a new key appends
    /// a member; assigning nil removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = index(forKey: key) else { return nil }
            return members[position].value
        }
        set {
            let position = index(forKey: key)
            switch (position, newValue) {
            case (let position?, let value?): members[position].value = value
            case (let position?, nil): members.remove(at: position)
            case (nil, let value?): members.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// The keys, in order.
    public var keys: [String] {
        members.map(\.key)
    }

    /// The values, in key order.
    public var values: [JSONValue] {
        members.map(\.value)
    }

    /// The index of the member whose key has exactly the bytes of `key`.
    public func index(forKey key: String) -> Int? {
        members.firstIndex { StringBytes.equal($0.key, key) }
    }

    /// Removes the member stored under `key` and returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = index(forKey: key) else { return nil }
        return members.remove(at: position).value
    }

    /// Reserves room for `minimumCapacity` members.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        members.reserveCapacity(minimumCapacity)
    }
}

extension JSONObject: RandomAccessCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>

    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }

    public subscript(position: Int) -> Element {
        members[position]
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with the literal's members in source order; see ``init(_:)`` for duplicates.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

extension JSONObject: Hashable {
    /// Order-insensitive: same keys (byte for byte) with equal values.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        // Keys are unique on both sides, so equal counts plus every lhs member matching an rhs
        // member means the key sets are equal.
        if lhs.members.count <= linearScanLimit {
            for member in lhs.members {
                guard let value = rhs[member.key], value == member.value else { return false }
            }
            return true
        }
        var hashIndex = [ByteKey: Int](minimumCapacity: rhs.members.count)
        for (position, member) in rhs.members.enumerated() {
            hashIndex[ByteKey(string: member.key)] = position
        }
        for member in lhs.members {
            guard let position = hashIndex[ByteKey(string: member.key)],
                rhs.members[position].value == member.value
            else { return false }
        }
        return true
    }

    /// Order-insensitive: each member is hashed on its own copy of the seeded hasher and the
    /// results are combined with XOR, which does not depend on order (as `Dictionary` does).
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for member in members {
            var memberHasher = hasher
            StringBytes.hash(member.key, into: &memberHasher)
            memberHasher.combine(member.value)
            combined ^= memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}
