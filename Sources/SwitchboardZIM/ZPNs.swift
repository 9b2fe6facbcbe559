import Foundation
import Synchronization
import SwitchboardClient
import SwitchboardCore

/// `ZPNs` (ZEGO ZPNs, `@interface ZPNs : NSObject`, `ZPNs.h`): the device's APNs tokens for ZIM's
/// offline pushes, which the Switchboard server sends itself (docs/ZIM.md, "Push tokens").
///
/// As ZEGO documents, the tokens are bound to the ZIM user at `login` and the binding is cleared at
/// `logout`: ZPNs keeps the latest VoIP token and device token, and the `ZIM` instance it serves registers
/// them (`push.register`) once its login succeeds, and at once when a token changes while it is logged in.
/// A token set again with the same value is not sent again. The VoIP token registers for PushKit pushes
/// (`apns.voip`), the device token for user notifications (`apns.alert`), both under the app's bundle id.
///
/// ``shared()`` serves the process's instance (`ZIM.create(with:)`); an isolated instance
/// (`ZIM.create(with:environment:)`) has a ZPNs of its own, ``shared(for:)``. How each registration
/// ended reaches the ``ZPNsNotificationCenterDelegate`` on that instance's callback queue.
public final class ZPNs: NSObject, @unchecked Sendable {
    // @unchecked: the mutable state is behind `state`; the delegate is a weak reference behind its Mutex,
    // only called on the callback queue.
    private struct State {
        var setup = ZPNsSetup()
        var bundleIDOverride: String?
        var mainBundleIdentifier = Bundle.main.bundleIdentifier
        /// The client of the `ZIM` instance this ZPNs serves.
        var client: WeakReference<ZIMClient>?

        mutating func resolveTopic() {
            setup.topic = bundleIDOverride ?? mainBundleIdentifier
        }
    }

    private let state: Mutex<State>
    private let delegateBox = Mutex(DelegateBox())

    private static let process = ZPNs()

    override init() {
        var state = State()
        state.resolveTopic()
        self.state = Mutex(state)
        super.init()
    }

    // MARK: - Instance

    /// `+ shared` (`getInstance` in ZEGO's API page; Swift `shared()`): the process's ZPNs, serving the
    /// process's `ZIM` instance.
    public static func shared() -> ZPNs {
        process
    }

    /// Switchboard addition: the ZPNs that serves `zim`: ``shared()`` for the process's instance, one of its
    /// own for an isolated instance (`ZIM.create(with:environment:)`, one more device).
    public static func shared(for zim: ZIM) -> ZPNs {
        zim.zpns
    }

    /// `+ getVersion`.
    public static func getVersion() -> String {
        "2.6.0 (Switchboard)"
    }

    // MARK: - Tokens

    /// `- setVoipToken:isProduct:`: the PushKit token (`PKPushCredentials.token`) and its APNs
    /// environment (`isProduct` false: sandbox). Registered for VoIP pushes (`apns.voip`).
    public func setVoipToken(_ token: Data, isProduct: Bool) {
        change { $0.setup.tokens[.apnsVoIP] = ZPNsToken(token, isProduct: isProduct) }
    }

    /// `- setDeviceToken:isProduct:`: the app delegate's device token and its APNs environment.
    /// Registered for user notifications (`apns.alert`).
    public func setDeviceToken(_ token: Data, isProduct: Bool) {
        change { $0.setup.tokens[.apnsAlert] = ZPNsToken(token, isProduct: isProduct) }
    }

    /// `- registerAPNs`: registration on (the default), after ``unregisterAPNs()``: the tokens held are
    /// registered again while logged in, or at the next login. (On iOS ZPNs also asks the system for a
    /// device token here; the app's `registerForRemoteNotifications()` does that on Switchboard.)
    public func registerAPNs() {
        change { $0.setup.isEnabled = true }
    }

    /// `- unregisterAPNs`: the device gets no more offline pushes: its tokens are removed from the service
    /// (`push.unregister`, every platform) if the instance is logged in, and not registered again until
    /// ``registerAPNs()``.
    public func unregisterAPNs() {
        change { $0.setup.isEnabled = false }
    }

    /// `- setPushConfig:` (Swift `setPush(_:)`): the vendor push settings. Accepted and not used: the
    /// server pushes with the credentials configured for the app, whatever `appType` names
    /// (docs/ZIM.md, "Push tokens").
    public func setPush(_ config: ZPNsConfig) {}

    /// `+ setPushConfig:`, the spelling ZEGO's API page shows (`static`): as the instance method.
    public static func setPush(_ config: ZPNsConfig) {
        process.setPush(config)
    }

    /// `- setZPNsNotificationCenterDelegate:`. The delegate is held weakly.
    public func setZPNsNotificationCenterDelegate(_ delegate: (any ZPNsNotificationCenterDelegate)?) {
        delegateBox.withLock { $0.value = delegate }
    }

    /// Switchboard addition, not ZPNs: the bundle id the tokens register under, instead of
    /// `Bundle.main.bundleIdentifier` (which a Linux executable does not have). With neither, a
    /// registration fails through ``ZPNsNotificationCenterDelegate`` with
    /// ``ZPNsSwitchboardErrorCode/missingBundleID``.
    public var switchboardBundleID: String? {
        get { state.withLock { $0.bundleIDOverride } }
        set { change { $0.bundleIDOverride = newValue } }
    }

    // MARK: - Plumbing

    /// For tests: the bundle id the process is taken to have (`Bundle.main.bundleIdentifier` by default).
    var mainBundleIdentifier: String? {
        get { state.withLock { $0.mainBundleIdentifier } }
        set { change { $0.mainBundleIdentifier = newValue } }
    }

    /// Makes this ZPNs serve `client`'s instance, which registers what it holds from now on.
    func attach(_ client: ZIMClient) {
        state.withLock { state in
            state.client = WeakReference(client)
            client.pushSetupChanged(state.setup)
        }
    }

    /// `client`'s instance was destroyed.
    func detach(_ client: ZIMClient) {
        state.withLock { state in
            if state.client?.value === client { state.client = nil }
        }
    }

    /// Changes what this ZPNs holds and tells its instance, under the lock so that the instance hears
    /// the changes in order (the instance's lock is only ever taken inside this one, never around it).
    private func change(_ update: (inout State) -> Void) {
        state.withLock { state in
            update(&state)
            state.resolveTopic()
            state.client?.value?.pushSetupChanged(state.setup)
        }
    }

    /// How a registration ended; on the callback queue of the instance that sent it.
    func report(_ outcome: Result<String, ZPNsFailure>) {
        guard let delegate = delegateBox.withLock({ $0.value }) else { return }
        switch outcome {
        case .success(let pushID):
            delegate.onRegistered(pushID)
        case .failure(let failure):
            let error = NSError(domain: ZPNsSwitchboardErrorDomain, code: failure.code.rawValue,
                                userInfo: [NSLocalizedDescriptionKey: failure.message])
            delegate.zpNsRegisterFailed(error)
            delegate.ZPNsRegisterFailed(error)
        }
    }
}

/// The ZPNs delegate, held weakly.
private struct DelegateBox: @unchecked Sendable {
    // @unchecked: only read and written inside the ZPNs' Mutex; the delegate is called on the callback
    // queue only.
    weak var value: (any ZPNsNotificationCenterDelegate)?
}
