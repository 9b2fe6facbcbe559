import Foundation
import SwitchboardRTM

/// `ARtmLocalInvitationSendBlock`.
public typealias ARtmLocalInvitationSendBlock = (ARtmInvitationApiCallErrorCode) -> Void
/// `ARtmLocalInvitationCancelBlock`.
public typealias ARtmLocalInvitationCancelBlock = (ARtmInvitationApiCallErrorCode) -> Void
/// `ARtmRemoteInvitationAcceptBlock`.
public typealias ARtmRemoteInvitationAcceptBlock = (ARtmInvitationApiCallErrorCode) -> Void
/// `ARtmRemoteInvitationRefuseBlock`.
public typealias ARtmRemoteInvitationRefuseBlock = (ARtmInvitationApiCallErrorCode) -> Void

/// `ARtmCallKit` (declared in anyRTC's ARtmKit.h): sends, cancels, accepts and refuses call invitations.
/// Obtained from `ARtmKit.getRtmCall()`. The selectors, callback order (decision 12) and misuse codes
/// (decision 7) are Agora's; the engine's `RTMClient+Calls.swift` holds the table.
open class ARtmCallKit: NSObject, @unchecked Sendable {
    // @unchecked: the delegate and kit references are behind `lock`.
    private let lock = NSLock()
    private weak var delegateStorage: ARtmCallDelegate?
    private weak var kitStorage: ARtmKit?

    /// `rtmKit`.
    open weak var rtmKit: ARtmKit? { lock.withLock { kitStorage } }

    /// `callDelegate`.
    open weak var callDelegate: ARtmCallDelegate? {
        get { lock.withLock { delegateStorage } }
        set { lock.withLock { delegateStorage = newValue } }
    }

    init(kit: ARtmKit) {
        kitStorage = kit
    }

    /// `sendLocalInvitation:completion:`.
    open func send(_ localInvitation: ARtmLocalInvitation, completion: ARtmLocalInvitationSendBlock? = nil) {
        let completion = VendorCallback(completion)
        guard let engine = rtmKit?.engine else { return }
        engine.send(localInvitation.core, owner: localInvitation, callee: localInvitation.calleeId,
                    content: localInvitation.content, channelID: localInvitation.channelId) {
            completion(RTMSurface.convert($0))
        }
    }

    /// `cancelLocalInvitation:completion:`.
    open func cancel(_ localInvitation: ARtmLocalInvitation, completion: ARtmLocalInvitationCancelBlock? = nil) {
        let completion = VendorCallback(completion)
        rtmKit?.engine.cancel(localInvitation.core) { completion(RTMSurface.convert($0)) }
    }

    /// `acceptRemoteInvitation:completion:`.
    open func accept(_ remoteInvitation: ARtmRemoteInvitation, completion: ARtmRemoteInvitationAcceptBlock? = nil) {
        let completion = VendorCallback(completion)
        rtmKit?.engine.accept(remoteInvitation.core) { completion(RTMSurface.convert($0)) }
    }

    /// `refuseRemoteInvitation:completion:`.
    open func refuse(_ remoteInvitation: ARtmRemoteInvitation, completion: ARtmRemoteInvitationRefuseBlock? = nil) {
        let completion = VendorCallback(completion)
        rtmKit?.engine.refuse(remoteInvitation.core) { completion(RTMSurface.convert($0)) }
    }

    /// Delivers an invitation event to the call delegate (on the callback queue).
    func deliver(_ event: RTMEvent) {
        let delegate = callDelegate
        switch event {
        case .localInvitationReceivedByPeer(let core):
            guard let local = core.surfaceObject as? ARtmLocalInvitation else { return }
            delegate?.rtmCallKit(self, localInvitationReceivedByPeer: local)
        case .localInvitationAccepted(let core, let response):
            guard let local = core.surfaceObject as? ARtmLocalInvitation else { return }
            delegate?.rtmCallKit(self, localInvitationAccepted: local, withResponse: response)
        case .localInvitationRefused(let core, let response):
            guard let local = core.surfaceObject as? ARtmLocalInvitation else { return }
            delegate?.rtmCallKit(self, localInvitationRefused: local, withResponse: response)
        case .localInvitationCanceled(let core):
            guard let local = core.surfaceObject as? ARtmLocalInvitation else { return }
            delegate?.rtmCallKit(self, localInvitationCanceled: local)
        case .localInvitationFailure(let core, let code):
            guard let local = core.surfaceObject as? ARtmLocalInvitation else { return }
            delegate?.rtmCallKit(self, localInvitationFailure: local, errorCode: RTMSurface.convert(code))
        case .remoteInvitationReceived(let core):
            let remote = ARtmRemoteInvitation(core: core)
            core.surfaceObject = remote
            delegate?.rtmCallKit(self, remoteInvitationReceived: remote)
        case .remoteInvitationAccepted(let core):
            guard let remote = core.surfaceObject as? ARtmRemoteInvitation else { return }
            delegate?.rtmCallKit(self, remoteInvitationAccepted: remote)
        case .remoteInvitationRefused(let core):
            guard let remote = core.surfaceObject as? ARtmRemoteInvitation else { return }
            delegate?.rtmCallKit(self, remoteInvitationRefused: remote)
        case .remoteInvitationCanceled(let core):
            guard let remote = core.surfaceObject as? ARtmRemoteInvitation else { return }
            delegate?.rtmCallKit(self, remoteInvitationCanceled: remote)
        case .remoteInvitationFailure(let core, let code):
            guard let remote = core.surfaceObject as? ARtmRemoteInvitation else { return }
            delegate?.rtmCallKit(self, remoteInvitationFailure: remote, errorCode: RTMSurface.convert(code))
        default:
            break
        }
    }
}

/// `ARtmLocalInvitation` (ARtmObjects.h): the caller's invitation. Set `calleeId`, `content` and `channelId`, then
/// `send(_:completion:)`; `state` and `response` follow the invitation's life.
open class ARtmLocalInvitation: NSObject, @unchecked Sendable {
    // @unchecked: the app sets the properties before sending, as with the SDK; the engine's state is
    // behind its own lock.
    let core = RTMLocalInvitation()

    /// `calleeId`.
    open var calleeId: String
    /// `content`: at most 8 KB of UTF-8.
    open var content: String?
    /// `channelId`: passed to the callee unchanged; no channel is joined (decision 22).
    open var channelId: String?
    /// `response`: the callee's, once it accepted or refused.
    open var response: String? { core.response }
    /// `state`.
    open var state: ARtmLocalInvitationState { RTMSurface.convert(core.state) }

    /// `initWithCalleeId:`.
    public init(calleeId: String) {
        self.calleeId = calleeId
    }

    /// `init`: set `calleeId` before sending.
    public override convenience init() {
        self.init(calleeId: "")
    }
}

/// `ARtmRemoteInvitation` (ARtmObjects.h): the callee's invitation, created by the SDK and handed to
/// `rtmCallKit(_:remoteInvitationReceived:)`. Set `response` before accepting or refusing.
open class ARtmRemoteInvitation: NSObject, @unchecked Sendable {
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
    open var state: ARtmRemoteInvitationState { RTMSurface.convert(core.state) }

    init(core: RTMRemoteInvitation) {
        self.core = core
    }

    /// `init`: an invitation the SDK did not create; every call-kit method refuses it (`notStarted`).
    public override convenience init() {
        self.init(core: RTMRemoteInvitation())
    }
}
