import SwitchboardWire

/// A client frame handed to the service in a step (`SignalingService.receive(_:)` with a list of them), with
/// what the transport already decided about it.
public struct InboundFrame: Sendable {
    public var frame: ClientFrame
    public var connection: ConnectionID
    /// The transport's door admitted this new call (``SignalingService/door(_:from:)``): the service does
    /// not ask its load shedding again (docs/SERVER.md, "Overload").
    public var isAdmitted: Bool

    public init(_ frame: ClientFrame, from connection: ConnectionID, isAdmitted: Bool = false) {
        self.frame = frame
        self.connection = connection
        self.isAdmitted = isAdmitted
    }
}

/// What the door (``SignalingService/door(_:from:)``) decided about a request as it was read.
public enum DoorDecision: Sendable, Equatable {
    /// Not the door's to decide (not a new call, or, while shedding, not a session this node hosts or a
    /// request answered before): the request joins the step and the service decides.
    case undecided
    /// A new call let in: the request joins the step marked admitted (``InboundFrame/isAdmitted``).
    case admitted
    /// A new call shed: the transport answers it at once with ``LoadShedding/refusal``; nothing else
    /// happens (counted in the app's activity already).
    case refused
}
