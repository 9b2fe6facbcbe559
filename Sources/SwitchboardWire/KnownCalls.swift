import SwitchboardCore

/// The calls whose fixed facts one connection has carried, with the call as last carried: the
/// service's connection end keeps one (what it sent), the client's end another (what it received)
/// (docs/DECISIONS.md, "Compact call events"), by the rule of ``KnownCallTable``.
struct KnownCalls {
    private var table = KnownCallTable<Call>()

    subscript(id: CallID) -> Call? {
        table[id]
    }

    var count: Int { table.count }

    /// `call` was carried on the connection.
    mutating func remember(_ call: Call) {
        table.remember(call, for: call.id, ended: call.state.isEnded)
    }

    mutating func removeAll() {
        table.removeAll()
    }
}
