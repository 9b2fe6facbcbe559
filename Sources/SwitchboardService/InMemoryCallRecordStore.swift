import Synchronization
import SwitchboardCore

/// Call records in memory: the store of tests and of the embedded default.
///
/// Each owner's records are held by call id, with their positions in a list kept oldest first: a new
/// record (the newest) is an append, a page is a binary search and a walk backwards, and replacing a
/// record (a participant who came back) moves one small key. Kept newest first, every save would shift
/// the owner's whole list (a user with 10,000 records paid half a millisecond a call).
public final class InMemoryCallRecordStore: CallRecordStore {
    private struct Owner: Hashable {
        var app: AppID
        var user: UserID
    }

    /// One owner's records.
    private struct Shelf {
        var byCall: [CallID: CallRecord] = [:]
        /// Every record's position, oldest first (ascending `(recordedAt, callID)`).
        var order: [RecordCursor] = []
    }

    private let shelves = Mutex<[Owner: Shelf]>([:])

    public init() {}

    public func save(_ record: CallRecord, app: AppID) {
        shelves.withLock { shelves in
            let owner = Owner(app: app, user: record.owner)
            var shelf = shelves.removeValue(forKey: owner) ?? Shelf()
            if let earlier = shelf.byCall[record.callID] {
                let key = RecordCursor(after: earlier)
                let index = Self.insertionIndex(of: key, in: shelf.order)
                if index < shelf.order.count, shelf.order[index] == key { shelf.order.remove(at: index) }
            }
            let key = RecordCursor(after: record)
            if let last = shelf.order.last, !Self.ascending(last, key) {
                shelf.order.insert(key, at: Self.insertionIndex(of: key, in: shelf.order))
            } else {
                shelf.order.append(key)
            }
            shelf.byCall[record.callID] = record
            shelves[owner] = shelf
        }
    }

    public func page(app: AppID, owner: UserID, after cursor: RecordCursor?, limit: Int) -> (records: [CallRecord], next: RecordCursor?) {
        shelves.withLock { shelves in
            guard let shelf = shelves[Owner(app: app, user: owner)] else { return ([], nil) }
            // Newest first: start below the cursor (or at the newest) and walk towards the oldest.
            var index = (cursor.map { Self.insertionIndex(of: $0, in: shelf.order) } ?? shelf.order.count) - 1
            var page: [CallRecord] = []
            while index >= 0, page.count < max(0, limit) {
                if let record = shelf.byCall[shelf.order[index].callID] { page.append(record) }
                index -= 1
            }
            let next = index >= 0 ? page.last.map(RecordCursor.init(after:)) : nil
            return (page, next)
        }
    }

    public func delete(app: AppID, owner: UserID, calls: [CallID]) -> [CallID] {
        shelves.withLock { shelves in
            let key = Owner(app: app, user: owner)
            guard var shelf = shelves.removeValue(forKey: key) else { return [] }
            var deleted: [CallID] = []
            for call in calls {
                guard let record = shelf.byCall.removeValue(forKey: call) else { continue }
                let position = RecordCursor(after: record)
                let index = Self.insertionIndex(of: position, in: shelf.order)
                if index < shelf.order.count, shelf.order[index] == position { shelf.order.remove(at: index) }
                deleted.append(call)
            }
            shelves[key] = shelf
            return deleted
        }
    }

    /// `a` sorts before `b`, oldest first.
    private static func ascending(_ a: RecordCursor, _ b: RecordCursor) -> Bool {
        (a.recordedAt, a.callID) < (b.recordedAt, b.callID)
    }

    /// The index of the first position not older than `key` in an oldest-first list.
    private static func insertionIndex(of key: RecordCursor, in order: [RecordCursor]) -> Int {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if ascending(order[middle], key) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}
