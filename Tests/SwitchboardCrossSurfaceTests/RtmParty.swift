import Dispatch
import Foundation
import SwitchboardARtm
import SwitchboardAgora
import SwitchboardClient

/// A user on an RTM 1.x surface, Agora's or anyRTC's: a kit of the vendor and its call kit. One class
/// serves both, as the surfaces share one call kit (`VendorRtmCallKit`); it is the vendor's call
/// delegate through the conformances below, so each kit sees an app's delegate of its own protocol.
final class RtmParty<Vendor: RtmVendor>: NSObject, Party, VendorRtmCallDelegate, @unchecked Sendable {
    // @unchecked: `incoming` and `outgoing` are behind `lock`; the rest is set once in init.
    typealias SurfaceCallKit = VendorRtmCallKit<Vendor>

    let name: String
    let surface: Surface
    let log = PartyLog()
    private let kit: Vendor.Kit
    private let lock = NSLock()
    private var incoming: AgoraRtmRemoteInvitation?
    private var outgoing: AgoraRtmLocalInvitation?

    init(_ name: String, surface: Surface, kit: Vendor.Kit) {
        self.name = name
        self.surface = surface
        self.kit = kit
        super.init()
        kit.getRtmCall()?.callDelegate = self as? Vendor.CallDelegate
    }

    func login(_ done: @escaping @Sendable (Bool) -> Void) {
        kit.login(byToken: nil, user: name) { done($0 == .ok) }
    }

    /// `timeout` is not the kit's to set: an RTM invitation expires 60 s after the callee received it
    /// (docs/AGORA.md, "Vendor timers and limits"), unless the app's operator caps ringing lower.
    func invite(_ callee: String, timeout: Int?, _ done: @escaping @Sendable (Bool) -> Void) {
        let invitation = AgoraRtmLocalInvitation(calleeId: callee)
        lock.withLock { outgoing = invitation }
        kit.getRtmCall()?.send(invitation) { done($0 == .ok) }
    }

    func acceptIncoming(_ done: @escaping @Sendable (Bool) -> Void) {
        guard let invitation = lock.withLock({ incoming }) else { return done(false) }
        kit.getRtmCall()?.accept(invitation) { done($0 == .ok) }
    }

    func rejectIncoming(_ done: @escaping @Sendable (Bool) -> Void) {
        guard let invitation = lock.withLock({ incoming }) else { return done(false) }
        kit.getRtmCall()?.refuse(invitation) { done($0 == .ok) }
    }

    func cancelOutgoing(_ done: @escaping @Sendable (Bool) -> Void) {
        guard let invitation = lock.withLock({ outgoing }) else { return done(false) }
        kit.getRtmCall()?.cancel(invitation) { done($0 == .ok) }
    }

    /// RTM 1.x has no hang-up: its call ends as signaling once the invitation is answered, and the
    /// media channel takes over (docs/AGORA.md, "The call model underneath").
    func hangUp(_ done: @escaping @Sendable (Bool) -> Void) {
        done(false)
    }

    func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationReceivedByPeer localInvitation: AgoraRtmLocalInvitation) {
        log.append("out receivedByPeer")
    }
    func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationAccepted localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {
        log.append("out accepted")
    }
    func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationRefused localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {
        log.append("out refused")
    }
    func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationCanceled localInvitation: AgoraRtmLocalInvitation) {
        log.append("out canceled")
    }
    func rtmCallKit(_ callKit: SurfaceCallKit, localInvitationFailure localInvitation: AgoraRtmLocalInvitation, errorCode: AgoraRtmLocalInvitationErrorCode) {
        log.append("out failure(\(errorCode))")
    }
    func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationReceived remoteInvitation: AgoraRtmRemoteInvitation) {
        lock.withLock { incoming = remoteInvitation }
        log.append("in received \(remoteInvitation.callerId)")
    }
    func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationRefused remoteInvitation: AgoraRtmRemoteInvitation) {
        log.append("in refused")
    }
    func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationAccepted remoteInvitation: AgoraRtmRemoteInvitation) {
        log.append("in accepted")
    }
    func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationCanceled remoteInvitation: AgoraRtmRemoteInvitation) {
        log.append("in canceled")
    }
    func rtmCallKit(_ callKit: SurfaceCallKit, remoteInvitationFailure remoteInvitation: AgoraRtmRemoteInvitation, errorCode: AgoraRtmRemoteInvitationErrorCode) {
        log.append("in failure(\(errorCode))")
    }
}

extension RtmParty: AgoraRtmCallDelegate where Vendor == AgoraVendor {}
extension RtmParty: ARtmCallDelegate where Vendor == AnyRTCVendor {}
