import SwitchboardCore

/// A call the generator placed and saw finish, however it ended: what the JSON report lists
/// (``LoadReport/calls``, `switchboard loadtest calls --json FILE`; `Schemas/loadtest/report.schema.json`).
public struct PlacedCall: Hashable, Sendable {
    /// The server's id of the call; nil when the server never named it (the invite failed or was refused).
    public var callID: CallID?
    public var kind: FlowKind
    public var caller: UserID
    public var callee: UserID
    /// The app both users are logged in to.
    public var app: String
    /// The server URL each user was connected to when the call finished (nil when the users do not go
    /// over WebSocket: a test's in-process service).
    public var callerURL: String?
    public var calleeURL: String?
    public var outcome: CallFlow.Outcome
    /// A warm-up call (placed before measuring, not in the report's counts).
    public var isWarmUp: Bool

    /// The report's entry: `call` (absent when the server never named it), `kind`, `caller`, `callee`,
    /// `app`, `callerURL` and `calleeURL` (when known), `outcome` (`completed`, `failed`, `interrupted`
    /// or `overloaded`), `failure` (why, for a failed call), `warmUp`.
    var jsonObject: [String: Any] {
        var object: [String: Any] = [
            "kind": kind.rawValue, "caller": caller.rawValue, "callee": callee.rawValue, "app": app,
            "outcome": outcome.name, "warmUp": isWarmUp,
        ]
        if let callID { object["call"] = callID.rawValue }
        if let callerURL { object["callerURL"] = callerURL }
        if let calleeURL { object["calleeURL"] = calleeURL }
        if case .failed(let cause) = outcome { object["failure"] = cause.description }
        return object
    }
}

extension CallFlow.Outcome {
    /// The outcome's name in the JSON report.
    public var name: String {
        switch self {
        case .completed: "completed"
        case .failed: "failed"
        case .interrupted: "interrupted"
        case .overloaded: "overloaded"
        }
    }
}
