// AtomicXCore selectors: the projection a `StatePublisher.subscribe(_:)` publishes.

import Foundation
import Synchronization
import SwitchboardPublishers

/// Mirrors AtomicXCore's `StatePropertySelector` (DocC `statepropertyselector.json`): projects a value
/// out of a state.
public protocol StatePropertySelector {
    /// The state projected from.
    associatedtype State
    /// The projected value.
    associatedtype Value
    /// AtomicXCore `StatePropertySelector.map(_:)`: the value for `state`.
    func map(_ state: State) -> Value
}

/// Mirrors AtomicXCore's `StatePublisherSelector<State, Value>` (DocC `statepublisherselector.json`): the
/// selector passed to `StatePublisher.subscribe(_:)`, by key path or by closure.
///
/// Vendor spellings that compile:
///
/// ```swift
/// StatePublisherSelector<CallState, String>(keyPath: \.activeCall.callId)
/// StatePublisherSelector(keyPath: \.allParticipants)              // types inferred from subscribe
/// StatePublisherSelector { (state: CallState) -> (String, Int) in (state.activeCall.callId, 1) }
/// StatePublisherSelector { $0.microphoneStatus == .off }          // trailing closure = projector:
/// ```
///
/// A trailing closure fills the `projector:` parameter (Swift drops the label of a trailing closure), so
/// no unlabeled initializer is needed.
public final class StatePublisherSelector<State, Value>: StatePropertySelector {
    private let projector: (State) -> Value
    // Unchecked: only read and written inside the Mutex.
    private let cached: Mutex<Unchecked<(hash: UUID, value: Value)?>>

    /// AtomicXCore `StatePublisherSelector.init(keyPath:)`: selects `state[keyPath: keyPath]`.
    public convenience init(keyPath: KeyPath<State, Value>) {
        self.init(projector: { $0[keyPath: keyPath] })
    }

    /// AtomicXCore `StatePublisherSelector.init(projector:)`: selects `projector(state)`; also written
    /// with a trailing closure, `StatePublisherSelector { ... }`. `projector` runs on the thread that
    /// delivers the state (see ``StatePublisher``).
    public init(projector: @escaping (State) -> Value) {
        self.projector = projector
        cached = Mutex(Unchecked(value: nil))
    }

    /// AtomicXCore `StatePublisherSelector.map(_:)`: the selected value of `state`.
    public func map(_ state: State) -> Value {
        projector(state)
    }

    /// AtomicXCore `StatePublisherSelector.map(_:stateHash:)`: as ``map(_:)``, cached for one state
    /// identity: the value is computed once per `stateHash` (the last one seen) and reused.
    public func map(_ state: State, stateHash: UUID) -> Value {
        if let hit = cached.withLock({ cached in cached.value.flatMap { $0.hash == stateHash ? Unchecked(value: $0.value) : nil } }) {
            return hit.value
        }
        let value = projector(state)
        setResult(value: value, forStateHash: stateHash)
        return value
    }

    /// AtomicXCore `StatePublisherSelector.setResult(value:forStateHash:)`: caches `value` as the
    /// selection of the state identified by `stateHash`.
    public func setResult(value: Value, forStateHash stateHash: UUID) {
        let entry = Unchecked(value: (hash: stateHash, value: value))
        cached.withLock { $0 = Unchecked(value: entry.value) }
    }
}
