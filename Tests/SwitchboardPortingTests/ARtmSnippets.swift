// The anyRTC "after" snippets of docs/PORTING.md, verbatim (see AgoraSnippets.swift).

import Foundation
import SwitchboardARtm

// MARK: - Overriding delegate methods of a base class (docs/PORTING.md, "Delegate methods a subclass overrides")

class CallBaseController: NSObject, ARtmDelegate, ARtmCallDelegate {
    var screen = "idle"

    func rtmKit(_ kit: ARtmKit, connectionStateChanged state: ARtmConnectionState, reason: ARtmConnectionChangeReason) {}

    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationReceived remoteInvitation: ARtmRemoteInvitation) {
        screen = "ringing: \(remoteInvitation.callerId)"
    }

    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationCanceled remoteInvitation: ARtmRemoteInvitation) {}
}

final class SignalVideoController: CallBaseController {
    override func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationCanceled remoteInvitation: ARtmRemoteInvitation) {
        screen = "missed call: \(remoteInvitation.callerId)"
    }
}
