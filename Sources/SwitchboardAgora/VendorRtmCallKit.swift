import Foundation
import SwitchboardClient
import SwitchboardRTM

/// The call kit of RTM 1.x, written once for every ``RtmVendor`` (`AgoraRtmCallKit`, anyRTC's
/// `ARtmCallKit`): sends, cancels, accepts and refuses call invitations. Obtained from the kit's
/// `getRtmCall()`. Callback order and misuse codes: docs/AGORA.md.
open class VendorRtmCallKit<Vendor: RtmVendor>: NSObject, @unchecked Sendable {
    // @unchecked: the delegate and kit references are behind `lock`.
    private let lock = NSLock()
    private weak var delegateObject: AnyObject?
    private weak var kitStorage: Vendor.Kit?

    /// `rtmKit`.
    open weak var rtmKit: Vendor.Kit? { lock.withLock { kitStorage } }

    /// `callDelegate`, held weakly.
    open var callDelegate: Vendor.CallDelegate? {
        get { lock.withLock { delegateObject } as? Vendor.CallDelegate }
        set { lock.withLock { delegateObject = newValue.map { $0 as AnyObject } } }
    }

    init(kit: Vendor.Kit) {
        kitStorage = kit
    }

    /// `init`: a call kit of no kit yet, as `NSObject`'s public `init` makes one. Setting it as a kit's
    /// `rtmCallKit` makes it that kit's; until then every method completes with `.notStarted` on the
    /// main queue (or the environment's callback queue) (docs/AGORA.md, "Call kits the app makes").
    public override init() {}

    /// Makes this call kit `kit`'s, unless it belongs to a kit already.
    func attach(to kit: Vendor.Kit) {
        lock.withLock {
            if kitStorage == nil { kitStorage = kit }
        }
    }

    /// `sendLocalInvitation:completion:`.
    open func send(_ localInvitation: AgoraRtmLocalInvitation, completion: AgoraRtmLocalInvitationSendBlock? = nil) {
        let completion = VendorCallback(completion)
        guard let engine = rtmKit?.engine else { return Self.refuseWithoutKit(completion) }
        engine.send(localInvitation.core, owner: localInvitation, callee: localInvitation.calleeId,
                    content: localInvitation.content, channelID: localInvitation.channelId) {
            completion(RTMSurface.convert($0))
        }
    }

    /// `cancelLocalInvitation:completion:`.
    open func cancel(_ localInvitation: AgoraRtmLocalInvitation, completion: AgoraRtmLocalInvitationCancelBlock? = nil) {
        let completion = VendorCallback(completion)
        guard let engine = rtmKit?.engine else { return Self.refuseWithoutKit(completion) }
        engine.cancel(localInvitation.core) { completion(RTMSurface.convert($0)) }
    }

    /// `acceptRemoteInvitation:completion:`.
    open func accept(_ remoteInvitation: AgoraRtmRemoteInvitation, completion: AgoraRtmRemoteInvitationAcceptBlock? = nil) {
        let completion = VendorCallback(completion)
        guard let engine = rtmKit?.engine else { return Self.refuseWithoutKit(completion) }
        engine.accept(remoteInvitation.core) { completion(RTMSurface.convert($0)) }
    }

    /// `refuseRemoteInvitation:completion:`.
    open func refuse(_ remoteInvitation: AgoraRtmRemoteInvitation, completion: AgoraRtmRemoteInvitationRefuseBlock? = nil) {
        let completion = VendorCallback(completion)
        guard let engine = rtmKit?.engine else { return Self.refuseWithoutKit(completion) }
        engine.refuse(remoteInvitation.core) { completion(RTMSurface.convert($0)) }
    }

    /// A call kit of no kit (made by the app, or whose kit is gone) starts nothing.
    private static func refuseWithoutKit(_ completion: VendorCallback<AgoraRtmInvitationApiCallErrorCode>) {
        let environment = ClientEnvironment.current
        (environment.callbackQueue ?? .main).async(execute: environment.tracking { completion(.notStarted) })
    }

    /// Delivers an invitation event to the call delegate (on the callback queue).
    func deliver(_ event: RTMEvent) {
        let delegate = lock.withLock { delegateObject } as? any VendorRtmCallDelegate<VendorRtmCallKit<Vendor>>
        switch event {
        case .localInvitationReceivedByPeer(let core):
            guard let local = core.surfaceObject as? AgoraRtmLocalInvitation else { return }
            delegate?.rtmCallKit(self, localInvitationReceivedByPeer: local)
        case .localInvitationAccepted(let core, let response):
            guard let local = core.surfaceObject as? AgoraRtmLocalInvitation else { return }
            delegate?.rtmCallKit(self, localInvitationAccepted: local, withResponse: response)
        case .localInvitationRefused(let core, let response):
            guard let local = core.surfaceObject as? AgoraRtmLocalInvitation else { return }
            delegate?.rtmCallKit(self, localInvitationRefused: local, withResponse: response)
        case .localInvitationCanceled(let core):
            guard let local = core.surfaceObject as? AgoraRtmLocalInvitation else { return }
            delegate?.rtmCallKit(self, localInvitationCanceled: local)
        case .localInvitationFailure(let core, let code):
            guard let local = core.surfaceObject as? AgoraRtmLocalInvitation else { return }
            delegate?.rtmCallKit(self, localInvitationFailure: local, errorCode: RTMSurface.convert(code))
        case .remoteInvitationReceived(let core):
            let remote = AgoraRtmRemoteInvitation(core: core)
            core.surfaceObject = remote
            delegate?.rtmCallKit(self, remoteInvitationReceived: remote)
        case .remoteInvitationAccepted(let core):
            guard let remote = core.surfaceObject as? AgoraRtmRemoteInvitation else { return }
            delegate?.rtmCallKit(self, remoteInvitationAccepted: remote)
        case .remoteInvitationRefused(let core):
            guard let remote = core.surfaceObject as? AgoraRtmRemoteInvitation else { return }
            delegate?.rtmCallKit(self, remoteInvitationRefused: remote)
        case .remoteInvitationCanceled(let core):
            guard let remote = core.surfaceObject as? AgoraRtmRemoteInvitation else { return }
            delegate?.rtmCallKit(self, remoteInvitationCanceled: remote)
        case .remoteInvitationFailure(let core, let code):
            guard let remote = core.surfaceObject as? AgoraRtmRemoteInvitation else { return }
            delegate?.rtmCallKit(self, remoteInvitationFailure: remote, errorCode: RTMSurface.convert(code))
        default:
            break
        }
    }
}
