import Foundation
import SwitchboardRTM

/// `AgoraRtmMessage`: a text message (under 32 KB). anyRTC's `ARtmMessage` is this class: it has no
/// raw message class, so raw data from an Agora sender reaches it as a message of type `.raw` whose
/// `text` is the sender's description.
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

/// `AgoraRtmSendMessageOptions` (anyRTC's `ARtmSendMessageOptions` is this class).
open class AgoraRtmSendMessageOptions: NSObject, @unchecked Sendable {
    /// `enableOfflineMessaging`: keep the message for an offline peer.
    open var enableOfflineMessaging = false
    /// `enableHistoricalMessaging`: accepted and ignored (the service keeps no history).
    open var enableHistoricalMessaging = false

    public override init() {}
}

/// `AgoraRtmPeerOnlineStatus`.
open class AgoraRtmPeerOnlineStatus: VendorRtmPeerOnlineStatus, @unchecked Sendable {
    /// `isOnline` (deprecated in 1.2.0: use `state`).
    @available(*, deprecated, message: "use state")
    open var isOnline: Bool { state == .online }
}

/// `AgoraRtmMember`.
open class AgoraRtmMember: VendorRtmMember, @unchecked Sendable {
    /// `userId`.
    open var userId: String { memberId }
}
