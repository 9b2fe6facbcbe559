import Foundation

/// AgoraRtmAreaCode (`NS_OPTIONS(NSUInteger)`): where the RTM service may be reached. The enumerators
/// (`AgoraAreaCodeCN` ...) share only `Agora` with the type's name, so their Swift names keep `areaCode`.
public struct AgoraRtmAreaCode: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// AgoraAreaCodeCN: Mainland China.
    public static let areaCodeCN = AgoraRtmAreaCode(rawValue: 1 << 0)
    /// AgoraAreaCodeNA: North America.
    public static let areaCodeNA = AgoraRtmAreaCode(rawValue: 1 << 1)
    /// AgoraAreaCodeEU: Europe.
    public static let areaCodeEU = AgoraRtmAreaCode(rawValue: 1 << 2)
    /// AgoraAreaCodeAS: Asia excluding Mainland China.
    public static let areaCodeAS = AgoraRtmAreaCode(rawValue: 1 << 3)
    /// AgoraAreaCodeJP: Japan.
    public static let areaCodeJP = AgoraRtmAreaCode(rawValue: 1 << 4)
    /// AgoraAreaCodeIN: India.
    public static let areaCodeIN = AgoraRtmAreaCode(rawValue: 1 << 5)
    /// AgoraAreaCodeGLOB: everywhere (the default).
    public static let areaCodeGLOB = AgoraRtmAreaCode(rawValue: 0xFFFF_FFFF)
}

/// AgoraRtmCloudProxyType (`NS_OPTIONS(NSUInteger)`, 1.5): whether to reach the service through
/// Agora's cloud proxy.
public struct AgoraRtmCloudProxyType: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// AgoraRtmNoneProxy (0): no proxy. Swift imports an option of value 0 as unavailable, in favour of `[]`.
    @available(*, unavailable, message: "use [] to construct an empty option set")
    public static var noneProxy: AgoraRtmCloudProxyType { [] }
    /// AgoraRtmTcpProxy: the TLS cloud proxy.
    public static let tcpProxy = AgoraRtmCloudProxyType(rawValue: 1)
}

/// AgoraRtmSetContextErrorCode: what `AgoraRtmKit.setRtmServiceContext(_:)` returns.
public enum AgoraRtmSetContextErrorCode: Int, Sendable, CaseIterable {
    /// AgoraRtmSetContextErrorOK: the context is set.
    case ok = 0
    /// AgoraRtmSetContextErrorFailure: an `AgoraRtmKit` exists; release every kit first.
    case failure = 1
}

/// `AgoraRtmServiceContext` (1.4): the region and proxy of the kits created afterwards. Switchboard has
/// one service, reached as `ClientEnvironment` says, so both are accepted and ignored (docs/AGORA.md,
/// "Service context").
open class AgoraRtmServiceContext: NSObject, @unchecked Sendable {
    // @unchecked: plain properties an app sets before passing the object, as with the SDK's.
    /// `areaCode`: `.areaCodeGLOB` by default.
    open var areaCode: AgoraRtmAreaCode = .areaCodeGLOB
    /// `proxyType`: no proxy (`[]`) by default.
    open var proxyType: AgoraRtmCloudProxyType = []

    public override init() {}
}

extension AgoraRtmKit {
    /// `+setRtmServiceContext:` (1.4): `.failure` while any `AgoraRtmKit` exists, as with the SDK;
    /// otherwise `.ok`, and the context is accepted and ignored (docs/AGORA.md, "Service context").
    @discardableResult
    public class func setRtmServiceContext(_ context: AgoraRtmServiceContext) -> AgoraRtmSetContextErrorCode {
        setRtmServiceContext(context, census: .process)
    }

    static func setRtmServiceContext(_ context: AgoraRtmServiceContext, census: RtmKitCensus) -> AgoraRtmSetContextErrorCode {
        census.whileNoKit(of: AgoraVendor.self) {} ? .ok : .failure
    }
}
