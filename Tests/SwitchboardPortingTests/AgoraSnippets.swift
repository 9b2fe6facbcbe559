// The Agora RTM "after" snippets of docs/PORTING.md, verbatim: app code as it reads once ported. The
// guide's tests check that each snippet block of the guide appears here unchanged
// (PortingGuideTests.swift), and PortingSnippetTests.swift runs them.

import Foundation
import SwitchboardAgora
import SwitchboardClient

// MARK: - `@objc optional` requirements and `any` (docs/PORTING.md, "Optional delegate requirements")

final class RtmCallManager: NSObject, AgoraRtmCallDelegate {
    weak var screen: (any AgoraRtmCallDelegate)?

    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationReceived remoteInvitation: AgoraRtmRemoteInvitation) {
        screen?.rtmCallKit(callKit, remoteInvitationReceived: remoteInvitation)
    }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationCanceled remoteInvitation: AgoraRtmRemoteInvitation) {
        screen?.rtmCallKit(callKit, remoteInvitationCanceled: remoteInvitation)
    }
}

// MARK: - The app's own optional requirements

protocol CallScreenEvents: AnyObject {
    func callScreen(didReceiveCallFrom callerId: String)
    func callScreenDidEnd()
}

extension CallScreenEvents {
    func callScreen(didReceiveCallFrom callerId: String) {}
    func callScreenDidEnd() {}
}

final class CallScreenPresenter {
    weak var events: CallScreenEvents?

    func present(_ remoteInvitation: AgoraRtmRemoteInvitation) {
        events?.callScreen(didReceiveCallFrom: remoteInvitation.callerId)
    }

    func dismiss() {
        events?.callScreenDidEnd()
    }
}

// MARK: - A kit of its own, on a server, with callbacks off the main queue

func makeServerKit(appID: String) -> AgoraRtmKit? {
    var environment = ClientEnvironment.network(url: "wss://signal.example.com/v1/signal")
    environment.callbackQueue = DispatchQueue(label: "app.rtm-callbacks")
    let kit = AgoraRtmKit(appId: appID, delegate: nil, environment: environment)
    return kit
}
