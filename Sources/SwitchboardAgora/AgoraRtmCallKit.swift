import Foundation
import SwitchboardRTM

/// `AgoraRtmLocalInvitationSendBlock`.
public typealias AgoraRtmLocalInvitationSendBlock = (AgoraRtmInvitationApiCallErrorCode) -> Void
/// `AgoraRtmLocalInvitationCancelBlock`.
public typealias AgoraRtmLocalInvitationCancelBlock = (AgoraRtmInvitationApiCallErrorCode) -> Void
/// `AgoraRtmRemoteInvitationAcceptBlock`.
public typealias AgoraRtmRemoteInvitationAcceptBlock = (AgoraRtmInvitationApiCallErrorCode) -> Void
/// `AgoraRtmRemoteInvitationRefuseBlock`.
public typealias AgoraRtmRemoteInvitationRefuseBlock = (AgoraRtmInvitationApiCallErrorCode) -> Void

/// `AgoraRtmCallKit`: sends, cancels, accepts and refuses call invitations. Obtained from
/// `AgoraRtmKit.getRtmCall()`. Callback order and misuse codes: docs/AGORA.md.
public typealias AgoraRtmCallKit = VendorRtmCallKit<AgoraVendor>

/// `AgoraRtmLocalInvitation`: the caller's invitation. Set `calleeId`, `content` and `channelId`, then
/// `send(_:completion:)`; `state` and `response` follow the invitation's life. anyRTC's
/// `ARtmLocalInvitation` is this class.
open class AgoraRtmLocalInvitation: NSObject, @unchecked Sendable {
    // @unchecked: the app sets the properties before sending, as with the SDK; the engine's state is
    // behind its own lock.
    let core = RTMLocalInvitation()

    /// `calleeId`.
    open var calleeId: String
    /// `content`: at most 8 KB of UTF-8.
    open var content: String?
    /// `channelId`: passed to the callee unchanged; no channel is joined (Agora 1.5's behaviour).
    open var channelId: String?
    /// `response`: the callee's, once it accepted or refused.
    open var response: String? { core.response }
    /// `state`.
    open var state: AgoraRtmLocalInvitationState { RTMSurface.convert(core.state) }

    /// `initWithCalleeId:`.
    public init(calleeId: String) {
        self.calleeId = calleeId
    }

    /// `init`: set `calleeId` before sending.
    public override convenience init() {
        self.init(calleeId: "")
    }
}

/// `AgoraRtmRemoteInvitation`: the callee's invitation, created by the SDK and handed to
/// `rtmCallKit(_:remoteInvitationReceived:)`. Set `response` before accepting or refusing. anyRTC's
/// `ARtmRemoteInvitation` is this class.
open class AgoraRtmRemoteInvitation: NSObject, @unchecked Sendable {
    // @unchecked: immutable apart from the engine's state, which is behind its own lock.
    let core: RTMRemoteInvitation

    /// `callerId`.
    open var callerId: String { core.callerID }
    /// `content`.
    open var content: String? { core.content }
    /// `channelId`.
    open var channelId: String? { core.channelID }
    /// `response`: at most 8 KB of UTF-8, sent with the accept or refusal.
    open var response: String? {
        get { core.response }
        set { core.response = newValue }
    }
    /// `state`.
    open var state: AgoraRtmRemoteInvitationState { RTMSurface.convert(core.state) }

    init(core: RTMRemoteInvitation) {
        self.core = core
    }

    /// `init`: an invitation the SDK did not create; every call-kit method refuses it (`notStarted`).
    public override convenience init() {
        self.init(core: RTMRemoteInvitation())
    }
}
