import Dispatch
import Foundation
import Synchronization
import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// `ZIM` (ZEGO ZIM, `@interface ZIM : NSObject`): login and the call-invitation API, on Switchboard.
///
/// One instance per process through ``create(with:)`` (the ZIM 3.x rule:
/// docs/ZIM.md, "One ZIM instance per process"); tests and apps that simulate several users create
/// isolated instances with ``create(with:environment:)``. Every callback and event of an instance runs
/// on one serial queue: a private one unless ``setCustomDispatchQueue(_:)`` or the environment names
/// another (docs/ZIM.md, "Callback queue").
/// Each instance is one device of its user; ZIM logs in several devices at once, and only the device
/// that created, answered or joined a call (the primary device) hears its events.
open class ZIM: NSObject, @unchecked Sendable {
    // @unchecked: the engine is Sendable; the event handler is a weak reference behind a Mutex, only
    // called on the callback queue.
    let client: ZIMClient
    /// The ZPNs whose tokens this instance registers: the process's for the process's instance.
    let zpns: ZPNs
    private let handler = Mutex(HandlerBox())
    /// Whether this is the process's instance (``shared()``), not an isolated one.
    private let isShared: Bool

    private static let sharedInstance = Mutex<ZIM?>(nil)
    private static let customQueue = Mutex<DispatchQueue?>(nil)

    private init(appID: UInt32, environment: ClientEnvironment, isShared: Bool) {
        let queue = environment.callbackQueue
            ?? Self.customQueue.withLock { $0 }
            ?? DispatchQueue(label: "switchboard.zim.callbacks")
        client = ZIMClient(app: String(appID), environment: environment, callbackQueue: queue)
        zpns = isShared ? ZPNs.shared() : ZPNs()
        self.isShared = isShared
        super.init()
        let this = WeakReference(self)
        client.setEventSink { event in this.value?.deliver(event) }
        zpns.attach(client)
    }

    // MARK: - Lifecycle

    /// `+ getVersion`.
    open class func getVersion() -> String {
        "2.19.0 (Switchboard)"
    }

    /// `+ createWithAppConfig:` (Swift `create(with:)`): the process's instance, on the environment
    /// configured for the process (the embedded service unless `SWITCHBOARD_URL` or
    /// `ClientEnvironment.current` says otherwise). Nil while an instance exists (destroy it first), or
    /// for app id 0.
    open class func create(with config: ZIMAppConfig) -> ZIM? {
        let appID = config.appID
        guard appID != 0 else { return nil }
        return sharedInstance.withLock { slot in
            guard slot == nil else { return nil }
            let zim = ZIM(appID: appID, environment: .current, isShared: true)
            slot = zim
            return zim
        }
    }

    /// Switchboard addition: an isolated instance bound to `environment` (a `TestWorld`'s, say), not
    /// the process's instance. Any number may exist; each is one device. Nil for app id 0.
    public class func create(with config: ZIMAppConfig, environment: ClientEnvironment) -> ZIM? {
        guard config.appID != 0 else { return nil }
        return ZIM(appID: config.appID, environment: environment, isShared: false)
    }

    /// `+ getInstance` (Swift `shared()`): the instance ``create(with:)`` made, until destroyed.
    open class func shared() -> ZIM? {
        sharedInstance.withLock { $0 }
    }

    /// `+ setCustomDispatchQueue:`: the queue callbacks and events of instances created afterwards run on
    /// (a private serial queue per instance by default).
    open class func setCustomDispatchQueue(_ queue: DispatchQueue) {
        customQueue.withLock { $0 = queue }
    }

    /// `- destroy`: logs out and frees the instance (``create(with:)`` may be called again).
    open func destroy() {
        zpns.detach(client)
        client.shutdown()
        client.setEventSink(nil)
        if isShared {
            Self.sharedInstance.withLock { slot in
                if slot === self { slot = nil }
            }
        }
    }

    /// `- setEventHandler:`. The handler is held weakly.
    open func setEventHandler(_ handler: ZIMEventHandler?) {
        self.handler.withLock { $0.value = handler }
    }

    /// `- uploadLog:`: Switchboard keeps no SDK log files; succeeds at once.
    open func uploadLog(with callback: @escaping ZIMLogUploadedCallback) {
        let callback = QueueBound(callback)
        client.post { callback.value(ZIMError()) }
    }

    // MARK: - Login

    /// `- loginWithUserID:config:callback:` (2.13). `config.token` is a Switchboard token; empty means
    /// AppSign authentication (accepted only where the app allows it, DECISIONS.md). A non-empty
    /// `config.userName` (at most 256 bytes) becomes the user's name, as `updateUserName` would set it,
    /// before the callback; an empty one leaves the name as it was.
    open func login(withUserID userID: String, config: ZIMLoginConfig, callback: @escaping ZIMLoggedInCallback) {
        let callback = QueueBound(callback)
        let token = config.token.isEmpty ? nil : config.token
        client.login(user: userID, token: token, userName: config.userName) { failure in
            callback.value(ZIMError(failure))
        }
    }

    /// `- loginWithUserInfo:token:callback:` (deprecated in 2.13, removed in 3.0).
    @available(*, deprecated, message: "Deprecated since ZIM 2.13.0, please use login(withUserID:config:callback:) instead.")
    open func login(with userInfo: ZIMUserInfo, token: String, callback: @escaping ZIMLoggedInCallback) {
        let config = ZIMLoginConfig()
        config.userName = userInfo.userName
        config.token = token
        login(withUserID: userInfo.userID, config: config, callback: callback)
    }

    /// `- loginWithUserInfo:callback:` (AppSign; deprecated in 2.13, removed in 3.0).
    @available(*, deprecated, message: "Deprecated since ZIM 2.13.0, please use login(withUserID:config:callback:) instead.")
    open func login(with userInfo: ZIMUserInfo, callback: @escaping ZIMLoggedInCallback) {
        let config = ZIMLoginConfig()
        config.userName = userInfo.userName
        login(withUserID: userInfo.userID, config: config, callback: callback)
    }

    /// `- logout`: `connectionStateChanged(.disconnected, .success)` follows. A caller whose call nobody
    /// has accepted yet cancels it by logging out.
    open func logout() {
        client.logout()
    }

    /// `- renewToken:callback:`.
    open func renewToken(_ token: String, callback: @escaping ZIMTokenRenewedCallback) {
        let callback = QueueBound(callback)
        client.renewToken(token) { failure in
            callback.value(token, ZIMError(failure))
        }
    }

    // MARK: - Plumbing

    /// The event handler, read on the callback queue.
    var eventHandler: ZIMEventHandler? {
        handler.withLock { $0.value }
    }

    /// Runs `body` on the callback queue.
    func post(_ body: @escaping @Sendable () -> Void) {
        client.post(body)
    }

    var currentUser: UserID? {
        client.state.withLock { $0.user }
    }
}

/// The event handler, held weakly.
private struct HandlerBox: @unchecked Sendable {
    // @unchecked: only read and written inside the instance's Mutex; the handler is called on the
    // callback queue only.
    weak var value: ZIMEventHandler?
}

/// An app value (a callback closure, a config object) carried to the callback queue, the only place it
/// is used.
struct QueueBound<Value>: @unchecked Sendable {
    // @unchecked: the value is created on the app's thread and then only touched on the instance's
    // serial callback queue, as the vendor SDK does.
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

extension ZIMError {
    /// Success for nil, else the failure's code and message (docs/ZIM.md, "Non-optional ZIMError").
    convenience init(_ failure: ZIMFailure?) {
        if let failure {
            self.init(code: failure.code, message: failure.message)
        } else {
            self.init()
        }
    }
}
