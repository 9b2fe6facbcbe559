import Foundation
import SwitchboardRTM

/// `ARtmJoinChannelBlock`.
public typealias ARtmJoinChannelBlock = (ARtmJoinChannelErrorCode) -> Void
/// `ARtmLeaveChannelBlock`.
public typealias ARtmLeaveChannelBlock = (ARtmLeaveChannelErrorCode) -> Void
/// `ARtmSendChannelMessageBlock`.
public typealias ARtmSendChannelMessageBlock = (ARtmSendChannelMessageErrorCode) -> Void
/// `ARtmGetMembersBlock`.
public typealias ARtmGetMembersBlock = ([ARtmMember]?, ARtmGetMembersErrorCode) -> Void

/// `ARtmChannel`: created by `ARtmKit.createChannel(withId:delegate:)`. After a long outage the kit rejoins
/// the channels it was in on its own (members see `memberJoined`).
open class ARtmChannel: NSObject, @unchecked Sendable {
    // @unchecked: the delegate is behind `lock`; the rest is immutable or the engine's.
    let core: RTMChannel
    private let lock = NSLock()
    private weak var delegateStorage: ARtmChannelDelegate?

    /// `kit`. Held strongly, as the kit holds its channels until `destroyChannel(withId:)`.
    public let kit: ARtmKit

    /// `channelDelegate`.
    open weak var channelDelegate: ARtmChannelDelegate? {
        get { lock.withLock { delegateStorage } }
        set { lock.withLock { delegateStorage = newValue } }
    }

    init(kit: ARtmKit, core: RTMChannel, delegate: ARtmChannelDelegate?) {
        self.kit = kit
        self.core = core
        super.init()
        delegateStorage = delegate
    }

    /// `joinWithCompletion:`.
    open func join(completion: ARtmJoinChannelBlock? = nil) {
        let completion = VendorCallback(completion)
        kit.engine.join(core) { completion(RTMSurface.convert($0)) }
    }

    /// `leaveWithCompletion:`.
    open func leave(completion: ARtmLeaveChannelBlock? = nil) {
        let completion = VendorCallback(completion)
        kit.engine.leave(core) { completion(RTMSurface.convert($0)) }
    }

    /// `sendMessage:sendMessageOptions:completion:`: anyRTC's only channel send (it has no option-less
    /// `sendMessage:completion:`).
    open func send(_ message: ARtmMessage, sendMessageOptions options: ARtmSendMessageOptions,
                   completion: ARtmSendChannelMessageBlock? = nil) {
        let completion = VendorCallback(completion)
        kit.engine.send(message.engineMessage, to: core) { completion(RTMSurface.convert($0)) }
    }

    /// `getMembersWithCompletion:` (the Swift name keeps "With", reference §4).
    open func getMembersWithCompletion(_ completionBlock: ARtmGetMembersBlock? = nil) {
        let completion = VendorCallback(completionBlock)
        let channelId = core.id
        kit.engine.members(of: core) { users, code in
            completion(users?.map { ARtmMember(uid: $0, channelId: channelId) }, RTMSurface.convert(code))
        }
    }

    /// Delivers a channel event to its channel's delegate (on the callback queue).
    static func deliver(_ event: RTMEvent) {
        switch event {
        case .memberJoined(let core, let user):
            guard let channel = core.surfaceObject as? ARtmChannel else { return }
            channel.channelDelegate?.channel(channel, memberJoined: ARtmMember(uid: user, channelId: core.id))
        case .memberLeft(let core, let user):
            guard let channel = core.surfaceObject as? ARtmChannel else { return }
            channel.channelDelegate?.channel(channel, memberLeft: ARtmMember(uid: user, channelId: core.id))
        case .channelMessageReceived(let core, let message, let user):
            guard let channel = core.surfaceObject as? ARtmChannel else { return }
            channel.channelDelegate?.channel(channel, messageReceived: ARtmMessage(message),
                                             from: ARtmMember(uid: user, channelId: core.id))
        case .memberCount(let core, let count):
            guard let channel = core.surfaceObject as? ARtmChannel else { return }
            channel.channelDelegate?.channel(channel, memberCount: count)
        default:
            break
        }
    }
}
