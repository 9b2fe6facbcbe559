/// Where a call stands as a whole.
public enum CallState: Hashable, Sendable, CustomStringConvertible {
    /// Created; nobody has accepted yet.
    case ringing
    /// At least one invitee accepted (or someone joined).
    case connected
    /// Over. Nothing more can happen to the call except queries.
    ///
    /// Indirect: the end (two strings and more) is boxed once, when the call ends, so that the state is
    /// one word and every copy of the call (each notification carries one) stays small.
    indirect case ended(CallEnd)

    public var isEnded: Bool {
        if case .ended = self { return true }
        return false
    }

    public var end: CallEnd? {
        if case .ended(let end) = self { return end }
        return nil
    }

    public var description: String {
        switch self {
        case .ringing: "ringing"
        case .connected: "connected"
        case .ended(let end): "ended(\(end.reason.rawValue))"
        }
    }
}

/// How and when a call ended.
public struct CallEnd: Hashable, Sendable {
    public var reason: CallEndReason
    /// Who ended it, when a user did (the canceller, the last to leave, the user who called `end`).
    public var by: UserID?
    public var at: Timestamp
    /// The data the user who ended the call gave with `end` (ZIM `extendedData`).
    public var data: String?

    public init(reason: CallEndReason, by: UserID?, at: Timestamp, data: String? = nil) {
        self.reason = reason
        self.by = by
        self.at = at
        self.data = data
    }
}

/// Why a call, or one participant's part in it, ended. One vocabulary for every surface: Tencent
/// `CallEndReason`, ZIM call states and Agora failure codes are all derived from it.
public enum CallEndReason: String, Hashable, Sendable, CaseIterable {
    /// General mode: every invitee answered (or was cancelled or timed out) and at least one accepted.
    case allAnswered
    /// The inviter cancelled before the invitation was answered.
    case cancelled
    /// The invitee declined.
    case declined
    /// The invitee was busy.
    case busy
    /// The invitee was calling the caller at the same moment, and that call survived
    /// (docs/CALL-MODEL.md, "Glare").
    case glare
    /// The invitation rang out, or was never acknowledged.
    case noAnswer
    /// The invitee was offline.
    case offline
    /// A participant hung up: quit, or ended the call.
    case hungUp
    /// The three-way accept did not complete.
    case acceptFailed
    /// The caller went offline before anyone accepted (ZIM).
    case callerOffline
    /// The service's admin operation ended the call.
    case endedByServer
}
