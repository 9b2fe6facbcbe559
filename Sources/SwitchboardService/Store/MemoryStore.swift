import Synchronization
import SwitchboardCore
import SwitchboardWire

/// The memory engine (``ServiceStore``): the store of the embedded default and of tests. It keeps what
/// the durable engines keep, for as long as the object lives, so a service started again on the same
/// engine goes on as after a restart (the conformance suite holds it to the others' behaviour).
public final class MemoryStore: ServiceStore {
    private struct Contents {
        var records: [RecordShelves.Owner: RecordShelves.Shelf] = [:]
        var apps: [AppID: KeptApp] = [:]
    }

    /// One app's kept state, keyed as the durable engines key their rows.
    private struct KeptApp {
        var liveCalls: [CallID: Call] = [:]
        var profiles: [UserID: Profile] = [:]
        /// Each recipient's kept messages, by sequence.
        var offlineMessages: [UserID: [Int64: KeptPeerMessage]] = [:]
        var userAttributes: [UserID: [Attribute]] = [:]
        var channelAttributes: [String: [ChannelAttribute]] = [:]
        var pushRegistrations: [PushRegistration.Key: PushRegistration] = [:]

        var isEmpty: Bool {
            liveCalls.isEmpty && profiles.isEmpty && offlineMessages.isEmpty && userAttributes.isEmpty
                && channelAttributes.isEmpty && pushRegistrations.isEmpty
        }
    }

    private let contents = Mutex(Contents())

    public init() {}

    // MARK: - Writes

    /// Every write of the commit, under one hold of the engine's lock: atomic, as a transaction is.
    public func commit(_ writes: [StoreWrite]) {
        guard !writes.isEmpty else { return }
        contents.withLock { contents in
            for write in writes { Self.apply(write, to: &contents) }
        }
    }

    private static func apply(_ write: StoreWrite, to contents: inout Contents) {
        switch write {
        case .record(let app, let record):
            RecordShelves.save(record, app: app, in: &contents.records)
        case .liveCall(let app, let call):
            contents.apps[app, default: KeptApp()].liveCalls[call.id] = call
        case .callEnded(let app, let id):
            contents.apps[app]?.liveCalls[id] = nil
        case .profile(let app, let profile):
            contents.apps[app, default: KeptApp()].profiles[profile.user] = profile
        case .offlineMessageKept(let app, let kept):
            contents.apps[app, default: KeptApp()].offlineMessages[kept.recipient, default: [:]][kept.sequence] = kept
        case .offlineMessagesRemoved(let app, let recipient, let sequences):
            for sequence in sequences { contents.apps[app]?.offlineMessages[recipient]?[sequence] = nil }
            if contents.apps[app]?.offlineMessages[recipient]?.isEmpty == true {
                contents.apps[app]?.offlineMessages[recipient] = nil
            }
        case .offlineMessagesExpired(let app, let oldest):
            guard var kept = contents.apps[app] else { return }
            for (recipient, messages) in kept.offlineMessages {
                let left = messages.filter { $0.value.message.sentAt > oldest }
                kept.offlineMessages[recipient] = left.isEmpty ? nil : left
            }
            contents.apps[app] = kept
        case .userAttributes(let app, let user, let attributes):
            contents.apps[app, default: KeptApp()].userAttributes[user] = attributes.isEmpty ? nil : attributes
        case .channelAttributes(let app, let channel, let attributes):
            contents.apps[app, default: KeptApp()].channelAttributes[channel] = attributes.isEmpty ? nil : attributes
        case .pushRegistered(let app, let registration):
            contents.apps[app, default: KeptApp()].pushRegistrations[registration.key] = registration
        case .pushUnregistered(let app, let key):
            contents.apps[app]?.pushRegistrations[key] = nil
        }
    }

    // MARK: - Reads

    public func restore(_ apps: Set<AppID>?) -> [AppID: StoredApp] {
        contents.withLock { contents in
            var stored: [AppID: StoredApp] = [:]
            for (app, kept) in contents.apps where !kept.isEmpty && (apps?.contains(app) ?? true) {
                let messages = kept.offlineMessages.values.flatMap(\.values).sorted { $0.sequence < $1.sequence }
                stored[app] = StoredApp(
                    liveCalls: kept.liveCalls.values.sorted { $0.id.rawValue < $1.id.rawValue },
                    profiles: kept.profiles.values.sorted { $0.user.rawValue < $1.user.rawValue },
                    userData: StoredUserData(offlineMessages: messages, userAttributes: kept.userAttributes,
                                             channelAttributes: kept.channelAttributes),
                    pushRegistrations: kept.pushRegistrations.values.sorted(by: PushRegistration.storedOrder))
            }
            return stored
        }
    }

    public func records(app: AppID, owner: UserID, after cursor: RecordCursor?, limit: Int)
        -> (records: [CallRecord], next: RecordCursor?)
    {
        contents.withLock { contents in
            RecordShelves.page(contents.records[RecordShelves.Owner(app: app, user: owner)], after: cursor, limit: limit)
        }
    }

    public func deleteRecords(app: AppID, owner: UserID, calls: [CallID]) -> [CallID] {
        contents.withLock { contents in
            RecordShelves.delete(calls, of: RecordShelves.Owner(app: app, user: owner), in: &contents.records)
        }
    }

    public func deleteRecords(recordedBefore cutoff: Timestamp) -> Int? {
        contents.withLock { contents in
            RecordShelves.deleteRecords(recordedBefore: cutoff, in: &contents.records)
        }
    }
}

/// Call records in memory, by owner.
///
/// Each owner's records are held by call id, with their positions in a list kept oldest first: a new
/// record (the newest) is an append, a page is a binary search and a walk backwards, and replacing a
/// record (a participant who came back) moves one small key. Kept newest first, every save would shift
/// the owner's whole list (a user with 10,000 records paid half a millisecond a call).
private enum RecordShelves {
    struct Owner: Hashable {
        var app: AppID
        var user: UserID
    }

    /// One owner's records.
    struct Shelf {
        var byCall: [CallID: CallRecord] = [:]
        /// Every record's position, oldest first (ascending `(recordedAt, callID)`).
        var order: [RecordCursor] = []
    }

    static func save(_ record: CallRecord, app: AppID, in shelves: inout [Owner: Shelf]) {
        let owner = Owner(app: app, user: record.owner)
        var shelf = shelves.removeValue(forKey: owner) ?? Shelf()
        if let earlier = shelf.byCall[record.callID] {
            remove(RecordCursor(after: earlier), from: &shelf.order)
        }
        let key = RecordCursor(after: record)
        if let last = shelf.order.last, !ascending(last, key) {
            shelf.order.insert(key, at: insertionIndex(of: key, in: shelf.order))
        } else {
            shelf.order.append(key)
        }
        shelf.byCall[record.callID] = record
        shelves[owner] = shelf
    }

    static func page(_ shelf: Shelf?, after cursor: RecordCursor?, limit: Int) -> (records: [CallRecord], next: RecordCursor?) {
        guard let shelf else { return ([], nil) }
        // Newest first: start below the cursor (or at the newest) and walk towards the oldest.
        var index = (cursor.map { insertionIndex(of: $0, in: shelf.order) } ?? shelf.order.count) - 1
        var page: [CallRecord] = []
        while index >= 0, page.count < max(0, limit) {
            if let record = shelf.byCall[shelf.order[index].callID] { page.append(record) }
            index -= 1
        }
        let next = index >= 0 ? page.last.map(RecordCursor.init(after:)) : nil
        return (page, next)
    }

    static func delete(_ calls: [CallID], of owner: Owner, in shelves: inout [Owner: Shelf]) -> [CallID] {
        guard var shelf = shelves.removeValue(forKey: owner) else { return [] }
        var deleted: [CallID] = []
        for call in calls {
            guard let record = shelf.byCall.removeValue(forKey: call) else { continue }
            remove(RecordCursor(after: record), from: &shelf.order)
            deleted.append(call)
        }
        if !shelf.byCall.isEmpty { shelves[owner] = shelf }
        return deleted
    }

    static func deleteRecords(recordedBefore cutoff: Timestamp, in shelves: inout [Owner: Shelf]) -> Int {
        var deleted = 0
        for (owner, var shelf) in shelves {
            // Oldest first: the records to go are a prefix of the order.
            let keep = shelf.order.firstIndex { $0.recordedAt >= cutoff } ?? shelf.order.count
            guard keep > 0 else { continue }
            for position in shelf.order[..<keep] { shelf.byCall[position.callID] = nil }
            shelf.order.removeFirst(keep)
            deleted += keep
            shelves[owner] = shelf.byCall.isEmpty ? nil : shelf
        }
        return deleted
    }

    private static func remove(_ position: RecordCursor, from order: inout [RecordCursor]) {
        let index = insertionIndex(of: position, in: order)
        if index < order.count, order[index] == position { order.remove(at: index) }
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
