import Synchronization
import SwitchboardCore

/// Call records in memory: the store of tests and of the embedded default. Each owner's records are
/// kept sorted newest first, so a page is a binary search and a slice.
public final class InMemoryCallRecordStore: CallRecordStore {
    private struct Owner: Hashable {
        var app: AppID
        var user: UserID
    }

    private let records = Mutex<[Owner: [CallRecord]]>([:])

    public init() {}

    public func save(_ record: CallRecord, app: AppID) {
        records.withLock { records in
            var list = records[Owner(app: app, user: record.owner), default: []]
            list.removeAll { $0.callID == record.callID }
            let position = Self.firstIndex(in: list, after: RecordCursor(after: record))
            list.insert(record, at: position)
            records[Owner(app: app, user: record.owner)] = list
        }
    }

    public func page(app: AppID, owner: UserID, after cursor: RecordCursor?, limit: Int) -> (records: [CallRecord], next: RecordCursor?) {
        records.withLock { records in
            let list = records[Owner(app: app, user: owner)] ?? []
            let start = cursor.map { Self.firstIndex(in: list, after: $0) } ?? 0
            let end = min(list.count, start + max(0, limit))
            let page = Array(list[start..<end])
            let next = end < list.count ? page.last.map(RecordCursor.init(after:)) : nil
            return (page, next)
        }
    }

    public func delete(app: AppID, owner: UserID, calls: [CallID]) -> [CallID] {
        records.withLock { records in
            let key = Owner(app: app, user: owner)
            guard var list = records[key] else { return [] }
            let wanted = Set(calls)
            let present = list.filter { wanted.contains($0.callID) }.map(\.callID)
            list.removeAll { wanted.contains($0.callID) }
            records[key] = list
            return present
        }
    }

    /// The index of the first record that sorts after `cursor` (older than it): where a page after the
    /// cursor starts, and where a record with that position is inserted.
    private static func firstIndex(in list: [CallRecord], after cursor: RecordCursor) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if cursor.precedes(list[middle]) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}
