import Foundation

// The callbacks of RTM 1.x, written once for every vendor: each vendor's protocol (`AgoraRtmDelegate`,
// `ARtmDelegate`, ...) refines one of these and binds its associated types to the vendor's classes, so
// that an app conforms with the vendor's names and the kit calls the vendor's conformers here. Every
// method is optional through a default no-op (docs/AGORA.md, "Objects without Objective-C"). The
// associated types carry a `Surface` prefix so that no type nested in an app's delegate class takes
// their place.

/// The kit's callbacks (`AgoraRtmDelegate` and the vendors' like it).
public protocol VendorRtmDelegate<SurfaceKit, SurfaceConnectionChangeReason, SurfacePeerOnlineStatus>: AnyObject {
    associatedtype SurfaceKit: AnyObject
    associatedtype SurfaceConnectionChangeReason
    associatedtype SurfacePeerOnlineStatus

    /// `rtmKit:connectionStateChanged:reason:`.
    func rtmKit(_ kit: SurfaceKit, connectionStateChanged state: AgoraRtmConnectionState, reason: SurfaceConnectionChangeReason)
    /// `rtmKit:messageReceived:fromPeer:`.
    func rtmKit(_ kit: SurfaceKit, messageReceived message: AgoraRtmMessage, fromPeer peerId: String)
    /// `rtmKit:PeersOnlineStatusChanged:` (Agora's capital P; anyRTC's `peersOnlineStatusChanged:`;
    /// both import to Swift as this).
    func rtmKit(_ kit: SurfaceKit, peersOnlineStatusChanged onlineStatus: [SurfacePeerOnlineStatus])
    /// `rtmKitTokenDidExpire:`: the token expired while reconnecting; the state does not change.
    func rtmKitTokenDidExpire(_ kit: SurfaceKit)
}

extension VendorRtmDelegate {
    public func rtmKit(_ kit: SurfaceKit, connectionStateChanged state: AgoraRtmConnectionState, reason: SurfaceConnectionChangeReason) {}
    public func rtmKit(_ kit: SurfaceKit, messageReceived message: AgoraRtmMessage, fromPeer peerId: String) {}
    public func rtmKit(_ kit: SurfaceKit, peersOnlineStatusChanged onlineStatus: [SurfacePeerOnlineStatus]) {}
    public func rtmKitTokenDidExpire(_ kit: SurfaceKit) {}
}

/// The call kit's callbacks (`AgoraRtmCallDelegate` and the vendors' like it).
public protocol VendorRtmCallDelegate<SurfaceCallKit>: AnyObject {
    associatedtype SurfaceCallKit: AnyObject

    /// `rtmCallKit:localInvitationReceivedByPeer:`.
    func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationReceivedByPeer localInvitation: AgoraRtmLocalInvitation)
    /// `rtmCallKit:localInvitationAccepted:withResponse:`.
    func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationAccepted localInvitation: AgoraRtmLocalInvitation, withResponse response: String?)
    /// `rtmCallKit:localInvitationRefused:withResponse:`.
    func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationRefused localInvitation: AgoraRtmLocalInvitation, withResponse response: String?)
    /// `rtmCallKit:localInvitationCanceled:`.
    func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationCanceled localInvitation: AgoraRtmLocalInvitation)
    /// `rtmCallKit:localInvitationFailure:errorCode:`.
    func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationFailure localInvitation: AgoraRtmLocalInvitation, errorCode: AgoraRtmLocalInvitationErrorCode)
    /// `rtmCallKit:remoteInvitationReceived:`.
    func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationReceived remoteInvitation: AgoraRtmRemoteInvitation)
    /// `rtmCallKit:remoteInvitationRefused:`.
    func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationRefused remoteInvitation: AgoraRtmRemoteInvitation)
    /// `rtmCallKit:remoteInvitationAccepted:`.
    func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationAccepted remoteInvitation: AgoraRtmRemoteInvitation)
    /// `rtmCallKit:remoteInvitationCanceled:`.
    func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationCanceled remoteInvitation: AgoraRtmRemoteInvitation)
    /// `rtmCallKit:remoteInvitationFailure:errorCode:`.
    func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationFailure remoteInvitation: AgoraRtmRemoteInvitation, errorCode: AgoraRtmRemoteInvitationErrorCode)
}

extension VendorRtmCallDelegate {
    public func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationReceivedByPeer localInvitation: AgoraRtmLocalInvitation) {}
    public func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationAccepted localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {}
    public func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationRefused localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {}
    public func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationCanceled localInvitation: AgoraRtmLocalInvitation) {}
    public func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationFailure localInvitation: AgoraRtmLocalInvitation, errorCode: AgoraRtmLocalInvitationErrorCode) {}
    public func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationReceived remoteInvitation: AgoraRtmRemoteInvitation) {}
    public func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationRefused remoteInvitation: AgoraRtmRemoteInvitation) {}
    public func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationAccepted remoteInvitation: AgoraRtmRemoteInvitation) {}
    public func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationCanceled remoteInvitation: AgoraRtmRemoteInvitation) {}
    public func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationFailure remoteInvitation: AgoraRtmRemoteInvitation, errorCode: AgoraRtmRemoteInvitationErrorCode) {}
}

/// A channel's callbacks (`AgoraRtmChannelDelegate` and the vendors' like it).
public protocol VendorRtmChannelDelegate<SurfaceChannel, SurfaceMember, SurfaceChannelAttribute>: AnyObject {
    associatedtype SurfaceChannel: AnyObject
    associatedtype SurfaceMember
    associatedtype SurfaceChannelAttribute

    /// `channel:memberJoined:`.
    func channel(_ channel: SurfaceChannel, memberJoined member: SurfaceMember)
    /// `channel:memberLeft:`.
    func channel(_ channel: SurfaceChannel, memberLeft member: SurfaceMember)
    /// `channel:messageReceived:fromMember:`.
    func channel(_ channel: SurfaceChannel, messageReceived message: AgoraRtmMessage, from member: SurfaceMember)
    /// `channel:memberCount:`: at most once a second.
    func channel(_ channel: SurfaceChannel, memberCount count: Int32)
    /// `channel:attributeUpdate:`: every attribute the channel has now, after a change whose options
    /// asked to tell the members.
    func channel(_ channel: SurfaceChannel, attributeUpdate attributes: [SurfaceChannelAttribute])
}

extension VendorRtmChannelDelegate {
    public func channel(_ channel: SurfaceChannel, memberJoined member: SurfaceMember) {}
    public func channel(_ channel: SurfaceChannel, memberLeft member: SurfaceMember) {}
    public func channel(_ channel: SurfaceChannel, messageReceived message: AgoraRtmMessage, from member: SurfaceMember) {}
    public func channel(_ channel: SurfaceChannel, memberCount count: Int32) {}
    public func channel(_ channel: SurfaceChannel, attributeUpdate attributes: [SurfaceChannelAttribute]) {}
}
