import Foundation

/// `ARtmDelegate` (ARtmDelegate.h): the kit's callbacks. Every method is optional (decision 18: default
/// no-ops). Unlike Agora 1.5 there is no `rtmKitTokenPrivilegeWillExpire:` (reference §3.3).
public protocol ARtmDelegate: AnyObject {
    /// `rtmKit:connectionStateChanged:reason:`.
    func rtmKit(_ kit: ARtmKit, connectionStateChanged state: ARtmConnectionState, reason: ARtmConnectionChangeReason)
    /// `rtmKit:messageReceived:fromPeer:`.
    func rtmKit(_ kit: ARtmKit, messageReceived message: ARtmMessage, fromPeer peerId: String)
    /// `rtmKit:peersOnlineStatusChanged:` (lowercase p in anyRTC's selector; Agora's has a capital P).
    func rtmKit(_ kit: ARtmKit, peersOnlineStatusChanged onlineStatus: [ARtmPeerOnlineStatus])
    /// `rtmKitTokenDidExpire:`: the token expired while reconnecting; the state does not change.
    func rtmKitTokenDidExpire(_ kit: ARtmKit)
}

extension ARtmDelegate {
    public func rtmKit(_ kit: ARtmKit, connectionStateChanged state: ARtmConnectionState, reason: ARtmConnectionChangeReason) {}
    public func rtmKit(_ kit: ARtmKit, messageReceived message: ARtmMessage, fromPeer peerId: String) {}
    public func rtmKit(_ kit: ARtmKit, peersOnlineStatusChanged onlineStatus: [ARtmPeerOnlineStatus]) {}
    public func rtmKitTokenDidExpire(_ kit: ARtmKit) {}
}

/// `ARtmCallDelegate` (ARtmDelegate.h): call-invitation callbacks. Every method is optional.
public protocol ARtmCallDelegate: AnyObject {
    /// `rtmCallKit:localInvitationReceivedByPeer:`.
    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationReceivedByPeer localInvitation: ARtmLocalInvitation)
    /// `rtmCallKit:localInvitationAccepted:withResponse:`.
    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationAccepted localInvitation: ARtmLocalInvitation, withResponse response: String?)
    /// `rtmCallKit:localInvitationRefused:withResponse:`.
    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationRefused localInvitation: ARtmLocalInvitation, withResponse response: String?)
    /// `rtmCallKit:localInvitationCanceled:`.
    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationCanceled localInvitation: ARtmLocalInvitation)
    /// `rtmCallKit:localInvitationFailure:errorCode:`.
    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationFailure localInvitation: ARtmLocalInvitation, errorCode: ARtmLocalInvitationErrorCode)
    /// `rtmCallKit:remoteInvitationReceived:`.
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationReceived remoteInvitation: ARtmRemoteInvitation)
    /// `rtmCallKit:remoteInvitationRefused:`.
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationRefused remoteInvitation: ARtmRemoteInvitation)
    /// `rtmCallKit:remoteInvitationAccepted:`.
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationAccepted remoteInvitation: ARtmRemoteInvitation)
    /// `rtmCallKit:remoteInvitationCanceled:`.
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationCanceled remoteInvitation: ARtmRemoteInvitation)
    /// `rtmCallKit:remoteInvitationFailure:errorCode:`.
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationFailure remoteInvitation: ARtmRemoteInvitation, errorCode: ARtmRemoteInvitationErrorCode)
}

extension ARtmCallDelegate {
    public func rtmCallKit(_ callKit: ARtmCallKit, localInvitationReceivedByPeer localInvitation: ARtmLocalInvitation) {}
    public func rtmCallKit(_ callKit: ARtmCallKit, localInvitationAccepted localInvitation: ARtmLocalInvitation, withResponse response: String?) {}
    public func rtmCallKit(_ callKit: ARtmCallKit, localInvitationRefused localInvitation: ARtmLocalInvitation, withResponse response: String?) {}
    public func rtmCallKit(_ callKit: ARtmCallKit, localInvitationCanceled localInvitation: ARtmLocalInvitation) {}
    public func rtmCallKit(_ callKit: ARtmCallKit, localInvitationFailure localInvitation: ARtmLocalInvitation, errorCode: ARtmLocalInvitationErrorCode) {}
    public func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationReceived remoteInvitation: ARtmRemoteInvitation) {}
    public func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationRefused remoteInvitation: ARtmRemoteInvitation) {}
    public func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationAccepted remoteInvitation: ARtmRemoteInvitation) {}
    public func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationCanceled remoteInvitation: ARtmRemoteInvitation) {}
    public func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationFailure remoteInvitation: ARtmRemoteInvitation, errorCode: ARtmRemoteInvitationErrorCode) {}
}

/// `ARtmChannelDelegate` (ARtmDelegate.h): channel callbacks. Every method is optional.
public protocol ARtmChannelDelegate: AnyObject {
    /// `channel:memberJoined:`.
    func channel(_ channel: ARtmChannel, memberJoined member: ARtmMember)
    /// `channel:memberLeft:`.
    func channel(_ channel: ARtmChannel, memberLeft member: ARtmMember)
    /// `channel:messageReceived:fromMember:`.
    func channel(_ channel: ARtmChannel, messageReceived message: ARtmMessage, from member: ARtmMember)
    /// `channel:memberCount:`: at most once a second.
    func channel(_ channel: ARtmChannel, memberCount count: Int32)
}

extension ARtmChannelDelegate {
    public func channel(_ channel: ARtmChannel, memberJoined member: ARtmMember) {}
    public func channel(_ channel: ARtmChannel, memberLeft member: ARtmMember) {}
    public func channel(_ channel: ARtmChannel, messageReceived message: ARtmMessage, from member: ARtmMember) {}
    public func channel(_ channel: ARtmChannel, memberCount count: Int32) {}
}
