/// What the service must do after the engine changed a call. The engine does no I/O; it returns these.
public enum CallEffect: Hashable, Sendable {
    /// Deliver a notification.
    case notify(Recipient, CallNotification)
    /// Store a participant's call record (an upsert keyed by owner and call id).
    case record(CallRecord)
    /// Call ``CallEngine/expire(at:)`` at this time (the call's earliest deadline changed to it).
    case armDeadline(Timestamp)
}
