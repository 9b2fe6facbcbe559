// A caller and a callee in one process, following anyRTC's call-invitation guide and its ARCall sample:
// every statement that talks to the SDK is anyRTC ARtmKit code (the guide's snippets: `ARtmKit.init(appId:
// delegate:)`, `getRtmCall()`, `callKit.callDelegate = self`, `ARtmLocalInvitation(calleeId:)`,
// `callKit.send(_:) { errorCode in }`, `aRtmDelegate`); only the import line says Switchboard. With no
// configuration the kits talk to the process's embedded service, and callbacks arrive on the main queue.
//
//   swift run artm-style-call

import Dispatch
import Foundation
import SwitchboardARtm

let appID = "0123456789abcdef0123456789abcdef"

/// Prints each step as it happens.
func say(_ who: String, _ what: String) {
    print("[\(who)] \(what)")
}

/// One side of the call: a kit, its call kit, and the delegates, as an app's RTM manager has them.
final class RtmUser: NSObject, ARtmDelegate, ARtmCallDelegate {
    let name: String
    var rtmKit: ARtmKit!
    var callKit: ARtmCallKit!
    var remoteInvitation: ARtmRemoteInvitation?
    /// What the callee does with the next invitation.
    var answer: (ARtmRemoteInvitation) -> Void = { _ in }
    /// Called when a local invitation's life cycle ends.
    var onLocalEnd: () -> Void = {}

    init(name: String) {
        self.name = name
        super.init()
        // The guide's three statements, unchanged.
        rtmKit = ARtmKit.init(appId: appID, delegate: self)
        callKit = rtmKit.getRtmCall()
        callKit.callDelegate = self
        rtmKit.aRtmDelegate = self
    }

    func login(then next: @escaping () -> Void) {
        rtmKit.login(byToken: nil, user: name) { [weak self] errorCode in
            guard let self else { return }
            say(self.name, "login: \(errorCode)")
            guard errorCode == .ok else { exit(1) }
            next()
        }
    }

    // MARK: ARtmDelegate

    func rtmKit(_ kit: ARtmKit, connectionStateChanged state: ARtmConnectionState, reason: ARtmConnectionChangeReason) {
        say(name, "connectionStateChanged: \(state), reason \(reason)")
    }

    // MARK: ARtmCallDelegate, caller side

    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationReceivedByPeer localInvitation: ARtmLocalInvitation) {
        say(name, "localInvitationReceivedByPeer (\(localInvitation.calleeId))")
    }

    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationAccepted localInvitation: ARtmLocalInvitation, withResponse response: String?) {
        say(name, "localInvitationAccepted, response: \(response ?? "none"); join channel \(localInvitation.channelId ?? "-") with the media SDK")
        onLocalEnd()
    }

    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationRefused localInvitation: ARtmLocalInvitation, withResponse response: String?) {
        say(name, "localInvitationRefused, response: \(response ?? "none")")
        onLocalEnd()
    }

    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationCanceled localInvitation: ARtmLocalInvitation) {
        say(name, "localInvitationCanceled")
        onLocalEnd()
    }

    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationFailure localInvitation: ARtmLocalInvitation, errorCode: ARtmLocalInvitationErrorCode) {
        say(name, "localInvitationFailure: \(errorCode)")
        onLocalEnd()
    }

    // MARK: ARtmCallDelegate, callee side

    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationReceived remoteInvitation: ARtmRemoteInvitation) {
        say(name, "remoteInvitationReceived from \(remoteInvitation.callerId), content: \(remoteInvitation.content ?? "none")")
        self.remoteInvitation = remoteInvitation
        answer(remoteInvitation)
    }

    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationAccepted remoteInvitation: ARtmRemoteInvitation) {
        say(name, "remoteInvitationAccepted; join channel \(remoteInvitation.channelId ?? "-") with the media SDK")
    }

    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationRefused remoteInvitation: ARtmRemoteInvitation) {
        say(name, "remoteInvitationRefused")
    }

    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationCanceled remoteInvitation: ARtmRemoteInvitation) {
        say(name, "remoteInvitationCanceled")
    }

    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationFailure remoteInvitation: ARtmRemoteInvitation, errorCode: ARtmRemoteInvitationErrorCode) {
        say(name, "remoteInvitationFailure: \(errorCode)")
    }
}

let caller = RtmUser(name: "alice")
let callee = RtmUser(name: "bob")

/// Sends one invitation from alice to bob and runs `next` when alice's side of it has ended.
func call(_ title: String, content: String, cancelAfterReceipt: Bool = false, then next: @escaping () -> Void) {
    print("\n== \(title)")
    let localInvitation = ARtmLocalInvitation(calleeId: "bob")
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
                    caller.rtmKit.logout { errorCode in
                        say("alice", "logout: \(errorCode)")
                        callee.rtmKit.logout { errorCode in
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
