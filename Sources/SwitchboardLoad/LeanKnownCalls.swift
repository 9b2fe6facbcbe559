import SwitchboardCore

/// What the lean engine keeps of the calls one connection carried, so that it can read compact call
/// events (docs/DECISIONS.md, "Compact call events"): per call, whether the flow's caller placed it and
/// each participant as far as the flow and the client's duties need them. It follows the rule of the
/// service's end (`KnownCalls` in SwitchboardWire): a call is added by its first event (the full form),
/// updated by every later one, and dropped by an event that shows it ended; past ``capacity`` calls the
/// one added first is forgotten, as the service's end does (its next event is full again there too).
///
/// A compact event of a call not held here cannot be read: the engine drops the connection, as a
/// client's transport does when its end is out of step.
struct LeanKnownCalls {
    static let capacity = 64

    /// One participant as the lean reading needs it.
    struct Member: Equatable {
        /// The user's id, UTF-8.
        var user: [UInt8]
        var isCallee: Bool
        /// Whether the connection's user invited them (or, with no inviter named, placed the call):
        /// their acceptance is this user's to confirm.
        var invitedByViewer: Bool
        var state: ParticipantState
    }

    /// A call as last carried on the connection.
    struct Entry: Equatable {
        var isFromCaller: Bool
        /// Whether the connection's user placed the call (an invitee with no inviter named was invited
        /// by them).
        var callerIsViewer: Bool
        var members: [Member]
    }

    private var calls: [CallID: (entry: Entry, added: UInt64)] = [:]
    /// The calls in the order they were added; entries of calls since dropped (or dropped and added
    /// again) are skipped.
    private var order: [(id: CallID, added: UInt64)] = []
    private var additions: UInt64 = 0

    subscript(id: CallID) -> Entry? { calls[id]?.entry }

    var count: Int { calls.count }

    /// The call `id` as an event of it shows it now: kept while it goes on, dropped once it ended.
    mutating func remember(_ entry: Entry, for id: CallID, ended: Bool) {
        if ended {
            calls[id] = nil
            if calls.isEmpty { order.removeAll(keepingCapacity: true) }
            return
        }
        if let known = calls[id] {
            calls[id] = (entry, known.added)
            return
        }
        additions += 1
        calls[id] = (entry, additions)
        order.append((id, additions))
        while calls.count > Self.capacity, !order.isEmpty {
            let oldest = order.removeFirst()
            if calls[oldest.id]?.added == oldest.added { calls[oldest.id] = nil }
        }
        if order.count > 2 * calls.count + 8 {
            order.removeAll { calls[$0.id]?.added != $0.added }
        }
    }
}

extension LeanKnownCalls.Entry {
    /// `call` as the lean reading keeps it, for the flow between `caller` and `callee` seen by `viewer`.
    init(_ call: Call, viewer: UserID, callee: UserID, caller: UserID) {
        isFromCaller = call.caller == caller
        callerIsViewer = call.caller == viewer
        members = call.participants.map { participant in
            LeanKnownCalls.Member(user: Array(participant.user.rawValue.utf8), isCallee: participant.user == callee,
                                  invitedByViewer: (participant.invitedBy ?? call.caller) == viewer, state: participant.state)
        }
    }
}
