import SwitchboardCore

/// The rule by which each end of a connection with compact call events keeps the calls the connection
/// carried (docs/DECISIONS.md, "Compact call events"), over whatever it keeps of each call: the service's
/// and the client's ends keep the call itself (`KnownCalls`), the load generator's lean engine only what its
/// flow reads. Every end applies it to the same frames, so all hold the same calls.
///
/// A call is added by its first frame, updated by every later one, and dropped by one that shows it ended;
/// past ``capacity`` calls the one added first is dropped (its next frame carries the facts again).
public struct KnownCallTable<Value> {
    /// How many calls a connection keeps; a session rarely sees more than a few at once.
    public static var capacity: Int { 64 }

    private var calls: [CallID: (value: Value, added: UInt64)] = [:]
    /// The calls in the order they were added; entries of calls since dropped (or dropped and added
    /// again) are skipped.
    private var order: [(id: CallID, added: UInt64)] = []
    private var additions: UInt64 = 0

    public init() {}

    public subscript(id: CallID) -> Value? {
        calls[id]?.value
    }

    public var count: Int { calls.count }

    /// The call `id` was carried on the connection, as `value`; `ended` when the frame shows it ended.
    public mutating func remember(_ value: Value, for id: CallID, ended: Bool) {
        if ended {
            calls[id] = nil
            if calls.isEmpty {
                // A connection with no call going keeps nothing: idle sessions stay small.
                calls = [:]
                order = []
            }
            return
        }
        if let known = calls[id] {
            calls[id] = (value, known.added)
            return
        }
        additions += 1
        calls[id] = (value, additions)
        order.append((id, additions))
        while calls.count > Self.capacity, !order.isEmpty {
            let oldest = order.removeFirst()
            if calls[oldest.id]?.added == oldest.added { calls[oldest.id] = nil }
        }
        if order.count > 2 * calls.count + 8 {
            order.removeAll { calls[$0.id]?.added != $0.added }
        }
    }

    public mutating func removeAll() {
        calls.removeAll()
        order.removeAll()
    }
}

extension KnownCallTable: Sendable where Value: Sendable {}
