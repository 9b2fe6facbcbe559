import Foundation
import SwitchboardRTM

/// `ARtmMessage` (ARtmObjects.h): a text message (under 32 KB). anyRTC has no raw message class
/// (reference §3.3); a raw message from an Agora sender arrives as an `ARtmMessage` of type `.raw`
/// whose `text` is the sender's description.
open class ARtmMessage: NSObject, @unchecked Sendable {
    /// `type`.
    open internal(set) var type: ARtmMessageType
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

/// `ARtmSendMessageOptions`: the options of the only peer and channel sends anyRTC has.
open class ARtmSendMessageOptions: NSObject, @unchecked Sendable {
    /// `enableOfflineMessaging`: keep the message for an offline peer.
    open var enableOfflineMessaging = false
    /// `enableHistoricalMessaging`: accepted and ignored (the service keeps no history).
    open var enableHistoricalMessaging = false

    public override init() {}
}

/// `ARtmPeerOnlineStatus`: `peerId` and `state` only (anyRTC has no `isOnline`, reference §3.3).
open class ARtmPeerOnlineStatus: NSObject, @unchecked Sendable {
    /// `peerId`.
    open internal(set) var peerId: String
    /// `state`.
    open internal(set) var state: ARtmPeerOnlineState

    init(_ status: RTMPeerStatus) {
        peerId = status.peerID
        state = RTMSurface.convert(status.state)
    }
}

/// `ARtmMember`: a channel member, by `uid` (Agora: `userId`).
open class ARtmMember: NSObject, @unchecked Sendable {
    /// `uid`.
    open internal(set) var uid: String
    /// `channelId`.
    open internal(set) var channelId: String

    init(uid: String, channelId: String) {
        self.uid = uid
        self.channelId = channelId
    }
}
