import SwitchboardClient
import SwitchboardCore

/// The Tencent surface's numbers in one table (DECISIONS.md, "Timers"): tests read them from here.
public enum TencentLimits {
    /// `CallParams.timeout` when 0 (reference decision 13) and `CallParams()`'s own default.
    public static let defaultCallTimeout = 30
    /// The accepted range of `CallParams.timeout` in seconds (0 means the default); outside it, -1202.
    public static let callTimeoutRange: ClosedRange<Int> = 0...3600
    /// People in one call, the caller included (decision 14): `calls` takes at most 8 invitees, and an
    /// `invite` that would make more than 9 fails with -1202.
    public static let maxPeople = 9
    /// `userData`, in UTF-8 bytes (the signaling payload limit, as Agora's `content`; not documented by
    /// Tencent, a project choice).
    public static let userDataBytes = 8192
    /// `roomId` and `chatGroupId`, in UTF-8 bytes (TUIRoomId's string form).
    public static let roomIDBytes = 64
    /// `queryRecentCalls(cursor:count:)`: 1 to 100 records per page.
    public static let recentCallsPageRange: ClosedRange<UInt> = 1...100
    /// `deleteRecentCalls(callIdList:)`: at most 100 call ids per request.
    public static let maxDeletedCalls = 100
    /// How often `activeCall.duration` counts while connected.
    public static let durationTick: Duration = .seconds(1)

    /// The client timers of a Tencent login (12 s login timeout, DECISIONS.md).
    public static let timing = ClientTiming(loginTimeout: .seconds(12))
    /// The IM SDK has no notice before a UserSig expires (only `onUserSigExpired` after): its logins ask
    /// the service for none.
    static let tokenWarningLead: Duration = .zero

    /// The session surface name: UserSig logins are checked for it (`UserSigTokenVerifier`).
    static let surface = "tencent"

    /// Attachment keys of the offline push fields (`CallParams.offlinePushTitle` / `Description`,
    /// `TUIOfflinePushInfo.title` / `desc`), for the server's push hook.
    static let pushTitleKey = "tencent.offlinePushTitle"
    static let pushDescriptionKey = "tencent.offlinePushDescription"

    /// The policy of a call created through `calls`: Tencent's rules in call-model terms. Every call is
    /// advanced (anyone may `join` by id, participants hang up one by one) and ends when at most one
    /// person is left in it; busy invitees are answered busy (`lineBusy`), offline ones fail at once
    /// unless the app pushes offline invitations (`offline`).
    static func policy(timeout: Int, ephemeral: Bool) -> CallPolicy {
        CallPolicy(
            ringTimeout: .seconds(timeout == 0 ? defaultCallTimeout : timeout),
            ringTimeoutStart: .atInvitation,
            offlineInvitees: .fail,
            busyInvitees: .reject,
            endWhenAlone: true,
            cancelWhenCallerOffline: true,
            leavesWithDevice: true,
            ephemeral: ephemeral,
            maxInviteesPerInvitation: maxPeople - 1,
            maxParticipants: maxPeople,
            maxPayloadBytes: userDataBytes,
            maxAnswerBytes: userDataBytes)
    }
}
