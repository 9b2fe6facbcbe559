// A subject with a current value (the in-house chain, see Publisher.swift; Combine's own where Combine
// exists).

#if !canImport(Combine)
/// Mirrors Combine's `CurrentValueSubject<Output, Failure>`: holds a value, hands it to each new
/// subscriber, then broadcasts every later value.
///
/// Delivery and thread safety are ``PassthroughSubject``'s: synchronous on the sending thread when no
/// other thread is delivering, one order for every subscriber, no recursion from inside a subscriber.
public final class CurrentValueSubject<Output, Failure: Error>: Publisher {
    private let hub: Hub<Output, Failure>

    /// Combine `CurrentValueSubject.init(_:)`: `value` is the first current value.
    public init(_ value: Output) {
        hub = Hub(current: value)
    }

    /// Combine `CurrentValueSubject.value`: the latest value sent; setting it sends the new value.
    public var value: Output {
        get { hub.current! }
        set { send(newValue) }
    }

    /// Combine `Subject.send(_:)`: makes `value` current and delivers it to every subscriber (ignored
    /// after a completion).
    public func send(_ value: Output) {
        hub.publish(value)
    }

    /// Combine `Subject.send(completion:)`: ends every subscription; later subscribers hear the
    /// completion at once, and later values are ignored.
    public func send(completion: Subscribers.Completion<Failure>) {
        hub.complete(completion)
    }

    /// Combine `eraseToAnyPublisher()`: the subject as an ``AnyPublisher`` (each `sink` hears the current
    /// value first).
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
extension CurrentValueSubject: @unchecked Sendable where Output: Sendable {}
#endif
