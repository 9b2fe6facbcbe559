import Foundation

// Swift mirrors of the attribute, member-count and subscription-query enums of Agora RTM 1.5's
// AgoraRtmKit.h. Raw values are the header's; case names are what the ClangImporter makes of them (the
// enumerators' common prefix, cut back to what they share with the type's name).

/// AgoraRtmProcessAttributeErrorCode: the result of every user and channel attribute method. The
/// enumerators are `AgoraRtmAttributeOperationError…`, which share only `AgoraRtm` with the type's
/// name, so the cases keep `attributeOperationError`.
public enum AgoraRtmProcessAttributeErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmAttributeOperationErrorOk: the attribute operation succeeded.
    case attributeOperationErrorOk = 0
    /// AgoraRtmAttributeOperationErrorNotReady: deprecated (`notLoggedIn` took its place).
    case attributeOperationErrorNotReady = 1
    /// AgoraRtmAttributeOperationErrorFailure: the attribute operation failed.
    case attributeOperationErrorFailure = 2
    /// AgoraRtmAttributeOperationErrorInvalidArgument: an invalid argument (a key, a user or channel id).
    case attributeOperationErrorInvalidArgument = 3
    /// AgoraRtmAttributeOperationErrorSizeOverflow: a user's attributes would exceed 16 KB in all, or a
    /// channel's 32 KB, or one value 8 KB, or their number 32.
    case attributeOperationErrorSizeOverflow = 4
    /// AgoraRtmAttributeOperationErrorTooOften: over the rate limit (user attributes: changes 10 per 5 s,
    /// queries 40 per 5 s; channel attributes: changes 10 per 5 s, queries 10 per 5 s).
    case attributeOperationErrorTooOften = 5
    /// AgoraRtmAttributeOperationErrorUserNotFound: the user is offline or does not exist.
    case attributeOperationErrorUserNotFound = 6
    /// AgoraRtmAttributeOperationErrorTimeout: no answer within 5 s.
    case attributeOperationErrorTimeout = 7
    /// AgoraRtmAttributeOperationErrorNotInitialized: the SDK is not initialized.
    case attributeOperationErrorNotInitialized = 101
    /// AgoraRtmAttributeOperationErrorNotLoggedIn: the user is not logged in.
    case attributeOperationErrorNotLoggedIn = 102
}

/// AgoraRtmChannelMemberCountErrorCode: the result of `getChannelMemberCount(_:completion:)`.
public enum AgoraRtmChannelMemberCountErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmChannelMemberCountErrorOk: the counts were retrieved.
    case ok = 0
    /// AgoraRtmChannelMemberCountErrorFailure: an unknown failure.
    case failure = 1
    /// AgoraRtmChannelMemberCountErrorInvalidArgument: one or more channel ids are invalid.
    case invalidArgument = 2
    /// AgoraRtmChannelMemberCountErrorTooOften: more than one query per second.
    case tooOften = 3
    /// AgoraRtmChannelMemberCountErrorTimeout: no answer within 5 s.
    case timeout = 4
    /// AgoraRtmChannelMemberCountErrorExceedLimit: more than 32 channels in one query.
    case exceedLimit = 5
    /// AgoraRtmChannelMemberCountErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// AgoraRtmChannelMemberCountErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}

/// AgoraRtmQueryPeersBySubscriptionOptionErrorCode: the result of
/// `queryPeers(bySubscriptionOption:completion:)`.
public enum AgoraRtmQueryPeersBySubscriptionOptionErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmQueryPeersBySubscriptionOptionErrorOk: the list was retrieved.
    case ok = 0
    /// AgoraRtmQueryPeersBySubscriptionOptionErrorFailure: the query failed.
    case failure = 1
    /// AgoraRtmQueryPeersBySubscriptionOptionErrorTimeout: no answer within 5 s.
    case timeout = 2
    /// AgoraRtmQueryPeersBySubscriptionOptionErrorTooOften: more than 10 queries per 5 s.
    case tooOften = 3
    /// AgoraRtmQueryPeersBySubscriptionOptionErrorNotInitialized: the SDK is not initialized.
    case notInitialized = 101
    /// AgoraRtmQueryPeersBySubscriptionOptionErrorNotLoggedIn: the user is not logged in.
    case notLoggedIn = 102
}
