import Foundation
import SwitchboardRTM

/// A channel of RTM 1.x, written once for every ``RtmVendor`` (`AgoraRtmChannel`, anyRTC's
/// `ARtmChannel`): created by the kit's `createChannel(withId:delegate:)`. After a long outage the kit
/// rejoins the channels it was in on its own (members see `memberJoined`).
open class VendorRtmChannel<Vendor: RtmVendor>: NSObject, @unchecked Sendable {
    // @unchecked: the delegate is behind `lock`; the rest is immutable or the engine's.
    let core: RTMChannel
    private let lock = NSLock()
    private weak var delegateObject: AnyObject?

    /// `kit`. Held strongly, as the kit holds its channels until `destroyChannel(withId:)`.
    public let kit: Vendor.Kit

    /// `channelDelegate`, held weakly.
    open var channelDelegate: Vendor.ChannelDelegate? {
        get { lock.withLock { delegateObject } as? Vendor.ChannelDelegate }
        set { lock.withLock { delegateObject = newValue.map { $0 as AnyObject } } }
    }

    init(kit: Vendor.Kit, core: RTMChannel, delegate: Vendor.ChannelDelegate?) {
        self.kit = kit
        self.core = core
        super.init()
        channelDelegate = delegate
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

    /// `sendMessage:sendMessageOptions:completion:`.
    open func send(_ message: AgoraRtmMessage, sendMessageOptions options: AgoraRtmSendMessageOptions,
                   completion: AgoraRtmSendChannelMessageBlock? = nil) {
        let completion = VendorCallback(completion)
        kit.engine.send(message.engineMessage, to: core) { completion(RTMSurface.convert($0)) }
    }

    /// `getMembersWithCompletion:` (the Swift name keeps "With": docs/AGORA.md, "Naming quirks kept verbatim").
    open func getMembersWithCompletion(
        _ completionBlock: (([Vendor.Member]?, AgoraRtmGetMembersErrorCode) -> Void)? = nil
    ) {
        let completion = VendorCallback(completionBlock)
        let channelId = core.id
        kit.engine.members(of: core) { users, code in
            completion(users?.map { Vendor.Member(id: $0, channelId: channelId) }, RTMSurface.convert(code))
        }
    }

    /// Delivers a channel event to its channel's delegate (on the callback queue).
    static func deliver(_ event: RTMEvent) {
        switch event {
        case .memberJoined(let core, let user):
            guard let (channel, delegate) = receiver(core) else { return }
            delegate.channel(channel, memberJoined: Vendor.Member(id: user, channelId: core.id))
        case .memberLeft(let core, let user):
            guard let (channel, delegate) = receiver(core) else { return }
            delegate.channel(channel, memberLeft: Vendor.Member(id: user, channelId: core.id))
        case .channelMessageReceived(let core, let message, let user):
            guard let (channel, delegate) = receiver(core) else { return }
            delegate.channel(channel, messageReceived: Vendor.message(message),
                             from: Vendor.Member(id: user, channelId: core.id))
        case .memberCount(let core, let count):
            guard let (channel, delegate) = receiver(core) else { return }
            delegate.channel(channel, memberCount: count)
        case .channelAttributeUpdate(let core, let attributes):
            guard let (channel, delegate) = receiver(core) else { return }
            delegate.channel(channel, attributeUpdate: attributes.map { Vendor.ChannelAttribute($0) })
        default:
            break
        }
    }

    /// The channel of `core` and its delegate, when both are still there.
    private static func receiver(
        _ core: RTMChannel
    ) -> (VendorRtmChannel, any VendorRtmChannelDelegate<VendorRtmChannel, Vendor.Member, Vendor.ChannelAttribute>)? {
        guard let channel = core.surfaceObject as? VendorRtmChannel,
              let delegate = channel.lock.withLock({ channel.delegateObject })
                as? any VendorRtmChannelDelegate<VendorRtmChannel, Vendor.Member, Vendor.ChannelAttribute>
        else { return nil }
        return (channel, delegate)
    }
}
