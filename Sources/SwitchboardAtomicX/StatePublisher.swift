// AtomicXCore's observable state: each store's `state` (CallStore, LoginStore, DeviceStore) is a
// `StatePublisher` (the in-house chain, see AnyPublisher.swift; docs/TENCENT.md,
// "Read-only StatePublisher.value", "No Combine", "Main-queue delivery").

import Synchronization

/// Mirrors AtomicXCore's `StatePublisher<State>` (DocC `statepublisher.json`): a store's state, read
/// with ``value`` and observed with ``subscribe()`` or ``subscribe(_:)``.
///
/// `ObservableObject`, `@Published` and `objectWillChange` are not mirrored (docs/TENCENT.md, "No Combine").
///
/// **Delivery.** The store is the only writer (``update(_:)`` is internal). Each update reaches the
/// subscribers synchronously on the thread that called ``update(_:)``, before it returns; the stores
/// call it on their serial callback queue, the main queue by default
/// (docs/TENCENT.md, "Main-queue delivery"). Updates are serialized: from however many threads they come,
/// every subscriber sees the values in update order and all subscribers see the same sequence. If another
/// thread is delivering when an update is made, that thread delivers it too and ``update(_:)`` returns at
/// once; an update made from inside a subscriber's closure is delivered once the current value has reached
/// every subscriber (no recursion).
///
/// **Subscription.** A subscriber hears the value current when it subscribed (before `sink` returns,
/// unless another thread is delivering at that moment), then every later update, none skipped or
/// repeated; a selector subscription with an `Equatable` value drops consecutive equal values.
///
/// **Cancellation.** See ``AnyCancellable``: once `cancel()` returns, or the last reference to the
/// `AnyCancellable` is released, nothing more reaches the closure (except a call already running on
/// another thread), and the publisher no longer references the subscription. Subscriptions do not keep
/// the publisher alive, nor does it keep them.
///
/// Thread-safe: read ``value``, subscribe, cancel and update from any thread.
public final class StatePublisher<State> {
    /// AtomicXCore `StatePublisher.StatePublisherUpdateClosure`: a mutation of the state.
    public typealias StatePublisherUpdateClosure = (inout State) -> Void

    private let hub: Hub<State, Never>
    /// Serializes updates: read, mutate, write back and queue for delivery, as one step.
    private let writer = Mutex(())

    /// AtomicXCore `StatePublisher.init(initialState:)`.
    public init(initialState: State) {
        hub = Hub(current: initialState)
    }

    /// AtomicXCore `StatePublisher.value`: a snapshot of the current state (thread-safe read).
    ///
    /// Read-only outside the module: the docs call it read-only and the store is the only writer. An update
    /// is visible here before its subscribers hear of it.
    public internal(set) var value: State {
        get { hub.current! }
        set { update { $0 = newValue } }
    }

    /// Mutates the state with `body` and publishes the result to every subscriber (see the type's
    /// delivery notes). `body` runs under the writer lock: it may read ``value`` (the previous state)
    /// but must not call `update` itself.
    func update(_ body: StatePublisherUpdateClosure) {
        let mustDrain = writer.withLock { _ in
            var state = hub.current!
            body(&state)
            return hub.enqueue(state)
        }
        if mustDrain { hub.drain() }
    }

    /// AtomicXCore `StatePublisher.subscribe()`: the whole state, now and after every update (no
    /// deduplication: `State` need not be `Equatable`).
    public func subscribe() -> AnyPublisher<State, Never> {
        let hub = self.hub
        return AnyPublisher { hub.attach($0) }
    }

    /// AtomicXCore `StatePublisher.subscribe(_:) where Value: Equatable`: the selected value, now and
    /// whenever an update changes it (consecutive equal values are dropped). Swift picks this overload
    /// whenever `Value` is `Equatable`.
    public func subscribe<Value: Equatable>(_ selector: StatePublisherSelector<State, Value>) -> AnyPublisher<Value, Never> {
        subscribe().map { selector.map($0) }.removeDuplicates()
    }

    /// AtomicXCore `StatePublisher.subscribe(_:)` for a value that is not `Equatable` (a tuple, say): the
    /// selected value, now and after every update, without deduplication (add `.removeDuplicates(by:)`).
    public func subscribe<Value>(_ selector: StatePublisherSelector<State, Value>) -> AnyPublisher<Value, Never> {
        subscribe().map { selector.map($0) }
    }

    /// The number of live subscriptions (tests).
    var subscriberCount: Int {
        hub.subscriberCount
    }
}

// @unchecked: all mutable state is in `hub` (behind its Mutex) and `writer`; the states themselves cross
// threads (update on one, delivery on another), hence the `State: Sendable` condition.
extension StatePublisher: @unchecked Sendable where State: Sendable {}
