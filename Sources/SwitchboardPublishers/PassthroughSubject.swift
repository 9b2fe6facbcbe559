// The event subject: AtomicXCore's `CallStore.callEventPublisher` is a Combine `PassthroughSubject`
// (the in-house chain, see
// Publisher.swift; Combine's own where Combine exists).

#if !canImport(Combine)
/// Mirrors Combine's `PassthroughSubject<Output, Failure>`: broadcasts each sent value to the current
/// subscribers, without replay (a subscriber hears only what is sent after it subscribed).
///
/// Delivery: synchronous on the thread that calls ``send(_:)``, before it returns, when no other thread
/// is delivering for this subject; sends from several threads are serialized into one order that every
/// subscriber sees (a send made while another thread delivers is delivered by that thread, and `send`
/// returns at once). A `send` from inside a subscriber's closure is delivered after the current value
/// has reached every subscriber. AtomicXCore's stores send on their own serial queue (the main queue by
/// default: docs/TENCENT.md, "Main-queue delivery").
///
/// Thread-safe: subscribe, cancel and send from any thread.
public final class PassthroughSubject<Output, Failure: Error>: Publisher {
    private let hub = Hub<Output, Failure>()

    /// Combine `PassthroughSubject.init()`.
    public init() {}

    /// Combine `Subject.send(_:)`: delivers `value` to every current subscriber (ignored after a
    /// completion).
    public func send(_ value: Output) {
        hub.publish(value)
    }

    /// Combine `Subject.send(completion:)`: ends every subscription; later subscribers hear the
    /// completion at once, and later values are ignored.
    public func send(completion: Subscribers.Completion<Failure>) {
        hub.complete(completion)
    }

    /// Combine `eraseToAnyPublisher()`: the subject as an ``AnyPublisher`` (each `sink` subscribes).
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        let hub = self.hub
        return AnyPublisher { hub.attach($0) }
    }

    /// The number of live subscriptions (tests).
    package var subscriberCount: Int {
        hub.subscriberCount
    }
}

// @unchecked: all mutable state is in `hub`, behind its Mutex; the values cross threads, hence the
// condition.
extension PassthroughSubject: @unchecked Sendable where Output: Sendable {}

extension PassthroughSubject where Output == Void {
    /// Combine `Subject.send()` for `Void` output.
    public func send() {
        send(())
    }
}
#endif
