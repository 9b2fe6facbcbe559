import SwitchboardAgora

/// `ARtmLocalInvitationSendBlock`.
public typealias ARtmLocalInvitationSendBlock = AgoraRtmLocalInvitationSendBlock
/// `ARtmLocalInvitationCancelBlock`.
public typealias ARtmLocalInvitationCancelBlock = AgoraRtmLocalInvitationCancelBlock
/// `ARtmRemoteInvitationAcceptBlock`.
public typealias ARtmRemoteInvitationAcceptBlock = AgoraRtmRemoteInvitationAcceptBlock
/// `ARtmRemoteInvitationRefuseBlock`.
public typealias ARtmRemoteInvitationRefuseBlock = AgoraRtmRemoteInvitationRefuseBlock

/// `ARtmCallKit` (declared in anyRTC's ARtmKit.h): sends, cancels, accepts and refuses call invitations.
/// Obtained from `ARtmKit.getRtmCall()`. The selectors, callback order and misuse codes are Agora's
/// (docs/AGORA.md, "Callback order" and "Misuse codes"); the engine's `RTMClient+Calls.swift` holds the table.
public typealias ARtmCallKit = VendorRtmCallKit<AnyRTCVendor>

/// `ARtmLocalInvitation` (ARtmObjects.h): Agora's, the caller's invitation.
public typealias ARtmLocalInvitation = AgoraRtmLocalInvitation

/// `ARtmRemoteInvitation` (ARtmObjects.h): Agora's, the callee's invitation.
public typealias ARtmRemoteInvitation = AgoraRtmRemoteInvitation
