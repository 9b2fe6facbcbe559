import Foundation
import Synchronization
import SwitchboardCore
import SwitchboardPublishers
import SwitchboardWire

/// `V2TIMSucc` (`V2TIMManager.h`: `typedef void (^V2TIMSucc)(void);`): an IM SDK call succeeded.
public typealias V2TIMSucc = () -> Void
/// `V2TIMFail` (`V2TIMManager.h`: `typedef void (^V2TIMFail)(int code, NSString * _Nullable desc);`): an
/// IM SDK call failed, with the IM SDK's code (6014 `ERR_SDK_NOT_LOGGED_IN`, 6017
/// `ERR_INVALID_PARAMETERS` ...) and a description.
public typealias V2TIMFail = (Int32, String?) -> Void

/// `V2TIMManager` (Tencent IM SDK, `ImSDK_Plus`, `V2TIMManager.h`): of the IM SDK, only the offline push
/// registration that call apps make (`V2TIMManager+APNS.h`, `V2TIMManager+VOIP.h`). The login is the
/// stores' (`LoginStore.login`, `TUICallEngine.init`), which sign in to the IM SDK in Tencent's stack too.
///
/// The token registers for the logged-in user's device (`push.register`), which the Switchboard server
/// pushes while the device has no live session; the service removes it at logout (docs/TENCENT.md,
/// "Push tokens"). Callbacks run on the set's callback queue, the main queue by default, as every Tencent
/// callback does.
open class V2TIMManager: NSObject, @unchecked Sendable {
    // @unchecked: the engine is Sendable; the settings are behind a Mutex.
    let client: TencentClient
    private let settings = Mutex(Settings())

    private struct Settings {
        var bundleIDOverride: String?
        var mainBundleIdentifier = Bundle.main.bundleIdentifier
        var environment = PushEnvironment.production
    }

    init(client: TencentClient) {
        self.client = client
    }

    /// `+ sharedInstance`: the process's manager (``AtomicXInstance/shared``'s).
    open class func sharedInstance() -> V2TIMManager {
        AtomicXInstance.shared.imManager
    }

    /// Switchboard addition, not the IM SDK: the bundle id the tokens register under, instead of
    /// `Bundle.main.bundleIdentifier` (which a Linux executable does not have). With neither, `setAPNS` and
    /// `setVOIP` fail with 6017 `ERR_INVALID_PARAMETERS`.
    public var switchboardBundleID: String? {
        get { settings.withLock { $0.bundleIDOverride } }
        set { settings.withLock { $0.bundleIDOverride = newValue } }
    }

    /// Switchboard addition, not the IM SDK: the APNs environment of the tokens `setAPNS` and `setVOIP`
    /// register (`.production` by default). Tencent ties it to the console certificate that `businessID`
    /// or `certificateID` names; the Switchboard server has no such certificates, so a development build
    /// says `.sandbox` here.
    public var switchboardAPNsEnvironment: PushEnvironment {
        get { settings.withLock { $0.environment } }
        set { settings.withLock { $0.environment = newValue } }
    }

    /// For tests: the bundle id the process is taken to have (`Bundle.main.bundleIdentifier` by default).
    var mainBundleIdentifier: String? {
        get { settings.withLock { $0.mainBundleIdentifier } }
        set { settings.withLock { $0.mainBundleIdentifier = newValue } }
    }

    // MARK: - Plumbing

    /// Registers `token` (nil: removes the platform's token) for the device, answering `succ` or `fail`.
    func setPushToken(_ token: Data?, platform: PushPlatform, succ: V2TIMSucc?, fail: V2TIMFail?) {
        let request: Result<ServiceOperation, TencentFailure> = settings.withLock { settings in
            guard let token else { return .success(.unregisterPush(platform: platform.rawValue)) }
            guard let topic = settings.bundleIDOverride ?? settings.mainBundleIdentifier else {
                return .failure(TencentFailure(TencentErrorMapping.info(
                    TencentErrorMapping.imInvalidParameters,
                    "no bundle id to register the token under: the process has no Bundle.main.bundleIdentifier; set V2TIMManager.sharedInstance().switchboardBundleID")))
            }
            return .success(.registerPush(PushTokenRequest(platform: platform, token: PushTokenRequest.hex(token),
                                                           topic: topic, environment: settings.environment)))
        }
        let completion = Self.callbacks(succ, fail)
        client.perform { $0.pushTokenRequested(request, completion: completion) }
    }

    /// The IM SDK's callbacks as one completion, run on the callback queue.
    static func callbacks(_ succ: V2TIMSucc?, _ fail: V2TIMFail?) -> TencentClient.Done? {
        guard succ != nil || fail != nil else { return nil }
        let succBox = Unchecked(value: succ)
        let failBox = Unchecked(value: fail)
        return { result in
            switch result {
            case .success: succBox.value?()
            case .failure(let error): failBox.value?(Int32(clamping: error.code), error.message)
            }
        }
    }
}
