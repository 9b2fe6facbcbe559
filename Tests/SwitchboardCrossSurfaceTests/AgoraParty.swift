import Dispatch
import Foundation
import SwitchboardAgora
import SwitchboardClient

/// A user on the Agora surface: an `AgoraRtmKit` and its call kit.
final class AgoraParty: NSObject, Party, AgoraRtmDelegate, AgoraRtmCallDelegate, @unchecked Sendable {
    // @unchecked: `incoming` is behind `lock`; the rest is set once in init.
    let name: String
    let surface = Surface.agora
    private let kit: AgoraRtmKit
    private let log = PartyLog()
    private let lock = NSLock()
    private var incoming: AgoraRtmRemoteInvitation?

    init(_ name: String, environment: ClientEnvironment) {
        self.name = name
        kit = AgoraRtmKit(appId: String(repeating: "a", count: 32), delegate: nil, environment: environment)!
        super.init()
        kit.agoraRtmDelegate = self
        kit.getRtmCall()?.callDelegate = self
    }

    var lines: [String] { log.lines }

    func login(_ done: @escaping @Sendable (Bool) -> Void) {
        kit.login(byToken: nil, user: name) { done($0 == .ok) }
    }

    func invite(_ callee: String, _ done: @escaping @Sendable (Bool) -> Void) {
        kit.getRtmCall()?.send(AgoraRtmLocalInvitation(calleeId: callee)) { done($0 == .ok) }
    }

    func acceptIncoming(_ done: @escaping @Sendable (Bool) -> Void) {
        guard let invitation = lock.withLock({ incoming }) else { return done(false) }
        kit.getRtmCall()?.accept(invitation) { done($0 == .ok) }
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationReceivedByPeer localInvitation: AgoraRtmLocalInvitation) {
        log.append("out receivedByPeer")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationAccepted localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {
        log.append("out accepted")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationRefused localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {
        log.append("out refused")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationCanceled localInvitation: AgoraRtmLocalInvitation) {
        log.append("out canceled")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationFailure localInvitation: AgoraRtmLocalInvitation, errorCode: AgoraRtmLocalInvitationErrorCode) {
        log.append("out failure(\(errorCode))")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationReceived remoteInvitation: AgoraRtmRemoteInvitation) {
        lock.withLock { incoming = remoteInvitation }
        log.append("in received \(remoteInvitation.callerId)")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationRefused remoteInvitation: AgoraRtmRemoteInvitation) {
        log.append("in refused")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationAccepted remoteInvitation: AgoraRtmRemoteInvitation) {
        log.append("in accepted")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationCanceled remoteInvitation: AgoraRtmRemoteInvitation) {
        log.append("in canceled")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationFailure remoteInvitation: AgoraRtmRemoteInvitation, errorCode: AgoraRtmRemoteInvitationErrorCode) {
        log.append("in failure(\(errorCode))")
    }
}
