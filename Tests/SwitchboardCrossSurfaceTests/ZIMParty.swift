import Dispatch
import Foundation
import SwitchboardClient
import SwitchboardZIM

/// A user on the ZIM surface: a `ZIM` instance (general-mode calls, as ZEGOCLOUD's call demo places them).
final class ZIMParty: ZIMEventHandler, Party, @unchecked Sendable {
    // @unchecked: `incoming` is behind `lock`; the rest is set once in init.
    let name: String
    let surface = Surface.zim
    private let zim: ZIM
    let log = PartyLog()
    private let lock = NSLock()
    private var incoming: String?

    init(_ name: String, environment: ClientEnvironment) {
        self.name = name
        let config = ZIMAppConfig()
        config.appID = 1_234_567
        config.appSign = "sign"
        zim = ZIM.create(with: config, environment: environment)!
        zim.setEventHandler(self)
    }


    func login(_ done: @escaping @Sendable (Bool) -> Void) {
        let config = ZIMLoginConfig()
        config.token = "token"
        zim.login(withUserID: name, config: config) { done($0.code == .ZIMErrorCodeSuccess) }
    }

    func invite(_ callee: String, _ done: @escaping @Sendable (Bool) -> Void) {
        zim.callInvite(with: [callee], config: ZIMCallInviteConfig()) { _, _, error in
            done(error.code == .ZIMErrorCodeSuccess)
        }
    }

    func acceptIncoming(_ done: @escaping @Sendable (Bool) -> Void) {
        guard let callID = lock.withLock({ incoming }) else { return done(false) }
        zim.callAccept(with: callID, config: ZIMCallAcceptConfig()) { _, error in done(error.code == .ZIMErrorCodeSuccess) }
    }

    func zim(_ zim: ZIM, callInvitationReceived info: ZIMCallInvitationReceivedInfo, callID: String) {
        lock.withLock { incoming = callID }
        log.append("in received \(info.caller)")
    }
    func zim(_ zim: ZIM, callInvitationCancelled info: ZIMCallInvitationCancelledInfo, callID: String) {
        log.append("in cancelled")
    }
    func zim(_ zim: ZIM, callInvitationAccepted info: ZIMCallInvitationAcceptedInfo, callID: String) {
        log.append("out accepted")
    }
    func zim(_ zim: ZIM, callInvitationRejected info: ZIMCallInvitationRejectedInfo, callID: String) {
        log.append("out rejected")
    }
    func zim(_ zim: ZIM, callInviteesAnsweredTimeout invitees: [String], callID: String) {
        log.append("out timeout")
    }
}
