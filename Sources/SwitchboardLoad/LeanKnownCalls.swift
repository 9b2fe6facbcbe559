import SwitchboardCore
import SwitchboardWire

/// What the lean engine keeps of the calls one connection carried, so that it can read compact call
/// events (docs/DECISIONS.md, "Compact call events"): per call, whether the flow's caller placed it and
/// each participant as far as the flow and the client's duties need them, kept by the service's end's
/// rule (SwitchboardWire's `KnownCallTable`), so both ends hold the same calls.
///
/// A compact event of a call not held here cannot be read: the engine drops the connection, as a
/// client's transport does when its end is out of step.
struct LeanKnownCalls {
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

    private var table = KnownCallTable<Entry>()

    subscript(id: CallID) -> Entry? { table[id] }

    var count: Int { table.count }

    /// The call `id` as a frame of it shows it now: kept while it goes on, dropped once it ended.
    mutating func remember(_ entry: Entry, for id: CallID, ended: Bool) {
        table.remember(entry, for: id, ended: ended)
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
