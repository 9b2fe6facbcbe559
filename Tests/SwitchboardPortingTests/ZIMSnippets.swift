// The ZIM "after" snippets of docs/PORTING.md, verbatim (see AgoraSnippets.swift).

import Foundation
import SwitchboardZIM

// MARK: - Observer lists without NSHashTable (docs/PORTING.md, "Weak observer lists")

struct WeakZIMEventHandler {
    weak var value: ZIMEventHandler?
}

final class ZIMService: NSObject, ZIMEventHandler {
    private var zimEventHandlers: [WeakZIMEventHandler] = []

    func addZIMEventHandler(_ handler: ZIMEventHandler) {
        zimEventHandlers.removeAll { $0.value == nil || $0.value === handler }
        zimEventHandlers.append(WeakZIMEventHandler(value: handler))
    }

    func zim(_ zim: ZIM, callInvitationReceived info: ZIMCallInvitationReceivedInfo, callID: String) {
        for handler in zimEventHandlers.compactMap({ $0.value }) {
            handler.zim(zim, callInvitationReceived: info, callID: callID)
        }
    }
}
