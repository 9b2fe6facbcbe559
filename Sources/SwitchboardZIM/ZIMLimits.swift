import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles

/// Switchboard addition, no vendor type: the numbers of ZEGO's ZIM documents (`ZIMCallInviteConfig.timeout`'s
/// default and bounds, ...) in one table (docs/DECISIONS.md, "Timers (owner, value)"): tests read them from here.
public enum ZIMLimits {
    /// `ZIMCallInviteConfig.timeout` when 0.
    public static let defaultCallTimeout = UInt32(ZIMCallRules.defaultTimeout)
    /// The accepted range of `ZIMCallInviteConfig.timeout` in seconds.
    public static let callTimeoutRange = UInt32(ZIMCallRules.timeoutRange.lowerBound)...UInt32(ZIMCallRules.timeoutRange.upperBound)
    /// `enableNotReceivedCheck`: an invitee not reached by then becomes `notYetReceived`.
    public static let notReceivedCheck = ZIMCallRules.notReceivedCheck
    /// Invitees per `callInvite` / `callingInvite` (6000272 above it).
    public static let maxInvitees = ZIMCallRules.maxInvitees
    /// Participants ringing or in one call, the creator included (6000272 above it).
    public static let maxParticipants = ZIMCallRules.maxParticipants
    /// `extendedData` of every call config, in UTF-8 bytes (6000001 above it).
    public static let extendedDataBytes = ZIMCallRules.extendedDataBytes
    /// `updateUserName` and `ZIMLoginConfig.userName`: UTF-8 bytes (6000001 above it).
    public static let userNameBytes = 256
    /// `updateUserAvatarUrl`: UTF-8 bytes (6000001 above it).
    public static let userAvatarUrlBytes = 500
    /// `updateUserExtendedData`: UTF-8 bytes (6000001 above it; docs/ZIM.md, "User extended data limit").
    public static let userExtendedDataBytes = 2048
    /// `queryUsersInfo`: userIDs in one call, and userIDs asked of the server within
    /// ``usersInfoQueryWindow`` (6000012 above either).
    public static let maxUsersInfoQuery = 10
    /// The window of the `queryUsersInfo` limit.
    public static let usersInfoQueryWindow: Duration = .seconds(10)
    /// `userID`: 1 to 32 bytes of the characters ZIM allows.
    public static let userIDBytes = 32
    /// `queryCallInvitationList` page size; larger counts are treated as this.
    public static let maxQueryCount: UInt32 = 100
    /// `tokenWillExpire` fires this long before the token expires: the lead a ZIM login asks the service
    /// for (`ClientConfiguration.tokenWarningLead`), which then sends the notice.
    public static let tokenWillExpireNotice: Duration = .seconds(30)
    /// How many `nextFlag` values one instance remembers (the oldest is forgotten first).
    static let rememberedQueryPositions = 64

    /// The client timers of a ZIM login (12 s login timeout, DECISIONS.md).
    public static let timing = ClientTiming(loginTimeout: .seconds(12))

    /// ZIM's user id alphabet: letters, digits and `!#$%&()+-:;<=.>?@[]^_{}|~`.
    public static func isValidUserID(_ id: String) -> Bool {
        let bytes = id.utf8
        guard (1...userIDBytes).contains(bytes.count) else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                allowedPunctuation.contains(byte)
            }
        }
    }

    private static let allowedPunctuation = Set("!#$%&()+-:;<=.>?@[]^_{}|~".utf8)
}
