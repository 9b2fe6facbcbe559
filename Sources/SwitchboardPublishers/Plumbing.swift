// The plumbing under every in-house chain: what a source hands downstream (`Signal`), the downstream end
// it hands it to (`Downstream`), and the cancel state one subscription shares with its operators
// (`ChainSubscription`). The sources (`Hub`) use them; apps never see them. Where Combine exists there is
// no in-house chain (Publisher.swift).

#if !canImport(Combine)
import Synchronization

/// One thing a publisher hands downstream: a value, or the completion that ends the subscription.
package enum Signal<Output, Failure: Error> {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
}

/// The downstream end an operator or a source attaches: where signals go, and the subscription whose
/// cancellation detaches it.
package struct Downstream<Output, Failure: Error> {
    package let subscription: ChainSubscription
    package let receive: (Signal<Output, Failure>) -> Void

    package init(subscription: ChainSubscription, receive: @escaping (Signal<Output, Failure>) -> Void) {
        self.subscription = subscription
        self.receive = receive
    }
}

/// The cancel state of one `sink` (one subscription), shared by every operator of its chain.
///
/// Cancelling runs, once, the handlers registered by the chain: the sink drops the caller's closures
/// and the source removes its entry. Handlers registered after cancellation run at once.
package final class ChainSubscription: Cancellable, Sendable {
    private struct State {
        var cancelled = false
        var handlers: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    package init() {}

    package var isCancelled: Bool {
        state.withLock { $0.cancelled }
    }

    /// Registers `handler` to run when the subscription is cancelled (at once if it already is).
    package func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            if state.cancelled { return true }
            state.handlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    package func cancel() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            defer { state.handlers = [] }
            return state.handlers
        }
        for handler in handlers { handler() }
    }
}
#endif
