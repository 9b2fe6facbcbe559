import SwitchboardCore
import SwitchboardWire

/// A callback the engine asks its surface to deliver, on the surface's callback queue, in order.
public enum RTMEvent: Sendable {
    // AgoraRtmDelegate
    case connectionStateChanged(RTMCode.ConnectionState, RTMCode.ConnectionChangeReason)
    case messageReceived(RTMMessage, fromPeer: String)
    case peersOnlineStatusChanged([RTMPeerStatus])
    case tokenDidExpire
    case tokenPrivilegeWillExpire

    // AgoraRtmCallDelegate: the invitation's state is already updated when the event is delivered.
    case localInvitationReceivedByPeer(RTMLocalInvitation)
    case localInvitationAccepted(RTMLocalInvitation, response: String?)
    case localInvitationRefused(RTMLocalInvitation, response: String?)
    case localInvitationCanceled(RTMLocalInvitation)
    case localInvitationFailure(RTMLocalInvitation, RTMCode.LocalInvitationFailure)
    case remoteInvitationReceived(RTMRemoteInvitation)
    case remoteInvitationAccepted(RTMRemoteInvitation)
    case remoteInvitationRefused(RTMRemoteInvitation)
    case remoteInvitationCanceled(RTMRemoteInvitation)
    case remoteInvitationFailure(RTMRemoteInvitation, RTMCode.RemoteInvitationFailure)

    // AgoraRtmChannelDelegate
    case memberJoined(RTMChannel, user: String)
    case memberLeft(RTMChannel, user: String)
    case channelMessageReceived(RTMChannel, RTMMessage, from: String)
    case memberCount(RTMChannel, Int32)
    /// `channel(_:attributeUpdate:)`: every attribute the channel has now.
    case channelAttributeUpdate(RTMChannel, [ChannelAttribute])
}

/// A received or sent message (`AgoraRtmMessage` / `AgoraRtmRawMessage`).
public struct RTMMessage: Hashable, Sendable {
    public var text: String
    /// Set for raw messages; `text` is then their description.
    public var rawData: [UInt8]?
    /// When the service received it, in ms since 1970.
    public var serverReceivedTs: Int64
    public var isOfflineMessage: Bool

    public init(text: String, rawData: [UInt8]? = nil, serverReceivedTs: Int64 = 0, isOfflineMessage: Bool = false) {
        self.text = text
        self.rawData = rawData
        self.serverReceivedTs = serverReceivedTs
        self.isOfflineMessage = isOfflineMessage
    }

    var content: MessageContent {
        rawData.map { .raw($0, description: text) } ?? .text(text)
    }

    init(_ content: MessageContent, sentAt: Timestamp, isOffline: Bool) {
        switch content {
        case .text(let text): self.init(text: text)
        case .raw(let bytes, let description): self.init(text: description, rawData: bytes)
        }
        serverReceivedTs = sentAt.millisecondsSince1970
        isOfflineMessage = isOffline
    }
}

/// `AgoraRtmPeerOnlineStatus`.
public struct RTMPeerStatus: Hashable, Sendable {
    public var peerID: String
    public var state: RTMCode.PeerOnlineState

    public init(peerID: String, state: RTMCode.PeerOnlineState) {
        self.peerID = peerID
        self.state = state
    }

    init(_ status: PresenceStatus) {
        peerID = status.user.rawValue
        state = switch status.state {
        case .online: .online
        case .unreachable: .unreachable
        case .offline: .offline
        }
    }
}
