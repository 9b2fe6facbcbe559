import SwitchboardClient

/// Switchboard addition: one device's set of Tencent stores, `CallStore`, `LoginStore`, `DeviceStore`,
/// `TUICallEngine`, the headless `TUICallKit` and `V2TIMManager`, sharing one engine (one login, one
/// call, one set of devices).
///
/// Apps use the process's set through the vendor singletons (`CallStore.shared`,
/// `LoginStore.shared`, `DeviceStore.shared`, `TUICallEngine.createInstance()`,
/// `TUICallKit.createInstance()`, `V2TIMManager.sharedInstance()`), created on first use
/// on the environment configured for the process (the embedded service unless `SWITCHBOARD_URL` or
/// `ClientEnvironment.current` says otherwise). Tests and apps that simulate several users or devices
/// in one process create isolated sets bound to an environment (a `TestWorld`'s, say):
///
/// ```swift
/// let alice = AtomicXInstance(environment: world.environment())
/// alice.loginStore.login(sdkAppID: 1400000001, userID: "alice", userSig: sig) { _ in }
/// ```
///
/// State and events are published on the environment's callback queue, the main queue by default
/// (docs/TENCENT.md, "Main-queue delivery").
public final class AtomicXInstance: Sendable {
    let client: TencentClient
    /// This set's `CallStore`.
    public let callStore: CallStore
    /// This set's `LoginStore`.
    public let loginStore: LoginStore
    /// This set's `DeviceStore`.
    public let deviceStore: DeviceStore
    /// This set's `TUICallEngine`.
    public let callEngine: TUICallEngine
    /// This set's `TUICallKit` (headless: docs/TENCENT.md, "TUICallKit").
    public let callKit: TUICallKit
    /// This set's `V2TIMManager` (the IM SDK's push token registration: docs/TENCENT.md, "Push tokens").
    public let imManager: V2TIMManager

    /// A new set of stores: one more device, bound to `environment`.
    public init(environment: ClientEnvironment) {
        client = TencentClient(environment: environment)
        callStore = CallStore(client: client)
        loginStore = LoginStore(client: client)
        deviceStore = DeviceStore(client: client)
        callEngine = TUICallEngine(client: client)
        callKit = TUICallKit(client: client, engine: callEngine, callStore: callStore, loginStore: loginStore)
        imManager = V2TIMManager(client: client)
    }

    deinit {
        client.shutdown()
    }

    /// The process's set, behind the vendor singletons.
    public static let shared = AtomicXInstance(environment: .current)
}
