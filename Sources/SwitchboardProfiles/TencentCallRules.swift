import SwitchboardCore

/// Tencent `CallStore.calls` / `TUICallEngine.calls` in call-model terms
/// (docs/TENCENT.md, "The call model behind it"): every call is advanced (anyone may `join` by id,
/// participants hang up one by one) and ends when at most one person is left in it; busy invitees are
/// answered busy (`lineBusy`), offline ones fail at once unless the app pushes offline invitations
/// (`offline`); a device that is kicked out leaves its call; `timeout` 1 to 3600 s (30 s when 0);
/// 9 people; `isEphemeralCall` leaves no records where the app allows it.
public enum TencentCallRules {
    /// `CallParams.timeout` when 0, and `CallParams()`'s own default.
    public static let defaultTimeout = 30
    /// The accepted `CallParams.timeout`, in seconds (0 means ``defaultTimeout``).
    public static let timeoutRange: ClosedRange<Int> = 1...3600
    /// People in one call, the caller included.
    public static let maxPeople = 9
    /// `userData`, in UTF-8 bytes (the signaling payload limit, as Agora's `content`).
    public static let userDataBytes = 8192

    /// The surface name Tencent logins give (`Hello.surface`).
    public static let surface = "tencent"

    /// Whether a user logged in on `surface` answers every invitation busy while busy: a Tencent device
    /// that is in a call (or ringing) answers any other invitation busy, whatever the caller's surface,
    /// and shows nothing of it (docs/TENCENT.md, "Busy devices answer busy"). The service applies it to
    /// every invitee, so the rule lives here once.
    public static func answersBusyWhileBusy(loginSurface surface: String?) -> Bool {
        surface == Self.surface
    }

    static func policy(for parameters: CallParameters) throws(CallError) -> CallPolicy {
        try parameters.check(takes: [.ringTimeout, .ephemeral], profile: "Tencent")
        return CallPolicy(
            ringTimeout: try parameters.ringTimeout(in: timeoutRange, default: defaultTimeout, profile: "Tencent"),
            ringTimeoutStart: .atInvitation,
            offlineInvitees: .fail, busyInvitees: .reject, endWhenAlone: true, cancelWhenCallerOffline: true,
            leavesWithDevice: true, ephemeral: parameters.ephemeral,
            maxInviteesPerInvitation: maxPeople - 1, maxParticipants: maxPeople,
            maxPayloadBytes: userDataBytes, maxAnswerBytes: userDataBytes)
    }
}
