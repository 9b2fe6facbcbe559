import Foundation
import SwitchboardRTM

/// `AgoraRtmMessage`: a text message (under 32 KB).
open class AgoraRtmMessage: NSObject, @unchecked Sendable {
    /// `type`.
    open internal(set) var type: AgoraRtmMessageType
    /// `text`.
    open var text: String
    /// `serverReceivedTs`: when the service received it, in ms since 1970 (0 on a message not received).
    open internal(set) var serverReceivedTs: Int64 = 0
    /// `isOfflineMessage`: it was kept while the receiver was offline.
    open internal(set) var isOfflineMessage = false

    /// `initWithText:`.
    public init(text: String) {
        self.text = text
        self.type = .text
    }

    init(_ message: RTMMessage) {
        text = message.text
        type = message.rawData == nil ? .text : .raw
        serverReceivedTs = message.serverReceivedTs
        isOfflineMessage = message.isOfflineMessage
    }

    static func received(_ message: RTMMessage) -> AgoraRtmMessage {
        message.rawData == nil ? AgoraRtmMessage(message) : AgoraRtmRawMessage(message)
    }

    var engineMessage: RTMMessage { RTMMessage(text: text) }
}

/// `AgoraRtmRawMessage` (1.2.0): binary data with a text description, together under 32 KB.
open class AgoraRtmRawMessage: AgoraRtmMessage, @unchecked Sendable {
    /// `rawData`.
    open var rawData: Data

    /// `initWithRawData:description:`; the description is the message's `text`.
    public init(rawData: Data, description: String) {
        self.rawData = rawData
        super.init(text: description)
        type = .raw
    }

    override init(_ message: RTMMessage) {
        rawData = Data(message.rawData ?? [])
        super.init(message)
    }

    override var engineMessage: RTMMessage { RTMMessage(text: text, rawData: [UInt8](rawData)) }
}

/// `AgoraRtmSendMessageOptions`.
open class AgoraRtmSendMessageOptions: NSObject, @unchecked Sendable {
    /// `enableOfflineMessaging`: keep the message for an offline peer.
    open var enableOfflineMessaging = false
    /// `enableHistoricalMessaging`: accepted and ignored (the service keeps no history).
    open var enableHistoricalMessaging = false

    public override init() {}
}

/// `AgoraRtmPeerOnlineStatus`.
open class AgoraRtmPeerOnlineStatus: NSObject, @unchecked Sendable {
    /// `peerId`.
    open internal(set) var peerId: String
    /// `state`.
    open internal(set) var state: AgoraRtmPeerOnlineState
    /// `isOnline` (deprecated in 1.2.0: use `state`).
    @available(*, deprecated, message: "use state")
    open var isOnline: Bool { state == .online }

    init(_ status: RTMPeerStatus) {
        peerId = status.peerID
        state = RTMSurface.convert(status.state)
    }
}

/// `AgoraRtmMember`.
open class AgoraRtmMember: NSObject, @unchecked Sendable {
    /// `userId`.
    open internal(set) var userId: String
    /// `channelId`.
    open internal(set) var channelId: String

    init(userId: String, channelId: String) {
        self.userId = userId
        self.channelId = channelId
    }
}
