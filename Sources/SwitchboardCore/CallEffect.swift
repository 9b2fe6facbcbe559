/// What the service must do after the engine changed a call. The engine does no I/O; it returns these.
public enum CallEffect: Hashable, Sendable {
    /// Deliver a notification.
    case notify(Recipient, CallNotification)
    /// Store a participant's call record (an upsert keyed by owner and call id).
    ///
    /// Indirect: a record is twice the size of a notification and far rarer; boxed, it keeps every effect
    /// small, so that a transition's effect list fits the allocator's fast path.
    indirect case record(CallRecord)
    /// Call ``CallEngine/expire(at:)`` at this time (the call's earliest deadline changed to it).
    case armDeadline(Timestamp)
}
