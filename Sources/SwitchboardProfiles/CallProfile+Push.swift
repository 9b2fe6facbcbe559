import SwitchboardCore

extension CallProfile {
    /// The profile a call was placed through (``/SwitchboardCore/Call/placedThrough``), if it names one.
    public init?(placedThrough name: String?) {
        guard let name, let profile = CallProfile(rawValue: name) else { return nil }
        self = profile
    }

    /// The platforms a call placed through this profile rings by push, decided by the vendor's own flags
    /// as the call's attachments carry them (docs/SERVER.md, "Push"). Each vendor's rule is in its rules
    /// file (``ZIMCallRules/pushPlatforms(attachments:)``, ``TencentCallRules/pushPlatforms(attachments:)``);
    /// Agora, anyRTC and Switchboard's own profiles push on every platform.
    public func pushPlatforms(attachments: [String: String]) -> Set<PushPlatform> {
        switch self {
        case .zimGeneral, .zimAdvanced: ZIMCallRules.pushPlatforms(attachments: attachments)
        case .tencent: TencentCallRules.pushPlatforms(attachments: attachments)
        case .agora, .anyRTC, .native, .nativeAdvanced: Set(PushPlatform.allCases)
        }
    }
}

extension ZIMCallRules {
    /// ZIM: `callInvite`'s `ZIMPushConfig` is "for offline users"; without one ZPNs sends no offline
    /// notification (alert or FCM), while a device that registered a VoIP token still rings through PushKit
    /// (ZEGO's call kit registers one for exactly that). The surface keeps the config's fields as
    /// `zim.push.*` attachments.
    public static func pushPlatforms(attachments: [String: String]) -> Set<PushPlatform> {
        attachments.keys.contains { $0.hasPrefix("zim.push.") } ? Set(PushPlatform.allCases) : [.apnsVoIP]
    }
}

extension TencentCallRules {
    /// The attachment that says `TUIOfflinePushInfo.isDisablePush` was set.
    public static let pushDisabledKey = "tencent.offlinePush.disabled"
    /// The attachment with `TUIOfflinePushInfo.iOSPushType`'s raw value (0 APNs, 1 VoIP).
    public static let iOSPushTypeKey = "tencent.offlinePush.iOSPushType"

    /// Tencent: `isDisablePush` pushes nothing; `iOSPushType` picks an iOS device's channel, APNs alert (0,
    /// the default and KIT4's) or VoIP (1); Android devices get the FCM message either way.
    public static func pushPlatforms(attachments: [String: String]) -> Set<PushPlatform> {
        if attachments[pushDisabledKey] == "1" { return [] }
        return attachments[iOSPushTypeKey] == "1" ? [.apnsVoIP, .fcm] : [.apnsAlert, .fcm]
    }
}
