import SwitchboardCore

/// ZEGO ZIM call invitations in call-model terms (docs/ZIM.md, "ZIM's documented limits and rules"):
/// `timeout` 1 to 600 s (90 s when the app leaves it 0), the not-yet-received check at 5 s when asked
/// for, 9 invitees per invitation and 10 people in a call, 2 KB of `extendedData`; busy and offline
/// invitees ring; an unanswered call ends when its caller goes offline; an advanced call lives on empty
/// until ended.
public enum ZIMCallRules {
    /// `ZIMCallInviteConfig.timeout` when 0.
    public static let defaultTimeout = 90
    /// The accepted `ZIMCallInviteConfig.timeout`, in seconds (0 means ``defaultTimeout``).
    public static let timeoutRange: ClosedRange<Int> = 1...600
    /// `enableNotReceivedCheck`: an invitee not reached by then becomes `notYetReceived`.
    public static let notReceivedCheck: Duration = .seconds(5)
    /// Invitees per `callInvite` / `callingInvite`.
    public static let maxInvitees = 9
    /// People ringing or in one call, the creator included.
    public static let maxParticipants = 10
    /// `extendedData` of every call config, in UTF-8 bytes.
    public static let extendedDataBytes = 2048

    static func policy(for parameters: CallParameters) throws(CallError) -> CallPolicy {
        try parameters.check(takes: [.ringTimeout, .notReceivedCheck], profile: "ZIM")
        return CallPolicy(
            ringTimeout: try parameters.ringTimeout(in: timeoutRange, default: defaultTimeout, profile: "ZIM"),
            ringTimeoutStart: .atInvitation,
            notReceivedCheck: parameters.notReceivedCheck ? notReceivedCheck : nil,
            offlineInvitees: .keep, busyInvitees: .ring, keepsEmptyCall: true, cancelWhenCallerOffline: true,
            maxInviteesPerInvitation: maxInvitees, maxParticipants: maxParticipants,
            maxPayloadBytes: extendedDataBytes, maxAnswerBytes: extendedDataBytes)
    }
}
