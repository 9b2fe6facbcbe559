// The operators AtomicXCore sample code chains after `subscribe(...)`: `map`, `removeDuplicates` and
// `receive(on:)`, as Combine spells them (the in-house chain, see
// Publisher.swift; Combine's own where Combine exists).

#if !canImport(Combine)
import Dispatch
import Foundation
import Synchronization

extension Publisher {
    /// Combine `Publisher.map(_:)`: publishes `transform` of each value; the completion passes through.
    /// `transform` runs where the upstream delivers (the publishing thread, or a `receive(on:)` queue).
    public func map<T>(_ transform: @escaping (Output) -> T) -> AnyPublisher<T, Failure> {
        let upstream = eraseToAnyPublisher()
        return AnyPublisher { downstream in
            upstream.attach(Downstream(subscription: downstream.subscription) { signal in
                switch signal {
                case .value(let value): downstream.receive(.value(transform(value)))
                case .completion(let completion): downstream.receive(.completion(completion))
                }
            })
        }
    }

    /// Combine `Publisher.removeDuplicates(by:)`: drops a value when `predicate(previous, value)` is
    /// true, `previous` being the value received just before it (dropped or not, as in Combine). The
    /// first value always passes. Each subscription keeps its own previous value.
    ///
    /// AtomicXCore samples use it after a non-`Equatable` selector (a tuple), as
    /// `.removeDuplicates { a, b in ... }`.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> AnyPublisher<Output, Failure> {
        let upstream = eraseToAnyPublisher()
        return AnyPublisher { downstream in
            // Deliveries into one subscription are serialized (see Hub), except after a `receive(on:)`
            // on a concurrent queue; the lock keeps the compare-and-replace atomic in that case too.
            let previous = Mutex(Unchecked<Output?>(value: nil))
            upstream.attach(Downstream(subscription: downstream.subscription) { signal in
                guard case .value(let value) = signal else {
                    downstream.receive(signal)
                    return
                }
                let item = Unchecked(value: value)
                let duplicate = previous.withLock { previous in
                    defer { previous.value = item.value }
                    guard let last = previous.value else { return false }
                    return predicate(last, item.value)
                }
                if !duplicate { downstream.receive(signal) }
            })
        }
    }

    /// Combine `Publisher.receive(on:)` with a `DispatchQueue` scheduler: delivers values and the
    /// completion asynchronously on `queue`.
    ///
    /// On a serial queue (the main queue, say) the order is kept, because the source publishes in order
    /// from one thread at a time and each item is submitted with `queue.async` in that order. On a
    /// concurrent queue the order is not guaranteed (as with Combine). A block already submitted when the
    /// subscription is cancelled checks the cancelled flag first and does nothing.
    public func receive(on queue: DispatchQueue) -> AnyPublisher<Output, Failure> {
        let upstream = eraseToAnyPublisher()
        return AnyPublisher { downstream in
            let target = Unchecked(value: downstream)
            upstream.attach(Downstream(subscription: downstream.subscription) { signal in
                let item = Unchecked(value: signal)
                queue.async {
                    guard !target.value.subscription.isCancelled else { return }
                    target.value.receive(item.value)
                }
            })
        }
    }

    /// Combine `Publisher.receive(on:)` with a `RunLoop` scheduler, as AtomicXCore samples write
    /// `.receive(on: RunLoop.main)`.
    ///
    /// `RunLoop.main` is served by the **main dispatch queue** (docs/TENCENT.md, "Main-queue delivery"),
    /// exactly as `receive(on: DispatchQueue.main)`: on Linux the main run loop's blocks run only if the
    /// program runs that run loop (never under `swift test`), while the main queue is drained by
    /// `dispatchMain()`, by a running main run loop, and under `swift test` by the test runner. Any other
    /// run loop gets each item through `RunLoop.perform(_:)`, in order, whenever that run loop runs (as
    /// Combine's `RunLoop` scheduler does); nothing is delivered while it does not run.
    public func receive(on runLoop: RunLoop) -> AnyPublisher<Output, Failure> {
        if let queue = dispatchQueue(for: runLoop) {
            return receive(on: queue)
        }
        let upstream = eraseToAnyPublisher()
        let loop = Unchecked(value: runLoop)
        return AnyPublisher { downstream in
            let target = Unchecked(value: downstream)
            upstream.attach(Downstream(subscription: downstream.subscription) { signal in
                let item = Unchecked(value: signal)
                loop.value.perform {
                    guard !target.value.subscription.isCancelled else { return }
                    target.value.receive(item.value)
                }
            })
        }
    }
}

extension Publisher where Output: Equatable {
    /// Combine `Publisher.removeDuplicates()`: drops a value equal to the one received just before it.
    public func removeDuplicates() -> AnyPublisher<Output, Failure> {
        removeDuplicates(by: ==)
    }
}

/// The dispatch queue that stands for `runLoop` in `receive(on:)`: the main queue for `RunLoop.main`,
/// nil (use `RunLoop.perform`) for any other run loop.
package func dispatchQueue(for runLoop: RunLoop) -> DispatchQueue? {
    runLoop === RunLoop.main ? DispatchQueue.main : nil
}
#endif
