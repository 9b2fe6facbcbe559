import SwitchboardCore

/// The calls whose fixed facts one connection has carried, with the call as last carried: the
/// service's connection end keeps one (what it sent), the client's end another (what it received)
/// (docs/DECISIONS.md, "Compact call events").
///
/// Both ends apply the same rule to the same frames, so they hold the same calls: a call is added by
/// the first event of it, updated by every later one, dropped by an event that shows it ended, and
/// past ``capacity`` calls the one added first is dropped (its next event carries the facts again).
struct KnownCalls {
    /// How many calls a connection keeps; a session rarely sees more than a few at once.
    static let capacity = 64

    private var calls: [CallID: (call: Call, added: UInt64)] = [:]
    /// The calls in the order they were added; entries of calls since dropped (or dropped and added
    /// again) are skipped.
    private var order: [(id: CallID, added: UInt64)] = []
    private var additions: UInt64 = 0

    subscript(id: CallID) -> Call? {
        calls[id]?.call
    }

    var count: Int { calls.count }

    /// `call` was carried on the connection.
    mutating func remember(_ call: Call) {
        if call.state.isEnded {
            calls[call.id] = nil
            if calls.isEmpty {
                // A connection with no call going keeps nothing: idle sessions stay small.
                calls = [:]
                order = []
            }
            return
        }
        if let known = calls[call.id] {
            calls[call.id] = (call, known.added)
            return
        }
        additions += 1
        calls[call.id] = (call, additions)
        order.append((call.id, additions))
        while calls.count > Self.capacity, !order.isEmpty {
            let oldest = order.removeFirst()
            if calls[oldest.id]?.added == oldest.added { calls[oldest.id] = nil }
        }
        if order.count > 2 * calls.count + 8 {
            order.removeAll { calls[$0.id]?.added != $0.added }
        }
    }

    mutating func removeAll() {
        calls.removeAll()
        order.removeAll()
    }
}
