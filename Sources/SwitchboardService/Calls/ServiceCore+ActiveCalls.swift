import SwitchboardCore
import SwitchboardWire

/// `call.active`: the user's live calls, one page at a time (docs/CALL-MODEL.md, "Live calls").
extension ServiceCore {
    /// The most bytes of encoded calls one page carries: a page ends before the call that would pass
    /// it (it always carries one call, and no call comes near a client's 8 MiB frame), so the answer's
    /// size does not depend on how many calls the configuration lets a user have.
    static let activeCallPageBytes = 1 << 20

    /// A page of the calls `session`'s user rings in or is in, after `query.cursor`.
    func activeCalls(_ query: ActiveCallQuery, for session: Session, in realm: Realm) -> Result<Reply, SignalingError> {
        let range = ActiveCallQuery.limitRange
        guard range.contains(query.limit) else {
            return .failure(SignalingError(.invalidRequest, "limit must be \(range.lowerBound) to \(range.upperBound), not \(query.limit)"))
        }
        let cursor: ActiveCallCursor?
        do throws(SignalingError) {
            cursor = try query.cursor.map { (text) throws(SignalingError) in try ActiveCallCursor(encoded: text) }
        } catch {
            return .failure(error)
        }
        let calls = (realm.activeCallsByUser[session.user] ?? [])
            .compactMap { realm.calls[$0]?.call }
            .filter { cursor?.precedes($0) ?? true }
            .sorted(by: ActiveCallCursor.inOrder)
        var page: [Call] = []
        var bytes = 0
        for call in calls.prefix(query.limit) {
            let size = ModelCoding.text(call).utf8.count
            if !page.isEmpty, bytes + size > Self.activeCallPageBytes { break }
            page.append(call)
            bytes += size
        }
        let next = page.count < calls.count ? page.last.map { ActiveCallCursor(after: $0).encoded } : nil
        return .success(.calls(page, nextCursor: next))
    }
}
