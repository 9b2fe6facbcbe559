import HeapModule

/// The first `limit` entries after a cursor, chosen in one pass over entries in any order: the console's
/// listings of live calls and sessions (docs/SERVER.md, "Console"), which run under the service's lock and so
/// must never sort every live call or session. O(n log limit).
struct PageSelection<Entry: Comparable> {
    let limit: Int
    /// How many entries were offered (all after the cursor): more than ``limit`` means another page follows.
    private(set) var offered = 0
    private var first = Heap<Entry>()

    init(limit: Int) {
        self.limit = limit
    }

    /// Keeps `entry` while it is among the first `limit` offered so far.
    mutating func offer(_ entry: Entry) {
        offered += 1
        if first.count < limit {
            first.insert(entry)
        } else if let last = first.max, entry < last {
            first.replaceMax(with: entry)
        }
    }

    /// The page, in order.
    var page: [Entry] { first.unordered.sorted() }

    /// Whether entries beyond the page were offered.
    var hasMore: Bool { offered > limit }
}
