import Dispatch
import Foundation
import SwitchboardAtomicX
import SwitchboardClient

/// A user on the Tencent surface: an `AtomicXInstance`'s `LoginStore` and `CallStore`, as TUICallKit
/// 4 drives them.
final class TencentParty: Party, @unchecked Sendable {
    // @unchecked: `outgoing` and `subscriptions` are behind `lock`; the rest is set once in init.
    let name: String
    let surface = Surface.tencent
    private let instance: AtomicXInstance
    let log = PartyLog()
    private let lock = NSLock()
    private var outgoing: Set<String> = []
    private var subscriptions = Set<AnyCancellable>()

    init(_ name: String, environment: ClientEnvironment) {
        self.name = name
        instance = AtomicXInstance(environment: environment)
        let events = instance.callStore.callEventPublisher.sink { [weak self] event in self?.hear(event) }
        let status = instance.callStore.state.subscribe(StatePublisherSelector(keyPath: \CallState.selfInfo.status))
            .sink { [weak self] status in self?.hear(status) }
        lock.withLock {
            subscriptions.insert(events)
            subscriptions.insert(status)
        }
    }

    /// The caller's own status turns `accept` when a callee accepts.
    private func hear(_ status: CallParticipantStatus) {
        let callID = instance.callStore.state.value.activeCall.callId
        if status == .accept, lock.withLock({ outgoing.contains(callID) }) {
            log.append("out accepted")
        }
    }

    private func hear(_ event: CallEvent) {
        switch event {
        case .onCallStarted(let callId, _):
            lock.withLock { _ = outgoing.insert(callId) }
        case .onCallReceived:
            log.append("in received \(instance.callStore.state.value.activeCall.inviterId)")
        case .onCallEnded(let callId, _, let reason, _):
            let mine = lock.withLock { outgoing.contains(callId) }
            log.append("\(mine ? "out" : "in") \(reason)")
        default:
            break
        }
    }

    func login(_ done: @escaping @Sendable (Bool) -> Void) {
        instance.loginStore.login(sdkAppID: 1_400_000_001, userID: name, userSig: "sig") { result in
            done((try? result.get()) != nil)
        }
    }

    func invite(_ callee: String, timeout: Int?, _ done: @escaping @Sendable (Bool) -> Void) {
        let params = timeout.map { seconds in
            var params = CallParams()
            params.timeout = seconds
            return params
        }
        instance.callStore.calls(participantIds: [callee], callMediaType: .audio, params: params) { result in
            done((try? result.get()) != nil)
        }
    }

    func acceptIncoming(_ done: @escaping @Sendable (Bool) -> Void) {
        instance.callStore.accept { result in done((try? result.get()) != nil) }
    }

    func rejectIncoming(_ done: @escaping @Sendable (Bool) -> Void) {
        instance.callStore.reject { result in done((try? result.get()) != nil) }
    }

    /// `hangup` is the kit's one button: before an answer it cancels (docs/TENCENT.md, "The call model behind it").
    func cancelOutgoing(_ done: @escaping @Sendable (Bool) -> Void) {
        instance.callStore.hangup { result in done((try? result.get()) != nil) }
    }

    func hangUp(_ done: @escaping @Sendable (Bool) -> Void) {
        instance.callStore.hangup { result in done((try? result.get()) != nil) }
    }
}
