/// `AgoraRtmDelegate`: the kit's callbacks (``VendorRtmDelegate`` has the ones anyRTC shares), every
/// one optional.
public protocol AgoraRtmDelegate: VendorRtmDelegate
where SurfaceKit == AgoraRtmKit, SurfaceConnectionChangeReason == AgoraRtmConnectionChangeReason,
    SurfacePeerOnlineStatus == AgoraRtmPeerOnlineStatus {
    /// `rtmKitTokenPrivilegeWillExpire:` (1.5): the token expires in 30 s.
    func rtmKitTokenPrivilegeWillExpire(_ kit: AgoraRtmKit)
}

extension AgoraRtmDelegate {
    public func rtmKitTokenPrivilegeWillExpire(_ kit: AgoraRtmKit) {}
}

/// `AgoraRtmCallDelegate`: call-invitation callbacks (``VendorRtmCallDelegate``), every one optional.
public protocol AgoraRtmCallDelegate: VendorRtmCallDelegate where SurfaceCallKit == AgoraRtmCallKit {}

/// `AgoraRtmChannelDelegate`: channel callbacks (``VendorRtmChannelDelegate``), every one optional.
public protocol AgoraRtmChannelDelegate: VendorRtmChannelDelegate
where SurfaceChannel == AgoraRtmChannel, SurfaceMember == AgoraRtmMember,
    SurfaceChannelAttribute == AgoraRtmChannelAttribute {}
