import Foundation

// Swift mirrors of the anyRTC ARtmKit iOS SDK enums (ARtmEnumerates.h).
// Raw values are the header values; case names are what Apple's ClangImporter
// produces (longest common word-aligned prefix stripped), quirks kept verbatim.

// MARK: - Call invitation

/// ARtmLocalInvitationState: the state of a caller's `ARtmLocalInvitation`.
public enum ARtmLocalInvitationState: Int, Sendable, CaseIterable {
    /// ARtmLocalInvitationStateIdle: the initial state.
    case idle = 0
    /// ARtmLocalInvitationStateSentToRemote: sent to the callee (FOR INTERNAL USE ONLY).
    case sentToRemote = 1
    /// ARtmLocalInvitationStateReceivedByRemote: the callee received the invitation.
    case receivedByRemote = 2
    /// ARtmLocalInvitationStateAcceptedByRemote: the callee accepted the invitation.
    case acceptedByRemote = 3
    /// ARtmLocalInvitationStateRefusedByRemote: the callee refused the invitation.
    case refusedByRemote = 4
    /// ARtmLocalInvitationStateCanceled: the caller canceled the invitation.
    case canceled = 5
    /// ARtmLocalInvitationStateFailure: the invitation's life cycle ended in failure.
    case failure = 6
}

/// ARtmRemoteInvitationState: the state of a callee's `ARtmRemoteInvitation`.
public enum ARtmRemoteInvitationState: Int, Sendable, CaseIterable {
    /// ARtmRemoteInvitationStateIdle: the initial state.
    case idle = 0
    /// ARtmRemoteInvitationStateInvitationReceived: the callee received the invitation.
    case invitationReceived = 1
    /// ARtmRemoteInvitationStateAcceptSentToLocal: the acceptance was sent to the caller (FOR INTERNAL USE ONLY).
    case acceptSentToLocal = 2
    /// ARtmRemoteInvitationStateRefused: the callee refused the invitation.
    case refused = 3
    /// ARtmRemoteInvitationStateAccepted: the callee accepted the invitation.
    case accepted = 4
    /// ARtmRemoteInvitationStateCanceled: the caller canceled the invitation.
    case canceled = 5
    /// ARtmRemoteInvitationStateFailure: the invitation's life cycle ended in failure.
    case failure = 6
}

/// ARtmLocalInvitationErrorCode: the error reported to the caller by `rtmCallKit(_:localInvitationFailure:errorCode:)`.
public enum ARtmLocalInvitationErrorCode: Int, Sendable, CaseIterable {
    /// ARtmLocalInvitationErrorOk: no error.
    case ok = 0
    /// ARtmLocalInvitationErrorRemoteOffline: the callee is still offline 30 s after the invitation was sent.
    case remoteOffline = 1
    /// ARtmLocalInvitationErrorRemoteNoResponse: the callee is online but did not ACK the invitation within 30 s.
    case remoteNoResponse = 2
    /// ARtmLocalInvitationErrorExpire: the callee ACKed but nobody canceled, accepted or refused within 60 s.
    case expire = 3
    /// ARtmLocalInvitationErrorNotLoggedIn: the caller is not logged in.
    case notLoggedIn = 4
}

/// ARtmRemoteInvitationErrorCode: the error reported to the callee by `rtmCallKit(_:remoteInvitationFailure:errorCode:)`.
public enum ARtmRemoteInvitationErrorCode: Int, Sendable, CaseIterable {
    /// ARtmRemoteInvitationErrorOk: no error.
    case ok = 0
    /// ARtmRemoteInvitationErrorLocalOffline: the caller is not online when the callee accepts.
    case localOffline = 1
    /// ARtmRemoteInvitationErrorAcceptFailure: the caller did not ACK the acceptance within a set time (usually a network interruption).
    case acceptFailure = 2
    /// ARtmRemoteInvitationErrorExpire: the invitation was ACKed but nobody acted on it within 60 s.
    case expire = 3
}

/// ARtmInvitationApiCallErrorCode: the result passed to the send, cancel, accept and refuse completion blocks.
public enum ARtmInvitationApiCallErrorCode: Int, Sendable, CaseIterable {
    /// ARtmInvitationApiCallErrorOk: the call succeeded.
    case ok = 0
    /// ARtmInvitationApiCallErrorInvalidAugment: invalid argument (sic), e.g. content over 8 KB.
    case invalidAugment = 1
    /// ARtmInvitationApiCallErrorNotStarted: the invitation has not started.
    case notStarted = 2
    /// ARtmInvitationApiCallErrorAlreadyEnd: the invitation has ended.
    case alreadyEnd = 3
    /// ARtmInvitationApiCallErrorAlreadyAccept: the invitation was already accepted.
    case alreadyAccept = 4
    /// ARtmInvitationApiCallErrorAlreadySent: the invitation was already sent.
    case alreadySent = 5
}

// MARK: - Connection

/// ARtmConnectionState: the SDK's connection state (there is no 0).
public enum ARtmConnectionState: Int, Sendable, CaseIterable {
    /// ARtmConnectionStateDisconnected: not logged in.
    case disconnected = 1
    /// ARtmConnectionStateConnecting: logging in (times out after 6 s).
    case connecting = 2
    /// ARtmConnectionStateConnected: logged in.
    case connected = 3
    /// ARtmConnectionStateReconnecting: the connection was interrupted for more than 4 s and the SDK is reconnecting.
    case reconnecting = 4
    /// ARtmConnectionStateAborted: the connection was aborted, e.g. the same user ID logged in elsewhere.
    case aborted = 5
}

/// ARtmConnectionChangeReason: why the connection state changed (1-8; anyRTC has no TokenExpired).
public enum ARtmConnectionChangeReason: Int, Sendable, CaseIterable {
    /// ARtmConnectionChangeReasonLogin: the SDK is logging in.
    case login = 1
    /// ARtmConnectionChangeReasonLoginSuccess: login succeeded (also after an automatic reconnect).
    case loginSuccess = 2
    /// ARtmConnectionChangeReasonLoginFailure: login failed.
    case loginFailure = 3
    /// ARtmConnectionChangeReasonLoginTimeout: login did not succeed within 6 s.
    case loginTimeout = 4
    /// ARtmConnectionChangeReasonInterrupted: the connection was interrupted for more than 4 s.
    case interrupted = 5
    /// ARtmConnectionChangeReasonLogout: the user logged out.
    case logout = 6
    /// ARtmConnectionChangeReasonBannedByServer: the server banned the user.
    case bannedByServer = 7
    /// ARtmConnectionChangeReasonRemoteLogin: the same user ID logged in elsewhere.
    case remoteLogin = 8
}

/// ARtmLoginErrorCode: the result passed to the login completion block.
public enum ARtmLoginErrorCode: Int, Sendable, CaseIterable {
    /// ARtmLoginErrorOk: login succeeded.
    case ok = 0
    /// ARtmLoginErrorUnknown: login failed for an unknown reason.
    case unknown = 1
    /// ARtmLoginErrorRejected: the server rejected the login.
    case rejected = 2
    /// ARtmLoginErrorInvalidArgument: invalid login argument.
    case invalidArgument = 3
    /// ARtmLoginErrorInvalidAppId: invalid App ID.
    case invalidAppId = 4
    /// ARtmLoginErrorInvalidToken: invalid token.
    case invalidToken = 5
    /// ARtmLoginErrorTokenExpired: the token has expired.
    case tokenExpired = 6
    /// ARtmLoginErrorNotAuthorized: the login is not authorized.
    case notAuthorized = 7
    /// ARtmLoginErrorAlreadyLogin: already logged in, logging in, or still Aborted without a logout.
    case alreadyLogin = 8
    /// ARtmLoginErrorTimeout: the login did not succeed within 6 s.
    case timeout = 9
    /// ARtmLoginErrorLoginTooOften: login called more than 2 times per second.
    case loginTooOften = 10
    /// ARtmLoginErrorLoginNotInitialized: the SDK is not initialized.
    case loginNotInitialized = 101
}

/// ARtmLogoutErrorCode: the result passed to the logout completion block.
public enum ARtmLogoutErrorCode: Int, Sendable, CaseIterable {
    /// ARtmLogoutErrorOk: logout succeeded.
    case ok = 0
    /// ARtmLogoutErrorRejected: logout rejected (reserved).
    case rejected = 1
    /// ARtmLogoutErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// ARtmLogoutErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

/// ARtmRenewTokenErrorCode: the result passed to the renewToken completion block.
public enum ARtmRenewTokenErrorCode: Int, Sendable, CaseIterable {
    /// ARtmRenewTokenErrorOk: the token was renewed.
    case ok = 0
    /// ARtmRenewTokenErrorFailure: renewing the token failed.
    case failure = 1
    /// ARtmRenewTokenErrorInvalidArgument: invalid argument.
    case invalidArgument = 2
    /// ARtmRenewTokenErrorRejected: the request was rejected.
    case rejected = 3
    /// ARtmRenewTokenErrorTooOften: renewToken called more than 2 times per second.
    case tooOften = 4
    /// ARtmRenewTokenErrorTokenExpired: the token has expired.
    case tokenExpired = 5
    /// ARtmRenewTokenErrorInvalidToken: invalid token.
    case invalidToken = 6
    /// ARtmRenewTokenErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// ARtmRenewTokenErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

// MARK: - Peers

/// ARtmPeerOnlineState: a peer's online state.
public enum ARtmPeerOnlineState: Int, Sendable, CaseIterable {
    /// ARtmPeerOnlineStateOnline: the peer is online.
    case online = 0
    /// ARtmPeerOnlineStateUnreachable: no packet from the peer for more than 6 s (only reported via subscription).
    case unreachable = 1
    /// ARtmPeerOnlineStateOffline: the peer logged out, or no packet for more than 30 s.
    case offline = 2
}

/// ARtmSendPeerMessageErrorCode: the result passed to the peer-to-peer send completion block.
public enum ARtmSendPeerMessageErrorCode: Int, Sendable, CaseIterable {
    /// ARtmSendPeerMessageErrorOk: the peer received the message.
    case ok = 0
    /// ARtmSendPeerMessageErrorFailure: sending failed.
    case failure = 1
    /// ARtmSendPeerMessageErrorTimeout: sending timed out after 10 s.
    case timeout = 2
    /// ARtmSendPeerMessageErrorPeerUnreachable: the peer is offline.
    case peerUnreachable = 3
    /// ARtmSendPeerMessageErrorCachedByServer: the peer is offline and the server cached the message.
    case cachedByServer = 4
    /// ARtmSendPeerMessageErrorTooOften: more than 60 messages per second (peer and channel together).
    case tooOften = 5
    /// ARtmSendPeerMessageErrorInvalidUserId: invalid user ID.
    case invalidUserId = 6
    /// ARtmSendPeerMessageErrorInvalidMessage: the message is null or larger than 32 KB.
    case invalidMessage = 7
    /// ARtmSendPeerMessageErrorImcompatibleMessage: the receiver's SDK is too old (sic).
    case imcompatibleMessage = 8
    /// ARtmSendPeerMessageErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// ARtmSendPeerMessageErrorNotLoggedIn: the sender is not logged in.
    case notLoggedIn = 102
}

/// ARtmQueryPeersOnlineErrorCode: the result passed to the queryPeersOnlineStatus completion block.
public enum ARtmQueryPeersOnlineErrorCode: Int, Sendable, CaseIterable {
    /// ARtmQueryPeersOnlineErrorOk: the query succeeded.
    case ok = 0
    /// ARtmQueryPeersOnlineErrorFailure: the query failed.
    case failure = 1
    /// ARtmQueryPeersOnlineErrorInvalidArgument: invalid argument.
    case invalidArgument = 2
    /// ARtmQueryPeersOnlineErrorRejected: the query was rejected.
    case rejected = 3
    /// ARtmQueryPeersOnlineErrorTimeout: the query timed out after 10 s.
    case timeout = 4
    /// ARtmQueryPeersOnlineErrorTooOften: more than 10 queries per 5 s.
    case tooOften = 5
    /// ARtmQueryPeersOnlineErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// ARtmQueryPeersOnlineErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

/// ARtmPeerSubscriptionStatusErrorCode: the result of subscribing to or unsubscribing from peers' online status.
public enum ARtmPeerSubscriptionStatusErrorCode: Int, Sendable, CaseIterable {
    /// ARtmPeerSubscriptionStatusErrorOk: the (un)subscription succeeded.
    case ok = 0
    /// ARtmPeerSubscriptionStatusErrorFailure: the (un)subscription failed.
    case failure = 1
    /// ARtmPeerSubscriptionStatusErrorInvalidArgument: invalid argument.
    case invalidArgument = 2
    /// ARtmPeerSubscriptionStatusErrorRejected: the request was rejected.
    case rejected = 3
    /// ARtmPeerSubscriptionStatusErrorTimeout: the request timed out after 10 s.
    case timeout = 4
    /// ARtmPeerSubscriptionStatusErrorTooOften: more than 10 requests per 5 s.
    case tooOften = 5
    /// ARtmPeerSubscriptionStatusErrorOverflow: more than 512 peers subscribed.
    case overflow = 6
    /// ARtmPeerSubscriptionStatusErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// ARtmPeerSubscriptionStatusErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

/// ARtmPeerSubscriptionOption: what to subscribe to for a peer.
public enum ARtmPeerSubscriptionOption: Int, Sendable, CaseIterable {
    /// ARtmPeerSubscriptionOptionOnlineStatus: the peer's online status.
    case onlineStatus = 0
}

// MARK: - Channels

/// ARtmJoinChannelErrorCode: the result passed to the channel join completion block.
public enum ARtmJoinChannelErrorCode: Int, Sendable, CaseIterable {
    /// ARtmJoinChannelErrorOk: joined the channel.
    case channelErrorOk = 0
    /// ARtmJoinChannelErrorFailure: joining failed.
    case channelErrorFailure = 1
    /// ARtmJoinChannelErrorRejected: the join was rejected.
    case channelErrorRejected = 2
    /// ARtmJoinChannelErrorInvalidArgument: invalid argument.
    case channelErrorInvalidArgument = 3
    /// ARtmJoinChannelErrorTimeout: joining timed out after 5 s.
    case channelErrorTimeout = 4
    /// ARtmJoinChannelErrorExceedLimit: more than 20 channels joined.
    case channelErrorExceedLimit = 5
    /// ARtmJoinChannelErrorAlreadyJoined: already in the channel.
    case channelErrorAlreadyJoined = 6
    /// ARtmJoinChannelErrorTooOften: more than 50 joins per 3 s.
    case channelErrorTooOften = 7
    /// ARtmJoinSameChannelErrorTooOften: more than 2 joins of the same channel per 5 s.
    case sameChannelErrorTooOften = 8
    /// ARtmJoinChannelErrorNotInitialized: the SDK is not initialized.
    case channelErrorNotInitialized = 101
    /// ARtmJoinChannelErrorNotLoggedIn: the user is not logged in.
    case channelErrorNotLoggedIn = 102
}

/// ARtmLeaveChannelErrorCode: the result passed to the channel leave completion block.
public enum ARtmLeaveChannelErrorCode: Int, Sendable, CaseIterable {
    /// ARtmLeaveChannelErrorOk: left the channel.
    case ok = 0
    /// ARtmLeaveChannelErrorFailure: leaving failed.
    case failure = 1
    /// ARtmLeaveChannelErrorRejected: the leave was rejected.
    case rejected = 2
    /// ARtmLeaveChannelErrorNotInChannel: the user is not in the channel.
    case notInChannel = 3
    /// ARtmLeaveChannelErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// ARtmLeaveChannelErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

/// ARtmSendChannelMessageErrorCode: the result passed to the channel send completion block.
public enum ARtmSendChannelMessageErrorCode: Int, Sendable, CaseIterable {
    /// ARtmSendChannelMessageErrorOk: the message was sent.
    case errorOk = 0
    /// ARtmSendChannelMessageErrorFailure: sending failed.
    case errorFailure = 1
    /// ARtmSendChannelMessageErrorTimeout: sending timed out after 10 s.
    case errorTimeout = 2
    /// ARtmSendChannelMessageTooOften: more than 60 messages per second (peer and channel together).
    case tooOften = 3
    /// ARtmSendChannelMessageInvalidMessage: the message is invalid or larger than 32 KB.
    case invalidMessage = 4
    /// ARtmSendChannelMessageErrorNotInitialized: the SDK is not initialized.
    case errorNotInitialized = 101
    /// ARtmSendChannelMessageNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

/// ARtmGetMembersErrorCode: the result passed to the getMembersWithCompletion block.
public enum ARtmGetMembersErrorCode: Int, Sendable, CaseIterable {
    /// ARtmGetMembersErrorOk: the member list was retrieved.
    case ok = 0
    /// ARtmGetMembersErrorFailure: retrieving the member list failed.
    case failure = 1
    /// ARtmGetMembersErrorRejected: the request was rejected.
    case rejected = 2
    /// ARtmGetMembersErrorTimeout: the request timed out after 5 s.
    case timeout = 3
    /// ARtmGetMembersErrorTooOften: more than 5 requests per 2 s.
    case tooOften = 4
    /// ARtmGetMembersErrorNotInChannel: the user is not in the channel.
    case notInChannel = 5
    /// ARtmGetMembersErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// ARtmGetMembersErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

// MARK: - Messages and logging

/// ARtmMessageType: the type of an `ARtmMessage`.
public enum ARtmMessageType: Int, Sendable, CaseIterable {
    /// ARtmMessageTypeUndefined: undefined message type.
    case undefined = 0
    /// ARtmMessageTypeText: a text message.
    case text = 1
    /// ARtmMessageTypeRaw: a raw (binary) message.
    case raw = 2
    /// ARtmMessageTypeFile: a file message.
    case file = 3
    /// ARtmMessageTypeImage: an image message.
    case image = 4
}

/// ARtmLogFilter: the log output level passed to `setLogFilters(_:)` (`NS_ENUM(NSUInteger)`).
public enum ARtmLogFilter: UInt, Sendable, CaseIterable {
    /// ARtmLogFilterOff: no log output.
    case off = 0
    /// ARtmLogFilterDebug: debug level and above (0x080f).
    case debug = 0x080f
    /// ARtmLogFilterInfo: info level and above (0x0f).
    case info = 0x0f
    /// ARtmLogFilterWarning: warning level and above (0x0e).
    case warning = 0x0e
    /// ARtmLogFilterError: error level and above (0x0c).
    case error = 0x0c
    /// ARtmLogFilterCritical: critical level only (0x08).
    case critical = 0x08
}
