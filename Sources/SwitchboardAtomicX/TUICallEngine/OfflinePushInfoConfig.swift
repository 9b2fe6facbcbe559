import Foundation

/// TUICallKit's `OfflinePushInfoConfig` (KIT4 `Common/OfflinePushInfoConfig.swift`): the offline push the
/// kit sends with the calls it places itself (`TUICallKit.call(userId:callMediaType:)`, ...).
public class OfflinePushInfoConfig: NSObject {
    /// `createOfflinePushInfo()`: KIT4's push: no title, "You have a new call" (the kit's English
    /// `TUICallKit.have.new.invitation`), APNs, the badge counted, the kit's ring sounds, vivo system
    /// messages, Huawei category "IM".
    public static func createOfflinePushInfo() -> TUIOfflinePushInfo {
        let pushInfo = TUIOfflinePushInfo()
        pushInfo.title = ""
        pushInfo.desc = "You have a new call"
        pushInfo.iOSPushType = .apns
        pushInfo.ignoreIOSBadge = false
        pushInfo.iOSSound = "phone_ringing.mp3"
        pushInfo.androidSound = "phone_ringing"
        pushInfo.androidVIVOClassification = 1
        pushInfo.androidHuaWeiCategory = "IM"
        return pushInfo
    }
}
