/// The result codes of the RTM engine. Agora RTM 1.x and anyRTC ARtmKit share every one of these
/// values (docs/AGORA.md, "anyRTC differences"), so each surface converts with `init(rawValue:)`;
/// the names here are the Agora Swift case names.
public enum RTMCode {
    /// `AgoraRtmInvitationApiCallErrorCode`: the result of send, cancel, accept and refuse.
    public enum InvitationAPICall: Int, Sendable, Error, CaseIterable {
        case ok = 0, invalidAugment = 1, notStarted = 2, alreadyEnd = 3, alreadyAccept = 4, alreadySent = 5
    }

    /// `AgoraRtmLocalInvitationErrorCode`: why a caller's invitation failed.
    public enum LocalInvitationFailure: Int, Sendable, Error, CaseIterable {
        case remoteOffline = 1, remoteNoResponse = 2, expire = 3, notLoggedIn = 4
    }

    /// `AgoraRtmRemoteInvitationErrorCode`: why a callee's invitation failed.
    public enum RemoteInvitationFailure: Int, Sendable, Error, CaseIterable {
        case localOffline = 1, acceptFailure = 2, expire = 3
    }

    /// `AgoraRtmLocalInvitationState`.
    public enum LocalInvitationState: Int, Sendable, Error, CaseIterable {
        case idle = 0, sentToRemote, receivedByRemote, acceptedByRemote, refusedByRemote, canceled, failure

        /// The invitation's life cycle is over.
        public var isEnded: Bool { rawValue >= LocalInvitationState.acceptedByRemote.rawValue }
    }

    /// `AgoraRtmRemoteInvitationState`.
    public enum RemoteInvitationState: Int, Sendable, Error, CaseIterable {
        case idle = 0, invitationReceived, acceptSentToLocal, refused, accepted, canceled, failure

        public var isEnded: Bool { rawValue >= RemoteInvitationState.refused.rawValue }
    }

    /// `AgoraRtmConnectionState`.
    public enum ConnectionState: Int, Sendable, Error, CaseIterable {
        case disconnected = 1, connecting, connected, reconnecting, aborted
    }

    /// `AgoraRtmConnectionChangeReason` (anyRTC has no `tokenExpired`).
    public enum ConnectionChangeReason: Int, Sendable, Error, CaseIterable {
        case login = 1, loginSuccess, loginFailure, loginTimeout, interrupted, logout, bannedByServer, remoteLogin,
             tokenExpired
    }

    /// `AgoraRtmLoginErrorCode`.
    public enum Login: Int, Sendable, Error, CaseIterable {
        case ok = 0, unknown, rejected, invalidArgument, invalidAppId, invalidToken, tokenExpired, notAuthorized,
             alreadyLogin, timeout, loginTooOften
        case loginNotInitialized = 101
    }

    /// `AgoraRtmLogoutErrorCode`.
    public enum Logout: Int, Sendable, Error, CaseIterable {
        case ok = 0, rejected = 1, notInitialized = 101, notLoggedIn = 102
    }

    /// `AgoraRtmRenewTokenErrorCode`.
    public enum RenewToken: Int, Sendable, Error, CaseIterable {
        case ok = 0, failure, invalidArgument, rejected, tooOften, tokenExpired, invalidToken
        case notInitialized = 101, notLoggedIn = 102
    }

    /// `AgoraRtmSendPeerMessageErrorCode`.
    public enum SendPeerMessage: Int, Sendable, Error, CaseIterable {
        case ok = 0, failure, timeout, peerUnreachable, cachedByServer, tooOften, invalidUserId, invalidMessage,
             imcompatibleMessage
        case notInitialized = 101, notLoggedIn = 102
    }

    /// `AgoraRtmQueryPeersOnlineErrorCode`.
    public enum QueryPeersOnline: Int, Sendable, Error, CaseIterable {
        case ok = 0, failure, invalidArgument, rejected, timeout, tooOften
        case notInitialized = 101, notLoggedIn = 102
    }

    /// `AgoraRtmPeerSubscriptionStatusErrorCode`.
    public enum PeerSubscription: Int, Sendable, Error, CaseIterable {
        case ok = 0, failure, invalidArgument, rejected, timeout, tooOften, overflow
        case notInitialized = 101, notLoggedIn = 102
    }

    /// `AgoraRtmPeerOnlineState`.
    public enum PeerOnlineState: Int, Sendable, Error, CaseIterable {
        case online = 0, unreachable, offline
    }

    /// `AgoraRtmJoinChannelErrorCode`.
    public enum JoinChannel: Int, Sendable, Error, CaseIterable {
        case ok = 0, failure, rejected, invalidArgument, timeout, exceedLimit, alreadyJoined, tooOften,
             sameChannelTooOften
        case notInitialized = 101, notLoggedIn = 102
    }

    /// `AgoraRtmLeaveChannelErrorCode`.
    public enum LeaveChannel: Int, Sendable, Error, CaseIterable {
        case ok = 0, failure, rejected, notInChannel
        case notInitialized = 101, notLoggedIn = 102
    }

    /// `AgoraRtmSendChannelMessageErrorCode`.
    public enum SendChannelMessage: Int, Sendable, Error, CaseIterable {
        case ok = 0, failure, timeout, tooOften, invalidMessage
        case notInitialized = 101, notLoggedIn = 102
    }

    /// `AgoraRtmGetMembersErrorCode`.
    public enum GetMembers: Int, Sendable, Error, CaseIterable {
        case ok = 0, failure, rejected, timeout, tooOften, notInChannel
        case notInitialized = 101, notLoggedIn = 102
    }

    /// `AgoraRtmProcessAttributeErrorCode`: the result of every user and channel attribute method.
    public enum ProcessAttribute: Int, Sendable, Error, CaseIterable {
        case ok = 0, notReady, failure, invalidArgument, sizeOverflow, tooOften, userNotFound, timeout
        case notInitialized = 101, notLoggedIn = 102
    }

    /// `AgoraRtmChannelMemberCountErrorCode`.
    public enum ChannelMemberCount: Int, Sendable, Error, CaseIterable {
        case ok = 0, failure, invalidArgument, tooOften, timeout, exceedLimit
        case notInitialized = 101, notLoggedIn = 102
    }

    /// `AgoraRtmQueryPeersBySubscriptionOptionErrorCode`.
    public enum QueryPeersBySubscriptionOption: Int, Sendable, Error, CaseIterable {
        case ok = 0, failure, timeout, tooOften
        case notInitialized = 101, notLoggedIn = 102
    }
}
