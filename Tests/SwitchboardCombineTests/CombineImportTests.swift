#if canImport(Combine)
import Combine
#endif
import Foundation
import Synchronization
import Testing
import SwitchboardAtomicX
import SwitchboardTesting

// Combine code on Linux (docs/TENCENT.md, "Combine"): code shaped as Tencent's TUICallKit 4.x
// (`TUICallKitImpl.swift`, `CallingBellFeature.swift`) compiles unchanged but for its imports, in Swift 5 mode
// as ported apps are, and runs against a device's stores. `import SwitchboardAtomicX` stands in for
// `import AtomicXCore` and brings Combine's names; `import Combine` is kept for Apple platforms only.

/// A KIT4-shaped feature: subscriptions kept in `cancellables`, delivered on the main queue.
final class CallStatusFeature {
    private var cancellables = Set<AnyCancellable>()
    let statuses = Recorder<String>()
    let events = Recorder<String>()
    let toasts = Recorder<String>()
    let names = Recorder<String>()

    init(callStore: CallStore) {
        callStore.state.subscribe(StatePublisherSelector<CallState, CallParticipantStatus>(keyPath: \.selfInfo.status))
            .removeDuplicates()
            .receive(on: DispatchQueue.main)
            .sink { [weak self] newStatus in
                guard let self = self else { return }
                self.statuses.append("\(newStatus)")
            }
            .store(in: &cancellables)

        callStore.callEventPublisher
            .receive(on: DispatchQueue.main)
            .sink { [weak self] event in
                guard let self = self else { return }
                switch event {
                case .onCallStarted(_, _): self.events.append("started")
                case .onCallReceived(_, _, _): self.events.append("received")
                case .onCallEnded(_, _, let reason, _): self.events.append("ended \(reason)")
                default: break
                }
            }
            .store(in: &cancellables)

        callStore.state.subscribe()
            .map { $0.allParticipants.map(\.id).sorted().joined(separator: ",") }
            .removeDuplicates()
            .receive(on: RunLoop.main)
            .sink { [weak self] ids in self?.names.append(ids) }
            .store(in: &cancellables)

        NotificationCenter.default.publisher(for: NSNotification.Name("EVENT_SHOW_TOAST"))
            .receive(on: RunLoop.main)
            .sink { [weak self] notification in
                guard let data = notification.object as? String else { return }
                self?.toasts.append(data)
            }
            .store(in: &cancellables)
    }

    func cancelAll() {
        cancellables.forEach { $0.cancel() }
        cancellables.removeAll()
    }
}

/// A view model that exposes its state as publishers, as apps built on Combine write them.
final class CounterModel {
    private let subject = CurrentValueSubject<Int, Never>(0)
    private let taps = PassthroughSubject<Void, Never>()
    private var cancellables: [AnyCancellable] = []

    var count: AnyPublisher<Int, Never> { subject.eraseToAnyPublisher() }

    init() {
        taps.sink { [weak self] in self?.subject.value += 1 }.store(in: &cancellables)
    }

    func tap() { taps.send() }
}

@Suite("Combine code on Linux")
struct CombineImportTests {
    @Test("KIT4-shaped subscriptions written against `import Combine` follow a real call")
    func kitShapedFeature() async throws {
        let world = TestWorld()
        let alice = AtomicXInstance(environment: world.environment())
        let bob = AtomicXInstance(environment: world.environment())
        let feature = CallStatusFeature(callStore: alice.callStore)
        for (instance, name) in [(alice, "alice"), (bob, "bob")] {
            let done = try await world.completion { (done: @escaping @Sendable (Bool) -> Void) in
                instance.loginStore.login(sdkAppID: 1_400_000_001, userID: name, userSig: "sig") {
                    if case .success = $0 { done(true) } else { done(false) }
                }
            }
            #expect(done)
        }
        let placed = try await world.completion { (done: @escaping @Sendable (Bool) -> Void) in
            alice.callStore.calls(participantIds: ["bob"], mediaType: .audio, params: nil) {
                if case .success = $0 { done(true) } else { done(false) }
            }
        }
        #expect(placed)
        #expect(await feature.statuses.wait(for: 2) == ["none", "waiting"])
        #expect(await feature.events.wait(for: 1) == ["started"])
        #expect(await feature.names.wait(for: 2) == ["", "alice,bob"])

        let hungUp = try await world.completion { (done: @escaping @Sendable (Bool) -> Void) in
            alice.callStore.hangup { if case .success = $0 { done(true) } else { done(false) } }
        }
        #expect(hungUp)
        #expect(await feature.statuses.wait(for: 3) == ["none", "waiting", "none"])
        #expect(await feature.events.wait(for: 2) == ["started", "ended canceled"])

        NotificationCenter.default.post(name: NSNotification.Name("EVENT_SHOW_TOAST"), object: "hello")
        #expect(await feature.toasts.wait(for: 1) == ["hello"])
        feature.cancelAll()
        NotificationCenter.default.post(name: NSNotification.Name("EVENT_SHOW_TOAST"), object: "gone")
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
        #expect(feature.toasts.values == ["hello"])
    }

    @Test("CurrentValueSubject, PassthroughSubject and AnyPublisher as a Combine view model writes them")
    func subjects() {
        let model = CounterModel()
        var seen: [Int] = []
        let cancellable = model.count.sink { seen.append($0) }
        model.tap()
        model.tap()
        #expect(seen == [0, 1, 2])
        cancellable.cancel()
        model.tap()
        #expect(seen == [0, 1, 2])
        var late: [Int] = []
        let again = model.count.sink { late.append($0) }
        #expect(late == [3])
        withExtendedLifetime(again) {}
    }
}

/// Values arriving on any thread; `wait(for:)` returns once there are that many.
final class Recorder<Value: Sendable>: Sendable {
    private struct State {
        var items: [Value] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<[Value], Never>)] = []
    }

    private let state = Mutex(State())

    func append(_ value: Value) {
        let (due, items) = state.withLock { state in
            state.items.append(value)
            let due = state.waiters.filter { $0.count <= state.items.count }
            state.waiters.removeAll { $0.count <= state.items.count }
            return (due, state.items)
        }
        due.forEach { $0.continuation.resume(returning: items) }
    }

    var values: [Value] { state.withLock { $0.items } }

    func wait(for count: Int) async -> [Value] {
        await withCheckedContinuation { continuation in
            let ready: [Value]? = state.withLock { state in
                if state.items.count >= count { return state.items }
                state.waiters.append((count, continuation))
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
