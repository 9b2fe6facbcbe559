import Dispatch
import Foundation
import SwitchboardClient
import SwitchboardZIM

/// A user on the ZIM surface: a `ZIM` instance. Its calls are general-mode calls, as ZEGOCLOUD's call demo
/// places them, or advanced-mode ones (`mode`), the mode with a hang-up (`callEnd`) once connected.
final class ZIMParty: ZIMEventHandler, Party, @unchecked Sendable {
    // @unchecked: `incoming` and `outgoing` are behind `lock`; the rest is set once in init.
    let name: String
    let surface = Surface.zim
    private let zim: ZIM
    private let mode: ZIMCallInvitationMode
    let log = PartyLog()
    private let lock = NSLock()
    private var incoming: String?
    private var outgoing: (call: String, callee: String)?

    init(_ name: String, mode: ZIMCallInvitationMode, environment: ClientEnvironment) {
        self.name = name
        self.mode = mode
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

    func invite(_ callee: String, timeout: Int?, _ done: @escaping @Sendable (Bool) -> Void) {
        let config = ZIMCallInviteConfig()
        config.mode = mode
        if let timeout { config.timeout = UInt32(timeout) }
        zim.callInvite(with: [callee], config: config) { [weak self] callID, _, error in
            let sent = error.code == .ZIMErrorCodeSuccess
            if sent { self?.lock.withLock { self?.outgoing = (callID, callee) } }
            done(sent)
        }
    }

    func acceptIncoming(_ done: @escaping @Sendable (Bool) -> Void) {
        guard let callID = lock.withLock({ incoming }) else { return done(false) }
        zim.callAccept(with: callID, config: ZIMCallAcceptConfig()) { _, error in done(error.code == .ZIMErrorCodeSuccess) }
    }

    func rejectIncoming(_ done: @escaping @Sendable (Bool) -> Void) {
        guard let callID = lock.withLock({ incoming }) else { return done(false) }
        zim.callReject(with: callID, config: ZIMCallRejectConfig()) { _, error in done(error.code == .ZIMErrorCodeSuccess) }
    }

    func cancelOutgoing(_ done: @escaping @Sendable (Bool) -> Void) {
        guard let outgoing = lock.withLock({ outgoing }) else { return done(false) }
        zim.callCancel(with: [outgoing.callee], callID: outgoing.call, config: ZIMCallCancelConfig()) { _, _, error in
            done(error.code == .ZIMErrorCodeSuccess)
        }
    }

    /// `callEnd`, which ends the call for everyone in it; the call this user placed, else the one it answered.
    func hangUp(_ done: @escaping @Sendable (Bool) -> Void) {
        guard let callID = lock.withLock({ outgoing?.call ?? incoming }) else { return done(false) }
        zim.callEnd(by: callID, config: ZIMCallEndConfig()) { _, _, error in done(error.code == .ZIMErrorCodeSuccess) }
    }

    /// `out` for the call this user placed, `in` for one it was invited to.
    private func side(_ callID: String) -> String {
        lock.withLock { outgoing?.call == callID } ? "out" : "in"
    }

    func zim(_ zim: ZIM, callInvitationReceived info: ZIMCallInvitationReceivedInfo, callID: String) {
        lock.withLock { incoming = callID }
        log.append("in received \(info.caller)")
    }
    func zim(_ zim: ZIM, callInvitationCancelled info: ZIMCallInvitationCancelledInfo, callID: String) {
        log.append("in cancelled")
    }
    func zim(_ zim: ZIM, callInvitationTimeout info: ZIMCallInvitationTimeoutInfo, callID: String) {
        log.append("in timeout")
    }
    func zim(_ zim: ZIM, callInvitationEnded info: ZIMCallInvitationEndedInfo, callID: String) {
        log.append("\(side(callID)) ended")
    }
    /// The other users' state changes; the user's own are its own doing.
    func zim(_ zim: ZIM, callUserStateChanged info: ZIMCallUserStateChangeInfo, callID: String) {
        for user in info.callUserList where user.userID != name && user.state == .quit {
            log.append("\(side(callID)) quit")
        }
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
