import Dispatch
import Foundation
import Synchronization
import Testing
import SwitchboardAtomicX
import SwitchboardClient
import SwitchboardService
import SwitchboardTesting

/// The SDKAppID every test device uses (any positive value in development mode).
let testSDKAppID: Int32 = 1_400_000_001

/// One device on the Tencent surface: an isolated ``AtomicXInstance`` bound to a `TestWorld`, with a log
/// of everything the app hears, in order, one line per item:
///
/// - `CallEvent`: `started <callId> <media>`, `received <callId> <media> data=<userData>`,
///   `ended <callId> <media> <reason> by=<userId>`
/// - `TUICallObserver`: `tui.received <callId> caller=<id> callees=<a,b> <media> role=<role>`,
///   `tui.begin <callId>`, `tui.end <callId> <reason> by=<userId> total=<s>`,
///   `tui.notConnected <callId> <reason> by=<userId>`, `tui.reject <user>`, `tui.noResponse <user>`,
///   `tui.lineBusy <user>`, `tui.inviting <user>`, `tui.join <user>`, `tui.leave <user>`,
///   `tui.audio <user> <Bool>`, `tui.video <user> <Bool>`, `tui.kicked`, `tui.sigExpired`,
///   `tui.error <code> <message>`, `tui.mediaType <old>-><new>`
/// - `LoginEvent`: `login.kickedOffline`, `login.loginExpired`
/// - `selfInfo.status`, deduplicated, from the value at creation: `status <none|waiting|accept>`
final class TencentUser: TUICallObserver, @unchecked Sendable {
    // @unchecked: `log` is behind a Mutex; the rest is set once in init. Everything arrives on `queue`.
    let name: String
    let instance: AtomicXInstance
    let queue: DispatchQueue
    private let log = Mutex<[String]>([])
    private var cancellables = Set<AnyCancellable>()

    init(_ name: String, in world: TestWorld, faults: FaultInjector? = nil) {
        self.name = name
        queue = DispatchQueue(label: "tencent.test.\(name)")
        instance = AtomicXInstance(environment: world.environment(callbackQueue: queue, faults: faults))
        instance.callEngine.addObserver(self)
        instance.callStore.callEventPublisher.sink { [weak self] event in
            guard let self else { return }
            switch event {
            case .onCallStarted(let callId, let mediaType):
                record("started \(callId) \(mediaType)")
            case .onCallReceived(let callId, let mediaType, let userData):
                record("received \(callId) \(mediaType) data=\(userData)")
            case .onCallEnded(let callId, let mediaType, let reason, let userId):
                record("ended \(callId) \(mediaType) \(reason) by=\(userId)")
            default:
                record("event \(event)")
            }
        }.store(in: &cancellables)
        instance.loginStore.loginEventPublisher.sink { [weak self] event in
            self?.record("login.\(event)")
        }.store(in: &cancellables)
        instance.callStore.state.subscribe(StatePublisherSelector(keyPath: \CallState.selfInfo.status))
            .sink { [weak self] status in self?.record("status \(status)") }
            .store(in: &cancellables)
    }

    var callStore: CallStore { instance.callStore }
    var loginStore: LoginStore { instance.loginStore }
    var deviceStore: DeviceStore { instance.deviceStore }
    var engine: TUICallEngine { instance.callEngine }
    var state: CallState { callStore.state.value }

    var events: [String] { log.withLock { $0 } }
    func clear() { log.withLock { $0.removeAll() } }
    func events(_ prefix: String) -> [String] { events.filter { $0.hasPrefix(prefix) } }

    func record(_ line: String) {
        log.withLock { $0.append(line) }
    }

    // MARK: Waiting

    func waitFor(_ line: String, in world: TestWorld) async throws {
        try await world.requireWhenIdle("\(name) logs \(line): \(events)") { self.events.contains(line) }
    }

    func waitFor(prefix: String, in world: TestWorld) async throws {
        try await world.requireWhenIdle("\(name) logs \(prefix)…: \(events)") { self.events.contains { $0.hasPrefix(prefix) } }
    }

    func waitUntil(_ what: String, in world: TestWorld, _ condition: @escaping @Sendable (CallState) -> Bool) async throws {
        try await world.requireWhenIdle("\(name): \(what)") { condition(self.callStore.state.value) }
    }

    /// The call id the device shows.
    var callID: String { state.activeCall.callId }

    // MARK: API, awaited (each returns the completion's result)

    typealias Outcome = Result<Void, ErrorInfo>

    @discardableResult
    func login(sig: String = "sig", in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in
            self.loginStore.login(sdkAppID: testSDKAppID, userID: self.name, userSig: sig) { done(Box($0)) }
        }.value
    }

    @discardableResult
    func calls(_ users: [String], _ mediaType: CallMediaType = .video, params: CallParams? = nil,
               in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in
            self.callStore.calls(participantIds: users, callMediaType: mediaType, params: params) { done(Box($0)) }
        }.value
    }

    @discardableResult
    func accept(in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in self.callStore.accept { done(Box($0)) } }.value
    }

    @discardableResult
    func reject(in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in self.callStore.reject { done(Box($0)) } }.value
    }

    @discardableResult
    func hangup(in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in self.callStore.hangup { done(Box($0)) } }.value
    }

    @discardableResult
    func join(_ callID: String, in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in self.callStore.join(callId: callID) { done(Box($0)) } }.value
    }

    @discardableResult
    func invite(_ users: [String], in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in
            self.callStore.invite(participantIds: users, params: nil) { done(Box($0)) }
        }.value
    }

    // MARK: TUICallObserver

    func onError(code: Int32, message: String?) { record("tui.error \(code) \(message ?? "")") }
    func onCallReceived(_ callId: String, callerId: String, calleeIdList: [String], mediaType: TUICallMediaType, info: TUICallObserverExtraInfo) {
        record("tui.received \(callId) caller=\(callerId) callees=\(calleeIdList.joined(separator: ",")) \(mediaType) role=\(info.role)")
    }
    func onCallBegin(callId: String, mediaType: TUICallMediaType, info: TUICallObserverExtraInfo) { record("tui.begin \(callId)") }
    func onCallEnd(callId: String, mediaType: TUICallMediaType, reason: TUICallEndReason, userId: String, totalTime: Float, info: TUICallObserverExtraInfo) {
        record("tui.end \(callId) \(reason) by=\(userId) total=\(Int(totalTime))")
    }
    func onCallNotConnected(callId: String, mediaType: TUICallMediaType, reason: TUICallEndReason, userId: String, info: TUICallObserverExtraInfo) {
        record("tui.notConnected \(callId) \(reason) by=\(userId)")
    }
    func onCallMediaTypeChanged(oldCallMediaType: TUICallMediaType, newCallMediaType: TUICallMediaType) {
        record("tui.mediaType \(oldCallMediaType)->\(newCallMediaType)")
    }
    func onUserReject(userId: String) { record("tui.reject \(userId)") }
    func onUserNoResponse(userId: String) { record("tui.noResponse \(userId)") }
    func onUserLineBusy(userId: String) { record("tui.lineBusy \(userId)") }
    func onUserInviting(userId: String) { record("tui.inviting \(userId)") }
    func onUserJoin(userId: String) { record("tui.join \(userId)") }
    func onUserLeave(userId: String) { record("tui.leave \(userId)") }
    func onUserVideoAvailable(userId: String, isVideoAvailable: Bool) { record("tui.video \(userId) \(isVideoAvailable)") }
    func onUserAudioAvailable(userId: String, isAudioAvailable: Bool) { record("tui.audio \(userId) \(isAudioAvailable)") }
    func onKickedOffline() { record("tui.kicked") }
    func onUserSigExpired() { record("tui.sigExpired") }
}

/// Carries a completion's result (not `Sendable` as declared by the vendor API) out of the callback.
struct Box<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
