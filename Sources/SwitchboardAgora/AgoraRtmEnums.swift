import Foundation

// Swift mirrors of the Agora RTM 1.x (final 1.5.x) iOS SDK enums.
// Raw values are the header values; case names are what Apple's ClangImporter
// produces (longest common word-aligned prefix stripped), quirks kept verbatim.

/// AgoraRtmEndcallPrefix: a text message `<prefix>_<channelId>_<info>` interoperates with the legacy Signaling `endCall`.
public let AgoraRtmEndcallPrefix = "AgoraRTMLegacyEndcallCompatibleMessagePrefix"

// MARK: - Call invitation

/// AgoraRtmLocalInvitationState: the state of a caller's `AgoraRtmLocalInvitation`.
public enum AgoraRtmLocalInvitationState: Int, Sendable, CaseIterable {
    /// AgoraRtmLocalInvitationStateIdle: the initial state.
    case idle = 0
    /// AgoraRtmLocalInvitationStateSentToRemote: sent to the callee (FOR INTERNAL USE ONLY).
    case sentToRemote = 1
    /// AgoraRtmLocalInvitationStateReceivedByRemote: the callee received the invitation.
    case receivedByRemote = 2
    /// AgoraRtmLocalInvitationStateAcceptedByRemote: the callee accepted the invitation.
    case acceptedByRemote = 3
    /// AgoraRtmLocalInvitationStateRefusedByRemote: the callee refused the invitation.
    case refusedByRemote = 4
    /// AgoraRtmLocalInvitationStateCanceled: the caller canceled the invitation.
    case canceled = 5
    /// AgoraRtmLocalInvitationStateFailure: the invitation's life cycle ended in failure.
    case failure = 6
}

/// AgoraRtmRemoteInvitationState: the state of a callee's `AgoraRtmRemoteInvitation`.
public enum AgoraRtmRemoteInvitationState: Int, Sendable, CaseIterable {
    /// AgoraRtmRemoteInvitationStateIdle: the initial state.
    case idle = 0
    /// AgoraRtmRemoteInvitationStateInvitationReceived: the callee received the invitation.
    case invitationReceived = 1
    /// AgoraRtmRemoteInvitationStateAcceptSentToLocal: the acceptance was sent to the caller (FOR INTERNAL USE ONLY).
    case acceptSentToLocal = 2
    /// AgoraRtmRemoteInvitationStateRefused: the callee refused the invitation.
    case refused = 3
    /// AgoraRtmRemoteInvitationStateAccepted: the callee accepted the invitation.
    case accepted = 4
    /// AgoraRtmRemoteInvitationStateCanceled: the caller canceled the invitation.
    case canceled = 5
    /// AgoraRtmRemoteInvitationStateFailure: the invitation's life cycle ended in failure.
    case failure = 6
}

/// AgoraRtmLocalInvitationErrorCode: the error reported to the caller by `rtmCallKit(_:localInvitationFailure:errorCode:)`.
public enum AgoraRtmLocalInvitationErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmLocalInvitationErrorOk: no error.
    case ok = 0
    /// AgoraRtmLocalInvitationErrorRemoteOffline: the callee is still offline 30 s after the invitation was sent.
    case remoteOffline = 1
    /// AgoraRtmLocalInvitationErrorRemoteNoResponse: the callee is online but did not ACK the invitation within 30 s.
    case remoteNoResponse = 2
    /// AgoraRtmLocalInvitationErrorExpire: the callee ACKed but nobody canceled, accepted or refused within 60 s.
    case expire = 3
    /// AgoraRtmLocalInvitationErrorNotLoggedIn: the caller is not logged in.
    case notLoggedIn = 4
}

/// AgoraRtmRemoteInvitationErrorCode: the error reported to the callee by `rtmCallKit(_:remoteInvitationFailure:errorCode:)`.
public enum AgoraRtmRemoteInvitationErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmRemoteInvitationErrorOk: no error.
    case ok = 0
    /// AgoraRtmRemoteInvitationErrorLocalOffline: the caller is not online when the callee accepts.
    case localOffline = 1
    /// AgoraRtmRemoteInvitationErrorAcceptFailure: the caller did not ACK the acceptance within a set time (usually a network interruption).
    case acceptFailure = 2
    /// AgoraRtmRemoteInvitationErrorExpire: the invitation was ACKed but nobody acted on it within 60 s.
    case expire = 3
}

/// AgoraRtmInvitationApiCallErrorCode: the result passed to the send, cancel, accept and refuse completion blocks.
public enum AgoraRtmInvitationApiCallErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmInvitationApiCallErrorOk: the call succeeded.
    case ok = 0
    /// AgoraRtmInvitationApiCallErrorInvalidAugment: invalid argument (sic), e.g. content over 8 KB.
    case invalidAugment = 1
    /// AgoraRtmInvitationApiCallErrorNotStarted: the invitation has not started.
    case notStarted = 2
    /// AgoraRtmInvitationApiCallErrorAlreadyEnd: the invitation has ended.
    case alreadyEnd = 3
    /// AgoraRtmInvitationApiCallErrorAlreadyAccept: the invitation was already accepted.
    case alreadyAccept = 4
    /// AgoraRtmInvitationApiCallErrorAlreadySent: the invitation was already sent.
    case alreadySent = 5
}

// MARK: - Connection

/// AgoraRtmConnectionState: the SDK's connection state (there is no 0).
public enum AgoraRtmConnectionState: Int, Sendable, CaseIterable {
    /// AgoraRtmConnectionStateDisconnected: not logged in.
    case disconnected = 1
    /// AgoraRtmConnectionStateConnecting: logging in (times out after 12 s).
    case connecting = 2
    /// AgoraRtmConnectionStateConnected: logged in.
    case connected = 3
    /// AgoraRtmConnectionStateReconnecting: the connection was interrupted for more than 4 s and the SDK is reconnecting.
    case reconnecting = 4
    /// AgoraRtmConnectionStateAborted: the connection was aborted, e.g. the same user ID logged in elsewhere.
    case aborted = 5
}

/// AgoraRtmConnectionChangeReason: why the connection state changed.
public enum AgoraRtmConnectionChangeReason: Int, Sendable, CaseIterable {
    /// AgoraRtmConnectionChangeReasonLogin: the SDK is logging in.
    case login = 1
    /// AgoraRtmConnectionChangeReasonLoginSuccess: login succeeded (also after an automatic reconnect).
    case loginSuccess = 2
    /// AgoraRtmConnectionChangeReasonLoginFailure: login failed.
    case loginFailure = 3
    /// AgoraRtmConnectionChangeReasonLoginTimeout: login did not succeed within 12 s.
    case loginTimeout = 4
    /// AgoraRtmConnectionChangeReasonInterrupted: the connection was interrupted for more than 4 s.
    case interrupted = 5
    /// AgoraRtmConnectionChangeReasonLogout: the user logged out.
    case logout = 6
    /// AgoraRtmConnectionChangeReasonBannedByServer: the server banned the user.
    case bannedByServer = 7
    /// AgoraRtmConnectionChangeReasonRemoteLogin: the same user ID logged in elsewhere.
    case remoteLogin = 8
    /// AgoraRtmConnectionChangeReasonTokenExpired: the token expired (v1.5.0+).
    case tokenExpired = 9
}

/// AgoraRtmLoginErrorCode: the result passed to the login completion block.
public enum AgoraRtmLoginErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmLoginErrorOk: login succeeded.
    case ok = 0
    /// AgoraRtmLoginErrorUnknown: login failed for an unknown reason.
    case unknown = 1
    /// AgoraRtmLoginErrorRejected: the server rejected the login.
    case rejected = 2
    /// AgoraRtmLoginErrorInvalidArgument: invalid login argument.
    case invalidArgument = 3
    /// AgoraRtmLoginErrorInvalidAppId: invalid App ID.
    case invalidAppId = 4
    /// AgoraRtmLoginErrorInvalidToken: invalid token.
    case invalidToken = 5
    /// AgoraRtmLoginErrorTokenExpired: the token has expired.
    case tokenExpired = 6
    /// AgoraRtmLoginErrorNotAuthorized: the login is not authorized.
    case notAuthorized = 7
    /// AgoraRtmLoginErrorAlreadyLogin: already logged in, logging in, or still Aborted without a logout.
    case alreadyLogin = 8
    /// AgoraRtmLoginErrorTimeout: the login did not succeed within 12 s.
    case timeout = 9
    /// AgoraRtmLoginErrorLoginTooOften: login called more than 2 times per second.
    case loginTooOften = 10
    /// AgoraRtmLoginErrorLoginNotInitialized: the SDK is not initialized.
    case loginNotInitialized = 101
}

/// AgoraRtmLogoutErrorCode: the result passed to the logout completion block.
public enum AgoraRtmLogoutErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmLogoutErrorOk: logout succeeded.
    case ok = 0
    /// AgoraRtmLogoutErrorRejected: logout rejected (reserved).
    case rejected = 1
    /// AgoraRtmLogoutErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// AgoraRtmLogoutErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

/// AgoraRtmRenewTokenErrorCode: the result passed to the renewToken completion block.
public enum AgoraRtmRenewTokenErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmRenewTokenErrorOk: the token was renewed.
    case ok = 0
    /// AgoraRtmRenewTokenErrorFailure: renewing the token failed.
    case failure = 1
    /// AgoraRtmRenewTokenErrorInvalidArgument: invalid argument.
    case invalidArgument = 2
    /// AgoraRtmRenewTokenErrorRejected: the request was rejected.
    case rejected = 3
    /// AgoraRtmRenewTokenErrorTooOften: renewToken called more than 2 times per second.
    case tooOften = 4
    /// AgoraRtmRenewTokenErrorTokenExpired: the token has expired.
    case tokenExpired = 5
    /// AgoraRtmRenewTokenErrorInvalidToken: invalid token.
    case invalidToken = 6
    /// AgoraRtmRenewTokenErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// AgoraRtmRenewTokenErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

// MARK: - Peers

/// AgoraRtmPeerOnlineState: a peer's online state (1.2.0+).
public enum AgoraRtmPeerOnlineState: Int, Sendable, CaseIterable {
    /// AgoraRtmPeerOnlineStateOnline: the peer is online.
    case online = 0
    /// AgoraRtmPeerOnlineStateUnreachable: no packet from the peer for more than 6 s (only reported via subscription).
    case unreachable = 1
    /// AgoraRtmPeerOnlineStateOffline: the peer logged out, or no packet for more than 30 s.
    case offline = 2
}

/// AgoraRtmSendPeerMessageErrorCode: the result passed to the peer-to-peer send completion block.
public enum AgoraRtmSendPeerMessageErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmSendPeerMessageErrorOk: the peer received the message.
    case ok = 0
    /// AgoraRtmSendPeerMessageErrorFailure: sending failed.
    case failure = 1
    /// AgoraRtmSendPeerMessageErrorTimeout: sending timed out after 10 s.
    case timeout = 2
    /// AgoraRtmSendPeerMessageErrorPeerUnreachable: the peer is offline.
    case peerUnreachable = 3
    /// AgoraRtmSendPeerMessageErrorCachedByServer: the peer is offline and the server cached the message.
    case cachedByServer = 4
    /// AgoraRtmSendPeerMessageErrorTooOften: more than 180 messages per 3 s (peer and channel together).
    case tooOften = 5
    /// AgoraRtmSendPeerMessageErrorInvalidUserId: invalid user ID.
    case invalidUserId = 6
    /// AgoraRtmSendPeerMessageErrorInvalidMessage: the message is null or larger than 32 KB.
    case invalidMessage = 7
    /// AgoraRtmSendPeerMessageErrorImcompatibleMessage: the receiver's SDK is too old (sic).
    case imcompatibleMessage = 8
    /// AgoraRtmSendPeerMessageErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// AgoraRtmSendPeerMessageErrorNotLoggedIn: the sender is not logged in.
    case notLoggedIn = 102
}

extension AgoraRtmSendPeerMessageErrorCode {
    /// `.imcompatibleMessage` (8) spelled correctly, as Agora's other SDKs spell it
    /// (`PEER_MESSAGE_ERR_INCOMPATIBLE_MESSAGE`). Not a case of its own: it matches in a `switch` as an
    /// expression pattern, so a `switch` may name either spelling (docs/AGORA.md, "Naming quirks kept
    /// verbatim").
    public static let incompatibleMessage = AgoraRtmSendPeerMessageErrorCode.imcompatibleMessage
}

/// AgoraRtmQueryPeersOnlineErrorCode: the result passed to the queryPeersOnlineStatus completion block.
public enum AgoraRtmQueryPeersOnlineErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmQueryPeersOnlineErrorOk: the query succeeded.
    case ok = 0
    /// AgoraRtmQueryPeersOnlineErrorFailure: the query failed.
    case failure = 1
    /// AgoraRtmQueryPeersOnlineErrorInvalidArgument: invalid argument.
    case invalidArgument = 2
    /// AgoraRtmQueryPeersOnlineErrorRejected: the query was rejected.
    case rejected = 3
    /// AgoraRtmQueryPeersOnlineErrorTimeout: the query timed out after 10 s.
    case timeout = 4
    /// AgoraRtmQueryPeersOnlineErrorTooOften: more than 10 queries per 5 s.
    case tooOften = 5
    /// AgoraRtmQueryPeersOnlineErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// AgoraRtmQueryPeersOnlineErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

/// AgoraRtmPeerSubscriptionStatusErrorCode: the result of subscribing to or unsubscribing from peers' online status.
public enum AgoraRtmPeerSubscriptionStatusErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmPeerSubscriptionStatusErrorOk: the (un)subscription succeeded.
    case ok = 0
    /// AgoraRtmPeerSubscriptionStatusErrorFailure: the (un)subscription failed.
    case failure = 1
    /// AgoraRtmPeerSubscriptionStatusErrorInvalidArgument: invalid argument.
    case invalidArgument = 2
    /// AgoraRtmPeerSubscriptionStatusErrorRejected: the request was rejected.
    case rejected = 3
    /// AgoraRtmPeerSubscriptionStatusErrorTimeout: the request timed out after 10 s.
    case timeout = 4
    /// AgoraRtmPeerSubscriptionStatusErrorTooOften: more than 10 requests per 5 s.
    case tooOften = 5
    /// AgoraRtmPeerSubscriptionStatusErrorOverflow: more than 512 peers subscribed.
    case overflow = 6
    /// AgoraRtmPeerSubscriptionStatusErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// AgoraRtmPeerSubscriptionStatusErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

/// AgoraRtmPeerSubscriptionOptions: what a subscription is to, for `queryPeers(bySubscriptionOption:completion:)`.
public enum AgoraRtmPeerSubscriptionOptions: Int, Sendable, CaseIterable {
    /// AgoraRtmPeerSubscriptionOnlineStatus: the peers' online status.
    case onlineStatus = 0
}

// MARK: - Channels

/// AgoraRtmJoinChannelErrorCode: the result passed to the channel join completion block.
public enum AgoraRtmJoinChannelErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmJoinChannelErrorOk: joined the channel.
    case channelErrorOk = 0
    /// AgoraRtmJoinChannelErrorFailure: joining failed.
    case channelErrorFailure = 1
    /// AgoraRtmJoinChannelErrorRejected: the join was rejected.
    case channelErrorRejected = 2
    /// AgoraRtmJoinChannelErrorInvalidArgument: invalid argument.
    case channelErrorInvalidArgument = 3
    /// AgoraRtmJoinChannelErrorTimeout: joining timed out after 5 s.
    case channelErrorTimeout = 4
    /// AgoraRtmJoinChannelErrorExceedLimit: more than 20 channels joined.
    case channelErrorExceedLimit = 5
    /// AgoraRtmJoinChannelErrorAlreadyJoined: already in the channel.
    case channelErrorAlreadyJoined = 6
    /// AgoraRtmJoinChannelErrorTooOften: more than 50 joins per 3 s.
    case channelErrorTooOften = 7
    /// AgoraRtmJoinSameChannelErrorTooOften: more than 2 joins of the same channel per 5 s.
    case sameChannelErrorTooOften = 8
    /// AgoraRtmJoinChannelErrorNotInitialized: the SDK is not initialized.
    case channelErrorNotInitialized = 101
    /// AgoraRtmJoinChannelErrorNotLoggedIn: the user is not logged in.
    case channelErrorNotLoggedIn = 102
}

/// AgoraRtmLeaveChannelErrorCode: the result passed to the channel leave completion block.
public enum AgoraRtmLeaveChannelErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmLeaveChannelErrorOk: left the channel.
    case ok = 0
    /// AgoraRtmLeaveChannelErrorFailure: leaving failed.
    case failure = 1
    /// AgoraRtmLeaveChannelErrorRejected: the leave was rejected.
    case rejected = 2
    /// AgoraRtmLeaveChannelErrorNotInChannel: the user is not in the channel.
    case notInChannel = 3
    /// AgoraRtmLeaveChannelErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// AgoraRtmLeaveChannelErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

/// AgoraRtmSendChannelMessageErrorCode: the result passed to the channel send completion block.
public enum AgoraRtmSendChannelMessageErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmSendChannelMessageErrorOk: the message was sent.
    case errorOk = 0
    /// AgoraRtmSendChannelMessageErrorFailure: sending failed.
    case errorFailure = 1
    /// AgoraRtmSendChannelMessageErrorTimeout: sending timed out after 10 s.
    case errorTimeout = 2
    /// AgoraRtmSendChannelMessageTooOften: more than 180 messages per 3 s (peer and channel together).
    case tooOften = 3
    /// AgoraRtmSendChannelMessageInvalidMessage: the message is invalid or larger than 32 KB.
    case invalidMessage = 4
    /// AgoraRtmSendChannelMessageErrorNotInitialized: the SDK is not initialized.
    case errorNotInitialized = 101
    /// AgoraRtmSendChannelMessageNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

/// AgoraRtmGetMembersErrorCode: the result passed to the getMembersWithCompletion block.
public enum AgoraRtmGetMembersErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmGetMembersErrorOk: the member list was retrieved.
    case ok = 0
    /// AgoraRtmGetMembersErrorFailure: retrieving the member list failed.
    case failure = 1
    /// AgoraRtmGetMembersErrorRejected: the request was rejected.
    case rejected = 2
    /// AgoraRtmGetMembersErrorTimeout: the request timed out after 5 s.
    case timeout = 3
    /// AgoraRtmGetMembersErrorTooOften: more than 5 requests per 2 s.
    case tooOften = 4
    /// AgoraRtmGetMembersErrorNotInChannel: the user is not in the channel.
    case notInChannel = 5
    /// AgoraRtmGetMembersErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// AgoraRtmGetMembersErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

// MARK: - Messages and logging

/// AgoraRtmMessageType: the type of an `AgoraRtmMessage`.
public enum AgoraRtmMessageType: Int, Sendable, CaseIterable {
    /// AgoraRtmMessageTypeUndefined: undefined message type.
    case undefined = 0
    /// AgoraRtmMessageTypeText: a text message.
    case text = 1
    /// AgoraRtmMessageTypeRaw: a raw (binary) message (1.2.0+).
    case raw = 2
    /// AgoraRtmMessageTypeFile: a file message (1.3.0+, deprecated in 1.5).
    case file = 3
    /// AgoraRtmMessageTypeImage: an image message (1.3.0+, deprecated in 1.5).
    case image = 4
}

/// AgoraRtmLogFilter: the log output level passed to `setLogFilters(_:)` (`NS_ENUM(NSInteger)`).
public enum AgoraRtmLogFilter: Int, Sendable, CaseIterable {
    /// AgoraRtmLogFilterOff: no log output.
    case off = 0
    /// AgoraRtmLogFilterInfo: info level and above (0x0f).
    case info = 0x0f
    /// AgoraRtmLogFilterWarn: warning level and above (0x0e).
    case warn = 0x0e
    /// AgoraRtmLogFilterError: error level and above (0x0c).
    case error = 0x0c
    /// AgoraRtmLogFilterCritical: critical level only (0x08).
    case critical = 0x08
    /// AgoraRtmLogFilterMask: the mask of all log bits (0x80f).
    case mask = 0x80f
}
