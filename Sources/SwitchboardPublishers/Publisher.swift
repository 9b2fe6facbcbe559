// Combine is not available on Linux (swift-corelibs ships no Combine) and the project's brief rules out
// OpenCombine, so this module carries its own small Combine-like chain, written by hand
// (docs/TENCENT.md, "Combine"). The names and spellings are Combine's, so that vendor sample code
// (`subscribe(...)`, `.map`, `.removeDuplicates`, `.receive(on:)`, `.sink`, `.store(in:)`) compiles
// unchanged; only what that code uses is here. There is no demand (back-pressure): every publisher
// pushes every value, as Combine's `sink` (unlimited demand) does.
//
// Where Combine exists (Apple platforms) none of the public types below is compiled: the module
// re-exports Combine (Exports.swift) and its sources publish through Combine (Hub+Publisher.swift), so
// an app that imports both sees one `AnyPublisher`, Combine's.
//
// This file holds the publisher protocol and `AnyPublisher`; the plumbing under every chain is in
// Plumbing.swift and Hub.swift.

#if !canImport(Combine)
/// Mirrors Combine's `Publisher` protocol: a type that can hand values of `Output`, then possibly one
/// completion, to subscribers. The operators (`map`, `removeDuplicates`, `receive(on:)`, `sink`, `values`)
/// are extensions of this protocol.
///
/// Unlike Combine there is no `Subscriber` protocol: every publisher of this module is (or wraps) an
/// ``AnyPublisher``, so ``eraseToAnyPublisher()`` is the one requirement.
public protocol Publisher<Output, Failure> {
    /// Combine `Publisher.Output`: the kind of values published.
    associatedtype Output
    /// Combine `Publisher.Failure`: the kind of error a failed completion carries (`Never` if none).
    associatedtype Failure: Error

    /// Combine `Publisher.eraseToAnyPublisher()`: this publisher as an ``AnyPublisher``.
    func eraseToAnyPublisher() -> AnyPublisher<Output, Failure>
}

/// Mirrors Combine's `Subscribers` namespace, here only for ``Subscribers/Completion``.
public enum Subscribers {
    /// Combine `Subscribers.Completion`: how a publisher ended.
    public enum Completion<Failure: Error> {
        /// Combine `.finished`: normal end, no more values.
        case finished
        /// Combine `.failure(_:)`: ended with an error.
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

/// Mirrors Combine's `AnyPublisher<Output, Failure>`: the type-erased publisher that
/// `StatePublisher.subscribe()` (AtomicXCore) and every operator of this module return.
///
/// It is cold, as Combine's operator chains are: each `sink` on it attaches a new subscription to the
/// upstream source and builds its own operator state (the last value of a `removeDuplicates`, say).
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    /// Attaches one downstream end to the source, through this publisher's operators.
    package let attach: (Downstream<Output, Failure>) -> Void

    package init(attach: @escaping (Downstream<Output, Failure>) -> Void) {
        self.attach = attach
    }

    /// Combine `AnyPublisher.init(_:)`: wraps another publisher.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        self = publisher.eraseToAnyPublisher()
    }

    /// Combine `eraseToAnyPublisher()`: returns `self`.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        self
    }
}
#endif
