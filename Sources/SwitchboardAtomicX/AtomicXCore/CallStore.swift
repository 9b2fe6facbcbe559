import SwitchboardPublishers

/// AtomicXCore `CallStore` (DocC `callstore.json`): the call lifecycle — place, accept,
/// reject, hang up, join, invite — with the call's state (`state`) and its one-shot events
/// (`callEventPublisher`).
///
/// The kit's guards are the store's own (docs/TENCENT.md, "At most 9 people", "Busy devices answer busy"):
/// an empty invitee list or more than 8 invitees after removing yourself fail with `ERROR_PARAM_INVALID`
/// (-1202); `calls` or `join` while `selfInfo.status != .none` fail with `ERROR_REQUEST_REFUSED` (-1203).
/// Completions, state updates and events arrive on the main queue by default
/// (docs/TENCENT.md, "Main-queue delivery"): for one change the state is published first, then the
/// completion runs, then the events are sent.
public final class CallStore: Sendable {
    let client: TencentClient

    init(client: TencentClient) {
        self.client = client
    }

    /// AtomicXCore `CallStore.shared`: the process's store (``AtomicXInstance/shared``).
    public static var shared: CallStore { AtomicXInstance.shared.callStore }

    /// AtomicXCore `CallStore.state`: the current call (`activeCall`, kept after it ends until the next
    /// call), the local user (`selfInfo`), everyone in the call (`allParticipants`), and the last page of
    /// `queryRecentCalls` (`recentCalls`, `cursor`).
    public var state: StatePublisher<CallState> { client.callState }

    /// AtomicXCore `CallStore.callEventPublisher`: `onCallStarted` (caller, once `calls` succeeded),
    /// `onCallReceived` (callee), `onCallEnded` (everyone, with the reason and the user who caused it).
    public var callEventPublisher: PassthroughSubject<CallEvent, Never> { client.callEvents }

    /// AtomicXCore 3.6 `calls(participantIds:callMediaType:params:completion:)`: calls the
    /// users; `params` nil means `CallParams()` (30 s timeout). The service assigns `roomId` when empty.
    public func calls(participantIds: [String], callMediaType: CallMediaType, params: CallParams?, completion: CompletionClosure?) {
        client.calls(participantIds, mediaType: callMediaType, params: params, completion: sendable(completion))
    }

    /// AtomicXCore 4.x `calls(participantIds:mediaType:params:completion:)`: the same call
    /// (docs/TENCENT.md, "Both calls spellings").
    public func calls(participantIds: [String], mediaType: CallMediaType, params: CallParams?, completion: CompletionClosure?) {
        client.calls(participantIds, mediaType: mediaType, params: params, completion: sendable(completion))
    }

    /// AtomicXCore `accept(completion:)`: answers the ringing invitation.
    public func accept(completion: CompletionClosure?) {
        client.accept(completion: sendable(completion))
    }

    /// AtomicXCore `reject(completion:)`: declines the ringing invitation.
    public func reject(completion: CompletionClosure?) {
        client.reject(completion: sendable(completion))
    }

    /// AtomicXCore `hangup(completion:)`: cancels an unanswered call (caller), declines a ringing one,
    /// or leaves a connected one (a call ends when at most one person is left in it).
    public func hangup(completion: CompletionClosure?) {
        client.hangup(completion: sendable(completion))
    }

    /// AtomicXCore `join(callId:completion:)`: enters an ongoing call by its id.
    public func join(callId: String, completion: CompletionClosure?) {
        client.join(callID: callId, completion: sendable(completion))
    }

    /// AtomicXCore `invite(participantIds:params:completion:)`: invites more users into the connected
    /// call (at most 9 people in all; -1202 above it). The call keeps its ring timeout.
    public func invite(participantIds: [String], params: CallParams?, completion: CompletionClosure?) {
        let done = sendable(completion)
        client.invite(participantIds) { result in done?(result.map { _ in () }) }
    }

    /// AtomicXCore `queryRecentCalls(cursor:count:completion:)`: one page of the user's call records,
    /// newest first, into `state.recentCalls` (overwritten) and `state.cursor` ("" for the first page,
    /// and "" back when there are no more). `count` is 1 to 100.
    public func queryRecentCalls(cursor: String, count: UInt, completion: CompletionClosure?) {
        client.queryRecentCalls(cursor: cursor, count: count, completion: sendable(completion))
    }

    /// AtomicXCore `deleteRecentCalls(callIdList:completion:)`: deletes the user's records of these calls
    /// (and their entries in `state.recentCalls`).
    public func deleteRecentCalls(callIdList: [String], completion: CompletionClosure?) {
        let done = sendable(completion)
        client.deleteRecentCalls(callIdList) { result in done?(result.map { _ in () }) }
    }
}

/// The vendor's completion closures are not `@Sendable`; each runs once, on the callback queue.
func sendable(_ completion: CompletionClosure?) -> TencentClient.Done? {
    guard let completion else { return nil }
    let box = Unchecked(value: completion)
    return { box.value($0) }
}
