/// Something a user's devices must be told about a call. Carries the call as it is after the change,
/// so a client never has to reconstruct state from a sequence of deltas.
public struct CallNotification: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The call was created (to the caller's devices).
        case created
        /// The recipient is invited (first delivery, or again when they come online while it rings).
        case invited(by: UserID)
        /// These participants changed state (to everyone active in the call, and to those who changed).
        case participantsChanged([UserID])
        /// The recipient's invitation was cancelled by `by`, with the canceller's data.
        ///
        /// Indirect: the only kind with two strings is boxed, so that every other kind takes half the room.
        indirect case cancelled(by: UserID, data: String?)
        /// The recipient's invitation ended unanswered.
        case timedOut(TimeoutCause)
        /// The caller confirmed the recipient's acceptance; the recipient is in the call (three-way).
        case acceptConfirmed
        /// The recipient's acceptance did not complete (three-way).
        case acceptFailed(AcceptFailure)
        /// Another device of the recipient answered (see the recipient's participant state for how).
        case answeredElsewhere(device: DeviceID)
        /// The call ended (see ``Call/state``).
        case ended
        /// A catch-up snapshot for a participant who was offline while the call went on.
        case synced
    }

    public var kind: Kind
    public var call: Call

    public init(kind: Kind, call: Call) {
        self.kind = kind
        self.call = call
    }
}

/// Where a notification goes.
public enum Recipient: Hashable, Sendable, CustomStringConvertible {
    /// Every device of the user that receives call events under its login policy.
    case user(UserID)
    /// One device.
    case device(Endpoint)
    /// Every device of the user except one (the one that just acted).
    case userExcept(Endpoint)

    public var user: UserID {
        switch self {
        case .user(let user): user
        case .device(let endpoint), .userExcept(let endpoint): endpoint.user
        }
    }

    public var description: String {
        switch self {
        case .user(let user): "\(user)"
        case .device(let endpoint): "\(endpoint)"
        case .userExcept(let endpoint): "\(endpoint.user) except \(endpoint.device)"
        }
    }
}
