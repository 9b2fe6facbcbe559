// Three users in one process, written the way ZEGO's own ZIM call-invitation code is (the snippets of
// the ZIM call-invitation guide, and ZEGOCLOUD's ZIMService in Swift): every statement that talks to the
// SDK is ZIM code; only the import line says Switchboard. With no configuration the instances talk to
// the process's embedded service.
//
// ZIM allows one instance per process (`ZIM.create(with:)`), so the app's user is that instance and the
// other two "phones" are isolated instances (`ZIM.create(with:environment:)`, a Switchboard addition).
//
//   swift run zim-style-call

import Dispatch
import Foundation
import SwitchboardClient  // only for the other phones' ClientEnvironment
import SwitchboardZIM

let appID: UInt32 = 1_234_567_890

func say(_ who: String, _ what: String) {
    print("[\(who)] \(what)")
}

func users(_ list: [ZIMCallUserInfo]) -> String {
    list.map { "\($0.userID):\($0.state)\($0.extendedData.isEmpty ? "" : "(\($0.extendedData))")" }.joined(separator: ", ")
}

/// One user's ZIM, as ZEGOCLOUD's ZIMService keeps it, with the event handler.
final class ZIMService: NSObject, ZIMEventHandler {
    let userID: String
    var zim: ZIM?
    /// What this user does with the next invitation.
    var onInvitation: (String, ZIMCallInvitationReceivedInfo) -> Void = { _, _ in }
    /// Called on every `callUserStateChanged`.
    var onUserStateChanged: (String, [ZIMCallUserInfo]) -> Void = { _, _ in }
    var onEnded: (String) -> Void = { _ in }
    var onCancelled: (String) -> Void = { _ in }

    init(userID: String, isTheAppsInstance: Bool) {
        self.userID = userID
        super.init()
        let zimConfig = ZIMAppConfig()
        zimConfig.appID = appID
        zimConfig.appSign = "your app sign"
        if isTheAppsInstance {
            zim = ZIM.create(with: zimConfig)
        } else {
            zim = ZIM.create(with: zimConfig, environment: .current)
        }
        zim?.setEventHandler(self)
    }

    func login(then next: @escaping () -> Void) {
        let config = ZIMLoginConfig()
        config.userName = userID
        config.token = ""
        zim?.login(withUserID: userID, config: config) { [weak self] error in
            guard let self else { return }
            say(self.userID, "login: \(error.code == .ZIMErrorCodeSuccess ? "success" : "\(error.code.rawValue)")")
            guard error.code == .ZIMErrorCodeSuccess else { exit(1) }
            next()
        }
    }

    // MARK: ZIMEventHandler

    func zim(_ zim: ZIM, connectionStateChanged state: ZIMConnectionState, event: ZIMConnectionEvent, extendedData: [AnyHashable: Any]) {
        say(userID, "connectionStateChanged: \(state), event \(event)")
    }

    func zim(_ zim: ZIM, callInvitationCreated info: ZIMCallInvitationCreatedInfo, callID: String) {
        say(userID, "callInvitationCreated: mode \(info.mode), timeout \(info.timeout) s, users [\(users(info.callUserList))]")
    }

    func zim(_ zim: ZIM, callInvitationReceived info: ZIMCallInvitationReceivedInfo, callID: String) {
        say(userID, "callInvitationReceived from \(info.inviter) (caller \(info.caller)), mode \(info.mode), extendedData: \(info.extendedData)")
        onInvitation(callID, info)
    }

    func zim(_ zim: ZIM, callInvitationCancelled info: ZIMCallInvitationCancelledInfo, callID: String) {
        say(userID, "callInvitationCancelled by \(info.inviter), extendedData: \(info.extendedData)")
        onCancelled(callID)
    }

    func zim(_ zim: ZIM, callInvitationTimeout info: ZIMCallInvitationTimeoutInfo, callID: String) {
        say(userID, "callInvitationTimeout")
    }

    func zim(_ zim: ZIM, callInvitationEnded info: ZIMCallInvitationEndedInfo, callID: String) {
        say(userID, "callInvitationEnded by \(info.operatedUserID), extendedData: \(info.extendedData)")
        onEnded(callID)
    }

    func zim(_ zim: ZIM, callUserStateChanged info: ZIMCallUserStateChangeInfo, callID: String) {
        // 所有用户状态为 Inviting、Accepted 和 Received 的用户可在此处收到状态变化
        say(userID, "callUserStateChanged: [\(users(info.callUserList))]")
        onUserStateChanged(callID, info.callUserList)
    }
}

// Callbacks of every instance on the main queue, as a UI app wants them.
ZIM.setCustomDispatchQueue(DispatchQueue.main)
let alice = ZIMService(userID: "alice", isTheAppsInstance: true)
let bob = ZIMService(userID: "bob", isTheAppsInstance: false)
let carol = ZIMService(userID: "carol", isTheAppsInstance: false)
let zim = ZIM.shared()!

/// alice invites bob; `then` runs when the invitation's general-mode life cycle has ended for alice.
func generalCall(_ title: String, answer: @escaping (String) -> Void, cancelWhenReceived: Bool = false,
                 then next: @escaping () -> Void) {
    print("\n== \(title)")
    let invitees = ["bob"]
    let callInviteConfig = ZIMCallInviteConfig()
    callInviteConfig.timeout = 200
    callInviteConfig.extendedData = "{\"type\":\"video\"}"
    let pushConfig = ZIMPushConfig()
    pushConfig.title = "your title"
    pushConfig.content = "your content"
    pushConfig.payload = "your payload"
    callInviteConfig.pushConfig = pushConfig
    var currentCallID = ""
    bob.onInvitation = { callID, _ in answer(callID) }
    alice.onUserStateChanged = { callID, list in
        guard callID == currentCallID, let bobInfo = list.first(where: { $0.userID == "bob" }) else { return }
        // The general-mode life cycle ends once bob has answered, been cancelled or timed out.
        switch bobInfo.state {
        case .received where cancelWhenReceived:
            let callCancelConfig = ZIMCallCancelConfig()
            callCancelConfig.extendedData = "changed my mind"
            zim.callCancel(with: invitees, callID: callID, config: callCancelConfig) { callID, errorInvitees, errorInfo in
                say("alice", "callCancel: \(errorInfo.code.rawValue), errorInvitees \(errorInvitees)")
            }
        case .accepted, .rejected, .cancelled, .timeout:
            alice.onUserStateChanged = { _, _ in }
            DispatchQueue.main.async(execute: next)
        default:
            break
        }
    }
    zim.callInvite(with: invitees, config: callInviteConfig) { callID, info, errorInfo in
        // 此处的 callID 是用户发起呼叫后, SDK 内部生成的 ID
        say("alice", "callInvite: \(errorInfo.code.rawValue), timeout \(info.timeout), errorUserList \(info.errorUserList.count)")
        currentCallID = callID
    }
}

func advancedCall(then next: @escaping () -> Void) {
    print("\n== advanced mode: bob accepts, invites carol, carol joins and quits, alice ends the call")
    let callInviteConfig = ZIMCallInviteConfig()
    callInviteConfig.mode = .advanced
    callInviteConfig.timeout = 200
    bob.onInvitation = { callID, _ in
        bob.zim?.callAccept(with: callID, config: ZIMCallAcceptConfig()) { callID, errorInfo in
            say("bob", "callAccept: \(errorInfo.code.rawValue)")
            // 呼叫中邀请
            let config = ZIMCallingInviteConfig()
            bob.zim?.callingInvite(with: ["carol"], callID: callID, config: config) { callID, info, errorInfo in
                if errorInfo.code != .ZIMErrorCodeSuccess {
                    say("bob", "callingInvite failed: \(errorInfo.code.rawValue)")
                    return
                }
                say("bob", "callingInvite: success")
            }
        }
    }
    carol.onInvitation = { callID, _ in
        let callAcceptConfig = ZIMCallAcceptConfig()
        callAcceptConfig.extendedData = "hi all"
        carol.zim?.callAccept(with: callID, config: callAcceptConfig) { callID, errorInfo in
            say("carol", "callAccept: \(errorInfo.code.rawValue)")
            let config = ZIMCallQuitConfig()
            carol.zim?.callQuit(by: callID, config: config) { callID, info, errorInfo in
                if errorInfo.code == .ZIMErrorCodeSuccess {
                    say("carol", "callQuit: success")
                    let config = ZIMCallEndConfig()
                    config.extendedData = "bye"
                    zim.callEnd(by: callID, config: config) { callID, info, errorInfo in
                        say("alice", "callEnd: \(errorInfo.code.rawValue)")
                    }
                }
            }
        }
    }
    alice.onUserStateChanged = { _, _ in }
    bob.onEnded = { _ in DispatchQueue.main.async(execute: next) }
    zim.callInvite(with: ["bob"], config: callInviteConfig) { callID, info, errorInfo in
        say("alice", "callInvite (advanced): \(errorInfo.code.rawValue)")
    }
}

func queryList(then next: @escaping () -> Void) {
    print("\n== queryCallInvitationList")
    let config = ZIMCallInvitationQueryConfig()
    config.count = 2
    config.nextFlag = 0
    func page() {
        zim.queryCallInvitationList(with: config) { callList, nextFlag, errorInfo in
            if errorInfo.code != .ZIMErrorCodeSuccess {
                say("alice", "queryCallInvitationList failed: \(errorInfo.code.rawValue)")
                exit(1)
            }
            for call in callList {
                say("alice", "call by \(call.caller), mode \(call.mode), state \(call.state), users [\(users(call.callUserList))]")
            }
            if nextFlag != 0 {
                config.nextFlag = nextFlag
                page()
            } else {
                next()
            }
        }
    }
    page()
}

alice.login {
    bob.login {
        carol.login {
            generalCall("general mode: bob accepts", answer: { callID in
                let callAcceptConfig = ZIMCallAcceptConfig()
                callAcceptConfig.extendedData = "on my way"
                bob.zim?.callAccept(with: callID, config: callAcceptConfig) { callID, errorInfo in
                    say("bob", "callAccept: \(errorInfo.code.rawValue)")
                }
            }) {
                generalCall("general mode: bob rejects", answer: { callID in
                    let callRejectConfig = ZIMCallRejectConfig()
                    callRejectConfig.extendedData = "busy"
                    bob.zim?.callReject(with: callID, config: callRejectConfig) { callID, errorInfo in
                        say("bob", "callReject: \(errorInfo.code.rawValue)")
                    }
                }) {
                    generalCall("general mode: alice cancels", answer: { _ in }, cancelWhenReceived: true) {
                        advancedCall {
                            queryList {
                                print("\n== done")
                                zim.logout()
                                bob.zim?.logout()
                                carol.zim?.logout()
                                DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) {
                                    zim.destroy()
                                    exit(0)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

// Time out rather than hang if something goes wrong.
DispatchQueue.main.asyncAfter(deadline: .now() + 20) {
    print("timed out")
    exit(1)
}
dispatchMain()
