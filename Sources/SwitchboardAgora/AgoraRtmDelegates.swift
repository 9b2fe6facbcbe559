import Foundation

/// `AgoraRtmDelegate`: the kit's callbacks. Every method is optional (decision 18: default no-ops).
public protocol AgoraRtmDelegate: AnyObject {
    /// `rtmKit:connectionStateChanged:reason:`.
    func rtmKit(_ kit: AgoraRtmKit, connectionStateChanged state: AgoraRtmConnectionState, reason: AgoraRtmConnectionChangeReason)
    /// `rtmKit:messageReceived:fromPeer:`.
    func rtmKit(_ kit: AgoraRtmKit, messageReceived message: AgoraRtmMessage, fromPeer peerId: String)
    /// `rtmKit:PeersOnlineStatusChanged:`.
    func rtmKit(_ kit: AgoraRtmKit, peersOnlineStatusChanged onlineStatus: [AgoraRtmPeerOnlineStatus])
    /// `rtmKitTokenDidExpire:`: the token expired while reconnecting; the state does not change.
    func rtmKitTokenDidExpire(_ kit: AgoraRtmKit)
    /// `rtmKitTokenPrivilegeWillExpire:` (1.5): the token expires in 30 s.
    func rtmKitTokenPrivilegeWillExpire(_ kit: AgoraRtmKit)
}

extension AgoraRtmDelegate {
    public func rtmKit(_ kit: AgoraRtmKit, connectionStateChanged state: AgoraRtmConnectionState, reason: AgoraRtmConnectionChangeReason) {}
    public func rtmKit(_ kit: AgoraRtmKit, messageReceived message: AgoraRtmMessage, fromPeer peerId: String) {}
    public func rtmKit(_ kit: AgoraRtmKit, peersOnlineStatusChanged onlineStatus: [AgoraRtmPeerOnlineStatus]) {}
    public func rtmKitTokenDidExpire(_ kit: AgoraRtmKit) {}
    public func rtmKitTokenPrivilegeWillExpire(_ kit: AgoraRtmKit) {}
}

/// `AgoraRtmCallDelegate`: call-invitation callbacks. Every method is optional.
public protocol AgoraRtmCallDelegate: AnyObject {
    /// `rtmCallKit:localInvitationReceivedByPeer:`.
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationReceivedByPeer localInvitation: AgoraRtmLocalInvitation)
    /// `rtmCallKit:localInvitationAccepted:withResponse:`.
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationAccepted localInvitation: AgoraRtmLocalInvitation, withResponse response: String?)
    /// `rtmCallKit:localInvitationRefused:withResponse:`.
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationRefused localInvitation: AgoraRtmLocalInvitation, withResponse response: String?)
    /// `rtmCallKit:localInvitationCanceled:`.
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationCanceled localInvitation: AgoraRtmLocalInvitation)
    /// `rtmCallKit:localInvitationFailure:errorCode:`.
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationFailure localInvitation: AgoraRtmLocalInvitation, errorCode: AgoraRtmLocalInvitationErrorCode)
    /// `rtmCallKit:remoteInvitationReceived:`.
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationReceived remoteInvitation: AgoraRtmRemoteInvitation)
    /// `rtmCallKit:remoteInvitationRefused:`.
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationRefused remoteInvitation: AgoraRtmRemoteInvitation)
    /// `rtmCallKit:remoteInvitationAccepted:`.
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationAccepted remoteInvitation: AgoraRtmRemoteInvitation)
    /// `rtmCallKit:remoteInvitationCanceled:`.
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationCanceled remoteInvitation: AgoraRtmRemoteInvitation)
    /// `rtmCallKit:remoteInvitationFailure:errorCode:`.
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationFailure remoteInvitation: AgoraRtmRemoteInvitation, errorCode: AgoraRtmRemoteInvitationErrorCode)
}

extension AgoraRtmCallDelegate {
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationReceivedByPeer localInvitation: AgoraRtmLocalInvitation) {}
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationAccepted localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {}
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationRefused localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {}
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationCanceled localInvitation: AgoraRtmLocalInvitation) {}
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationFailure localInvitation: AgoraRtmLocalInvitation, errorCode: AgoraRtmLocalInvitationErrorCode) {}
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationReceived remoteInvitation: AgoraRtmRemoteInvitation) {}
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationRefused remoteInvitation: AgoraRtmRemoteInvitation) {}
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationAccepted remoteInvitation: AgoraRtmRemoteInvitation) {}
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationCanceled remoteInvitation: AgoraRtmRemoteInvitation) {}
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationFailure remoteInvitation: AgoraRtmRemoteInvitation, errorCode: AgoraRtmRemoteInvitationErrorCode) {}
}

/// `AgoraRtmChannelDelegate`: channel callbacks. Every method is optional.
public protocol AgoraRtmChannelDelegate: AnyObject {
    /// `channel:memberJoined:`.
    func channel(_ channel: AgoraRtmChannel, memberJoined member: AgoraRtmMember)
    /// `channel:memberLeft:`.
    func channel(_ channel: AgoraRtmChannel, memberLeft member: AgoraRtmMember)
    /// `channel:messageReceived:fromMember:`.
    func channel(_ channel: AgoraRtmChannel, messageReceived message: AgoraRtmMessage, from member: AgoraRtmMember)
    /// `channel:memberCount:`: at most once a second.
    func channel(_ channel: AgoraRtmChannel, memberCount count: Int32)
}

extension AgoraRtmChannelDelegate {
    public func channel(_ channel: AgoraRtmChannel, memberJoined member: AgoraRtmMember) {}
    public func channel(_ channel: AgoraRtmChannel, memberLeft member: AgoraRtmMember) {}
    public func channel(_ channel: AgoraRtmChannel, messageReceived message: AgoraRtmMessage, from member: AgoraRtmMember) {}
    public func channel(_ channel: AgoraRtmChannel, memberCount count: Int32) {}
}
