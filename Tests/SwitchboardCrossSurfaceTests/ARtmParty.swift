import Dispatch
import Foundation
import SwitchboardARtm
import SwitchboardClient

/// A user on the anyRTC surface: an `ARtmKit` and its call kit.
final class ARtmParty: NSObject, Party, ARtmDelegate, ARtmCallDelegate, @unchecked Sendable {
    // @unchecked: `incoming` is behind `lock`; the rest is set once in init.
    let name: String
    let surface = Surface.anyRTC
    private let kit: ARtmKit
    private let log = PartyLog()
    private let lock = NSLock()
    private var incoming: ARtmRemoteInvitation?

    init(_ name: String, environment: ClientEnvironment) {
        self.name = name
        kit = ARtmKit(appId: String(repeating: "a", count: 32), delegate: nil, environment: environment)!
        super.init()
        kit.aRtmDelegate = self
        kit.getRtmCall()?.callDelegate = self
    }

    var lines: [String] { log.lines }

    func login(_ done: @escaping @Sendable (Bool) -> Void) {
        kit.login(byToken: nil, user: name) { done($0 == .ok) }
    }

    func invite(_ callee: String, _ done: @escaping @Sendable (Bool) -> Void) {
        kit.getRtmCall()?.send(ARtmLocalInvitation(calleeId: callee)) { done($0 == .ok) }
    }

    func acceptIncoming(_ done: @escaping @Sendable (Bool) -> Void) {
        guard let invitation = lock.withLock({ incoming }) else { return done(false) }
        kit.getRtmCall()?.accept(invitation) { done($0 == .ok) }
    }

    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationReceivedByPeer localInvitation: ARtmLocalInvitation) {
        log.append("out receivedByPeer")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationAccepted localInvitation: ARtmLocalInvitation, withResponse response: String?) {
        log.append("out accepted")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationRefused localInvitation: ARtmLocalInvitation, withResponse response: String?) {
        log.append("out refused")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationCanceled localInvitation: ARtmLocalInvitation) {
        log.append("out canceled")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationFailure localInvitation: ARtmLocalInvitation, errorCode: ARtmLocalInvitationErrorCode) {
        log.append("out failure(\(errorCode))")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationReceived remoteInvitation: ARtmRemoteInvitation) {
        lock.withLock { incoming = remoteInvitation }
        log.append("in received \(remoteInvitation.callerId)")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationRefused remoteInvitation: ARtmRemoteInvitation) {
        log.append("in refused")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationAccepted remoteInvitation: ARtmRemoteInvitation) {
        log.append("in accepted")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationCanceled remoteInvitation: ARtmRemoteInvitation) {
        log.append("in canceled")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationFailure remoteInvitation: ARtmRemoteInvitation, errorCode: ARtmRemoteInvitationErrorCode) {
        log.append("in failure(\(errorCode))")
    }
}
