import SwitchboardCore
import SwitchboardWire

extension ActiveCallQuery {
    /// The most `call.active` pages a client follows for one list (200 calls each): far beyond what any
    /// user's quotas allow, and a stop against a service that never says "last page".
    public static let clientPageBound = 64
}

extension SurfaceHost {
    /// Every live call of the surface's user, oldest first: the pages of `call.active` followed to the
    /// end (at most ``SwitchboardWire/ActiveCallQuery/clientPageBound``), each sent through
    /// ``submit(_:timeout:waitWhileReconnecting:completion:)``. `completion` gets the calls, or a page's failure, on
    /// the session's executor.
    public func submitActiveCalls(completion: @escaping ClientSession.Completion<[Call]>) {
        submitActiveCalls(after: nil, collected: [], pages: 0, completion: completion)
    }

    private func submitActiveCalls(
        after cursor: String?, collected: [Call], pages: Int, completion: @escaping ClientSession.Completion<[Call]>
    ) {
        let query = ActiveCallQuery(cursor: cursor, limit: ActiveCallQuery.limitRange.upperBound)
        submit(.activeCalls(query)) { [weak self] result in
            switch result {
            case .success(.calls(let calls, let next)):
                let collected = collected + calls
                guard let next, pages + 1 < ActiveCallQuery.clientPageBound, let self else {
                    return completion(.success(collected))
                }
                submitActiveCalls(after: next, collected: collected, pages: pages + 1, completion: completion)
            case .success:
                completion(.failure(SignalingError(.invalidFrame, "the service answered call.active with an unexpected reply")))
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }
}
