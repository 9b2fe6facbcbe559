import Foundation
import SwitchboardCore

/// `V2TIMVOIPConfig` (`V2TIMManager+VOIP.h`): the PushKit token `setVOIP` reports.
open class V2TIMVOIPConfig: NSObject {
    /// `token` (NSData, nullable): `PKPushCredentials.token`; nil removes the VoIP token, as a nil config does.
    public var token: Data?
    /// `certificateID` (NSInteger): the VoIP certificate ID from the IM console. Not sent: the Switchboard
    /// server pushes with the credentials configured for the app (docs/TENCENT.md, "Push tokens").
    public var certificateID: Int = 0

    /// -init.
    public override init() {
        super.init()
    }
}

extension V2TIMManager {
    /// `- setVOIP:succ:fail:` (`NS_SWIFT_NAME(setVOIP(config:succ:fail:))`): reports the PushKit token for
    /// VoIP pushes (`apns.voip`); `config` nil (or a nil token) removes it. Fails with 6014 before the
    /// login, 6017 for a token the service refuses.
    public func setVOIP(config: V2TIMVOIPConfig?, succ: V2TIMSucc?, fail: V2TIMFail?) {
        setPushToken(config?.token, platform: .apnsVoIP, succ: succ, fail: fail)
    }
}
