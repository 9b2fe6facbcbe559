import SwitchboardCore

/// Agora RTM 1.x and anyRTC local invitations in call-model terms
/// (docs/AGORA.md, "Vendor timers and limits"): one callee; 30 s for the callee's client to acknowledge
/// (`remoteOffline` / `remoteNoResponse`); 60 s of ringing counted from the callee's receipt (`expire`);
/// the three-way accept with a 5 s confirmation (`acceptFailure`); busy callees ring; offline callees are
/// kept for the 30 s. Nothing of it is an app's to set: a ``CallParameters`` with anything in it is refused.
public enum AgoraCallRules {
    /// The callee's client acknowledges within this, or the invitation fails.
    public static let deliveryTimeout: Duration = .seconds(30)
    /// Ringing after receipt (`LocalInvitationFailureReasonInvitationExpire`).
    public static let ringTimeout: Duration = .seconds(60)
    /// The caller's client confirms an acceptance within this, or it fails.
    public static let acceptConfirmation: Duration = .seconds(5)
    /// `content` and `response`, in UTF-8 bytes.
    public static let payloadBytes = 8 * 1024

    static func policy(for parameters: CallParameters) throws(CallError) -> CallPolicy {
        try parameters.check(takes: [], profile: "Agora")
        return CallPolicy(
            ringTimeout: ringTimeout, ringTimeoutStart: .atDelivery, deliveryTimeout: deliveryTimeout,
            offlineInvitees: .keep, busyInvitees: .ring, acceptConfirmation: acceptConfirmation,
            maxInviteesPerInvitation: 1, maxParticipants: 2,
            maxPayloadBytes: payloadBytes, maxAnswerBytes: payloadBytes)
    }
}
