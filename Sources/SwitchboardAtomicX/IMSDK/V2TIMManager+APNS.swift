import Foundation
import SwitchboardCore

/// `V2TIMAPNSConfig` (`V2TIMManager+APNS.h`): the APNs device token `setAPNS` reports.
open class V2TIMAPNSConfig: NSObject {
    /// `token` (NSData): the device token from `didRegisterForRemoteNotificationsWithDeviceToken`.
    public var token: Data = Data()
    /// `businessID` (int): the certificate ID from the IM console. Not sent: the Switchboard server pushes
    /// with the credentials configured for the app (docs/TENCENT.md, "Push tokens").
    public var businessID: Int32 = 0
    /// `isTPNSToken` (BOOL, deprecated): TPNS tokens are no longer supported; read as an APNs token.
    @available(*, deprecated, message: "TPNS is not supported anymore, please use APNs.")
    public var isTPNSToken: Bool = false

    /// -init.
    public override init() {
        super.init()
    }
}

extension V2TIMManager {
    /// `- setAPNS:succ:fail:` (`NS_SWIFT_NAME(setAPNS(config:succ:fail:))`): reports the device token for
    /// offline pushes shown to the user (`apns.alert`); `config` nil turns offline push off (the device's
    /// APNs token is removed). Fails with 6014 before the login, 6017 for a token the service refuses.
    public func setAPNS(config: V2TIMAPNSConfig?, succ: V2TIMSucc?, fail: V2TIMFail?) {
        setPushToken(config?.token, platform: .apnsAlert, succ: succ, fail: fail)
    }
}
