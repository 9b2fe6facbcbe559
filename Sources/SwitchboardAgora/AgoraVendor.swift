/// Agora RTM 1.x: the vendor whose names and rules ``RtmVendor``'s defaults are. Its conformance only
/// names its kit and delegate protocols.
public enum AgoraVendor: RtmVendor {
    public typealias Kit = AgoraRtmKit
    public typealias Delegate = any AgoraRtmDelegate
    public typealias CallDelegate = any AgoraRtmCallDelegate
    public typealias ChannelDelegate = any AgoraRtmChannelDelegate
}
