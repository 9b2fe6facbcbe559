import SwitchboardAgora

/// `ARtmDelegate` (ARtmDelegate.h): the kit's callbacks, Agora's (`VendorRtmDelegate`) under anyRTC's
/// names, every one optional. Unlike Agora 1.5 there is no `rtmKitTokenPrivilegeWillExpire:`, and the
/// presence selector is `rtmKit:peersOnlineStatusChanged:` (docs/AGORA.md, "anyRTC differences").
public protocol ARtmDelegate: VendorRtmDelegate
where SurfaceKit == ARtmKit, SurfaceConnectionChangeReason == ARtmConnectionChangeReason,
    SurfacePeerOnlineStatus == ARtmPeerOnlineStatus {}

/// `ARtmCallDelegate` (ARtmDelegate.h): call-invitation callbacks (`VendorRtmCallDelegate`), every
/// one optional.
public protocol ARtmCallDelegate: VendorRtmCallDelegate where SurfaceCallKit == ARtmCallKit {}

/// `ARtmChannelDelegate` (ARtmDelegate.h): channel callbacks (`VendorRtmChannelDelegate`), every one
/// optional.
public protocol ARtmChannelDelegate: VendorRtmChannelDelegate
where SurfaceChannel == ARtmChannel, SurfaceMember == ARtmMember, SurfaceChannelAttribute == ARtmChannelAttribute {}
