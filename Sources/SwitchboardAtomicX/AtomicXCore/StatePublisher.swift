// AtomicXCore's observable state: each store's `state` (CallStore, LoginStore, DeviceStore) is a
// `StatePublisher` (the chain of SwitchboardPublishers: in-house, or Combine's where Combine exists;
// docs/TENCENT.md, "Read-only StatePublisher.value", "Combine", "Main-queue delivery").

import Synchronization
import SwitchboardPublishers

/// Mirrors AtomicXCore's `StatePublisher<State>` (DocC `statepublisher.json`): a store's state, read
/// with ``value`` and observed with ``subscribe()`` or `subscribe(_:)` (a selector).
///
/// `ObservableObject`, `@Published` and `objectWillChange` are not mirrored (docs/TENCENT.md, "Combine").
///
/// **Delivery.** The store is the only writer (`update(_:)` is internal). Each update reaches the
/// subscribers synchronously on the thread that called `update(_:)`, before it returns; the stores
/// call it on their serial callback queue, the main queue by default
/// (docs/TENCENT.md, "Main-queue delivery"). Updates are serialized: from however many threads they come,
/// every subscriber sees the values in update order and all subscribers see the same sequence. If another
/// thread is delivering when an update is made, that thread delivers it too and `update(_:)` returns at
/// once; an update made from inside a subscriber's closure is delivered once the current value has reached
/// every subscriber (no recursion).
///
/// **Subscription.** A subscriber hears the value current when it subscribed (before `sink` returns,
/// unless another thread is delivering at that moment), then every later update, none skipped or
/// repeated; a selector subscription with an `Equatable` value drops consecutive equal values.
///
/// **Cancellation.** See ``/SwitchboardPublishers/AnyCancellable``: once `cancel()` returns, or the last reference to
/// the `AnyCancellable` is released, nothing more reaches the closure (except a call already running on another
/// thread), and the publisher no longer references the subscription. Subscriptions do not keep the publisher alive, nor
/// does it keep them.
///
/// Thread-safe: read ``value``, subscribe, cancel and update from any thread.
///
/// Where Combine exists the state lives in a Combine `CurrentValueSubject` and the publishers are
/// Combine's; each update is sent under the writer lock, so updates still reach every subscriber in
/// order, and the stores make them from their one callback queue.
public final class StatePublisher<State> {
    /// AtomicXCore `StatePublisher.StatePublisherUpdateClosure`: a mutation of the state.
    public typealias StatePublisherUpdateClosure = (inout State) -> Void

    #if canImport(Combine)
    private let subject: CurrentValueSubject<State, Never>
    #else
    private let hub: Hub<State, Never>
    #endif
    /// Serializes updates: read, mutate, write back and queue for delivery, as one step.
    private let writer = Mutex(())

    /// AtomicXCore `StatePublisher.init(initialState:)`.
    public init(initialState: State) {
        #if canImport(Combine)
        subject = CurrentValueSubject(initialState)
        #else
        hub = Hub(current: initialState)
        #endif
    }

    /// AtomicXCore `StatePublisher.value`: a snapshot of the current state (thread-safe read).
    ///
    /// Read-only outside the module: the docs call it read-only and the store is the only writer. An update
    /// is visible here before its subscribers hear of it.
    public internal(set) var value: State {
        get {
            #if canImport(Combine)
            subject.value
            #else
            hub.current!
            #endif
        }
        set { update { $0 = newValue } }
    }

    /// Mutates the state with `body` and publishes the result to every subscriber (see the type's
    /// delivery notes). `body` runs under the writer lock: it may read ``value`` (the previous state)
    /// but must not call `update` itself.
    func update(_ body: StatePublisherUpdateClosure) {
        #if canImport(Combine)
        writer.withLock { _ in
            var state = subject.value
            body(&state)
            subject.send(state)
        }
        #else
        let mustDrain = writer.withLock { _ in
            var state = hub.current!
            body(&state)
            return hub.enqueue(state)
        }
        if mustDrain { hub.drain() }
        #endif
    }

    /// AtomicXCore `StatePublisher.subscribe()`: the whole state, now and after every update (no
    /// deduplication: `State` need not be `Equatable`).
    public func subscribe() -> AnyPublisher<State, Never> {
        #if canImport(Combine)
        subject.eraseToAnyPublisher()
        #else
        let hub = self.hub
        return AnyPublisher { hub.attach($0) }
        #endif
    }

    /// AtomicXCore `StatePublisher.subscribe(_:) where Value: Equatable`: the selected value, now and
    /// whenever an update changes it (consecutive equal values are dropped). Swift picks this overload
    /// whenever `Value` is `Equatable`.
    public func subscribe<Value: Equatable>(_ selector: StatePublisherSelector<State, Value>) -> AnyPublisher<Value, Never> {
        subscribe().map { selector.map($0) }.removeDuplicates().eraseToAnyPublisher()
    }

    /// AtomicXCore `StatePublisher.subscribe(_:)` for a value that is not `Equatable` (a tuple, say): the
    /// selected value, now and after every update, without deduplication (add `.removeDuplicates(by:)`).
    public func subscribe<Value>(_ selector: StatePublisherSelector<State, Value>) -> AnyPublisher<Value, Never> {
        subscribe().map { selector.map($0) }.eraseToAnyPublisher()
    }

    #if !canImport(Combine)
    /// The number of live subscriptions (tests).
    var subscriberCount: Int {
        hub.subscriberCount
    }
    #endif
}

// @unchecked: all mutable state is in `hub` (behind its Mutex) or `subject`, and `writer`; the states
// themselves cross threads (update on one, delivery on another), hence the `State: Sendable` condition.
extension StatePublisher: @unchecked Sendable where State: Sendable {}
