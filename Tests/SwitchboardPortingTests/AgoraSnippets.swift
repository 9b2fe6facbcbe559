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

// MARK: - User and channel attributes, member counts (docs/PORTING.md, "Agora RTM 1.x")

final class CallRoomInfo {
    private(set) var roles: [String: String] = [:]
    private(set) var topic = ""
    private(set) var memberCount: Int32 = 0

    func publish(role: String, topic: String, channelId: String, kit: AgoraRtmKit) {
        let mine = AgoraRtmAttribute()
        mine.key = "role"
        mine.value = role
        kit.addOrUpdateLocalUserAttributes([mine])

        let attribute = AgoraRtmChannelAttribute()
        attribute.key = "topic"
        attribute.value = topic
        let options = AgoraRtmChannelAttributeOptions()
        options.enableNotificationToChannelMembers = true
        kit.addOrUpdateChannel(channelId, attributes: [attribute], options: options)
    }

    func refresh(userId: String, channelId: String, kit: AgoraRtmKit) {
        kit.getUserAttributes(userId, byKeys: ["role"]) { [weak self] attributes, userId, errorCode in
            guard errorCode == .attributeOperationErrorOk, let userId = userId else { return }
            self?.roles[userId] = attributes?.first?.value
        }
        kit.getChannelAttributes(channelId, byKeys: ["topic"]) { [weak self] attributes, errorCode in
            guard errorCode == .attributeOperationErrorOk else { return }
            self?.topic = attributes?.first?.value ?? ""
        }
        kit.getChannelMemberCount([channelId]) { [weak self] counts, errorCode in
            guard errorCode == .ok else { return }
            self?.memberCount = counts?.first?.count ?? 0
        }
    }
}
