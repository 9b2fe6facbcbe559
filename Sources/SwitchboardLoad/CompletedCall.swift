import Foundation
import SwitchboardCore

/// A call the generator saw through to its normal end on both sides: what an audit of the server's
/// records checks against (`switchboard loadtest --completed-calls FILE`, one JSON line each; the chaos
/// test, docs/SERVER.md, "Chaos test").
public struct CompletedCall: Hashable, Sendable {
    public var callID: CallID
    public var kind: FlowKind
    public var caller: UserID
    public var callee: UserID
    /// A warm-up call (placed before measuring, not in the report's numbers).
    public var isWarmUp: Bool

    /// Everyone in the call: each should have exactly one record of it.
    public var participants: [UserID] { [caller, callee] }

    /// One JSON object on one line: `{"call", "kind", "caller", "callee", "participants", "warmUp"}`.
    public var jsonLine: String {
        let object: [String: Any] = [
            "call": callID.rawValue, "kind": kind.rawValue, "caller": caller.rawValue, "callee": callee.rawValue,
            "participants": participants.map(\.rawValue), "warmUp": isWarmUp,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
