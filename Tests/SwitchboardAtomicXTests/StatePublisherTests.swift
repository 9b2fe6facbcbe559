// The in-house chain's tests (its delivery, threading and cancellation guarantees): where Combine exists the
// chain is Combine's (docs/TENCENT.md, "Combine"), and these do not apply.
#if !canImport(Combine)
import Dispatch
import Foundation
import Synchronization
import Testing
@testable import SwitchboardAtomicX
import SwitchboardPublishers

// Small stand-ins for the AtomicXCore state types, shaped as DocC declares them, so that the vendor's
// subscription idioms can be written here as they are. Only the participant info is Equatable; the
// states, the call info and the event are not (docs/TENCENT.md, "Equatable only where declared").

fileprivate enum CallParticipantStatus { case none, waiting, accept }
fileprivate enum DeviceStatus { case off, on }

fileprivate struct CallParticipantInfo: Equatable {
    var id = ""
    var name = ""
    var avatarURL = ""
    var status = CallParticipantStatus.none
}

fileprivate struct CallInfo {
    var callId = ""
    var duration = 0
}

fileprivate struct CallState {
    var activeCall = CallInfo()
    var selfInfo = CallParticipantInfo()
    var allParticipants: [CallParticipantInfo] = []
    var inviteeIds: [String] = []
}

fileprivate struct DeviceState {
    var microphoneStatus = DeviceStatus.on
    var cameraStatus = DeviceStatus.off
}

fileprivate struct LoginState {
    var loginUserInfo: String?
}

fileprivate enum CallEvent {
    case onCallReceived(callId: String)
    case onCallEnded(callId: String)
}

/// The publishers of a store, for the sample lines (the stores themselves come later).
fileprivate final class FakeCallStore {
    let state = StatePublisher(initialState: CallState())
    let callEventPublisher = PassthroughSubject<CallEvent, Never>()
}

/// Values received by subscriber closures, from any thread.
fileprivate final class Recorder<Value: Sendable>: Sendable {
    private struct State {
        var items: [Value] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<[Value], Never>)] = []
    }

    private let state = Mutex(State())

    func append(_ value: Value) {
        let (due, items) = state.withLock { state in
            state.items.append(value)
            let count = state.items.count
            let due = state.waiters.filter { $0.count <= count }
            state.waiters.removeAll { $0.count <= count }
            return (due, state.items)
        }
        due.forEach { $0.continuation.resume(returning: items) }
    }

    var values: [Value] {
        state.withLock { $0.items }
    }

    /// Returns once at least `count` values arrived (deliveries through a queue, a run loop or a task
    /// come after the update that caused them); the suite's time limit stops a wait that never ends.
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

/// An object whose release the tests watch (captured by subscriber closures).
fileprivate final class Probe: Sendable {
    let hits = Mutex(0)
    func hit() { hits.withLock { $0 += 1 } }
    var count: Int { hits.withLock { $0 } }
}

/// Runs `body(i)` for i in 0..<count on that many threads at once (released together).
fileprivate func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    let group = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        let thread = Thread {
            start.wait()
            body(index)
            group.leave()
        }
        group.enter()
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        group.notify(queue: .global()) { continuation.resume() }
    }
}

@Suite("AtomicX StatePublisher and the in-house Combine-like chain", .timeLimit(.minutes(1)))
struct StatePublisherTests {
    // MARK: - StatePublisher basics

    @Test("subscribe() emits the current value at once, synchronously, before sink returns")
    func currentValueOnSubscribe() {
        let publisher = StatePublisher(initialState: 7)
        publisher.update { $0 = 42 }
        var received: [Int] = []
        let cancellable = publisher.subscribe().sink { received.append($0) }
        #expect(received == [42])
        #expect(publisher.value == 42)
        cancellable.cancel()
    }

    @Test("every update reaches the subscriber, in order, synchronously on the updating thread")
    func everyUpdateInOrder() {
        let publisher = StatePublisher(initialState: 0)
        var received: [Int] = []
        let cancellable = publisher.subscribe().sink { received.append($0) }
        for i in 1...100 {
            publisher.update { $0 = i }
            #expect(received.last == i)  // delivered before update returned
        }
        #expect(received == Array(0...100))
        withExtendedLifetime(cancellable) {}
    }

    @Test("value can be read from any thread while updates run; updates from threads are not lost")
    func valueReads() async {
        let publisher = StatePublisher(initialState: 0)
        await onThreads(4) { index in
            for _ in 0..<1000 {
                if index < 2 { publisher.update { $0 += 1 } } else { _ = publisher.value }
            }
        }
        #expect(publisher.value == 2000)
    }

    @Test("an update is visible in value before the subscribers hear of it")
    func valueBeforeDelivery() {
        let publisher = StatePublisher(initialState: 0)
        var seen: [Int] = []
        let cancellable = publisher.subscribe().sink { _ in seen.append(publisher.value) }
        publisher.update { $0 = 5 }
        #expect(seen == [0, 5])
        withExtendedLifetime(cancellable) {}
    }

    // MARK: - Selectors and deduplication

    @Test("an Equatable selector deduplicates: consecutive equal values are not re-emitted")
    func equatableSelectorDeduplicates() {
        let store = FakeCallStore()
        var ids: [String] = []
        let cancellable = store.state.subscribe(StatePublisherSelector<CallState, String>(keyPath: \.activeCall.callId))
            .sink { ids.append($0) }
        store.state.update { $0.activeCall.duration += 1 }      // another field: nothing
        store.state.update { $0.activeCall.callId = "c1" }
        store.state.update { $0.activeCall.callId = "c1" }      // same value: nothing
        store.state.update { $0.inviteeIds = ["bob"] }
        store.state.update { $0.activeCall.callId = "c2" }
        store.state.update { $0.activeCall.callId = "" }
        #expect(ids == ["", "c1", "c2", ""])
        withExtendedLifetime(cancellable) {}
    }

    @Test("a non-Equatable selector does not deduplicate: every update emits")
    func nonEquatableSelectorDoesNotDeduplicate() {
        let store = FakeCallStore()
        var durations: [Int] = []
        let cancellable = store.state.subscribe(StatePublisherSelector<CallState, CallInfo>(keyPath: \.activeCall))
            .sink { durations.append($0.duration) }
        store.state.update { $0.inviteeIds = ["bob"] }          // activeCall unchanged: still emitted
        store.state.update { $0.activeCall.duration = 1 }
        store.state.update { $0.activeCall.duration = 1 }
        #expect(durations == [0, 0, 1, 1])
        withExtendedLifetime(cancellable) {}
    }

    @Test("overload resolution: an inferred key path to an Equatable array picks the deduplicating subscribe")
    func inferredKeyPathPicksEquatableOverload() {
        let store = FakeCallStore()
        var lists: [[CallParticipantInfo]] = []
        let cancellable = store.state.subscribe(StatePublisherSelector(keyPath: \.allParticipants))
            .sink { lists.append($0) }
        let alice = CallParticipantInfo(id: "alice", name: "Alice", avatarURL: "", status: .accept)
        store.state.update { $0.activeCall.duration = 3 }
        store.state.update { $0.allParticipants = [alice] }
        store.state.update { $0.allParticipants = [alice] }
        #expect(lists == [[], [alice]])
        withExtendedLifetime(cancellable) {}
    }

    @Test("the trailing-closure projector spelling compiles and deduplicates a Bool")
    func trailingClosureProjector() {
        let state = StatePublisher(initialState: DeviceState())
        var muted: [Bool] = []
        let cancellable = state.subscribe(StatePublisherSelector { $0.microphoneStatus == .off })
            .sink { muted.append($0) }
        state.update { $0.cameraStatus = .on }
        state.update { $0.microphoneStatus = .off }
        state.update { $0.cameraStatus = .off }
        state.update { $0.microphoneStatus = .on }
        #expect(muted == [false, true, false])
        withExtendedLifetime(cancellable) {}
    }

    @Test("a tuple projector is not deduplicated by subscribe; removeDuplicates(by:) does it")
    func tupleProjectorWithRemoveDuplicatesBy() {
        let store = FakeCallStore()
        var raw: [String] = []
        var deduplicated: [String] = []
        let selector = StatePublisherSelector { (state: CallState) -> (CallParticipantStatus, String, String, String, [String]) in
            (state.selfInfo.status, state.selfInfo.id, state.selfInfo.name, state.activeCall.callId, state.inviteeIds)
        }
        let first = store.state.subscribe(selector).sink { raw.append($0.3) }
        let second = store.state.subscribe(selector)
            .removeDuplicates { a, b in
                a.0 == b.0 && a.1 == b.1 && a.2 == b.2 && a.3 == b.3 && a.4 == b.4
            }
            .sink { deduplicated.append($0.3) }
        store.state.update { $0.activeCall.duration = 9 }
        store.state.update { $0.activeCall.callId = "c1" }
        store.state.update { $0.activeCall.duration = 10 }
        #expect(raw == ["", "", "c1", "c1"])
        #expect(deduplicated == ["", "c1"])
        withExtendedLifetime((first, second)) {}
    }

    @Test("the selector's map(_:), map(_:stateHash:) cache and setResult")
    func selectorMapping() {
        let calls = Mutex(0)
        let selector = StatePublisherSelector<DeviceState, Bool>(projector: { state in
            calls.withLock { $0 += 1 }
            return state.microphoneStatus == .on
        })
        let hash = UUID()
        #expect(selector.map(DeviceState()) == true)
        #expect(selector.map(DeviceState(), stateHash: hash) == true)
        #expect(selector.map(DeviceState(microphoneStatus: .off), stateHash: hash) == true)  // cached
        #expect(calls.withLock { $0 } == 2)
        selector.setResult(value: false, forStateHash: hash)
        #expect(selector.map(DeviceState(), stateHash: hash) == false)
        #expect(selector.map(DeviceState(), stateHash: UUID()) == true)
        let keyPath = StatePublisherSelector<DeviceState, DeviceStatus>(keyPath: \.cameraStatus)
        #expect(keyPath.map(DeviceState()) == .off)
    }

    // MARK: - The vendor's chains, as written

    @Test("the vendor's sample chains compile and behave as with Combine")
    func vendorSampleChains() async {
        let store = FakeCallStore()
        let deviceState = StatePublisher(initialState: DeviceState())
        let loginState = StatePublisher(initialState: LoginState())
        var cancellables = Set<AnyCancellable>()
        let callIds = Recorder<String>()
        let participantCounts = Recorder<Int>()
        let selfStatuses = Recorder<String>()
        let microphone = Recorder<Bool>()
        let logins = Recorder<String>()
        let events = Recorder<String>()
        let durations = Recorder<Int>()

        // The subscription idioms TUICallKit 4.2.0 compiles (`CallView.swift`, `CallingBellFeature.swift`,
        // `TUICallKitImpl.swift`) and Tencent's API example's login sink, with `CallStore.shared` etc.
        // replaced by local publishers.
        store.state.subscribe(StatePublisherSelector<CallState, String>(keyPath: \.activeCall.callId))
            .receive(on: RunLoop.main).sink { callId in callIds.append(callId) }.store(in: &cancellables)
        store.state.subscribe(StatePublisherSelector(keyPath: \.allParticipants))
            .sink { participants in participantCounts.append(participants.count) }.store(in: &cancellables)
        store.state.subscribe(StatePublisherSelector { (state: CallState) -> (CallParticipantStatus, String, String, String, [String]) in
            (state.selfInfo.status, state.selfInfo.id, state.selfInfo.name, state.selfInfo.avatarURL, state.inviteeIds)
        })
            .removeDuplicates { a, b in
                // Two statements: as one `&&` expression over five tuple elements, the whole chain
                // exceeds the type checker's budget (Swift 6.3; Combine-shaped declarations fare the same).
                guard a.0 == b.0 else { return false }
                return a.1 == b.1 && a.2 == b.2 && a.3 == b.3 && a.4 == b.4
            }
            .sink { info in selfStatuses.append("\(info.0)") }.store(in: &cancellables)
        deviceState.subscribe(StatePublisherSelector { $0.microphoneStatus == .off })
            .sink { isOff in microphone.append(isOff) }.store(in: &cancellables)
        loginState.subscribe().sink { loginState in logins.append(loginState.loginUserInfo ?? "-") }.store(in: &cancellables)
        store.callEventPublisher.receive(on: DispatchQueue.main).sink { event in
            switch event {
            case .onCallReceived(let callId): events.append("received \(callId)")
            case .onCallEnded(let callId): events.append("ended \(callId)")
            }
        }.store(in: &cancellables)
        // GUIDE-IOS's call timer: subscribe().map { ... }.removeDuplicates { ... }.
        store.state.subscribe().map { $0.activeCall }.removeDuplicates { $0.duration == $1.duration }
            .sink { activeCall in durations.append(activeCall.duration) }.store(in: &cancellables)
        #expect(cancellables.count == 7)

        store.state.update { $0.activeCall.callId = "c1" }
        store.state.update { $0.selfInfo.status = .waiting }
        store.state.update { $0.allParticipants = [CallParticipantInfo(id: "alice")] }
        store.state.update { $0.activeCall.duration = 1 }
        store.state.update { $0.activeCall.duration = 1 }
        store.state.update { $0.activeCall.duration = 2 }
        store.callEventPublisher.send(.onCallReceived(callId: "c1"))
        store.callEventPublisher.send(.onCallEnded(callId: "c1"))
        deviceState.update { $0.microphoneStatus = .off }
        loginState.update { $0.loginUserInfo = "alice" }

        #expect(await callIds.wait(for: 2) == ["", "c1"])
        #expect(await events.wait(for: 2) == ["received c1", "ended c1"])
        #expect(participantCounts.values == [0, 1])
        #expect(selfStatuses.values == ["none", "waiting"])
        #expect(microphone.values == [false, true])
        #expect(logins.values == ["-", "alice"])
        #expect(durations.values == [0, 1, 2])
        cancellables.removeAll()
        #expect(store.state.subscriberCount == 0)
        #expect(store.callEventPublisher.subscriberCount == 0)
    }

    // MARK: - receive(on:)

    @Test("receive(on: DispatchQueue) delivers on that queue, in update order")
    func receiveOnQueue() async {
        let queue = DispatchQueue(label: "atomicx.test.serial")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 1)
        let publisher = StatePublisher(initialState: 0)
        let received = Recorder<Int>()
        let onQueue = Mutex(true)
        let cancellable = publisher.subscribe().receive(on: queue).sink { value in
            if DispatchQueue.getSpecific(key: key) != 1 { onQueue.withLock { $0 = false } }
            received.append(value)
        }
        await onThreads(4) { _ in
            for _ in 0..<250 { publisher.update { $0 += 1 } }
        }
        queue.sync {}  // every delivery was submitted before update returned (uncontended) or by the drainer
        #expect(await received.wait(for: 1001) == Array(0...1000))
        #expect(onQueue.withLock { $0 })
        withExtendedLifetime(cancellable) {}
    }

    @Test("receive(on: RunLoop.main) delivers on the main dispatch queue, in order")
    func receiveOnMainRunLoop() async {
        // Under `swift test` on Linux the main dispatch queue is drained (by the runner, on a thread that
        // is not the process's first one: Thread.isMainThread is false there), while RunLoop.main's own
        // blocks would never run. So the check is "on the main queue", through a queue-specific value.
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        let publisher = StatePublisher(initialState: 0)
        let received = Recorder<Int>()
        let onMainQueue = Mutex(true)
        let cancellable = publisher.subscribe().receive(on: RunLoop.main).sink { value in
            if DispatchQueue.getSpecific(key: key) != "main" { onMainQueue.withLock { $0 = false } }
            received.append(value)
        }
        for i in 1...50 { publisher.update { $0 = i } }
        #expect(await received.wait(for: 51) == Array(0...50))
        #expect(onMainQueue.withLock { $0 })
        withExtendedLifetime(cancellable) {}
    }

    @Test("RunLoop.main maps to the main dispatch queue; any other run loop to RunLoop.perform")
    func runLoopMapping() async {
        // `DispatchQueue.main` is a new wrapper object at each access on Linux: compare by label, and
        // check that a block submitted to the mapped queue runs on the main queue.
        guard let mapped = dispatchQueue(for: RunLoop.main) else {
            Issue.record("RunLoop.main is not mapped to a dispatch queue")
            return
        }
        #expect(mapped.label == DispatchQueue.main.label)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            mapped.async {
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume()
            }
        }
        let other = Mutex<Unchecked<RunLoop>?>(nil)
        let done = Mutex(false)
        let started = Recorder<Bool>()
        let thread = Thread {
            other.withLock { $0 = Unchecked(value: RunLoop.current) }
            started.append(true)
            while !done.withLock({ $0 }) {
                _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.005))
                Thread.sleep(forTimeInterval: 0.001)
            }
        }
        thread.start()
        _ = await started.wait(for: 1)
        #expect(other.withLock { $0 } != nil)
        guard let runLoop = other.withLock({ $0 })?.value else { return }
        #expect(dispatchQueue(for: runLoop) == nil)

        let publisher = StatePublisher(initialState: 0)
        let received = Recorder<Int>()
        let cancellable = publisher.subscribe().receive(on: runLoop).sink { received.append($0) }
        for i in 1...20 { publisher.update { $0 = i } }
        #expect(await received.wait(for: 21) == Array(0...20))
        done.withLock { $0 = true }
        withExtendedLifetime(cancellable) {}
    }

    // MARK: - Cancellation and memory

    @Test("releasing the AnyCancellable cancels: no more deliveries, closures and captures freed")
    func cancellationOnRelease() {
        let publisher = StatePublisher(initialState: 0)
        weak var weakProbe: Probe?
        var cancellable: AnyCancellable?
        do {
            let probe = Probe()
            weakProbe = probe
            cancellable = publisher.subscribe().map { $0 * 2 }.removeDuplicates().sink { _ in probe.hit() }
        }
        publisher.update { $0 = 1 }
        #expect(weakProbe?.count == 2)
        #expect(publisher.subscriberCount == 1)
        cancellable = nil
        #expect(weakProbe == nil)
        #expect(publisher.subscriberCount == 0)
        publisher.update { $0 = 2 }
        _ = cancellable
    }

    @Test("a discarded AnyCancellable cancels at once (after the synchronous current value)")
    func discardedCancellable() {
        let publisher = StatePublisher(initialState: 0)
        let probe = Probe()
        _ = publisher.subscribe().sink { _ in probe.hit() }
        publisher.update { $0 = 1 }
        #expect(probe.count == 1)
        #expect(publisher.subscriberCount == 0)
    }

    @Test("cancel() stops deliveries at once, also from inside the subscriber's closure; it is idempotent")
    func cancelStopsDeliveries() {
        let publisher = StatePublisher(initialState: 0)
        var received: [Int] = []
        let cancellable = publisher.subscribe().sink { received.append($0) }
        publisher.update { $0 = 1 }
        cancellable.cancel()
        cancellable.cancel()
        publisher.update { $0 = 2 }
        #expect(received == [0, 1])

        var inner: [Int] = []
        var selfCancelling: AnyCancellable?
        selfCancelling = publisher.subscribe().sink { value in
            inner.append(value)
            if value == 3 { selfCancelling?.cancel() }
        }
        publisher.update { $0 = 3 }
        publisher.update { $0 = 4 }
        #expect(inner == [2, 3])
        #expect(publisher.subscriberCount == 0)
    }

    @Test("with receive(on:), a block already enqueued when cancel() returns delivers nothing")
    func cancelWithEnqueuedBlocks() async {
        let queue = DispatchQueue(label: "atomicx.test.suspended")
        let publisher = StatePublisher(initialState: 0)
        let received = Recorder<Int>()
        queue.suspend()
        let cancellable = publisher.subscribe().receive(on: queue).sink { received.append($0) }
        for i in 1...5 { publisher.update { $0 = i } }
        cancellable.cancel()
        queue.resume()
        queue.sync {}
        #expect(received.values.isEmpty)
    }

    @Test("a subscription does not keep the publisher alive; cancelling after its release is safe")
    func publisherReleasedFirst() {
        weak var weakPublisher: StatePublisher<Int>?
        weak var weakSubject: PassthroughSubject<Int, Never>?
        var cancellables = Set<AnyCancellable>()
        do {
            let publisher = StatePublisher(initialState: 0)
            let subject = PassthroughSubject<Int, Never>()
            weakPublisher = publisher
            weakSubject = subject
            publisher.subscribe().receive(on: DispatchQueue.global()).sink { _ in }.store(in: &cancellables)
            subject.map { $0 + 1 }.sink { _ in }.store(in: &cancellables)
        }
        #expect(weakPublisher == nil)
        #expect(weakSubject == nil)
        cancellables.removeAll()
    }

    @Test("store(in:) into a Set and into an array; AnyCancellable(_:) runs its closure once")
    func storeAndAnyCancellable() {
        let runs = Mutex(0)
        var set = Set<AnyCancellable>()
        var array: [AnyCancellable] = []
        let a = AnyCancellable { runs.withLock { $0 += 1 } }
        a.store(in: &set)
        a.store(in: &set)
        AnyCancellable { runs.withLock { $0 += 1 } }.store(in: &array)
        #expect(set.count == 1)
        #expect(array.count == 1)
        a.cancel()
        #expect(runs.withLock { $0 } == 1)
        set.removeAll()
        #expect(runs.withLock { $0 } == 1)
        array.removeAll()
        #expect(runs.withLock { $0 } == 2)
    }

    // MARK: - Concurrency

    @Test("concurrent updates from several threads reach every subscriber in one total order")
    func concurrentUpdatesTotalOrder() async {
        let publisher = StatePublisher(initialState: [Int]())
        let recorders = (0..<5).map { _ in Recorder<Int>() }
        let cancellables = recorders.map { recorder in
            publisher.subscribe().map { $0.last ?? -1 }.sink { recorder.append($0) }
        }
        let serial = Recorder<Int>()
        let queued = publisher.subscribe().map(\.count).receive(on: DispatchQueue(label: "atomicx.test.order"))
            .sink { serial.append($0) }
        let threads = 8, perThread = 300
        await onThreads(threads) { thread in
            for step in 0..<perThread {
                publisher.update { $0.append(thread * 10_000 + step) }
            }
        }
        let total = threads * perThread
        let final = publisher.value
        #expect(final.count == total)
        // The order the updates were applied in is the order every subscriber heard them in.
        let expected = [-1] + final
        for recorder in recorders {
            #expect(await recorder.wait(for: total + 1) == expected)
        }
        #expect(await serial.wait(for: total + 1) == Array(0...total))
        // Each thread's own updates kept their order.
        for thread in 0..<threads {
            let mine = final.filter { $0 / 10_000 == thread }
            #expect(mine == (0..<perThread).map { thread * 10_000 + $0 })
        }
        withExtendedLifetime((cancellables, queued)) {}
    }

    @Test("subscribing during concurrent updates: each subscriber hears a gapless run from its start value")
    func subscribeDuringUpdates() async {
        let publisher = StatePublisher(initialState: 0)
        let updates = 2000
        let recorders = (0..<40).map { _ in Recorder<Int>() }
        let cancellables = Mutex<[AnyCancellable]>([])
        await onThreads(5) { thread in
            if thread == 0 {
                for _ in 0..<updates { publisher.update { $0 += 1 } }
            } else {
                for index in stride(from: thread - 1, to: recorders.count, by: 4) {
                    let recorder = recorders[index]
                    let cancellable = publisher.subscribe().sink { recorder.append($0) }
                    cancellables.withLock { $0.append(cancellable) }
                }
            }
        }
        for recorder in recorders {
            let values = recorder.values
            guard let first = values.first else {
                Issue.record("a subscriber heard nothing")
                continue
            }
            #expect(values == Array(first...updates))
        }
        #expect(publisher.subscriberCount == recorders.count)
        cancellables.withLock { $0.removeAll() }
        #expect(publisher.subscriberCount == 0)
    }

    @Test("an update from inside a subscriber's closure is queued, not recursive, and does not deadlock")
    func reentrantUpdate() {
        let publisher = StatePublisher(initialState: 0)
        var first: [Int] = []
        var second: [Int] = []
        let a = publisher.subscribe().sink { value in
            first.append(value)
            if value == 1 { publisher.update { $0 = 2 } }
        }
        let b = publisher.subscribe().sink { second.append($0) }
        publisher.update { $0 = 1 }
        #expect(first == [0, 1, 2])
        #expect(second == [0, 1, 2])  // 1 reached b before 2 did
        withExtendedLifetime((a, b)) {}
    }

    @Test("many subscribers all hear every value; cancelling them all empties the publisher")
    func manySubscribers() async {
        let publisher = StatePublisher(initialState: 0)
        let counter = Mutex(0)
        var cancellables: [AnyCancellable] = []
        for _ in 0..<1000 {
            publisher.subscribe().sink { _ in counter.withLock { $0 += 1 } }.store(in: &cancellables)
        }
        for i in 1...10 { publisher.update { $0 = i } }
        #expect(counter.withLock { $0 } == 1000 * 11)
        #expect(publisher.subscriberCount == 1000)
        let shared = Mutex(cancellables)
        cancellables.removeAll()
        await onThreads(4) { thread in
            let mine = shared.withLock { all in all.enumerated().filter { $0.offset % 4 == thread }.map(\.element) }
            mine.forEach { $0.cancel() }
        }
        #expect(publisher.subscriberCount == 0)
    }

    // MARK: - AsyncSequence view

    @Test("values yields the current value then every update, and unsubscribes when the loop exits")
    func valuesYieldsAndCleansUpOnBreak() async {
        let publisher = StatePublisher(initialState: 0)
        let seen = Recorder<Int>()
        let task = Task {
            var received: [Int] = []
            for await value in publisher.subscribe().values {
                received.append(value)
                seen.append(value)
                if value == 3 { break }
            }
            return received
        }
        _ = await seen.wait(for: 1)  // the current value: the loop has subscribed
        #expect(publisher.subscriberCount == 1)
        for i in 1...3 { publisher.update { $0 = i } }
        #expect(await task.value == [0, 1, 2, 3])
        #expect(publisher.subscriberCount == 0)
    }

    @Test("values ends and unsubscribes when the consuming task is cancelled")
    func valuesEndsOnTaskCancel() async {
        let publisher = StatePublisher(initialState: 0)
        let received = Recorder<Int>()
        let task = Task {
            for await value in publisher.subscribe(StatePublisherSelector(keyPath: \.self)).values {
                received.append(value)
            }
        }
        _ = await received.wait(for: 1)  // the current value: the loop has subscribed
        #expect(publisher.subscriberCount == 1)
        publisher.update { $0 = 1 }
        #expect(await received.wait(for: 2) == [0, 1])
        task.cancel()
        await task.value
        #expect(publisher.subscriberCount == 0)
        publisher.update { $0 = 2 }
        #expect(received.values == [0, 1])
    }

    @Test("values of a subject ends at completion; a failing publisher's values throws")
    func valuesCompletion() async throws {
        struct Failure: Error, Equatable {}
        let subject = PassthroughSubject<Int, Never>()
        let stream = subject.values
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        var received: [Int] = []
        for await value in stream { received.append(value) }
        #expect(received == [1, 2])

        let failing = PassthroughSubject<Int, Failure>()
        let throwing = failing.values
        failing.send(1)
        failing.send(completion: .failure(Failure()))
        var iterator = throwing.makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        await #expect(throws: Failure.self) { _ = try await iterator.next() }
    }

    // MARK: - PassthroughSubject

    @Test("PassthroughSubject sends to every subscriber, with no replay of earlier values")
    func passthroughSubject() {
        let subject = PassthroughSubject<String, Never>()
        subject.send("before anyone")
        var first: [String] = []
        var second: [String] = []
        let a = subject.sink { first.append($0) }
        subject.send("one")
        let b = subject.eraseToAnyPublisher().sink { second.append($0) }
        #expect(second.isEmpty)
        subject.send("two")
        #expect(first == ["one", "two"])
        #expect(second == ["two"])
        #expect(subject.subscriberCount == 2)
        withExtendedLifetime((a, b)) {}
    }

    @Test("PassthroughSubject completion ends subscriptions; later values are ignored, later subscribers hear it")
    func passthroughCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let a = subject.sink(receiveCompletion: { log.append("a \($0 == .finished ? "finished" : "?")") },
                             receiveValue: { log.append("a \($0)") })
        subject.send(1)
        subject.send(completion: .finished)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(subject.subscriberCount == 0)
        let b = subject.sink(receiveCompletion: { _ in log.append("b finished") }, receiveValue: { log.append("b \($0)") })
        #expect(log == ["a 1", "a finished", "b finished"])
        let void = PassthroughSubject<Void, Never>()
        var pings = 0
        let c = void.sink { pings += 1 }
        void.send()
        #expect(pings == 1)
        withExtendedLifetime((a, b, c)) {}
    }

    @Test("PassthroughSubject sends from several threads reach every subscriber in the same order")
    func passthroughConcurrentSends() async {
        let subject = PassthroughSubject<Int, Never>()
        let recorders = (0..<4).map { _ in Recorder<Int>() }
        let cancellables = recorders.map { recorder in subject.sink { recorder.append($0) } }
        await onThreads(6) { thread in
            for step in 0..<200 { subject.send(thread * 1000 + step) }
        }
        let reference = recorders[0].values
        #expect(reference.count == 1200)
        for recorder in recorders { #expect(recorder.values == reference) }
        for thread in 0..<6 {
            #expect(reference.filter { $0 / 1000 == thread } == (0..<200).map { thread * 1000 + $0 })
        }
        withExtendedLifetime(cancellables) {}
    }

    @Test("AnyPublisher(_:) wraps a publisher; a chain is cold: each sink has its own operator state")
    func coldChains() {
        let subject = PassthroughSubject<Int, Never>()
        let chain = AnyPublisher(subject).removeDuplicates()
        var first: [Int] = []
        var second: [Int] = []
        let a = chain.sink { first.append($0) }
        subject.send(1)
        let b = chain.sink { second.append($0) }
        subject.send(1)
        subject.send(2)
        #expect(first == [1, 2])
        #expect(second == [1, 2])
        withExtendedLifetime((a, b)) {}
    }
}
#endif
