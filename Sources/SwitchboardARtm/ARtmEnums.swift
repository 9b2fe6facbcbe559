import SwitchboardAgora

// anyRTC's enums (ARtmEnumerates.h). anyRTC copied Agora RTM 1.x's: every enum but two has Agora's
// cases and raw values, so it is Agora's enum under anyRTC's name (docs/AGORA.md, "anyRTC
// differences"); the two that differ are declared here.

// MARK: - What differs

/// ARtmConnectionChangeReason: why the connection state changed. Agora's reasons 1 to 8
/// (`AgoraRtmConnectionChangeReason` says what each means; anyRTC's login times out after 6 s), without
/// 9: anyRTC has no `TokenExpired`, so an expired token reaches an anyRTC app as `rtmKitTokenDidExpire`.
public enum ARtmConnectionChangeReason: Int, Sendable, CaseIterable {
    case login = 1, loginSuccess, loginFailure, loginTimeout, interrupted, logout, bannedByServer, remoteLogin
}

/// ARtmLogFilter: the log output level passed to `setLogFilters(_:)`. Unlike Agora's
/// `AgoraRtmLogFilter` it is an `NS_ENUM(NSUInteger)`, adds `debug` (0x080f: debug level and above),
/// spells `warn` as `warning`, and has no `mask`; `off`, `info` (0x0f), `error` (0x0c) and `critical`
/// (0x08) are Agora's.
public enum ARtmLogFilter: UInt, Sendable, CaseIterable {
    case off = 0, debug = 0x080f, info = 0x0f, warning = 0x0e, error = 0x0c, critical = 0x08
}

// MARK: - Agora's, under anyRTC's names

/// `ARtmLocalInvitationState`: Agora's.
public typealias ARtmLocalInvitationState = AgoraRtmLocalInvitationState
/// `ARtmRemoteInvitationState`: Agora's.
public typealias ARtmRemoteInvitationState = AgoraRtmRemoteInvitationState
/// `ARtmLocalInvitationErrorCode`: Agora's.
public typealias ARtmLocalInvitationErrorCode = AgoraRtmLocalInvitationErrorCode
/// `ARtmRemoteInvitationErrorCode`: Agora's.
public typealias ARtmRemoteInvitationErrorCode = AgoraRtmRemoteInvitationErrorCode
/// `ARtmInvitationApiCallErrorCode`: Agora's.
public typealias ARtmInvitationApiCallErrorCode = AgoraRtmInvitationApiCallErrorCode
/// `ARtmConnectionState`: Agora's (anyRTC's `connecting` times out after 6 s, not 12).
public typealias ARtmConnectionState = AgoraRtmConnectionState
/// `ARtmLoginErrorCode`: Agora's (anyRTC's login times out after 6 s, not 12).
public typealias ARtmLoginErrorCode = AgoraRtmLoginErrorCode
/// `ARtmLogoutErrorCode`: Agora's.
public typealias ARtmLogoutErrorCode = AgoraRtmLogoutErrorCode
/// `ARtmRenewTokenErrorCode`: Agora's.
public typealias ARtmRenewTokenErrorCode = AgoraRtmRenewTokenErrorCode
/// `ARtmPeerOnlineState`: Agora's.
public typealias ARtmPeerOnlineState = AgoraRtmPeerOnlineState
/// `ARtmSendPeerMessageErrorCode`: Agora's (anyRTC's `tooOften` is more than 60 messages per second).
public typealias ARtmSendPeerMessageErrorCode = AgoraRtmSendPeerMessageErrorCode
/// `ARtmQueryPeersOnlineErrorCode`: Agora's.
public typealias ARtmQueryPeersOnlineErrorCode = AgoraRtmQueryPeersOnlineErrorCode
/// `ARtmPeerSubscriptionStatusErrorCode`: Agora's.
public typealias ARtmPeerSubscriptionStatusErrorCode = AgoraRtmPeerSubscriptionStatusErrorCode
/// `ARtmPeerSubscriptionOptions`: Agora's.
public typealias ARtmPeerSubscriptionOptions = AgoraRtmPeerSubscriptionOptions
/// `ARtmQueryPeersBySubscriptionOptionErrorCode`: Agora's.
public typealias ARtmQueryPeersBySubscriptionOptionErrorCode = AgoraRtmQueryPeersBySubscriptionOptionErrorCode
/// `ARtmProcessAttributeErrorCode`: Agora's (cases `.attributeOperationErrorOk` ...).
public typealias ARtmProcessAttributeErrorCode = AgoraRtmProcessAttributeErrorCode
/// `ARtmChannelMemberCountErrorCode`: Agora's.
public typealias ARtmChannelMemberCountErrorCode = AgoraRtmChannelMemberCountErrorCode
/// `ARtmJoinChannelErrorCode`: Agora's.
public typealias ARtmJoinChannelErrorCode = AgoraRtmJoinChannelErrorCode
/// `ARtmLeaveChannelErrorCode`: Agora's.
public typealias ARtmLeaveChannelErrorCode = AgoraRtmLeaveChannelErrorCode
/// `ARtmSendChannelMessageErrorCode`: Agora's (anyRTC's `tooOften` is more than 60 messages per second).
public typealias ARtmSendChannelMessageErrorCode = AgoraRtmSendChannelMessageErrorCode
/// `ARtmGetMembersErrorCode`: Agora's.
public typealias ARtmGetMembersErrorCode = AgoraRtmGetMembersErrorCode
/// `ARtmMessageType`: Agora's.
public typealias ARtmMessageType = AgoraRtmMessageType
