import HeapModule
import SwitchboardCore

/// The pushes this process has taken (queued, sending or sent), by app and idempotency key, so that the same
/// push handed over twice is sent once. A key is forgotten when its push expires (a push handed over after
/// that is answered expired anyway), and the oldest are forgotten past ``maxKeys``, so memory stays bounded.
struct SentPushLedger {
    static let maxKeys = 100_000

    private struct Entry: Comparable {
        var forgetAt: Timestamp
        var key: String
        static func < (lhs: Entry, rhs: Entry) -> Bool { lhs.forgetAt < rhs.forgetAt }
    }

    private var keys: [String: Timestamp] = [:]
    private var byExpiry = Heap<Entry>()

    var count: Int { keys.count }

    /// Takes `key` until `forgetAt`; false when it is already taken.
    mutating func claim(_ key: String, until forgetAt: Timestamp, now: Timestamp) -> Bool {
        forget(before: now)
        guard keys[key] == nil else { return false }
        keys[key] = forgetAt
        byExpiry.insert(Entry(forgetAt: forgetAt, key: key))
        while keys.count > Self.maxKeys, let oldest = byExpiry.popMin() {
            if keys[oldest.key] == oldest.forgetAt { keys[oldest.key] = nil }
        }
        return true
    }

    /// Gives `key` back (its push was not sent: the queue was full).
    mutating func release(_ key: String) {
        keys[key] = nil
    }

    private mutating func forget(before now: Timestamp) {
        while let oldest = byExpiry.min, oldest.forgetAt <= now {
            byExpiry.removeMin()
            if keys[oldest.key] == oldest.forgetAt { keys[oldest.key] = nil }
        }
    }
}
