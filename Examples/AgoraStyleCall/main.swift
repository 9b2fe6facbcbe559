// A caller and a callee in one process, written the way Agora's own call-invitation sample code is
// (OpenDuo, and the flows of the Agora RTM call-invitation guide): every statement that talks to the SDK
// is Agora RTM 1.x code; only the import line says Switchboard. With no configuration the kits talk to
// the process's embedded service, and callbacks arrive on the main queue.
//
//   swift run agora-style-call

import Dispatch
import Foundation
import SwitchboardAgora

let appID = "0123456789abcdef0123456789abcdef"

/// Prints each step as it happens.
func say(_ who: String, _ what: String) {
    print("[\(who)] \(what)")
}

/// One side of the call: a kit, its call kit, and the delegates, as an app's RTM manager has them.
final class RtmUser: NSObject, AgoraRtmDelegate, AgoraRtmCallDelegate {
    let name: String
    var kit: AgoraRtmKit!
    var callKit: AgoraRtmCallKit!
    var remoteInvitation: AgoraRtmRemoteInvitation?
    /// What the callee does with the next invitation.
    var answer: (AgoraRtmRemoteInvitation) -> Void = { _ in }
    /// Called when a local invitation's life cycle ends.
    var onLocalEnd: () -> Void = {}

    init(name: String) {
        self.name = name
        super.init()
        kit = AgoraRtmKit(appId: appID, delegate: self)
        callKit = kit.getRtmCall()
        callKit.callDelegate = self
    }

    func login(then next: @escaping () -> Void) {
        kit.login(byToken: nil, user: name) { [weak self] errorCode in
            guard let self else { return }
            say(self.name, "login: \(errorCode)")
            guard errorCode == .ok else { exit(1) }
            next()
        }
    }

    // MARK: AgoraRtmDelegate

    func rtmKit(_ kit: AgoraRtmKit, connectionStateChanged state: AgoraRtmConnectionState, reason: AgoraRtmConnectionChangeReason) {
        say(name, "connectionStateChanged: \(state), reason \(reason)")
    }

    // MARK: AgoraRtmCallDelegate, caller side

    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationReceivedByPeer localInvitation: AgoraRtmLocalInvitation) {
        say(name, "localInvitationReceivedByPeer (\(localInvitation.calleeId))")
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationAccepted localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {
        say(name, "localInvitationAccepted, response: \(response ?? "none"); join channel \(localInvitation.channelId ?? "-") with the media SDK")
        onLocalEnd()
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationRefused localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {
        say(name, "localInvitationRefused, response: \(response ?? "none")")
        onLocalEnd()
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationCanceled localInvitation: AgoraRtmLocalInvitation) {
        say(name, "localInvitationCanceled")
        onLocalEnd()
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationFailure localInvitation: AgoraRtmLocalInvitation, errorCode: AgoraRtmLocalInvitationErrorCode) {
        say(name, "localInvitationFailure: \(errorCode)")
        onLocalEnd()
    }

    // MARK: AgoraRtmCallDelegate, callee side

    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationReceived remoteInvitation: AgoraRtmRemoteInvitation) {
        say(name, "remoteInvitationReceived from \(remoteInvitation.callerId), content: \(remoteInvitation.content ?? "none")")
        self.remoteInvitation = remoteInvitation
        answer(remoteInvitation)
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationAccepted remoteInvitation: AgoraRtmRemoteInvitation) {
        say(name, "remoteInvitationAccepted; join channel \(remoteInvitation.channelId ?? "-") with the media SDK")
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationRefused remoteInvitation: AgoraRtmRemoteInvitation) {
        say(name, "remoteInvitationRefused")
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationCanceled remoteInvitation: AgoraRtmRemoteInvitation) {
        say(name, "remoteInvitationCanceled")
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationFailure remoteInvitation: AgoraRtmRemoteInvitation, errorCode: AgoraRtmRemoteInvitationErrorCode) {
        say(name, "remoteInvitationFailure: \(errorCode)")
    }
}

let caller = RtmUser(name: "alice")
let callee = RtmUser(name: "bob")

/// Sends one invitation from alice to bob and runs `next` when alice's side of it has ended.
func call(_ title: String, content: String, cancelAfterReceipt: Bool = false, then next: @escaping () -> Void) {
    print("\n== \(title)")
    let localInvitation = AgoraRtmLocalInvitation(calleeId: "bob")
    localInvitation.content = content
    localInvitation.channelId = "room-\(Int.random(in: 1000...9999))"
    caller.onLocalEnd = { DispatchQueue.main.async(execute: next) }
    caller.callKit.send(localInvitation) { errorCode in
        say("alice", "send: \(errorCode)")
        if cancelAfterReceipt {
            caller.callKit.cancel(localInvitation) { errorCode in
                say("alice", "cancel: \(errorCode)")
            }
        }
    }
}

caller.login {
    callee.login {
        // 1. bob accepts: the three-way handshake (alice hears of it before bob's accept completes).
        callee.answer = { remoteInvitation in
            remoteInvitation.response = "on my way"
            callee.callKit.accept(remoteInvitation) { errorCode in
                say("bob", "accept: \(errorCode)")
            }
        }
        call("bob accepts", content: "video call") {
            // 2. bob refuses with a response.
            callee.answer = { remoteInvitation in
                remoteInvitation.response = "busy, later"
                callee.callKit.refuse(remoteInvitation) { errorCode in
                    say("bob", "refuse: \(errorCode)")
                }
            }
            call("bob refuses", content: "audio call") {
                // 3. alice cancels while it rings.
                callee.answer = { _ in }
                call("alice cancels", content: "video call", cancelAfterReceipt: true) {
                    print("\n== done")
                    caller.kit.logout { errorCode in
                        say("alice", "logout: \(errorCode)")
                        callee.kit.logout { errorCode in
                            say("bob", "logout: \(errorCode)")
                            exit(0)
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
