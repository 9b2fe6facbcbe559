import Foundation

// Swift mirrors of the ZEGO ZIM (late 2.x) call-invitation enums from `ZIMDefines.h`.
// Raw values are the header values; case names are what Apple's ClangImporter produces from the
// Objective-C enumerators (common prefix stripped), ObjC spellings kept
// (docs/ZIM.md, "Objective-C spellings"; for the offline state and value 8 of `ZIMCallUserState`,
// "Offline invitees stay inviting" and "ZIMCallUserState value 8").
// Default rule for properties of these types elsewhere in the module (ObjC zero-initialisation):
// a field defaults to the case with raw value 0 where one exists; `ZIMCallState` has no 0 and
// defaults to `.unknown`; `ZIMCXHandleType` has no 0 either and defaults to its documented `.generic`.

// MARK: - Connection

/// ZIMConnectionState (NS_ENUM(NSUInteger)): the SDK's connection state, reported by `zim(_:connectionStateChanged:event:extendedData:)`.
public enum ZIMConnectionState: UInt, Sendable, CaseIterable {
    /// ZIMConnectionStateDisconnected: not connected (the initial state, and the state after `logout()`).
    case disconnected = 0
    /// ZIMConnectionStateConnecting: logging in.
    case connecting = 1
    /// ZIMConnectionStateConnected: logged in.
    case connected = 2
    /// ZIMConnectionStateReconnecting: the connection dropped and the SDK is reconnecting.
    case reconnecting = 3
}

/// ZIMConnectionEvent (NS_ENUM(NSUInteger)): why the connection state changed. There is no `unknown` (Dart only).
public enum ZIMConnectionEvent: UInt, Sendable, CaseIterable {
    /// ZIMConnectionEventSuccess: success (a normal state change).
    case success = 0
    /// ZIMConnectionEventActiveLogin: an active login by the user.
    case activeLogin = 1
    /// ZIMConnectionEventLoginTimeout: the login timed out.
    case loginTimeout = 2
    /// ZIMConnectionEventLoginInterrupted: the connection was interrupted (Dart calls it `interrupted`).
    case loginInterrupted = 3
    /// ZIMConnectionEventKickedOut: this session was kicked out (for example by a login of the same user elsewhere).
    case kickedOut = 4
    /// ZIMConnectionEventTokenExpired: the token expired.
    case tokenExpired = 5
    /// ZIMConnectionEventUnregistered: the user was unregistered.
    case unregistered = 6
}

// MARK: - Call invitation

/// ZIMCallUserState (NS_ENUM(NSInteger)): one call member's state, in `ZIMCallUserInfo.state`.
public enum ZIMCallUserState: Int, Sendable, CaseIterable {
    /// Every case except the deprecated `.offline`, which is never emitted. Written by hand:
    /// Swift cannot synthesise `allCases` for an enum with an `@available`-annotated case.
    public static let allCases: [ZIMCallUserState] = [
        .unknown, .inviting, .accepted, .rejected, .cancelled, .received, .timeout, .quit, .ended,
        .notYetReceived, .beCancelled,
    ]

    /// ZIMCallUserStateUnknown: unknown.
    case unknown = -1
    /// ZIMCallUserStateInviting: invited, not yet answered (also an offline invitee).
    case inviting = 0
    /// ZIMCallUserStateAccepted: accepted the invitation (or joined with `callJoin`).
    case accepted = 1
    /// ZIMCallUserStateRejected: rejected the invitation.
    case rejected = 2
    /// ZIMCallUserStateCancelled: the invitation was cancelled by the inviter.
    case cancelled = 3
    /// ZIMCallUserStateOffline: offline (deprecated since ZIM 2.9.0, removed in 3.0.0; never emitted).
    @available(*, deprecated, message: "Deprecated since ZIM 2.9.0 and removed in 3.0.0; offline invitees stay .inviting.")
    case offline = 4
    /// ZIMCallUserStateReceived: the invitee received the invitation.
    case received = 5
    /// ZIMCallUserStateTimeout: the invitee did not answer before the timeout.
    case timeout = 6
    /// ZIMCallUserStateQuit: left an advanced-mode call with `callQuit` (Dart calls it `quited`).
    case quit = 7
    /// ZIMCallUserStateEnded (3.x; the late-2.x header spells it `ZIMCallUserStateEnd`): the call was ended.
    case ended = 8
    /// ZIMCallUserStateNotYetReceived (2.15): with `enableNotReceivedCheck`, the invite was not delivered within 5 s.
    case notYetReceived = 9
    /// ZIMCallUserStateBeCancelled (2.16): cancelled individually in an advanced-mode call (Dart: `beCanceled`).
    case beCancelled = 10

    /// ZIMCallUserStateEnd: the late-2.x header's name for value 8.
    @available(*, deprecated, renamed: "ended")
    public static let end = ZIMCallUserState.ended
}

/// ZIMCallState (NS_ENUM(NSInteger)): the state of a whole call, in `ZIMCallInfo.state`. There is no 0.
public enum ZIMCallState: Int, Sendable, CaseIterable {
    /// ZIMCallStateUnknown: unknown.
    case unknown = -1
    /// ZIMCallStateStarted: the call is ongoing.
    case started = 1
    /// ZIMCallStateEnded: the call is over (advanced mode: `callEnd`; common mode: every invitee answered or timed out).
    case ended = 2
}

/// ZIMCallInvitationMode (NS_ENUM(NSInteger)): common ("general") or advanced call invitation.
public enum ZIMCallInvitationMode: Int, Sendable, CaseIterable {
    /// ZIMCallInvitationModeUnknown: unknown.
    case unknown = -1
    /// ZIMCallInvitationModeGeneral: common mode; the call ends once every invitee has answered or timed out.
    case general = 0
    /// ZIMCallInvitationModeAdvanced (2.9): advanced mode; the call lasts until `callEnd`, with `callingInvite`, `callJoin` and `callQuit`.
    case advanced = 1
}

// MARK: - Push

/// ZIMCXHandleType (NSInteger): the CallKit handle type of a VoIP push (`ZIMVoIPConfig.iOSVoIPHandleType`).
public enum ZIMCXHandleType: Int, Sendable, CaseIterable {
    /// ZIMCXHandleTypeGeneric: a generic handle (the documented default).
    case generic = 1
    /// ZIMCXHandleTypePhoneNumber: a phone number.
    case phoneNumber = 2
    /// ZIMCXHandleTypeEmailAddress: an email address.
    case emailAddress = 3
}
