import SwitchboardJSON
import SwitchboardProfiles

/// The offline push an invitation carries to the server's push hook (docs/TENCENT.md, "Offline push"):
/// call attachments, which the server's `call.offlineInvitation` post hands to the app's backend under
/// `push` (docs/SERVER.md, "The app's backend").
///
/// - `tencent.offlinePushTitle`, `tencent.offlinePushDescription`: the title and body, from
///   AtomicXCore's `CallParams.offlinePushTitle` / `offlinePushDescription` or `TUIOfflinePushInfo.title`
///   / `desc`, when not empty;
/// - `tencent.offlinePushInfo`: a `TUIOfflinePushInfo` whole, as a JSON object in a string, one member
///   per property under its Swift name (`iOSPushType` by raw value, 0 APNs, 1 VoIP);
/// - `tencent.offlinePush.disabled` (`"1"` when `isDisablePush`) and `tencent.offlinePush.iOSPushType`: what
///   the server's own push decides with (docs/SERVER.md, "Push").
enum TencentOfflinePush {
    static let titleKey = "tencent.offlinePushTitle"
    static let descriptionKey = "tencent.offlinePushDescription"
    static let infoKey = "tencent.offlinePushInfo"

    /// The attachments of AtomicXCore's push title and body.
    static func attachments(title: String, description: String) -> [String: String] {
        var attachments: [String: String] = [:]
        if !title.isEmpty { attachments[titleKey] = title }
        if !description.isEmpty { attachments[descriptionKey] = description }
        return attachments
    }

    /// The attachments of a `TUIOfflinePushInfo`: its title and body, the whole of it, and the two flags
    /// the server's own push reads (``/SwitchboardProfiles/TencentCallRules/pushPlatforms(attachments:)``).
    static func attachments(_ info: TUIOfflinePushInfo) throws(JSONError) -> [String: String] {
        var attachments = attachments(title: info.title, description: info.desc)
        attachments[infoKey] = try json(info)
        if info.isDisablePush { attachments[TencentCallRules.pushDisabledKey] = "1" }
        attachments[TencentCallRules.iOSPushTypeKey] = String(info.iOSPushType.rawValue)
        return attachments
    }

    /// `info` as compact JSON, members in the header's order.
    static func json(_ info: TUIOfflinePushInfo) throws(JSONError) -> String {
        let object = JSONObject([
            ("title", .string(info.title)),
            ("desc", .string(info.desc)),
            ("ignoreIOSBadge", .bool(info.ignoreIOSBadge)),
            ("enableIOSBackgroundNotification", .bool(info.enableIOSBackgroundNotification)),
            ("iOSInterruptionLevel", .string(info.iOSInterruptionLevel)),
            ("iOSImage", .string(info.iOSImage)),
            ("iOSSound", .string(info.iOSSound)),
            ("androidSound", .string(info.androidSound)),
            ("androidOPPOChannelID", .string(info.androidOPPOChannelID)),
            ("oppoCategory", .string(info.oppoCategory)),
            ("oppoNotifyLevel", .int(Int64(info.oppoNotifyLevel))),
            ("androidFCMChannelID", .string(info.androidFCMChannelID)),
            ("fcmImage", .string(info.fcmImage)),
            ("androidVIVOClassification", .int(Int64(info.androidVIVOClassification))),
            ("vivoCategory", .string(info.vivoCategory)),
            ("androidXiaoMiChannelID", .string(info.androidXiaoMiChannelID)),
            ("androidHuaWeiCategory", .string(info.androidHuaWeiCategory)),
            ("huaweiImage", .string(info.huaweiImage)),
            ("honorImportance", .string(info.honorImportance)),
            ("honorImage", .string(info.honorImage)),
            ("isDisablePush", .bool(info.isDisablePush)),
            ("iOSPushType", .int(Int64(info.iOSPushType.rawValue))),
            ("extraInfo", .string(info.extraInfo)),
        ])
        return try JSONSerializer().serialize(.object(object))
    }
}
