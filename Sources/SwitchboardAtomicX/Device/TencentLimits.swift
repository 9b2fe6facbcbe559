import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles

/// Switchboard addition, no vendor type: the numbers of Tencent's documents (`CallParams.timeout`'s
/// default, TUICallKit's nine people, ...) in one table (DECISIONS.md, "Timers (owner, value)"): tests
/// read them from here.
public enum TencentLimits {
    /// `CallParams.timeout` when 0 and `CallParams()`'s own default.
    public static let defaultCallTimeout = TencentCallRules.defaultTimeout
    /// The accepted range of `CallParams.timeout` in seconds (0 means the default); outside it, -1202.
    public static let callTimeoutRange: ClosedRange<Int> = 0...TencentCallRules.timeoutRange.upperBound
    /// People in one call, the caller included: `calls` takes at most 8 invitees, and an `invite` that
    /// would make more than 9 fails with -1202.
    public static let maxPeople = TencentCallRules.maxPeople
    /// `userData`, in UTF-8 bytes (the signaling payload limit, as Agora's `content`; not documented by
    /// Tencent, a project choice).
    public static let userDataBytes = TencentCallRules.userDataBytes
    /// `roomId` and `chatGroupId`, in UTF-8 bytes (TUIRoomId's string form).
    public static let roomIDBytes = 64
    /// `queryRecentCalls(cursor:count:)`: 1 to 100 records per page.
    public static let recentCallsPageRange: ClosedRange<UInt> = 1...100
    /// `deleteRecentCalls(callIdList:)`: at most 100 call ids per request.
    public static let maxDeletedCalls = 100
    /// How often `activeCall.duration` counts while connected.
    public static let durationTick: Duration = .seconds(1)

    /// A media room for a call placed with an empty `CallParams.roomId` ("the server assigns one if
    /// empty"): 128 random bits, so that two calls never share a room. The surface picks it, not the
    /// service: what an empty room id means is Tencent's convention (docs/TENCENT.md, "Rooms").
    static func makeRoomID() -> String {
        var generator = SystemRandomNumberGenerator()
        return "room-" + RandomHex.bits128(using: &generator)
    }

    /// The client timers of a Tencent login (12 s login timeout, DECISIONS.md).
    public static let timing = ClientTiming(loginTimeout: .seconds(12))
    /// The IM SDK has no notice before a UserSig expires (only `onUserSigExpired` after): its logins ask
    /// the service for none.
    static let tokenWarningLead: Duration = .zero

    /// The session surface name: UserSig logins are checked for it (`UserSigTokenVerifier`).
    static let surface = TencentCallRules.surface
}
