// An AsyncSequence view of the in-house chain (Combine's `Publisher.values`), for async/await callers.

#if !canImport(Combine)
extension Publisher where Failure == Never, Output: Sendable {
    /// Mirrors Combine's `Publisher.values` (an `AsyncPublisher` there): every value as an `AsyncStream`.
    ///
    /// The stream subscribes when it is created and buffers without limit, so no value is lost between
    /// iterations (a `StatePublisher` stream starts with the current state). It ends when the publisher
    /// completes. The subscription is cancelled when the stream terminates: the iterating task is
    /// cancelled, the loop exits (`break`), or the stream is released unused.
    public var values: AsyncStream<Output> {
        let upstream = eraseToAnyPublisher()
        return AsyncStream { continuation in
            let cancellable = upstream.sink(
                receiveCompletion: { _ in continuation.finish() },
                receiveValue: { continuation.yield($0) }
            )
            continuation.onTermination = { _ in cancellable.cancel() }
        }
    }
}

extension Publisher where Output: Sendable {
    /// Mirrors Combine's `Publisher.values` for a publisher that can fail (an `AsyncThrowingPublisher`
    /// there): as the non-failing `values`, and the stream throws the failure.
    public var values: AsyncThrowingStream<Output, any Error> {
        let upstream = eraseToAnyPublisher()
        return AsyncThrowingStream { continuation in
            let cancellable = upstream.sink(
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: continuation.finish()
                    case .failure(let error): continuation.finish(throwing: error)
                    }
                },
                receiveValue: { continuation.yield($0) }
            )
            continuation.onTermination = { _ in cancellable.cancel() }
        }
    }
}
#endif
