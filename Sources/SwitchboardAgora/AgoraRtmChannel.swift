import Foundation
import SwitchboardRTM

/// `AgoraRtmJoinChannelBlock`.
public typealias AgoraRtmJoinChannelBlock = (AgoraRtmJoinChannelErrorCode) -> Void
/// `AgoraRtmLeaveChannelBlock`.
public typealias AgoraRtmLeaveChannelBlock = (AgoraRtmLeaveChannelErrorCode) -> Void
/// `AgoraRtmSendChannelMessageBlock`.
public typealias AgoraRtmSendChannelMessageBlock = (AgoraRtmSendChannelMessageErrorCode) -> Void
/// `AgoraRtmGetMembersBlock`.
public typealias AgoraRtmGetMembersBlock = ([AgoraRtmMember]?, AgoraRtmGetMembersErrorCode) -> Void

/// `AgoraRtmChannel`: created by `createChannel(withId:delegate:)`. After a long outage the kit rejoins
/// the channels it was in on its own (members see `memberJoined`).
open class AgoraRtmChannel: NSObject, @unchecked Sendable {
    // @unchecked: the delegate is behind `lock`; the rest is immutable or the engine's.
    let core: RTMChannel
    private let lock = NSLock()
    private weak var delegateStorage: AgoraRtmChannelDelegate?

    /// `kit`. Held strongly, as the kit holds its channels until `destroyChannel(withId:)`.
    public let kit: AgoraRtmKit

    /// `channelDelegate`.
    open weak var channelDelegate: AgoraRtmChannelDelegate? {
        get { lock.withLock { delegateStorage } }
        set { lock.withLock { delegateStorage = newValue } }
    }

    init(kit: AgoraRtmKit, core: RTMChannel, delegate: AgoraRtmChannelDelegate?) {
        self.kit = kit
        self.core = core
        super.init()
        delegateStorage = delegate
    }

    /// `joinWithCompletion:`.
    open func join(completion: AgoraRtmJoinChannelBlock? = nil) {
        let completion = VendorCallback(completion)
        kit.engine.join(core) { completion(RTMSurface.convert($0)) }
    }

    /// `leaveWithCompletion:`.
    open func leave(completion: AgoraRtmLeaveChannelBlock? = nil) {
        let completion = VendorCallback(completion)
        kit.engine.leave(core) { completion(RTMSurface.convert($0)) }
    }

    /// `sendMessage:completion:` (deprecated in 1.3.0).
    @available(*, deprecated, message: "use send(_:sendMessageOptions:completion:)")
    open func send(_ message: AgoraRtmMessage, completion: AgoraRtmSendChannelMessageBlock? = nil) {
        send(message, sendMessageOptions: AgoraRtmSendMessageOptions(), completion: completion)
    }

    /// `sendMessage:sendMessageOptions:completion:`.
    open func send(_ message: AgoraRtmMessage, sendMessageOptions options: AgoraRtmSendMessageOptions,
                   completion: AgoraRtmSendChannelMessageBlock? = nil) {
        let completion = VendorCallback(completion)
        kit.engine.send(message.engineMessage, to: core) { completion(RTMSurface.convert($0)) }
    }

    /// `getMembersWithCompletion:` (the Swift name keeps "With", reference §4).
    open func getMembersWithCompletion(_ completionBlock: AgoraRtmGetMembersBlock? = nil) {
        let completion = VendorCallback(completionBlock)
        let channelId = core.id
        kit.engine.members(of: core) { users, code in
            completion(users?.map { AgoraRtmMember(userId: $0, channelId: channelId) }, RTMSurface.convert(code))
        }
    }

    /// Delivers a channel event to its channel's delegate (on the callback queue).
    static func deliver(_ event: RTMEvent) {
        switch event {
        case .memberJoined(let core, let user):
            guard let channel = core.surfaceObject as? AgoraRtmChannel else { return }
            channel.channelDelegate?.channel(channel, memberJoined: AgoraRtmMember(userId: user, channelId: core.id))
        case .memberLeft(let core, let user):
            guard let channel = core.surfaceObject as? AgoraRtmChannel else { return }
            channel.channelDelegate?.channel(channel, memberLeft: AgoraRtmMember(userId: user, channelId: core.id))
        case .channelMessageReceived(let core, let message, let user):
            guard let channel = core.surfaceObject as? AgoraRtmChannel else { return }
            channel.channelDelegate?.channel(channel, messageReceived: AgoraRtmMessage.received(message),
                                             from: AgoraRtmMember(userId: user, channelId: core.id))
        case .memberCount(let core, let count):
            guard let channel = core.surfaceObject as? AgoraRtmChannel else { return }
            channel.channelDelegate?.channel(channel, memberCount: count)
        default:
            break
        }
    }
}
