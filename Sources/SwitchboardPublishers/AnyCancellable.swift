// The subscriber end of a chain: `sink`, `AnyCancellable` and `store(in:)`, as Combine spells them (the
// in-house chain, see Publisher.swift; Combine's own where Combine exists).

#if !canImport(Combine)
import Synchronization

/// Mirrors Combine's `Cancellable`: something whose activity can be cancelled.
public protocol Cancellable {
    /// Combine `Cancellable.cancel()`.
    func cancel()
}

/// Mirrors Combine's `AnyCancellable`: the handle `sink` returns. Cancelling it, or releasing the last
/// reference to it, ends the subscription.
///
/// Guarantee: once ``cancel()`` returns (or the deinit that calls it), the subscription's closures are
/// never called again, except for one call that had already started on another thread (it runs to
/// its end). The closures and everything they capture are released by the cancellation (the source
/// drops the subscription at once), so a chain needs no `[weak self]` to avoid a cycle unless the
/// `AnyCancellable` is stored in the captured object itself, as usual with Combine.
///
/// Thread-safe: ``cancel()`` can be called from any thread, any number of times, including from inside
/// the subscription's own closure (the running call finishes; nothing more is delivered).
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    // @unchecked: the cancel closure is only taken out inside the Mutex, and runs once.
    private let action: Mutex<Unchecked<(() -> Void)?>>

    /// Combine `AnyCancellable.init(_:)`: runs `cancel` on the first ``cancel()`` or at deinit, whichever
    /// comes first, on the thread that calls it.
    public init(_ cancel: @escaping () -> Void) {
        action = Mutex(Unchecked(value: cancel))
    }

    /// Combine `AnyCancellable.init(_:)` for a `Cancellable`.
    public convenience init<C: Cancellable>(_ canceller: C) {
        let box = Unchecked(value: canceller)
        self.init { box.value.cancel() }
    }

    deinit {
        cancel()
    }

    /// Combine `AnyCancellable.cancel()`: ends the subscription (idempotent).
    public func cancel() {
        let cancel = action.withLock { action in
            defer { action.value = nil }
            return action
        }
        cancel.value?()
    }

    /// Combine `AnyCancellable.store(in:)` for a `Set`: keeps this subscription alive as long as the set
    /// holds it (the usual `.store(in: &cancellables)`).
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    /// Combine `AnyCancellable.store(in:)` for an array or another range-replaceable collection.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension Publisher {
    /// Combine `Publisher.sink(receiveCompletion:receiveValue:)`: subscribes with unlimited demand.
    ///
    /// Values are delivered where the chain delivers them: synchronously on the publishing thread for
    /// a `StatePublisher` or ``PassthroughSubject`` (see `StatePublisher/update(_:)`), on the queue of
    /// the last `receive(on:)` otherwise. A `StatePublisher` chain hears the current value before `sink`
    /// returns (when no other thread is delivering at that moment). After the completion the subscription
    /// ends and both closures are released. Keep the returned ``AnyCancellable``: releasing it cancels.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Sink<Output, Failure>(receiveValue: receiveValue, receiveCompletion: receiveCompletion)
        sink.subscription.onCancel { [weak sink] in sink?.release() }
        eraseToAnyPublisher().attach(Downstream(subscription: sink.subscription, receive: sink.receive))
        return AnyCancellable(sink.subscription)
    }
}

extension Publisher where Failure == Never {
    /// Combine `Publisher.sink(receiveValue:)` (publishers that cannot fail): as
    /// ``sink(receiveCompletion:receiveValue:)``, ignoring the completion.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

/// The end of one chain: holds the caller's closures until the subscription ends.
final class Sink<Input, Failure: Error>: Sendable {
    private struct Closures {
        var value: ((Input) -> Void)?
        var completion: ((Subscribers.Completion<Failure>) -> Void)?
    }

    let subscription = ChainSubscription()
    // Unchecked: the closures are only taken out inside the Mutex; they are called by the delivering
    // thread (one at a time, see Hub) or the `receive(on:)` queue.
    private let closures: Mutex<Unchecked<Closures>>

    init(
        receiveValue: @escaping (Input) -> Void,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        closures = Mutex(Unchecked(value: Closures(value: receiveValue, completion: receiveCompletion)))
    }

    func receive(_ signal: Signal<Input, Failure>) {
        switch signal {
        case .value(let value):
            let receiveValue = closures.withLock { Unchecked(value: $0.value.value) }
            receiveValue.value?(value)
        case .completion(let completion):
            let receiveCompletion = closures.withLock { closures in
                defer { closures.value = Closures() }
                return Unchecked(value: closures.value.completion)
            }
            subscription.cancel()
            receiveCompletion.value?(completion)
        }
    }

    /// Drops the caller's closures (cancellation): nothing is delivered after this returns.
    func release() {
        let released = closures.withLock { closures in
            defer { closures.value = Closures() }
            return closures
        }
        _ = released  // the closures (and what they capture) are released here, outside the lock
    }
}
#endif
