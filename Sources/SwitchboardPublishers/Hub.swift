// The source of every in-house chain: the serialized fan-out behind `StatePublisher` (AtomicXCore),
// `PassthroughSubject` and `CurrentValueSubject`. Where Combine exists they are Combine's (Publisher.swift).

#if !canImport(Combine)
import Synchronization

/// The serialized fan-out behind ``StatePublisher`` and ``PassthroughSubject``.
///
/// Every publication (a value, the completion) and every replay to a new subscriber is appended, under
/// the lock, to one FIFO queue. The thread that finds nobody draining drains it: it takes one item at a
/// time under the lock and calls the receivers with the lock released, until the queue is empty. So:
///
/// - at most one thread delivers at a time, and items reach every subscriber in queue order: all
///   subscribers see the same sequence (each from its own start);
/// - when uncontended, delivery is synchronous on the publishing thread, before `publish` returns;
///   otherwise the item is left to the thread already draining, and `publish` returns at once;
/// - a receiver that publishes again (reentrancy) only queues: the new item is delivered after the
///   current one has reached every subscriber, never recursively, and nothing deadlocks;
/// - no user code runs under the lock.
///
/// A subscriber hears only publications sequenced after it attached, so a `PassthroughSubject` does not
/// replay, and a `StatePublisher` subscriber hears the value current at attachment (queued for it alone)
/// and then every later update, with nothing skipped or doubled.
package final class Hub<Output, Failure: Error>: Sendable {
    package typealias Receiver = (Signal<Output, Failure>) -> Void

    private struct Entry {
        let id: UInt64
        /// The sequence number of the last publication before this subscriber attached.
        let after: UInt64
        let receive: Receiver
    }

    private enum Work {
        case broadcast(sequence: UInt64, Signal<Output, Failure>)
        case direct(Receiver, Signal<Output, Failure>)
    }

    // @unchecked: only read and written inside `state`'s lock; values and receivers taken out of it are
    // used by the one draining thread at a time.
    private struct State: @unchecked Sendable {
        /// The latest value, replayed to new subscribers (``StatePublisher``); nil for a subject.
        var current: Output?
        var completion: Subscribers.Completion<Failure>?
        var entries: [Entry] = []
        var nextID: UInt64 = 0
        var sequence: UInt64 = 0
        var pending: [Work] = []
        var head = 0
        var draining = false

        /// Queues `work`; true if the caller must drain (nobody is draining).
        mutating func schedule(_ work: Work) -> Bool {
            pending.append(work)
            guard !draining else { return false }
            draining = true
            return true
        }

        /// The next item and its receivers, or nil (and the drain ends) when the queue is empty.
        mutating func next() -> (Signal<Output, Failure>, [Receiver])? {
            guard head < pending.count else {
                pending.removeAll(keepingCapacity: true)
                head = 0
                draining = false
                return nil
            }
            let work = pending[head]
            head += 1
            if head >= 64, head * 2 >= pending.count {
                pending.removeFirst(head)
                head = 0
            }
            switch work {
            case .direct(let receive, let signal):
                return (signal, [receive])
            case .broadcast(let sequence, let signal):
                let receivers = entries.lazy.filter { $0.after < sequence }.map(\.receive)
                let snapshot = Array(receivers)
                if case .completion = signal { entries.removeAll() }
                return (signal, snapshot)
            }
        }
    }

    private let state: Mutex<State>
    private let replaysCurrent: Bool

    /// A hub that replays its latest value to new subscribers (`current` is the first one).
    package init(current: Output) {
        state = Mutex(State(current: current))
        replaysCurrent = true
    }

    /// A hub without replay (a subject).
    package init() {
        state = Mutex(State(current: nil))
        replaysCurrent = false
    }

    /// The latest published value (the initial one until the first publication); nil without replay.
    package var current: Output? {
        state.withLock { Unchecked(value: $0.current) }.value
    }

    /// The number of attached subscribers (tests).
    package var subscriberCount: Int {
        state.withLock { $0.entries.count }
    }

    /// Queues `value` for every subscriber and makes it the current value; ignored after completion.
    /// Returns true if the caller must ``drain()``.
    package func enqueue(_ value: Output) -> Bool {
        let item = Unchecked(value: value)
        return state.withLock { state in
            guard state.completion == nil else { return false }
            if replaysCurrent { state.current = item.value }
            state.sequence += 1
            return state.schedule(.broadcast(sequence: state.sequence, .value(item.value)))
        }
    }

    /// Queues the completion for every subscriber (the first completion only) and drains.
    package func complete(_ completion: Subscribers.Completion<Failure>) {
        let item = Unchecked(value: completion)
        let mustDrain = state.withLock { state in
            guard state.completion == nil else { return false }
            state.completion = item.value
            state.sequence += 1
            return state.schedule(.broadcast(sequence: state.sequence, .completion(item.value)))
        }
        if mustDrain { drain() }
    }

    /// Publishes `value` (``enqueue(_:)`` then, if needed, ``drain()``).
    package func publish(_ value: Output) {
        if enqueue(value) { drain() }
    }

    /// Attaches a subscriber: it hears the current value (if this hub replays), then every later
    /// publication; after completion it hears the completion only.
    package func attach(_ downstream: Downstream<Output, Failure>) {
        let receiver = Unchecked(value: downstream.receive)
        let (id, mustDrain) = state.withLock { state -> (UInt64?, Bool) in
            if let completion = state.completion {
                return (nil, state.schedule(.direct(receiver.value, .completion(completion))))
            }
            let id = state.nextID
            state.nextID += 1
            state.entries.append(Entry(id: id, after: state.sequence, receive: receiver.value))
            guard replaysCurrent, let current = state.current else { return (id, false) }
            return (id, state.schedule(.direct(receiver.value, .value(current))))
        }
        if let id {
            downstream.subscription.onCancel { [weak self] in self?.detach(id) }
        }
        if mustDrain { drain() }
    }

    private func detach(_ id: UInt64) {
        state.withLock { state in
            if let index = state.entries.firstIndex(where: { $0.id == id }) {
                state.entries.remove(at: index)
            }
        }
    }

    /// Delivers queued items, one at a time and in order, until the queue is empty.
    package func drain() {
        while let item = state.withLock({ state in state.next().map { Unchecked(value: $0) } }) {
            let (signal, receivers) = item.value
            for receive in receivers { receive(signal) }
        }
    }
}
#endif
