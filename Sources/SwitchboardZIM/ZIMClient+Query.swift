import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// Where a `queryCallInvitationList` page left off. ZIM's `nextFlag` is an `Int64`; the service's
/// record cursor is an opaque string, so the instance hands out small numbers that stand for positions
/// it remembers (the last ``ZIMLimits/rememberedQueryPositions``).
enum QueryPosition: Hashable, Sendable {
    /// In the user's ongoing calls (newest first), after `offset` of them.
    case ongoing(offset: Int)
    /// In the user's finished calls, after `cursor` (nil: from the newest), leaving out the ongoing
    /// calls already listed.
    case finished(cursor: String?, listed: Set<CallID>)
}

/// One entry of the list: an ongoing call, or one of the user's call records.
enum ZIMListedCall: Sendable {
    case ongoing(Call)
    case finished(CallRecord)
}

extension ZIMClient {
    /// `queryCallInvitationList(with:callback:)`: the invitations the user takes part in, newest first,
    /// ongoing ones leading the first page. `nextFlag` 0 in the answer means there is no more.
    func queryInvitations(
        count: UInt32, nextFlag: Int64,
        completion: @escaping @Sendable (Result<(calls: [ZIMListedCall], nextFlag: Int64), ZIMFailure>) -> Void
    ) {
        guard count > 0 else {
            return post { completion(.failure(.invalid("count must be at least 1"))) }
        }
        let limit = Int(min(count, ZIMLimits.maxQueryCount))
        let (start, session) = state.withLock { state in
            (state.instance.queryStart(nextFlag: nextFlag), state.isLoggedIn ? state.session : nil)
        }
        guard let start else {
            return post { completion(.failure(.invalid("nextFlag \(nextFlag) was not given by this instance"))) }
        }
        guard let session else {
            return post { completion(.failure(.notLoggedIn)) }
        }
        // Not on the job queue: a query is ordered with nothing, and its requests (up to three) must not
        // hold up the calls behind it.
        Task(executorPreference: environment.executor) { [weak self] in
            let result = await Self.page(from: start, limit: limit, session: session)
            guard let self else { return }
            let answer = result.map { page in
                (calls: page.calls, nextFlag: page.next.map { position in self.decide { $0.remember(position) } } ?? 0)
            }
            post { completion(answer) }
        }
    }

    private static func page(
        from start: QueryPosition, limit: Int, session: ClientSession
    ) async -> Result<(calls: [ZIMListedCall], next: QueryPosition?), ZIMFailure> {
        var calls: [ZIMListedCall] = []
        var position: QueryPosition? = start
        do throws(SignalingError) {
            while calls.count < limit, let current = position {
                switch current {
                case .ongoing(let offset):
                    let ongoing = try await session.activeCalls().sorted {
                        ($0.createdAt, $0.id.rawValue) > ($1.createdAt, $1.id.rawValue)
                    }
                    let slice = ongoing.dropFirst(offset).prefix(limit - calls.count)
                    calls += slice.map { .ongoing($0) }
                    let consumed = offset + slice.count
                    position = consumed < ongoing.count
                        ? .ongoing(offset: consumed)
                        : .finished(cursor: nil, listed: Set(ongoing.map(\.id)))
                case .finished(let cursor, let listed):
                    let page = try await session.callRecords(RecordQuery(cursor: cursor, limit: limit - calls.count))
                    calls += page.records.filter { !listed.contains($0.callID) }.map { .finished($0) }
                    position = page.nextCursor.map { .finished(cursor: $0, listed: listed) }
                    if page.records.isEmpty { position = nil }
                }
            }
            // A page that ended exactly with the ongoing calls: say "more" only if records of other calls
            // follow.
            if case .finished(nil, let listed) = position {
                let probe = try await session.callRecords(RecordQuery(cursor: nil, limit: listed.count + 1))
                if !probe.records.contains(where: { !listed.contains($0.callID) }) {
                    position = nil
                }
            }
        } catch {
            return .failure(ZIMErrorMapping.error(error, in: .queryCallInvitationList))
        }
        return .success((calls, position))
    }
}
