import Foundation
import SwitchboardRTM
import SwitchboardWire

/// User and channel attributes, channel member counts and the subscription query of RTM 1.x, written
/// once for every ``RtmVendor`` (docs/AGORA.md, "User attributes", "Channel attributes", "Member counts
/// and subscriptions"). A nil array is taken as an empty one, as the `_Nullable` in the header allows.
extension VendorRtmKit {
    // MARK: - The local user's attributes

    /// `setLocalUserAttributes:completion:`: replaces all of the local user's attributes.
    public func setLocalUserAttributes(_ attributes: [AgoraRtmAttribute]?,
                                       completion: AgoraRtmSetLocalUserAttributesBlock? = nil) {
        changeLocalAttributes(.replace((attributes ?? []).map(\.wire)), completion)
    }

    /// `addOrUpdateLocalUserAttributes:completion:`.
    public func addOrUpdateLocalUserAttributes(_ attributes: [AgoraRtmAttribute]?,
                                               completion: AgoraRtmAddOrUpdateLocalUserAttributesBlock? = nil) {
        changeLocalAttributes(.merge((attributes ?? []).map(\.wire)), completion)
    }

    /// `deleteLocalUserAttributesByKeys:completion:`.
    public func deleteLocalUserAttributes(byKeys attributeKeys: [String]?,
                                          completion: AgoraRtmDeleteLocalUserAttributesBlock? = nil) {
        changeLocalAttributes(.delete(keys: attributeKeys ?? []), completion)
    }

    /// `clearLocalUserAttributesWithCompletion:`.
    public func clearLocalUserAttributes(completion: AgoraRtmClearLocalUserAttributesBlock? = nil) {
        changeLocalAttributes(.clear, completion)
    }

    /// `getUserAllAttributes:completion:` (the header's docs call it `getUserAttributes`).
    public func getUserAllAttributes(
        _ userId: String,
        completion: (([AgoraRtmAttribute]?, Vendor.AttributeOwner, AgoraRtmProcessAttributeErrorCode) -> Void)? = nil
    ) {
        userAttributes(userId, keys: nil, completion)
    }

    /// `getUserAttributes:ByKeys:completion:`.
    public func getUserAttributes(
        _ userId: String, byKeys attributeKeys: [String]?,
        completion: (([AgoraRtmAttribute]?, Vendor.AttributeOwner, AgoraRtmProcessAttributeErrorCode) -> Void)? = nil
    ) {
        userAttributes(userId, keys: attributeKeys ?? [], completion)
    }

    /// There is no `getUserAttributes(_:completion:)` in the SDK: the header's docs name
    /// `getUserAllAttributes:completion:` so (docs/AGORA.md, "getUserAttributes is getUserAllAttributes").
    @available(*, unavailable, renamed: "getUserAllAttributes(_:completion:)")
    public func getUserAttributes(
        _ userId: String,
        completion: (([AgoraRtmAttribute]?, Vendor.AttributeOwner, AgoraRtmProcessAttributeErrorCode) -> Void)? = nil
    ) {}

    // MARK: - Channel attributes

    /// `setChannel:Attributes:Options:completion:`: replaces all of a channel's attributes (no
    /// membership needed).
    public func setChannel(_ channelId: String, attributes: [Vendor.ChannelAttribute]?,
                           options: AgoraRtmChannelAttributeOptions, completion: AgoraRtmSetChannelAttributesBlock? = nil) {
        changeChannelAttributes(channelId, .replace(Self.wire(attributes)), options, completion)
    }

    /// `addOrUpdateChannel:Attributes:Options:completion:`.
    public func addOrUpdateChannel(_ channelId: String, attributes: [Vendor.ChannelAttribute]?,
                                   options: AgoraRtmChannelAttributeOptions,
                                   completion: AgoraRtmAddOrUpdateChannelAttributesBlock? = nil) {
        changeChannelAttributes(channelId, .merge(Self.wire(attributes)), options, completion)
    }

    /// `deleteChannel:AttributesByKeys:Options:completion:`.
    public func deleteChannel(_ channelId: String, attributesByKeys attributeKeys: [String]?,
                              options: AgoraRtmChannelAttributeOptions,
                              completion: AgoraRtmDeleteChannelAttributesBlock? = nil) {
        changeChannelAttributes(channelId, .delete(keys: attributeKeys ?? []), options, completion)
    }

    /// `clearChannel:Options:AttributesWithCompletion:`.
    public func clearChannel(_ channelId: String, options: AgoraRtmChannelAttributeOptions,
                             attributesWithCompletion completion: AgoraRtmClearChannelAttributesBlock? = nil) {
        changeChannelAttributes(channelId, .clear, options, completion)
    }

    /// `getChannelAllAttributes:completion:` (no membership needed).
    public func getChannelAllAttributes(
        _ channelId: String,
        completion: (([Vendor.ChannelAttribute]?, AgoraRtmProcessAttributeErrorCode) -> Void)? = nil
    ) {
        channelAttributes(channelId, keys: nil, completion)
    }

    /// `getChannelAttributes:ByKeys:completion:`.
    public func getChannelAttributes(
        _ channelId: String, byKeys attributeKeys: [String]?,
        completion: (([Vendor.ChannelAttribute]?, AgoraRtmProcessAttributeErrorCode) -> Void)? = nil
    ) {
        channelAttributes(channelId, keys: attributeKeys ?? [], completion)
    }

    // MARK: - Member counts and subscriptions

    /// `getChannelMemberCount:completion:`: at most 32 channels, once a second, no membership needed.
    public func getChannelMemberCount(_ channelIds: [String], completion: AgoraRtmChannelMemberCountBlock? = nil) {
        let completion = VendorCallback(completion)
        engine.memberCounts(of: channelIds) { counts, code in
            completion(counts?.map(AgoraRtmChannelMemberCount.init), RTMSurface.convert(code))
        }
    }

    /// `queryPeersBySubscriptionOption:completion:`: the peers whose online status this kit subscribed
    /// to.
    public func queryPeers(bySubscriptionOption option: AgoraRtmPeerSubscriptionOptions,
                           completion: AgoraRtmQueryPeersBySubscriptionOptionBlock? = nil) {
        let completion = VendorCallback(completion)
        switch option {
        case .onlineStatus:
            engine.subscribedPeers { peers, code in completion(peers, RTMSurface.convert(code)) }
        }
    }

    // MARK: - Plumbing

    private func changeLocalAttributes(_ change: AttributeChange, _ completion: ((AgoraRtmProcessAttributeErrorCode) -> Void)?) {
        let completion = VendorCallback(completion)
        engine.changeLocalAttributes(change) { completion(RTMSurface.convert($0)) }
    }

    private func userAttributes(
        _ userId: String, keys: [String]?,
        _ completion: (([AgoraRtmAttribute]?, Vendor.AttributeOwner, AgoraRtmProcessAttributeErrorCode) -> Void)?
    ) {
        let completion = VendorCallback(completion)
        engine.userAttributes(of: userId, keys: keys) { attributes, code in
            completion(attributes?.map(AgoraRtmAttribute.init), Vendor.attributeOwner(userId), RTMSurface.convert(code))
        }
    }

    private func changeChannelAttributes(
        _ channelId: String, _ change: AttributeChange, _ options: AgoraRtmChannelAttributeOptions,
        _ completion: ((AgoraRtmProcessAttributeErrorCode) -> Void)?
    ) {
        let completion = VendorCallback(completion)
        engine.changeChannelAttributes(channelId, change, notify: options.enableNotificationToChannelMembers) {
            completion(RTMSurface.convert($0))
        }
    }

    private func channelAttributes(
        _ channelId: String, keys: [String]?,
        _ completion: (([Vendor.ChannelAttribute]?, AgoraRtmProcessAttributeErrorCode) -> Void)?
    ) {
        let completion = VendorCallback(completion)
        engine.channelAttributes(of: channelId, keys: keys) { attributes, code in
            completion(attributes?.map { Vendor.ChannelAttribute($0) }, RTMSurface.convert(code))
        }
    }

    private static func wire(_ attributes: [Vendor.ChannelAttribute]?) -> [Attribute] {
        (attributes ?? []).map { Attribute(key: $0.key, value: $0.value) }
    }
}
